// Starts the API (and the built portal, when there is one): `npm run serve:api`.
import v8 from 'node:v8';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { DEMO_ACCOUNTS } from './demo/demo-data';

// V8 moves an allocation site's objects straight to the old space once most of them outlive a young
// collection. Reading a 1C catalogue (issue 33) makes the XML parser's sites look so while its
// batches are written, and the old space then fills with garbage up to about five times what is
// live before a full collection: a 50 000-product exchange grew the process by ~370 MiB, ~190 MiB
// without it (bench/exchange.ts). The API's own objects live for one request: nothing gains from it.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  const config = configFromEnv();
  const app = await buildApp(config);
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`Dealer portal API: ${shown}/api/  (database: ${app.dialect}${config.portalDist ? `, portal: ${shown}/` : ', no built portal'})`);
  const live = await app.releases.registry.remotes(app.db);
  console.log(`Remotes live: ${live.map((r) => `${r.name} (${r.release})`).join(', ') || 'none'}; releases in ${config.releasesDir}`);
  const demoUser = await app.db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (demoUser) {
    console.log(`Demo accounts (password: ${process.env.DEMO_PASSWORD ? 'the DEMO_PASSWORD value' : config.demoPassword}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(20)} ${account.role}`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
