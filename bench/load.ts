// bench/load: fairness under load (issue 9 item 7). 200 connections of mixed reads and writes for
// 20 s, then a burst of writes alone; all the while a prober sends, one at a time on their own
// connections, the health check, a static file of the portal and a list page, and times each:
// what a load balancer's check, a page load and a user's list see while others write.
//
// Two processes: this one runs autocannon and the prober; the API runs in a child (buildApp on a
// fresh DATA_DIR, the demo data, `--orders` orders seeded as bench/api-list.ts seeds them, and a
// small built portal of its own, an index.html and a 30 KB script, served at `/`).
//
// Run: npx tsx bench/load.ts [--pg] [--duration 20] [--burst 10] [--connections 200] [--orders 100000] [--cpu-prof DIR]
// (--cpu-prof: the API process writes a V8 CPU profile into DIR when it stops; open it in Chrome's DevTools).
// PostgreSQL (--pg): TEST_DATABASE_URL or DATABASE_URL; the bench works in a throwaway schema and drops it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChild } from './child-process';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedOrders } from './api-list';

interface Options { pg: boolean; duration: number; burst: number; connections: number; orders: number; cpuProf?: string }

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const positive = (name: string, fallback: number) => {
    const raw = value(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${raw}`);
    return n;
  };
  return {
    pg: argv.includes('--pg'),
    duration: positive('duration', 20),
    burst: positive('burst', 10),
    connections: positive('connections', 200),
    orders: positive('orders', 100_000),
    cpuProf: value('cpu-prof') ? path.resolve(value('cpu-prof')!) : undefined,
  };
}

function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || (/^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined);
}

// ---------------------------------------------------------------------------------------------
// The child: `--child api`. It answers its port, tokens and what a new order may contain over IPC.

interface LoopDelay { p50: number; p99: number; max: number }

interface ApiReady { port: number; staff: string; dealer: string; products: number[]; order: number; seconds: number }

const STATIC_FILE = '/static/js/app.0123456789abcdef.js';

async function serveApi(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const dataDir = argv[argv.indexOf('--data-dir') + 1];
  const schema = argv.includes('--schema') ? argv[argv.indexOf('--schema') + 1] : undefined;
  // A portal of two files: what the static route costs, without depending on a build.
  const dist = path.join(dataDir, 'dist');
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(dist, STATIC_FILE), `/* bench */${'x'.repeat(30_000)}`);
  const { buildApp } = await import('../api/src/app');
  const started = performance.now();
  const app = await buildApp({
    dataDir,
    databaseUrl: options.pg ? postgresUrl()! : `sqlite:${path.join(dataDir, 'portal.sqlite')}`,
    databaseSchema: schema,
    demoData: 'on',
    portalDist: dist,
    accessTokenTtl: 3600,
    logger: false,
  });
  await seedOrders(app.db, options.orders, options.pg ? { url: postgresUrl()!, schema } : undefined);
  const user = (email: string) => app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const dealerUser = await user('dealer@demo.test');
  const staff = (await app.tokens.issue(await user('manager@demo.test'))).access;
  const dealer = (await app.tokens.issue(dealerUser)).access;
  const products = (await app.db.selectFrom('products').select('id').where('is_active', '=', true).orderBy('id').limit(20).execute()).map((p) => p.id);
  const order = (await app.db.selectFrom('orders').select('id').where('dealer_id', '=', dealerUser.dealer_id!).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // How long the event loop was held at a stretch: a stall (a synchronous checkpoint, a long GC)
  // delays everyone alike, which no queue can help; queueing shows in the probes instead.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message) => {
    if (message !== 'loop-delay') return;
    process.send!({ p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 } satisfies LoopDelay);
    delay.reset();
  });
  process.send!({ port, staff, dealer, products, order, seconds: (performance.now() - started) / 1000 } satisfies ApiReady);
  process.on('disconnect', () => { app.close().finally(() => process.exit(0)); });
}

// ---------------------------------------------------------------------------------------------
// The parent.

function start<T>(args: string[], profileDir?: string) {
  return startChild<T>(__filename, args, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** What one kind of probe saw: its latencies in ms and its answers' statuses. */
class Probe {
  readonly ms: number[] = [];
  readonly statuses = new Map<number, number>();
  constructor(readonly name: string, readonly path: string, readonly headers: Record<string, string> = {}) {}

  async send(base: string): Promise<void> {
    const started = performance.now();
    let status = 0;
    try {
      // A connection of its own each time, as a load balancer's check or a new visitor opens one.
      const response = await fetch(`${base}${this.path}`, { headers: { ...this.headers, connection: 'close' }, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    this.ms.push(performance.now() - started);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  line(): string {
    const sorted = [...this.ms].sort((a, b) => a - b);
    const statuses = [...this.statuses].map(([s, n]) => `${s === 0 ? 'failed' : s}×${n}`).join(' ');
    return `  ${this.name.padEnd(34)} ${String(sorted.length).padStart(4)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)} ${(sorted.at(-1) ?? NaN).toFixed(1).padStart(8)}  ${statuses}`;
  }
}

/** Every `everyMs`, the probes one after another, until `done` settles. */
async function probeWhile(base: string, probes: Probe[], done: Promise<unknown>, everyMs = 250): Promise<void> {
  let running = true;
  void done.finally(() => { running = false; });
  while (running) {
    const next = new Promise((r) => setTimeout(r, everyMs));
    for (const probe of probes) await probe.send(base);
    await next;
  }
}

interface Phase { name: string; result: autocannon.Result; probes: Probe[]; loop: LoopDelay }

/** The API's event-loop delay since the last ask. */
function loopDelay(child: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as LoopDelay));
    child.send('loop-delay');
  });
}

function requestsOf(ready: ApiReady, mix: 'mixed' | 'writes'): autocannon.Request[] {
  const staff = { authorization: `Bearer ${ready.staff}`, 'content-type': 'application/json' };
  const dealer = { authorization: `Bearer ${ready.dealer}`, 'content-type': 'application/json' };
  let n = 0;
  const newOrder: autocannon.Request = {
    method: 'POST', path: '/api/orders/', headers: dealer,
    // Each order different: 1–3 lines of the first active products, above the minimum total.
    setupRequest: (request) => {
      n++;
      const lines = 1 + (n % 3);
      const items = Array.from({ length: lines }, (_, i) => ({ product: ready.products[(n + i) % ready.products.length], quantity: 50 + (n % 7) }));
      return { ...request, body: JSON.stringify({ items, comment: `bench ${n}` }) };
    },
  };
  if (mix === 'writes') return [newOrder];
  // Three reads to one write: the staff and dealer lists (built anew after every write), an order, who am I.
  return [
    { method: 'GET', path: '/api/orders/?page_size=50', headers: staff },
    newOrder,
    { method: 'GET', path: '/api/orders/?page_size=50', headers: dealer },
    { method: 'GET', path: `/api/orders/${ready.order}/`, headers: dealer },
    { method: 'GET', path: '/api/users/me/', headers: dealer },
    newOrder,
    { method: 'GET', path: '/api/orders/?page_size=50&status=new', headers: staff },
    { method: 'GET', path: '/api/news/', headers: dealer },
  ];
}

async function phase(name: string, base: string, api: ChildProcess, ready: ApiReady, mix: 'mixed' | 'writes', seconds: number, connections: number): Promise<Phase> {
  await loopDelay(api);
  const probes = [
    new Probe('GET /api/health/', '/api/health/'),
    new Probe(`GET ${STATIC_FILE.replace(/\.[0-9a-f]+\.js$/, '.….js')}`, STATIC_FILE),
    new Probe('GET /api/orders/?page_size=50 staff', '/api/orders/?page_size=50', { authorization: `Bearer ${ready.staff}` }),
  ];
  // autocannon answers a thenable without `finally`: make it a promise.
  const run = Promise.resolve(autocannon({ url: base, connections, duration: seconds, requests: requestsOf(ready, mix), timeout: 60 }));
  const probing = probeWhile(base, probes, run);
  const result = await run;
  await probing;
  return { name, result, probes, loop: await loopDelay(api) };
}

function report(p: Phase): void {
  const r = p.result;
  const fivexx = r['5xx'];
  console.log(`\n${p.name}: ${r.requests.total} requests, ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
    `2xx ${r['2xx']}, 4xx ${r['4xx']}, 5xx ${fivexx}, errors ${r.errors}, timeouts ${r.timeouts}`);
  const statuses = Object.entries(r.statusCodeStats ?? {}).map(([s, { count }]) => `${s}×${count}`).join(' ');
  if (statuses) console.log(`  statuses: ${statuses}`);
  console.log(`  ${'probe, during the load'.padEnd(34)} ${'n'.padStart(4)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  statuses`);
  for (const probe of p.probes) console.log(probe.line());
  console.log(`  API event loop delay: p50 ${p.loop.p50.toFixed(1)} ms, p99 ${p.loop.p99.toFixed(1)} ms, max ${p.loop.max.toFixed(1)} ms`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let schema: string | undefined;
  const url = postgresUrl();
  if (options.pg) {
    if (!url) throw new Error('--pg needs TEST_DATABASE_URL or DATABASE_URL (postgres://…); .ci/run shows how to start the machine\'s PostgreSQL');
    schema = `bench_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  const api = start<ApiReady>(['--child', 'api', ...(options.pg ? ['--pg'] : []), '--orders', String(options.orders), '--data-dir', dataDir, ...(schema ? ['--schema', schema] : [])], options.cpuProf);
  try {
    const ready = await api.ready;
    const base = `http://127.0.0.1:${ready.port}`;
    const check = await fetch(`${base}/api/orders/`, {
      method: 'POST', headers: { authorization: `Bearer ${ready.dealer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ product: ready.products[0], quantity: 50 }] }),
    });
    if (check.status !== 201) throw new Error(`a new order answered ${check.status} ${(await check.text()).slice(0, 300)}: nothing to measure`);
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`bench/load on ${options.pg ? 'PostgreSQL' : 'SQLite'}: ${options.orders} orders seeded, API ready in ${ready.seconds.toFixed(1)} s; ` +
      `${options.connections} connections; load average ${load()} (${os.cpus().length} cores)`);
    const mixed = await phase(`Mixed, ${options.duration} s (per connection: 6 reads, 2 new orders, in turn)`, base, api.child, ready, 'mixed', options.duration, options.connections);
    report(mixed);
    const burst = await phase(`Burst of writes, ${options.burst} s (every connection creates orders)`, base, api.child, ready, 'writes', options.burst, options.connections);
    report(burst);
    console.log(`\n  load average after ${load()}`);
  } finally {
    await stopChild(api.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    }
  }
}

const child = process.argv.indexOf('--child');
if (child >= 0) {
  serveApi(process.argv.slice(2)).catch((err) => { console.error(err); process.exit(1); });
} else if (require.main === module) {
  main().catch((err) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; });
}
