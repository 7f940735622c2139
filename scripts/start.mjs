// `npm start`: install what is missing, build what is missing or stale, then serve (design §7).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing packages (first run)…');
  run('npm install --no-audit --no-fund'); // keeps to the lock; see .ci/run for why not `npm ci`
}

/** Newest modification time under the given paths (source files only). */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return latest;
}

const stamp = path.join(root, 'dist/.build-stamp');
const sources = ['shared/src', 'shared/package.json', 'host/src', 'host/index.html', 'host/remotes.json', 'remotes', 'remote-kit', 'rspack.config.base.ts', 'scripts/build.mjs', 'package-lock.json'];
if (!existsSync(stamp) || newest(sources) > statSync(stamp).mtimeMs) {
  console.log('Building the portal…');
  run('node scripts/build.mjs');
}

const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
