// bench/exchange: a 1C exchange of a large catalogue (issue 33, design §8). Generates a CommerceML
// 2.10 catalogue of --products products (default 50 000) in 10 groups of 5 subgroups, with offers
// in 2 price types and --warehouses warehouses (default 5), and drives the real server over HTTP
// as 1C does: checkauth, init, each file posted in parts of init's file_limit, import called until
// `success`. Then the same exchange again, unchanged. Meanwhile a prober asks `GET /` one after
// another and times each answer, and the server's memory (RSS of its process tree) is sampled.
//
// Budgets: the first exchange ≤ 60 s with the API growing ≤ 200 MiB; the unchanged second ≤ 20 s,
// writing no row (the data versions of products, store items and stock movements stay); `GET /`
// p99 ≤ 50 ms during both.
// The real server (e2e/portal-server.ts: SQLite, or PostgreSQL with --database URL; the built portal of dist/).
// Run: npx tsx bench/exchange.ts [--products 50000] [--warehouses 5] [--database postgres://…]
import { readFileSync, readdirSync } from 'node:fs';
import { ACCOUNTS, DEMO_PASSWORD, startPortal } from '../e2e/portal-server';
import { importXml, offersXml, oneC, type GroupSpec, type OfferSpec, type ProductSpec } from '../api/src/test/commerceml';
import { percentile } from './stats';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const PRODUCTS = Number(arg('products', '50000'));
const WAREHOUSES = Number(arg('warehouses', '5'));
const DATABASE = arg('database', '');
const BUDGET = { firstS: 60, secondS: 20, growthMiB: 200, p99Ms: 50 };

function catalogue(): { importFile: string; offersFile: string } {
  const groups: GroupSpec[] = Array.from({ length: 10 }, (_, g) => ({
    id: `00000000-0000-4000-8000-0000000000${String(g).padStart(2, '0')}`, name: `Раздел ${g + 1}`,
    groups: Array.from({ length: 5 }, (_, s) => ({ id: `00000000-0000-4000-8000-00000000${String(g).padStart(2, '0')}${String(s).padStart(2, '0')}`, name: `Подраздел ${g + 1}.${s + 1}` })),
  }));
  const products: ProductSpec[] = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: `7c9e6679-7425-40de-944b-${String(i).padStart(12, '0')}`,
    sku: `ART-${String(i).padStart(6, '0')}`,
    name: `Товар номер ${i + 1}, серия ${i % 97}`,
    group: groups[i % 10].groups![i % 5].id,
    description: `Описание товара ${i + 1}: характеристики, комплектация и условия хранения.`,
  }));
  const warehouses = Array.from({ length: WAREHOUSES }, (_, w) => ({ id: `wh-${w + 1}`, name: `Склад ${w + 1}` }));
  const offers: OfferSpec[] = products.map((p, i) => ({
    id: p.id,
    prices: { retail: `${(100 + (i % 1000)).toFixed(2)}`, wholesale: `${(80 + (i % 1000) * 0.8).toFixed(2)}` },
    stock: Object.fromEntries(warehouses.map((w, k) => [w.id, (i * 7 + k * 13) % 50])),
  }));
  return {
    importFile: importXml({ version: '2.10', groups, products, full: true }),
    offersFile: offersXml({ version: '2.10', priceTypes: [{ id: 'retail', name: 'Розничная' }, { id: 'wholesale', name: 'Оптовая' }], warehouses, offers }),
  };
}

/** RSS of the process and its descendants, in bytes (Linux). */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch { /* gone */ }
  }
  let total = 0;
  for (const stack = [pid]; stack.length;) {
    const at = stack.pop()!;
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${at}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch { /* gone */ }
    stack.push(...(children.get(at) ?? []));
  }
  return total;
}

interface Run { created: number; updated: number; withdrawn: number; skipped: number; errors: unknown[] }

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

