// bench/main-thread: the main thread's CPU time of the two timed paths of design §8, measured
// without throttling, so that the figure barely moves with the machine's load (the Slow 4G × 4 CPU
// timings of bench/bundle.ts swing by ±0.5 s on 2 shared cores; this one by a few per cent).
// Chromium's trace gives each task of the page's main thread its thread time (`tdur`, the CPU it
// used, not the wall time it took); the sum over the path is printed with its main parts:
//  - login → usable cabinet: the click on «Войти» → the home cards, after the login page's idle prefetch;
//  - reload of news, warm cache: every script's second run (Chromium makes its code cache then);
//  - the next reload ("hot"): the scripts run from their code cache;
//  - the catalogue opened from the menu (a list screen: its remote's code, its first page of rows),
//    then reloaded there with the code cache (a list's first draw, issue 31 item 4).
// Under the 4× CPU slowdown of bench/bundle.ts each CPU millisecond here costs about 4 ms of the
// timing, so with the network's ~0.3 s a warm reload within 1.0 s needs at most ~170 ms here.
// Several builds side by side (each run alternates between them, so they share the machine's mood):
//   npx tsx bench/main-thread.ts [--runs 5] [DIST ...]     (default: dist/; each DIST is copied first)
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { ACCOUNTS, DEMO_PASSWORD, startPortal } from '../e2e/portal-server';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5;
const dists = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--runs');
/** The trace events that make up most of a path's time, in the order printed. */
const PARTS = ['FunctionCall', 'EvaluateScript', 'v8.produceCache', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML'];

const PATHS = ['login', 'reload', 'hot', 'list', 'listReload'] as const;
type Path = typeof PATHS[number];

const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

interface TraceEvent { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }
interface Cost { cpu: number; parts: Record<string, number> }

/** Runs `steps` under Chromium's tracing and sums the main thread's CPU time of its tasks. */
async function traced(cdp: CDPSession, steps: () => Promise<void>): Promise<Cost> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => { events.push(...(data.value as TraceEvent[])); };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline', transferMode: 'ReportEvents' } as never);
  await steps();
  const complete = new Promise<void>((resolve) => { cdp.once('Tracing.tracingComplete', () => resolve()); });
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && e.tdur && mainThreads.has(`${e.pid}:${e.tid}`));
  const ms = (list: TraceEvent[]) => Math.round(list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000);
  const parts = Object.fromEntries(PARTS.map((name) => [name, ms(onMain.filter((e) => e.name === name))]));
  return { cpu: ms(onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask')), parts };
}

async function run(browser: Browser, origin: string) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const newsShown = () => page.getByTestId('news-list').getByTestId('news-card').first().waitFor();
  await page.goto(`${origin}/login`);
  await page.locator('#root form:not([onsubmit])').waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Эл. почта').fill(ACCOUNTS.dealer);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  const login = await traced(cdp, async () => {
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('home-sections').getByRole('link').first().waitFor();
  });
  await page.getByRole('menuitem', { name: 'Новости' }).click();
  await newsShown();
  await page.waitForLoadState('networkidle');
  const reload = await traced(cdp, async () => { await page.reload({ waitUntil: 'commit' }); await newsShown(); });
  await page.waitForLoadState('networkidle');
  const hot = await traced(cdp, async () => { await page.reload({ waitUntil: 'commit' }); await newsShown(); });
  // A row of the list's first page (antd's table and the plain one both key their rows).
  const rowsShown = () => page.getByRole('main').locator('tbody tr[data-row-key]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const list = await traced(cdp, async () => { await page.getByRole('menuitem', { name: 'Каталог' }).click(); await rowsShown(); });
  await page.waitForLoadState('networkidle');
  await page.reload({ waitUntil: 'commit' });
  await rowsShown();
  await page.waitForLoadState('networkidle');
  const listReload = await traced(cdp, async () => { await page.reload({ waitUntil: 'commit' }); await rowsShown(); });
  await context.close();
  return { login, reload, hot, list, listReload };
}

async function main() {
  const builds = dists.length ? dists : ['dist'];
  const portals = [];
  for (const dist of builds) {
    // The portal server deletes a dist that is not dist/ when it stops: it gets a copy.
    const copy = mkdtempSync(path.join(tmpdir(), 'main-thread-'));
    cpSync(dist, copy, { recursive: true });
    portals.push(await startPortal({ dist: copy }));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const results = portals.map(() => ({ login: [] as Cost[], reload: [] as Cost[], hot: [] as Cost[], list: [] as Cost[], listReload: [] as Cost[] }));
  try {
    for (let r = 0; r < RUNS; r += 1) {
      for (const [i, portal] of portals.entries()) {
        const costs = await run(browser, portal.url);
        for (const key of PATHS) results[i][key].push(costs[key]);
      }
    }
  } finally {
    await browser.close();
    for (const portal of portals) await portal.stop();
  }
  console.log(`Main-thread CPU time (ms, no throttling), median of ${RUNS} runs; × 4 ≈ its share of the Slow 4G × 4 CPU timing`);
  const rows: [string, Path][] = [
    ['login → usable cabinet', 'login'], ['reload of news, warm cache', 'reload'], ['the next reload (code cache used)', 'hot'],
    ['the catalogue from the menu', 'list'], ['reload of the catalogue (code cache)', 'listReload'],
  ];
  for (const [i, dist] of builds.entries()) {
    console.log(`  ${dist}`);
    for (const [label, key] of rows) {
      const costs = results[i][key];
      const parts = PARTS.map((name) => `${name} ${median(costs.map((c) => c.parts[name]))}`).join(', ');
      console.log(`    ${label.padEnd(36)} ${String(median(costs.map((c) => c.cpu))).padStart(5)}  (runs ${costs.map((c) => c.cpu).join(' ')}; ${parts})`);
    }
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
