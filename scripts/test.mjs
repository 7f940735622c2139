// `npm test`: lint (boundaries included) and type-check side by side, the contract's surface against
// its report (scripts/api-report.mjs), every jest project (unit, component, API on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL), one production build, then end to end in Chromium.
// Every step runs even when an earlier one fails; then the slowest test files of jest and of end to
// end (issue 29 item 5), the tests that failed, and the last line sums up the tests.
//
// JEST_MAX_WORKERS: jest's processes, the machine's cores by default; lower it to leave a core to
// other work (.ci/run runs its Node.js 20 API tests after npm test, so that npm test has both).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

/** Whether the run asked for any of these steps (all of them when it named none). */
const wanted = (...names) => !only.length || names.some((name) => only.includes(name));

const heading = (name, cmd, args) => console.log(`\n=== ${name}: ${[path.basename(cmd), ...args].join(' ')}`);
const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(0);

/** A step's line in the summary, and its tests (or the step itself) in the counts. */
function record(name, status, seconds, counted) {
  if (counted) { passed += counted.passed; failed += counted.failed; }
  else if (status === 0) passed += 1; else failed += 1;
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)${counted ? `: ${counted.passed} passed, ${counted.failed} failed` : ''}`);
}

function step(name, cmd, args, count) {
  heading(name, cmd, args);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  record(name, status, secondsSince(started), count?.());
  return status === 0;
}

/**
 * Steps that each keep one core busy, run side by side: each one's output is printed whole when
 * it ends (in the order given), so that two never interleave.
 */
async function sideBySide(steps) {
  const runs = steps.map(([name, cmd, args]) => new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (status) => resolve({ name, cmd, args, status, output, seconds: secondsSince(started) }));
  }));
  for (const run of runs) {
    const { name, cmd, args, status, output, seconds } = await run;
    heading(name, cmd, args);
    process.stdout.write(output);
    record(name, status, seconds);
  }
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

// Lint and the type-check each keep one core busy: on two cores they take the time of the longer.
await sideBySide([
  ...(wanted('lint') ? [['lint', bin('eslint'), ['.', '--max-warnings=0']]] : []),
  ...(wanted('typecheck') ? [['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]] : []),
]);

// The contract's public surface against its committed report (scripts/api-report.mjs, design §3).
if (wanted('contract')) step('contract', process.execPath, ['scripts/api-report.mjs']);

const jestOut = path.join(tmp, 'jest.json');
rmSync(jestOut, { force: true });
// A socket a failed test leaves open would keep jest from ever exiting, and the steps after it from
// running: --forceExit reports such a leak ("did not exit one second after") and then ends with the
// tests' own result.
const jestWorkers = Number(process.env.JEST_MAX_WORKERS) || os.availableParallelism();
if (wanted('jest')) step('jest', bin('jest'), ['--ci', '--forceExit', `--maxWorkers=${jestWorkers}`, '--json', `--outputFile=${jestOut}`], () => {
  const r = readJson(jestOut);
  return r ? { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites } : null;
});

// End to end runs on a build of this tree: `npm test -- e2e` builds too.
const built = wanted('build', 'e2e') && step('build', process.execPath, ['scripts/build.mjs']);
const e2eOut = path.join(tmp, 'e2e.json');
rmSync(e2eOut, { force: true });
if (wanted('e2e') && built) {
  step('e2e', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], () => {
    const r = readJson(e2eOut);
    return r ? { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected } : null;
  });
} else if (wanted('e2e')) {
  failed += 1;
  results.push('FAIL e2e: not run, the build failed');
}

/** The slowest files of a run, with their seconds: [file, seconds][]. */
function slowest(files, count = 10) {
  return [...files].sort((a, b) => b[1] - a[1]).slice(0, count);
}
const relative = (file) => path.relative(root, file);
const profiles = [];
const jestRun = readJson(jestOut);
if (jestRun) {
  profiles.push(['jest', slowest(jestRun.testResults.map((r) => [relative(r.name), (r.endTime - r.startTime) / 1000]))]);
}
// The tests that failed, each with the first lines of its error: printed last with the results, and
// kept in .tmp/failures.txt, which .ci/run prints again at its very end.
const failures = [];
const firstLines = (text, count = 4) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(0, count).map((l) => `      ${l}`);
for (const file of jestRun?.testResults ?? []) {
  if (file.status === 'failed' && !file.assertionResults?.some((a) => a.status === 'failed')) {
    failures.push(`jest ${relative(file.name)}`, ...firstLines(file.message));
  }
  for (const a of file.assertionResults ?? []) {
    if (a.status === 'failed') failures.push(`jest ${relative(file.name)} › ${a.fullName}`, ...firstLines(a.failureMessages?.join('\n')));
  }
}
const e2eRun = readJson(e2eOut);
if (e2eRun) {
  // One walk over the stories: a file's seconds, added up (two workers may share a file's tests:
  // this is work, not wall time), and the stories that failed.
  const seconds = new Map();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) seconds.set(spec.file, (seconds.get(spec.file) ?? 0) + r.duration / 1000);
        if (t.status !== 'unexpected') continue;
        const error = t.results.find((r) => r.error)?.error;
        failures.push(`e2e e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`, ...firstLines(error?.message ?? error?.stack));
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of e2eRun.suites) walk(suite, []);
  profiles.push(['end to end', slowest([...seconds].map(([file, s]) => [`e2e/${file}`, s]))]);
}
writeFileSync(path.join(tmp, 'failures.txt'), failures.length ? `Failed:\n${failures.join('\n')}\n` : '');

for (const [name, files] of profiles) {
  console.log(`\nThe 10 slowest files of ${name}:`);
  for (const [file, s] of files) console.log(`${s.toFixed(1).padStart(8)} s  ${file}`);
}

if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${results.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
