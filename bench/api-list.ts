// bench/api-list: one page of 50 orders out of 100 000 (design §8: at least 2 000 req/s and p99
// at most 25 ms on SQLite on the 2-core machine), next to a bare Fastify hello-world.
//
// Three processes: this one runs autocannon (the load generator); the API runs in a child process
// (buildApp on a fresh DATA_DIR, the demo data, then 100 000 orders with 1–3 items each seeded
// straight into its database), and the hello-world in another, so that neither server shares an
// event loop with the load. The routes are measured one after another, never at the same time.
//
// Run: npx tsx bench/api-list.ts [--db sqlite|postgres] [--duration 10] [--connections 10] [--orders 100000]
// PostgreSQL: TEST_DATABASE_URL or DATABASE_URL; the bench works in a throwaway schema and drops it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild, stopChild } from './child-process';
import autocannon from 'autocannon';
import BetterSqlite3 from '../api/src/db/sqlite-driver';
import Fastify from 'fastify';
import pg from 'pg';
import type { NewRow } from '../api/src/db/database';
import type { OrderStatus } from '../api/src/db/tables/orders';

// Kysely lives in the API's own node_modules: reach it through the application, not an import.
type Db = Awaited<ReturnType<typeof import('../api/src/app').buildApp>>['db'];

const PAGE = '/api/orders/?page_size=50';
const BUDGET = { rps: 2000, p99: 25 };
const WARMUP_SECONDS = 2;

interface Options { db: 'sqlite' | 'postgres'; duration: number; connections: number; orders: number }

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
  const db = value('db') ?? 'sqlite';
  if (db !== 'sqlite' && db !== 'postgres') throw new Error(`--db must be sqlite or postgres, got ${db}`);
  return { db, duration: positive('duration', 10), connections: positive('connections', 10), orders: positive('orders', 100_000) };
}

// ---------------------------------------------------------------------------------------------
// Children: `--serve api` and `--serve hello`. Each answers its port (and the API its tokens) over IPC.

interface ApiReady { port: number; staff: string; dealer: string; dealerId: number; seeded: { orders: number; items: number; ms: number } }

/** 100 000 orders across the demo dealers, 1–3 items each priced like the API prices them, in one transaction. */
export async function seedOrders(db: Db, total: number, postgres?: { url: string; schema?: string }): Promise<{ orders: number; items: number }> {
  const { seededRandom, orderNumber } = await import('../api/src/demo/demo-data');
  const { basisPointsOf, discounted, storedMoney } = await import('../api/src/lib/money');
  const random = seededRandom(100_000);
  const dealers = await db.selectFrom('dealers').leftJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id')
    .select(['dealers.id', 'dealer_groups.discount_percent']).orderBy('dealers.id').execute();
  const products = await db.selectFrom('products').select(['id', 'price_cents']).where('is_active', '=', true).orderBy('id').execute();
  const users = await db.selectFrom('users').select(['id', 'dealer_id', 'role']).execute();
  const manager = users.find((u) => u.role === 'manager')!.id;
  const creator = new Map(users.filter((u) => u.dealer_id !== null).map((u) => [u.dealer_id!, u.id]));
  const statuses: OrderStatus[] = ['completed', 'completed', 'completed', 'completed', 'cancelled', 'shipped', 'confirmed', 'new'];
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  const BATCH = 2000;
  let items = 0;

  await db.transaction().execute(async (trx) => {
    const { max } = await trx.selectFrom('orders').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const first = Number(max ?? 0) + 1;
    for (let start = 0; start < total; start += BATCH) {
      const orders: NewRow<'orders'>[] = [];
      const rows = [];
      for (let i = start; i < Math.min(total, start + BATCH); i++) {
        const id = first + i;
        const dealer = dealers[i % dealers.length];
        const discount = basisPointsOf(dealer.discount_percent ?? 0);
        // Oldest first: ids grow with the date, from two years ago to a day ago.
        const createdAt = new Date(now - span + (i / total) * (span - 86_400_000)).toISOString();
        let sum = 0n;
        for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
          const product = products[Math.floor(random() * products.length)];
          const price = discounted(BigInt(product.price_cents), discount);
          const quantity = 1 + Math.floor(random() * 10);
          sum += price * BigInt(quantity);
          rows.push({ order_id: id, product_id: product.id, quantity, price_cents: storedMoney(price), amount_cents: storedMoney(price * BigInt(quantity)) });
        }
        orders.push({
          id, number: orderNumber(id, createdAt), dealer_id: dealer.id, status: statuses[Math.floor(random() * statuses.length)],
          total_cents: storedMoney(sum), comment: '', created_by: creator.get(dealer.id) ?? manager, created_at: createdAt, updated_at: createdAt,
        });
      }
      await trx.insertInto('orders').values(orders).execute();
      await trx.insertInto('order_items').values(rows).execute();
      items += rows.length;
    }
  });
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres.url, options: postgres.schema ? `-c search_path=${postgres.schema}` : undefined });
    await client.connect();
    // Explicit ids leave the identity sequence behind: move it past them. And autovacuum would
    // vacuum and analyze the new rows soon anyway; do it now so that the run does not depend on when.
    await client.query(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
    await client.query('vacuum analyze orders');
    await client.query('vacuum analyze order_items');
    await client.end();
  }
  return { orders: total, items };
}

