// bench/bundle: the gzip bytes of JavaScript that Chromium really downloads (design §8):
//  - the first paint of /login                       budget 200 KB
//  - host + one remote (comms) after login           budget 350 KB
//  - the comms remote's own chunks (shared excluded) budget 60 KB
// Run: npm run build && npx tsx bench/bundle.ts
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { ACCOUNTS, DEMO_PASSWORD, startPortal } from '../e2e/portal-server';

const KB = 1024;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Script { url: string; bytes: number; wire: number }

/**
 * Records every script the page downloads: its size gzipped at level 9 (the budget's measure, and
 * what the server sends a gzip-only client) and the bytes that really came over the wire.
 */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url()).pathname;
    if (scripts.some((s) => s.url === url)) return;
    const entry: Script = { url, bytes: 0, wire: 0 };
    scripts.push(entry);
    const [sizes, body] = await Promise.all([request.sizes(), request.response().then((r) => r!.body())]);
    entry.wire = Math.max(0, sizes.responseBodySize);
    entry.bytes = gzipSync(body, { level: 9 }).length;
  });
  return scripts;
}

const total = (list: Script[]) => list.reduce((sum, s) => sum + s.bytes, 0);
const wire = (list: Script[]) => list.reduce((sum, s) => sum + s.wire, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main() {
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${portal.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    const login = [...scripts];

    await page.getByLabel('Эл. почта').fill(ACCOUNTS.dealer);
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('sidebar').waitFor();
    await page.getByRole('menuitem', { name: 'Новости' }).click();
    await page.getByTestId('news-list').locator('.ant-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const afterLogin = [...scripts];
    const commsOwn = afterLogin.filter((s) => s.url.startsWith('/remotes/comms/'));
    const otherRemotes = afterLogin.filter((s) => s.url.startsWith('/remotes/') && !s.url.startsWith('/remotes/comms/'));
    const hostAndComms = afterLogin.filter((s) => !otherRemotes.includes(s));

    const rows = [
      ['first paint of /login', total(login), 200 * KB, login.length],
      ['host + comms after login', total(hostAndComms), 350 * KB, hostAndComms.length],
      ['comms remote own chunks', total(commsOwn), 60 * KB, commsOwn.length],
      ['all five remotes\' module entries after login', total(otherRemotes), 0, otherRemotes.length],
    ] as const;
    console.log('bench/bundle: JavaScript downloaded by Chromium: gzip -9 (budget) and over the wire (brotli)');
    for (const [name, bytes, budget, count] of rows) {
      const list = name.startsWith('first') ? login : name.startsWith('host') ? hostAndComms : name.startsWith('comms') ? commsOwn : otherRemotes;
      const verdict = budget ? (bytes <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)} by ${kb(bytes - budget)}`) : 'not budgeted';
      console.log(`  ${name.padEnd(46)} gzip ${kb(bytes).padStart(9)}  wire ${kb(wire(list)).padStart(9)}  ${String(count).padStart(3)} files  ${verdict}`);
    }
    if (process.argv.includes('--files')) for (const s of afterLogin) console.log(`    ${kb(s.bytes).padStart(9)}  ${s.url}`);
    await context.close();
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
