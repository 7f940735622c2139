// bench/login-storm: what 60 failed logins from 30 client addresses, all within the rate limits,
// do to everyone else (issue 17 item 4): the page's latency (`GET /`, and one release file of a
// remote) and how much the server process grows while they are checked.
//
// The real server (api/src/server.ts, run by Node with tsx's loader, so that the process measured is
// the server itself) on a fresh DATA_DIR, SQLite, the demo data and the built portal of dist/ (not
// rebuilt here: run `npm run build` once). It trusts no proxy (TRUST_PROXY unset), so X-Forwarded-For
// would change nothing: the addresses are real ones, 127.0.0.1, 127.0.0.2, … 127.0.0.30 (the
// whole of 127/8 is loopback on Linux), each sending its 20 logins on connections bound to it.
// The default limits hold them: 20 logins a minute per address (LOGIN_RATE_LIMIT), 5 failures per
// email (LOGIN_FAILURES_PER_ACCOUNT): the 60 logins name 60 different emails, every fifth one a demo
// account's with a wrong password, the rest unknown (answered after a hash of the dummy).
//
// All 60 are sent at once. Meanwhile a prober sends, one after another on new connections, `GET /` and
// a remote's `mf-manifest.json`, until the last login is answered. The server's growth is its
// resident set (/proc/<pid>/status) at its peak during the storm (VmHWM, reset just before it
// through /proc/<pid>/clear_refs, and VmRSS sampled every 10 ms) less its resident set before.
//
// One address holds at most two places of the hash queue (issue 30 item 5): from 3 addresses, all but 6 of
// the 60 would be refused at once, so the storm spreads over 30, two logins each, every one hashed.
// Run: npx tsx bench/login-storm.ts [--logins 60] [--addresses 30]   (or npm run login-storm -w bench)
// Extra environment for the server may be given as usual, e.g. PASSWORD_HASH_CONCURRENCY=2.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, DIST, freePort, ROOT } from '../e2e/portal-server';
import { percentile } from './stats';

const BUDGET = { p99Ms: 50, growthMiB: 150 };
const DEMO_EMAILS = ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test'];

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

interface Answer { status: number; ms: number; retryAfter?: string; body: string }

/** One request on a connection of its own, from `localAddress`. */
function request(base: URL, method: string, pathname: string, localAddress: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({
      host: base.hostname, port: base.port, path: pathname, method, localAddress, agent: false,
      headers: { connection: 'close', 'accept-encoding': 'br, gzip', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      timeout: 180_000,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0, ms: performance.now() - started,
        retryAfter: res.headers['retry-after'] as string | undefined, body: Buffer.concat(chunks).toString('utf8'),
      }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    req.on('timeout', () => req.destroy());
    req.end(payload);
  });
}

const mib = (kib: number) => kib / 1024;

/** VmRSS and VmHWM of a process, in KiB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Starts api/src/server.ts in a process of its own (Node itself, not tsx's launcher) and waits for its health check. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: URL; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-storm-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PORTAL_DIST: DIST, DEMO_DATA: 'on', DATABASE_URL: '', DEMO_PASSWORD,
      // The production cost of a password hash (design §11), whatever the caller's environment says: the storm is about it.
      ...env, PASSWORD_HASH_COST: '17' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const base = new URL(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if ((await request(base, 'GET', '/api/health/', '127.0.0.1')).status === 200) break;
    if (Date.now() > deadline) { child.kill(); throw new Error(`the server did not start in 60 s:\n${output}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, dataDir };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Sends the probes one after another until `done` settles; their latencies by path. */
async function probeWhile(base: URL, paths: string[], done: Promise<unknown>): Promise<Map<string, Answer[]>> {
  const seen = new Map(paths.map((p) => [p, [] as Answer[]]));
  let running = true;
  void done.finally(() => { running = false; });
  while (running) {
    for (const p of paths) seen.get(p)!.push(await request(base, 'GET', p, '127.0.0.1'));
    await new Promise((r) => setTimeout(r, 5));
  }
  return seen;
}

function line(name: string, answers: Answer[]): string {
  const ms = answers.map((a) => a.ms);
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  return `  ${name.padEnd(46)} ${String(ms.length).padStart(4)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${percentile(ms, 99).toFixed(1).padStart(8)} ${Math.max(...ms).toFixed(1).padStart(8)}  `
    + [...statuses].map(([s, n]) => `${s || 'failed'}×${n}`).join(' ');
}

