// `npm run serve`: start the API, which also serves the built portal from dist/, without building.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.error('The portal is not built yet: run `npm start` (or `npm run build`) first.');
  process.exit(1);
}
const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, [path.join(root, 'api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { PORTAL_DIST: path.join(root, 'dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
