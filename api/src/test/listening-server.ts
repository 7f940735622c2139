// Test support (not a test): the API as `npm run serve:api` starts it, from the same environment
// variables, but on a port the system picks (port 0), so that tests never share one. It prints
// `listening <url>` when it is ready and closes on SIGTERM. Started by `startServerProcess`
// (server-process.ts).
import { buildApp } from '../app';
import { configFromEnv } from '../config';

async function main() {
  const config = { ...configFromEnv(), port: 0, host: '127.0.0.1' };
  const app = await buildApp(config);
  const address = await app.listen({ port: 0, host: config.host });
  console.log(`listening ${address}`);
  process.once('SIGTERM', () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
