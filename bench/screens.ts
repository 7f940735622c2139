// bench/screens: does a user see the same screens with two builds? (issue 31: "nothing a user sees
// changes"). Each screen of design §13 a dealer, a manager and an administrator may open is drawn by
// both builds, each served by its own portal on its own fresh demo data, in Chromium at 1366×900 and
// 390×844, in the light and the dark theme, in Russian, with less motion, after its heading shows
// and the network is idle. The two pictures are compared pixel by pixel (a pixel differs when a
// channel differs by more than 24 of 255): printed per screen, the share of pixels that differ in
// each of the four pictures; the pictures, their difference (red where they differ) and an index
// page are written to --out. Dates and durations («ждёт 3 минуты») differ by the seconds between the
// two portals' demo data; a share under 0.5 % is such text, a larger one is worth a look.
//   node scripts/build.mjs && npx tsx bench/screens.ts --before DIST [--after dist] [--out .tmp/screens] [--who dealer,manager,admin] [--only /catalog]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ACCOUNTS, DEMO_PASSWORD, startPortal, type RunningPortal } from '../e2e/portal-server';

const option = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const BEFORE = option('--before');
const AFTER = option('--after') ?? 'dist';
const OUT = path.resolve(option('--out') ?? '.tmp/screens');
const WHO = (option('--who') ?? 'dealer,manager,admin').split(',') as Role[];
const ONLY = option('--only');
if (!BEFORE) {
  console.error('usage: npx tsx bench/screens.ts --before DIST [--after dist] [--out DIR] [--who dealer,manager,admin] [--only PATH]');
  process.exit(2);
}

type Role = 'dealer' | 'manager' | 'admin';
const VIEWPORTS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }];
const THEMES = ['default', 'dark'] as const;

async function signIn(origin: string, role: Role) {
  const response = await fetch(`${origin}/api/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ACCOUNTS[role], password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`signing in as ${role}: ${response.status}`);
  return (await response.json()) as { access: string; refresh: string };
}

/** The first row of a list the user sees. */
async function first(origin: string, access: string, list: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}${list}`, { headers: { Authorization: `Bearer ${access}` } });
  const { results } = (await response.json()) as { results: Array<Record<string, unknown>> };
  if (!results?.length) throw new Error(`${list} has no rows`);
  return results[0];
}

/** The addresses of design §13 the role may open (as e2e/screens.ts lists them), with the ids of the first rows. */
async function screensOf(origin: string, role: Role): Promise<string[]> {
  const { access } = await signIn(origin, role);
  const staff = role !== 'dealer';
  const [product, order, news, claim] = await Promise.all([staff ? '/api/products/' : '/api/dp/', '/api/orders/', '/api/news/', '/api/claims/'].map((l) => first(origin, access, l)));
  const paths = ['/', '/catalog', `/catalog/products/${product.id}`, '/orders', `/orders/${order.id}`, '/orders/shipping', '/orders/deletion-requests',
    '/comms', `/comms/news/${news.id}`, '/comms/documents', '/admin/claims', `/admin/claims/${claim.id}`, `/admin/claims/new?order=${order.id}`, '/profile'];
  if (!staff) paths.push('/catalog/calculator', '/orders/cart', '/orders/quick');
  if (staff) {
    const [dealer, request, newsletter] = await Promise.all(['/api/dealers/', '/api/regreq/', '/api/newsletters/'].map((l) => first(origin, access, l)));
    paths.push('/catalog/products/new', `/catalog/products/${product.id}/edit`, '/catalog/stock', '/comms/newsletters/new', `/comms/newsletters/${newsletter.id}/edit`,
      '/dealers', `/dealers/${dealer.id}`, '/dealers/groups', '/dealers/registrations', `/dealers/registrations/${request.id}`);
  }
  if (role === 'admin') {
    const user = await first(origin, access, '/api/users/');
    paths.push('/admin/users', `/admin/users/${user.id}`, '/admin/settings', '/admin/releases', '/admin/audit');
  }
  return paths;
}

/** A signed-in page of `portal` as `role`, in the theme and at the size given, to draw one screen after another. */
async function signedInPage(browser: Browser, portal: RunningPortal, tokens: string, theme: (typeof THEMES)[number], viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU', reducedMotion: 'reduce', timezoneId: 'Europe/Moscow' });
  await context.addInitScript(({ stored, chosen }) => {
    if (sessionStorage.getItem('bench-signed-in')) return;
    sessionStorage.setItem('bench-signed-in', '1');
    localStorage.setItem('authTokens', stored);
    localStorage.setItem('uiPrefs', JSON.stringify({ theme: chosen }));
  }, { stored: tokens, chosen: theme });
  const page = await context.newPage();
  // The profile's theme replaces the browser's when it arrives: it says the one chosen here.
  await page.route('**/api/users/me/', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    return response.ok() ? route.fulfill({ response, json: { ...(await response.json()), theme } }) : route.fulfill({ response });
  });
  return { page, portal };
}

