// `node scripts/start-check.mjs`: runs `npm start` as an operator does (on a fresh clone it installs,
// builds, then serves) on a free port with a fresh data folder, and checks the running portal over
// HTTP: the host page, the five remotes' manifests, the API's health and a demo sign-in. CI runs it
// under each Node.js line it supports (.ci/run). Exits 0 when all of it answers, 1 otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PASSWORD = 'demo-password';
// A fresh clone installs and builds first: minutes on 2 busy cores.
const deadline = Date.now() + Number(process.env.START_CHECK_TIMEOUT_S ?? 900) * 1000;

const port = await new Promise((resolve, reject) => {
  const server = createServer();
  server.on('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
const started = Date.now();
console.log(`npm start under Node.js ${process.version} (port ${port}, data in ${dataDir})`);
// `npm start` in a process group of its own, so that the signal reaches node under npm.
const child = spawn('npm', ['start'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'on', DEMO_PASSWORD },
});
let output = '';
for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => { output += d; process.stdout.write(d); });
const exited = new Promise((resolve) => child.once('exit', resolve));

const problems = [];
async function get(url, init) {
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) problems.push(`${init?.method ?? 'GET'} ${url}: ${res.status} ${body.slice(0, 200)}`);
  return { res, body };
}

try {
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before serving`);
    if (Date.now() > deadline) throw new Error('npm start did not serve the portal in time');
    // The server prints its address once it listens; until then a fetch is refused.
    if (output.includes(`${url}/api/`)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const health = await get(`${url}/api/health/`);
  if (health.res.ok && JSON.parse(health.body).status !== 'ok') problems.push(`/api/health/: ${health.body}`);
  const page = await get(`${url}/`);
  if (!page.body.includes('<script')) problems.push('/ is not the host page');
  const { body } = await get(`${url}/remotes.json`);
  const remotes = JSON.parse(body).remotes ?? [];
  if (remotes.length !== 5) problems.push(`/remotes.json lists ${remotes.length} remotes, not 5`);
  for (const remote of remotes) await get(new URL(remote.entry, url).href);
  const login = await get(`${url}/api/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@demo.test', password: DEMO_PASSWORD }),
  });
  if (login.res.ok && !JSON.parse(login.body).access) problems.push('the demo sign-in answered no access token');
} catch (err) {
  problems.push(err.message);
} finally {
  if (child.exitCode === null) {
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (problems.length) {
  console.error(`\nnpm start on Node.js ${process.version}: FAIL (${seconds} s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nnpm start on Node.js ${process.version}: ok (${seconds} s): the host page, 5 remotes, health, a demo sign-in`);