async function serveApi(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const { buildApp } = await import('../api/src/app');
  const dataDir = argv[argv.indexOf('--data-dir') + 1];
  const schema = argv.includes('--schema') ? argv[argv.indexOf('--schema') + 1] : undefined;
  const app = await buildApp({
    dataDir,
    databaseUrl: options.db === 'postgres' ? postgresUrl()! : `sqlite:${path.join(dataDir, 'portal.sqlite')}`,
    databaseSchema: schema,
    demoData: 'on',
    portalDist: undefined,
    accessTokenTtl: 3600,
    logger: false,
  });
  const started = performance.now();
  const seeded = await seedOrders(app.db, options.orders, options.db === 'postgres' ? { url: postgresUrl()!, schema } : undefined);
  const ms = performance.now() - started;
  const user = (email: string) => app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const staff = (await app.tokens.issue(await user('manager@demo.test'))).access;
  const dealerUser = await user('dealer@demo.test');
  const dealer = (await app.tokens.issue(dealerUser)).access;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.send!({ port, staff, dealer, dealerId: dealerUser.dealer_id!, seeded: { ...seeded, ms } } satisfies ApiReady);
  process.on('disconnect', () => { app.close().finally(() => process.exit(0)); });
}

async function serveHello(): Promise<void> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('disconnect', () => { app.close().finally(() => process.exit(0)); });
}

// ---------------------------------------------------------------------------------------------
// The parent: start the children, check the route answers, measure, print.

function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || (/^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined);
}

const start = <T,>(args: string[]) => startChild<T>(__filename, args);

interface Measured { name: string; rps: number; p50: number; p99: number; bad: number; budgeted: boolean }

/**
 * `fresh`: every request carries a new (ignored) query parameter, so no kept page is ever reused;
 * `writeBefore`: called before every request is sent (a write to the database, so that each page is
 * the first one after a write).
 */
async function measure(name: string, url: string, token: string | null, options: Options, budgeted: boolean, fresh = false, writeBefore?: () => void): Promise<Measured> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let n = 0;
  const { pathname, search } = new URL(url);
  const requests = fresh || writeBefore ? [{
    setupRequest: (request: autocannon.Request) => {
      writeBefore?.();
      return fresh ? { ...request, path: `${pathname}${search}&fresh=${n++}` } : request;
    },
  }] : undefined;
  const run = (duration: number) => autocannon({ url, connections: options.connections, duration, headers, ...(requests ? { requests } : {}) });
  await run(WARMUP_SECONDS);
  const result = await run(options.duration);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, budgeted };
}