/** The screen at `address`, drawn and settled, as a PNG. */
async function picture({ page, portal }: { page: Page; portal: RunningPortal }, address: string) {
  await page.goto(portal.url + address, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await settle(page);
  return page.screenshot({ fullPage: false, animations: 'disabled', caret: 'hide' });
}

const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 600)));

/**
 * The comparison, run in a page's canvas: the share of pixels that differ, and a picture of the
 * difference (red where they differ, the rest faded). Source text, not a function: tsx would wrap a
 * function's inner functions in a helper the page does not have.
 */
const COMPARE = `async ([left, right]) => {
  const load = async (b64) => createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
  const [x, y] = await Promise.all([load(left), load(right)]);
  const w = Math.max(x.width, y.width), h = Math.max(x.height, y.height);
  const pixels = (img) => { const c = new OffscreenCanvas(w, h); const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, w, h).data; };
  const p = pixels(x), q = pixels(y);
  const out = new OffscreenCanvas(w, h), g = out.getContext('2d'), d = g.createImageData(w, h);
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    const changed = Math.abs(p[i] - q[i]) > 24 || Math.abs(p[i + 1] - q[i + 1]) > 24 || Math.abs(p[i + 2] - q[i + 2]) > 24;
    if (changed) differ += 1;
    d.data[i] = changed ? 255 : p[i] * 0.3 + 178; d.data[i + 1] = changed ? 0 : p[i + 1] * 0.3 + 178; d.data[i + 2] = changed ? 0 : p[i + 2] * 0.3 + 178; d.data[i + 3] = 255;
  }
  g.putImageData(d, 0, 0);
  const bytes = new Uint8Array(await (await out.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { share: differ / (w * h), diff: btoa(binary) };
}`;

async function compare(page: Page, a: Buffer, b: Buffer): Promise<{ share: number; diff: Buffer }> {
  const run = await page.evaluateHandle(`(${COMPARE})`);
  const { share, diff } = (await run.evaluate((fn, args) => (fn as unknown as (x: string[]) => Promise<{ share: number; diff: string }>)(args), [a.toString('base64'), b.toString('base64')])) as { share: number; diff: string };
  await run.dispose();
  return { share, diff: Buffer.from(diff, 'base64') };
}

(async () => {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
  const [before, after] = await Promise.all([startPortal({ dist: path.resolve(BEFORE) }), startPortal({ dist: path.resolve(AFTER) })]);
  const canvas = await (await browser.newContext()).newPage();
  const rows: string[] = [];
  console.log(`Screens, ${path.resolve(BEFORE)} → ${path.resolve(AFTER)}: the share of pixels that differ (light 1366, light 390, dark 1366, dark 390)`);
  try {
    for (const role of WHO) {
      const addresses = (await screensOf(after.url, role)).filter((a) => !ONLY || a === ONLY);
      const [beforeTokens, afterTokens] = await Promise.all([signIn(before.url, role), signIn(after.url, role)].map(async (t) => JSON.stringify(await t)));
      // The ids of the first rows are the same in both portals' demo data (the same seed, in order).
      const shares = new Map<string, string[]>(addresses.map((a) => [a, []]));
      for (const theme of THEMES) for (const viewport of VIEWPORTS) {
        const [a, b] = [await signedInPage(browser, before, beforeTokens, theme, viewport), await signedInPage(browser, after, afterTokens, theme, viewport)];
        for (const address of addresses) {
          const [x, y] = [await picture(a, address), await picture(b, address)];
          const { share, diff } = await compare(canvas, x, y);
          const name = `${role}${address.replace(/[^\w]+/g, '_')}-${theme}-${viewport.width}`;
          writeFileSync(path.join(OUT, `${name}.before.png`), x);
          writeFileSync(path.join(OUT, `${name}.after.png`), y);
          writeFileSync(path.join(OUT, `${name}.diff.png`), diff);
          rows.push(`<tr><td>${role} ${address} ${theme} ${viewport.width}</td><td>${(share * 100).toFixed(2)} %</td><td><img src="${name}.before.png"></td><td><img src="${name}.after.png"></td><td><img src="${name}.diff.png"></td></tr>`);
          shares.get(address)!.push(`${(share * 100).toFixed(2).padStart(6)} %`);
        }
        await Promise.all([a.page.context().close(), b.page.context().close()]);
      }
      for (const [address, of] of shares) console.log(`  ${role.padEnd(8)} ${address.padEnd(40)} ${of.join('  ')}`);
    }
  } finally {
    writeFileSync(path.join(OUT, 'index.html'), `<!doctype html><meta charset="utf-8"><style>img{width:320px}td{vertical-align:top}</style><table>${rows.join('\n')}</table>`);
    console.log(`pictures: ${path.join(OUT, 'index.html')}`);
    await browser.close();
    await Promise.all([before.stop(), after.stop()]);
  }
})().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
