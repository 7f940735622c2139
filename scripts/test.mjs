// `npm test`: lint (boundaries included), type-check, every jest project (unit, component, API on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL), one production build, then end to end in Chromium.
// Every step runs even when an earlier one fails; the last line sums up the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- jest e2e`

const results = [];
let passed = 0;
let failed = 0;

function step(name, cmd, args, count) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const counted = count?.();
  if (counted) { passed += counted.passed; failed += counted.failed; }
  else if (status === 0) passed += 1; else failed += 1;
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)${counted ? `: ${counted.passed} passed, ${counted.failed} failed` : ''}`);
  return status === 0;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

step('lint', bin('eslint'), ['.', '--max-warnings=0']);
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);

const jestOut = path.join(tmp, 'jest.json');
rmSync(jestOut, { force: true });
// On 2 cores jest runs every file in its one process, one after another: a socket a failed test
// leaves open would keep it from ever exiting, and the steps after it from running. It reports such a
// leak ("did not exit one second after"), and then ends with the tests' own result.
step('jest', bin('jest'), ['--ci', '--forceExit', '--json', `--outputFile=${jestOut}`], () => {
  const r = readJson(jestOut);
  return r ? { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites } : null;
});

const built = step('build', process.execPath, ['scripts/build.mjs']);
const e2eOut = path.join(tmp, 'e2e.json');
rmSync(e2eOut, { force: true });
if (built) {
  step('e2e', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], () => {
    const r = readJson(e2eOut);
    return r ? { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected } : null;
  });
} else if (!only.length || only.includes('e2e')) {
  failed += 1;
  results.push('FAIL e2e: not run, the build failed');
}

console.log(`\n${results.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