async function main() {
  const started = Date.now();
  const { importFile, offersFile } = catalogue();
  const files: Array<[string, Buffer]> = [['import.xml', Buffer.from(importFile)], ['offers.xml', Buffer.from(offersFile)]];
  console.log(`catalogue: ${PRODUCTS} products, ${WAREHOUSES} warehouses; import.xml ${mib(files[0][1].length)}, offers.xml ${mib(files[1][1].length)} (made in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const portal = await startPortal({ env: { ...(DATABASE ? { DATABASE_URL: DATABASE } : {}), EXCHANGE_STEP_SECONDS: '20', ...(process.env.EXCHANGE_FILE_LIMIT_MB ? { EXCHANGE_FILE_LIMIT_MB: process.env.EXCHANGE_FILE_LIMIT_MB } : {}), ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}) } });
  try {
    const login = await fetch(`${portal.url}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ACCOUNTS.admin, password: DEMO_PASSWORD }) });
    const { access } = (await login.json()) as { access: string };
    const admin = <T>(path: string, body?: unknown) => fetch(`${portal.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json() as Promise<T>);
    const account = await admin<{ login: string; key: string }>('/api/exchange/accounts/', { login: 'bench' });
    await admin<unknown>('/api/variable/create/', { key: 'exchange_price_type', value: 'Оптовая', description: '' });

    const exchange = async (label: string) => {
      const times: number[] = [];
      let over = false;
      let peak = 0;
      const base = treeRss(portal.pid);
      const sampler = setInterval(() => { peak = Math.max(peak, treeRss(portal.pid)); }, 250);
      const prober = (async () => {
        while (!over) {
          const t0 = performance.now();
          const res = await fetch(`${portal.url}/`);
          await res.arrayBuffer();
          times.push(performance.now() - t0);
        }
      })();
      const t0 = Date.now();
      const answers = await oneC(portal.url, account).exchange(files);
      const seconds = (Date.now() - t0) / 1000;
      over = true;
      await prober;
      clearInterval(sampler);
      const run = (await admin<{ results: Run[] }>('/api/exchange/runs/?page_size=1')).results[0];
      console.log(`${label}: ${seconds.toFixed(1)} s; answers ${answers.map((a) => `${a.lines[0]} after ${a.progress} progress`).join(', ')}`);
      console.log(`  run: created ${run.created}, updated ${run.updated}, withdrawn ${run.withdrawn}, skipped ${run.skipped}, errors ${run.errors.length}`);
      console.log(`  API memory: ${mib(base)} before, peak ${mib(peak)} (growth ${mib(peak - base)})`);
      console.log(`  GET / during it: ${times.length} answers, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
      return { seconds, growth: peak - base, p99: percentile(times, 99), run };
    };
    const rows = async () => {
      const [products, stock] = await Promise.all([admin<{ count: number }>('/api/products/?page_size=1'), admin<{ count: number }>('/api/storeitems/?page_size=1')]);
      return { products: products.count, storeItems: stock.count };
    };
    const first = await exchange('first exchange');
    const before = await rows();
    const second = await exchange('second exchange, unchanged');
    const after = await rows();
    const written = second.run.created + second.run.updated + second.run.withdrawn;
    console.log(`rows: ${before.products} products, ${before.storeItems} store items; after the second: ${after.products}, ${after.storeItems}; changes the second made: ${written}`);
    const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
    console.log(`budget: first ${first.seconds.toFixed(1)} s ≤ ${BUDGET.firstS} s ${verdict(first.seconds <= BUDGET.firstS)}; growth ${mib(first.growth)} ≤ ${BUDGET.growthMiB} MiB ${verdict(first.growth <= BUDGET.growthMiB * 1048576)}; `
      + `second ${second.seconds.toFixed(1)} s ≤ ${BUDGET.secondS} s ${verdict(second.seconds <= BUDGET.secondS)}, ${written} changes ${verdict(written === 0)}; `
      + `GET / p99 ${Math.max(first.p99, second.p99).toFixed(1)} ms ≤ ${BUDGET.p99Ms} ms ${verdict(Math.max(first.p99, second.p99) <= BUDGET.p99Ms)}`);
  } finally {
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