async function main(): Promise<void> {
  const logins = option('logins', 60);
  const addressCount = option('addresses', 30);
  const addresses = Array.from({ length: addressCount }, (_, i) => `127.0.0.${i + 1}`);
  const { child, base, dataDir } = await startServer({});
  const pid = child.pid!;
  try {
    // A remote's release file, as the page would ask for it next.
    const registry = JSON.parse((await request(base, 'GET', '/remotes.json', '127.0.0.1')).body) as { remotes: { entry: string }[] };
    const manifest = registry.remotes.map((r) => r.entry).find((e) => e.startsWith('/remotes/'));
    if (!manifest) throw new Error('no remote has a live release: is dist/ built?');
    const probes = ['/', manifest];
    for (const p of probes) {
      const warm = await request(base, 'GET', p, '127.0.0.1');
      if (warm.status !== 200) throw new Error(`GET ${p} answered ${warm.status}`);
    }
    // At rest: the same probes for two seconds.
    const idle = await probeWhile(base, probes, new Promise((r) => setTimeout(r, 2000)));
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`bench/login-storm: ${logins} failed logins at once from ${addressCount} addresses (${addresses.join(', ')}); `
      + `load average ${load()} (${os.cpus().length} cores); the server's UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);

    const before = memoryOf(pid);
    // Reset the peak resident set (VmHWM) to the present one; where that is not allowed, the samples alone count.
    let hwmReset = true;
    try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); } catch { hwmReset = false; }
    let peakRss = before.rss;
    const sampler = setInterval(() => { try { peakRss = Math.max(peakRss, memoryOf(pid).rss); } catch { /* exited */ } }, 10);

    const started = performance.now();
    const storm = Promise.all(Array.from({ length: logins }, (_, i) => {
      const email = i % 5 === 0 ? DEMO_EMAILS[(i / 5) % DEMO_EMAILS.length] : `storm-${i}@bench.test`;
      return request(base, 'POST', '/api/token/', addresses[i % addressCount], { email, password: `wrong-${i}` });
    }));
    const during = await probeWhile(base, probes, storm);
    const answers = await storm;
    const stormMs = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(pid);
    const peak = Math.max(peakRss, hwmReset ? after.hwm : 0, after.rss);

    console.log(`  ${'probe'.padEnd(46)} ${'n'.padStart(4)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  statuses`);
    // A release's id is long: /remotes/<name>/…/<file>.
    const label = (p: string) => `GET ${p.replace(/^(\/remotes\/[^/]+\/)[^/]+\//, '$1…/')}`;
    for (const p of probes) console.log(line(`${label(p)}, at rest`, idle.get(p)!));
    for (const p of probes) console.log(line(`${label(p)}, during the logins`, during.get(p)!));
    console.log(line('POST /api/token/ (the logins)', answers));
    const refused = answers.filter((a) => a.status === 503 || a.status === 429);
    if (refused.length) {
      const sample = refused[0];
      console.log(`  refused: ${refused.length}, Retry-After ${[...new Set(refused.map((a) => a.retryAfter ?? 'none'))].join('/')}, e.g. ${sample.status} ${sample.body}`);
    }
    console.log(`  all logins answered in ${(stormMs / 1000).toFixed(2)} s`);
    console.log(`  server resident set: before ${mib(before.rss).toFixed(0)} MiB, peak ${mib(peak).toFixed(0)} MiB (${hwmReset ? 'VmHWM and ' : ''}10 ms samples), after ${mib(after.rss).toFixed(0)} MiB; growth ${mib(peak - before.rss).toFixed(0)} MiB`);
    const p99 = percentile(during.get('/')!.map((a) => a.ms), 99);
    const growth = mib(peak - before.rss);
    const errors = answers.filter((a) => a.status >= 500 && a.status !== 503).length;
    console.log(`  budget: GET / p99 ${p99.toFixed(1)} ms (≤ ${BUDGET.p99Ms}) ${p99 <= BUDGET.p99Ms ? 'ok' : 'OVER'}; growth ${growth.toFixed(0)} MiB (≤ ${BUDGET.growthMiB}) ${growth <= BUDGET.growthMiB ? 'ok' : 'OVER'}`
      + `${errors ? `; ${errors} logins answered 5xx other than 503` : ''}`);
    console.log(`  load average after ${load()}`);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; });