/** Writes that make the next page the first after a write: one order of the page changes each time. */
function pageWriter(file: string) {
  const db = new BetterSqlite3(file);
  db.pragma('busy_timeout = 5000');
  // As the API writes (db/connect.ts): in WAL mode a commit waits for no disk flush.
  db.pragma('synchronous = NORMAL');
  const newest = (dealer: number | 'all') => (dealer === 'all'
    ? db.prepare('select id from orders order by created_at desc, id desc limit 50').all()
    : db.prepare('select id from orders where dealer_id = ? order by created_at desc, id desc limit 50').all(dealer)) as Array<{ id: number }>;
  // What an edit of an order writes: its comment and time, and the quantity of one of its lines
  // (a line of history each time would grow the orders of the page without end).
  const update = db.prepare('update orders set comment = ?, updated_at = ? where id = ?');
  const line = db.prepare('update order_items set quantity = quantity % 10 + 1 where id = (select min(id) from order_items where order_id = ?)');
  const write = db.transaction((id: number, n: number) => {
    update.run(`bench write ${n}`, new Date().toISOString(), id);
    line.run(id);
  });
  let writes = 0;
  return {
    before(dealer: number | 'all') {
      const ids = newest(dealer).map((row) => row.id);
      return () => {
        write(ids[writes % ids.length], writes);
        writes += 1;
      };
    },
    writes: () => writes,
    close: () => db.close(),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let schema: string | undefined;
  const url = postgresUrl();
  if (options.db === 'postgres') {
    if (!url) throw new Error('--db postgres needs TEST_DATABASE_URL or DATABASE_URL (postgres://…); .ci/run shows how to start the machine\'s PostgreSQL');
    schema = `bench_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect().catch((err) => { throw new Error(`PostgreSQL at ${url} does not answer (${err.message}); start it as .ci/run does`); });
    await client.query(`create schema "${schema}"`);
    await client.end();
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const api = start<ApiReady>(['--serve', 'api', '--db', options.db, '--orders', String(options.orders), '--data-dir', dataDir, ...(schema ? ['--schema', schema] : [])]);
  const hello = start<{ port: number }>(['--serve', 'hello']);
  try {
    const [ready, helloReady] = await Promise.all([api.ready, hello.ready]);
    const base = `http://127.0.0.1:${ready.port}`;
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`bench/api-list on ${options.db}: ${ready.seeded.orders} orders and ${ready.seeded.items} items seeded in ${(ready.seeded.ms / 1000).toFixed(1)} s; ` +
      `${options.connections} connections, ${options.duration} s per route after ${WARMUP_SECONDS} s of warm-up; API and hello-world each in its own process`);

    const counts: Record<string, number> = {};
    for (const [who, token] of [['staff', ready.staff], ['dealer', ready.dealer]] as const) {
      const response = await fetch(`${base}${PAGE}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.json().catch(() => null) as { count?: number; results?: unknown[] } | null;
      if (response.status !== 200 || !Array.isArray(body?.results)) {
        throw new Error(`GET ${PAGE} as ${who} answered ${response.status} ${JSON.stringify(body).slice(0, 200)}: nothing to measure yet`);
      }
      counts[who] = body.count ?? 0;
      const bytes = (await fetch(`${base}${PAGE}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer())).byteLength;
      console.log(`  GET ${PAGE} as ${who}: count ${body.count}, ${body.results.length} results, ${bytes} bytes of JSON`);
    }
    if (!(counts.dealer > 0 && counts.dealer < counts.staff)) throw new Error(`the dealer should see some of the orders, not ${counts.dealer} of ${counts.staff}`);
    // SQLite: this process writes to the API's database file as another process would (WAL lets it).
    const writer = options.db === 'sqlite' ? pageWriter(path.join(dataDir, 'portal.sqlite')) : null;

    const loadBefore = load();
    // Two floors between the bare server and the list: the API's plugins and hooks with one
    // `select 1` (no token), and a token check with one row by key.
    const rows = [
      await measure('hello-world (bare Fastify)', `http://127.0.0.1:${helloReady.port}/`, null, options, false),
      await measure('GET /api/health/ (no token, select 1)', `${base}/api/health/`, null, options, false),
      await measure('GET /api/users/me/ (token, one row)', `${base}/api/users/me/`, ready.staff, options, false),
      await measure(`GET ${PAGE} staff`, `${base}${PAGE}`, ready.staff, options, true),
      await measure(`GET ${PAGE} dealer`, `${base}${PAGE}`, ready.dealer, options, true),
      // The same pages built anew for every request: the cost behind the page cache.
      await measure(`  … staff, never from the page cache`, `${base}${PAGE}`, ready.staff, options, false, true),
      await measure(`  … dealer, never from the page cache`, `${base}${PAGE}`, ready.dealer, options, false, true),
      // What a busy portal mostly serves: the first page after a write (design §8: the budget holds
      // also when every page is built anew; issue 9 asks its p99 then).
      ...(writer ? [
        await measure(`GET ${PAGE} staff, after a write`, `${base}${PAGE}`, ready.staff, options, true, false, writer.before('all')),
        await measure(`GET ${PAGE} dealer, after a write`, `${base}${PAGE}`, ready.dealer, options, true, false, writer.before(ready.dealerId)),
      ] : []),
    ];
    const reference = rows[0];
    console.log(`  load average before ${loadBefore}, after ${load()} (${os.cpus().length} cores; other processes' load lowers every figure)`);
    console.log('');
    console.log(`  ${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s ratio'.padStart(12)} ${'p99 ratio'.padStart(10)}  budget (≥ ${BUDGET.rps} req/s, p99 ≤ ${BUDGET.p99} ms${options.db === 'sqlite' ? '' : ', set for SQLite'})`);
    for (const row of rows) {
      const verdict = !row.budgeted ? (row === reference ? 'reference' : row.name.includes('page cache') ? 'not budgeted' : 'floor, not budgeted')
        : row.rps >= BUDGET.rps && row.p99 <= BUDGET.p99 ? 'met'
          : `MISSED (${[row.rps < BUDGET.rps ? 'req/s' : '', row.p99 > BUDGET.p99 ? 'p99' : ''].filter(Boolean).join(', ')})`;
      console.log(`  ${row.name.padEnd(44)} ${row.rps.toFixed(0).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${(row.rps / reference.rps).toFixed(3).padStart(12)} ${(row.p99 / Math.max(reference.p99, 1)).toFixed(1).padStart(10)}  ${verdict}${row.bad ? `, ${row.bad} failed requests` : ''}`);
    }
    if (writer) {
      console.log(`  after a write: before each request, one of the 50 orders of the page gets a new comment and another quantity on a line, written by this process (${writer.writes()} writes); the page and that order are built anew`);
    }
    writer?.close();
  } finally {
    await Promise.all([stopChild(api.child), stopChild(hello.child)]);
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    }
  }
}

const serve = process.argv.indexOf('--serve');
if (serve >= 0) {
  (process.argv[serve + 1] === 'api' ? serveApi(process.argv.slice(2)) : serveHello()).catch((err) => { console.error(err); process.exit(1); });
} else if (require.main === module) {
  main().catch((err) => { console.error(err instanceof Error ? err.message : err); process.exitCode = 1; });
}
