// One remote's CI, the steps a remote team runs in its own (remote-kit/README.md "CI"):
//   npm run ci:remote -- comms
// lint, types (its tsconfig.json, tests included), its jest tests, `portal-remote check` and
// `portal-remote build`, each step timed. Every step runs even when one fails; exit 1 if any did.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
const dir = path.join(root, 'remotes', name ?? '');
if (!name || !existsSync(path.join(dir, 'package.json'))) {
  console.error('usage: npm run ci:remote -- <remote>   (a folder under remotes/)');
  process.exit(2);
}
const tmp = path.join(root, '.tmp/ci-remote', name);
mkdirSync(tmp, { recursive: true });
const bin = (tool) => path.join(root, 'node_modules/.bin', tool);
const portalRemote = path.join(root, 'remote-kit/bin/portal-remote.mjs');

// The remote's tsconfig.json leaves its tests out (an outside team's tests are its own); here they
// are checked too, with the test runner's types.
const typesConfig = path.join(tmp, 'tsconfig.json');
writeFileSync(typesConfig, JSON.stringify({
  extends: path.join(dir, 'tsconfig.json'),
  compilerOptions: { types: ['node', 'jest', '@testing-library/jest-dom'] },
  include: [path.join(dir, 'src'), path.join(root, 'remote-kit/globals.d.ts')],
  exclude: [],
}, null, 2));

const steps = [
  ['lint', bin('eslint'), ['--max-warnings=0', `remotes/${name}`], root],
  ['types', bin('tsc'), ['--noEmit', '-p', typesConfig], root],
  ['tests', bin('jest'), ['--ci', '--selectProjects', 'remotes', '--', `remotes/${name}/`], root],
  // The types step has just run tsc over these files and the tests with the remote's own options.
  ['contract check', process.execPath, [portalRemote, 'check', '--skip-types'], dir],
  ['build', process.execPath, [portalRemote, 'build', '--out', path.join(tmp, 'dist')], dir],
];
const started = Date.now();
const results = [];
for (const [label, cmd, args, cwd] of steps) {
  console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
  const at = Date.now();
  const { status } = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  results.push({ label, ok: status === 0, seconds: (Date.now() - at) / 1000 });
}
console.log(`\nci:remote ${name}`);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds.toFixed(1)} s)`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
