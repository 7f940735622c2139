import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { decodeJwt, SignJWT } from 'jose';
import { isValidTaxId } from '../shared/src/tax-id';
import { ACCOUNTS, DEMO_PASSWORD, startPortal, type RunningPortal } from './portal-server';

/**
 * A browser context a worker keeps for all its tests, and the page that keeps its renderer alive.
 *
 * A context of its own for every test cost each story a new renderer that compiled the portal's
 * JavaScript anew (about 1.8 s of CPU before the first screen, a third of end to end). A kept context
 * whose renderer stays (a blank page of the portal's origin, and Chromium's
 * `--renderer-process-limit=1` in playwright.config.ts, so a new tab joins that renderer) draws the
 * next story's first screen from the code it already compiled. Every story still starts with its
 * own tabs and nothing stored: when it ends its tabs close and everything its pages stored is
 * cleared (`reset`); only the browser's caches of the portal's files stay, as a returning user's do.
 */
interface Kept {
  context: BrowserContext;
  keeper: Page;
  /** The origins the running story's pages opened: their storage is cleared when it ends. */
  origins: Set<string>;
}

/** The worker's kept contexts: [0] is the story's own (`context`, `page`), the others `signedIn`'s. */
const kept: Kept[] = [];
/** How many of kept[1..] the running story took for `signedIn`. */
let taken = 0;
let portalOrigin = '';

async function keepContext(browser: Browser): Promise<Kept> {
  // The same user preferences as the config's own pages (reduced motion: no popup caught mid-zoom).
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  const origins = new Set<string>();
  context.on('page', (page) => page.on('framenavigated', (frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith('http')) origins.add(origin);
  }));
  const keeper = await context.newPage();
  await keeper.goto(`${portalOrigin}/api/health/`);
  origins.clear();
  return { context, keeper, origins };
}

/**
 * The story's tabs closed and its storage cleared: cookies, local storage, IndexedDB, service
 * workers of every origin its pages opened. The language and theme its signed-in users' profiles
 * were left with are put back first (interfaceAsFound).
 */
async function reset({ context, keeper, origins }: Kept) {
  const pages = context.pages().filter((page) => page !== keeper);
  await interfaceAsFound(context, pages);
  await Promise.all(pages.map((page) => page.close()));
  const cdp = await context.newCDPSession(keeper);
  for (const origin of [portalOrigin, ...origins]) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  await context.clearCookies();
  origins.clear();
}

/**
 * One server per worker on the built portal; tests that change files start their own. Stories run
 * in the worker's kept contexts unless they ask for a fresh one (`freshContext`: a story that watches
 * which files the browser requests, which the kept renderer may already hold).
 */
export const test = base.extend<{ baseURL: string; freshContext: boolean; asFound: void }, { portal: RunningPortal; keptContexts: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
  portal: [async ({}, use) => {
    const portal = await startPortal();
    await use(portal);
    await portal.stop();
  }, { scope: 'worker', timeout: 90_000 }],
  keptContexts: [async ({ browser, portal }, use) => {
    portalOrigin = portal.url;
    kept.push(await keepContext(browser));
    await use();
    await Promise.all(kept.splice(0).map(({ context }) => context.close()));
  }, { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal.url),
  freshContext: [false, { option: true }],
  context: async ({ browser, freshContext, keptContexts }, use) => {
    void keptContexts;
    if (!freshContext) return use(kept[0].context);
    const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
    await use(context);
    await interfaceAsFound(context, context.pages());
    await context.close();
  },
  page: async ({ context, viewport }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
  },
  asFound: [async ({ context, freshContext }, use) => {
    void context;
    await use();
    const used = kept.slice(freshContext ? 1 : 0, 1 + taken);
    taken = 0;
    await Promise.all(used.map(reset));
  }, { auto: true }],
});

/**
 * The interface's language and theme are kept in the user's profile on the server (design §6) and a
 * sign-in puts them in place: a test that changed them (the user menu, the profile) leaves the
 * demo account of each of its signed-in pages in Russian and the light theme, as the next test of
 * its worker expects. Best effort: a page signed out, elsewhere or closed is left alone.
 */
async function interfaceAsFound(context: BrowserContext, pages: Page[]) {
  for (const page of pages) {
    try {
      const access = await page.evaluate(() => (JSON.parse(localStorage.getItem('authTokens') ?? '{}') as { access?: string }).access ?? '');
      if (access) await context.request.put(new URL('/api/users/me/', page.url()).href, { data: { language: 'ru', theme: 'default' }, headers: { Authorization: `Bearer ${access}` } });
      return;
    } catch {
      // The next page, if any.
    }
  }
}

export { expect, ACCOUNTS };

/** The same claims as `access`, expired a minute ago, signed as the API signs with `secret`. */
export async function expiredCopy(access: string, secret: Uint8Array): Promise<string> {
  const claims = decodeJwt(access);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 360, exp: now - 60 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** Puts an expired copy of the page's access token in its storage: its next call to the API is refused and the page refreshes. */
export async function expireAccessToken(page: Page, secret: Uint8Array) {
  const { access, refresh } = await page.evaluate(() => JSON.parse(localStorage.getItem('authTokens')!) as { access: string; refresh: string });
  const expired = await expiredCopy(access, secret);
  await page.evaluate((tokens) => localStorage.setItem('authTokens', tokens), JSON.stringify({ access: expired, refresh }));
}

/**
 * Points `name` at another build's manifest for the user signed in on `page`: through the API with
 * the page's token (never by a link), as the admin screen or a script would. The portal must run
 * with REMOTE_OVERRIDES=on.
 */
export async function setOverride(page: Page, name: string, manifest: string) {
  const status = await page.evaluate(async (body) => {
    const { access } = JSON.parse(localStorage.getItem('authTokens')!);
    const res = await fetch('/api/remotes/overrides/', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body: JSON.stringify(body) });
    return res.status;
  }, { name, manifest });
  expect(status).toBeLessThan(300);
}

/**
 * Logs in through the login screen; `origin` picks a server other than the worker's. For the stories
 * about signing in (the form, sessions, the page's policy on the way in); the others `signIn`.
 */
export async function logIn(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await page.getByLabel('Эл. почта').fill(email);
  // Sent with Enter, as from the keyboard: a click would leave the pointer where «Войти» was, over
  // whatever the cabinet draws there next, and a link under it takes its hover colour (axe then
  // judges a colour half way through its transition).
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByLabel('Пароль').press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}

let signIns = 0;

/**
 * Signs `page` in as `email` through the API (POST /api/token/, as the login screen does) and opens
 * `path` (the home by default) with the tokens already in its storage: for the stories that are not
 * about signing in, which need not wait on the login screen. Each call is a sign-in of its own (a
 * session the story may end, or a password it may change, without touching another story's).
 * `origin` picks a server other than the worker's.
 */
export async function signIn(page: Page, email: string, path = '/', origin = '') {
  const { access, refresh, url } = await tokensOf(page.request, email, origin);
  const target = new URL(`${origin}${path}`, url);
  // Stored as the page's own sign-in stores them, before its scripts run, once: the tab's session
  // storage remembers it, so a reload or a later sign-out in the story is left as it is.
  signIns += 1;
  await page.addInitScript(({ origin: portal, tokens, mark }) => {
    if (window.location.origin !== portal || sessionStorage.getItem(mark)) return;
    sessionStorage.setItem(mark, '1');
    localStorage.setItem('authTokens', tokens);
  }, { origin: target.origin, tokens: JSON.stringify({ access, refresh }), mark: `e2e-sign-in-${process.pid}-${signIns}` });
  await page.goto(target.href);
}

/** POST /api/token/ as `email`: the pair the login screen would store, and the address it was asked at. */
async function tokensOf(request: APIRequestContext, email: string, origin = '') {
  const response = await request.post(`${origin}/api/token/`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `signing ${email} in: ${await response.text()}`).toBe(200);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  return { access, refresh, url: response.url() };
}

/**
 * A page of a browser context of its own (its own storage: one of the worker's kept contexts), signed in as `email` (through the API), the
 * cabinet drawn on `path` (the home by default), in `theme` if one is given (see useTheme).
 */
export async function signedIn(browser: Browser, email: string, { path = '/', theme }: { path?: string; theme?: 'default' | 'dark' } = {}): Promise<Page> {
  taken += 1;
  if (kept.length <= taken) kept.push(await keepContext(browser));
  const page = await kept[taken].context.newPage();
  if (theme) await useTheme(page, theme);
  await signIn(page, email, path);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  return page;
}

/** Follows `path` in the page as a link in the cabinet would: the router, no new document. */
export async function followInPage(page: Page, path: string) {
  await page.evaluate((to) => { window.history.pushState({}, '', to); window.dispatchEvent(new PopStateEvent('popstate')); }, path);
}

/** A user signed in through the API alone, for a story that only prepares or checks data as them: no page drawn. */
export interface ApiUser {
  request: APIRequestContext;
  access: string;
}

/** Signs `email` in through the API for `callApi`, without a page (the cabinet is not drawn for nothing). */
export async function apiUser(request: APIRequestContext, email: string): Promise<ApiUser> {
  return { request, access: (await tokensOf(request, email)).access };
}

/**
 * axe-core as e2e/package.json declares it (4.14), not the older copy @axe-core/playwright carries
 * (4.11), which this file no longer uses: only the newer one compares an accessible name with the visible words word by word (after
 * NFKD, «№2026-000021» is the one word «No2026», not «2026»).
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The time one axe-core analysis is given, on top of the test's own. */
const AXE_RUN_MS = 20_000;

/** The WCAG 2.1 A and AA rules of axe-core (design §10, issue 6 item 8). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What the page's copy of axe-core is, to this file. */
type PageAxe = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now and fails with a readable list of
 * every violation: the rule, what it means, and the elements with axe's summary of the fix.
 *
 * axe-core runs in the page itself (`axe.run`, as @axe-core/playwright's legacy mode runs it),
 * brought into each of its frames once per document: the walk of every screen moves through one
 * document and so brings it once. @axe-core/playwright's own way (`runPartial` in each frame, then
 * a page of its own opened to put the results together) judged the same rules in about five times
 * the time; the portal has no frame of another origin, which is what that way is for.
 */
export async function expectNoViolations(page: Page, where = page.url()) {
  // A step of its own: the run's report gives each analysis its time (npm test's profile).
  await test.step(`axe: ${where}`, () => judge(page, where), { box: true });
}

async function judge(page: Page, where: string) {
  // Each analysis takes seconds of CPU on this machine (more with two workers): a walk over many
  // screens gets time for each of them, rather than one fixed budget that a longer walk outgrows.
  test.info().setTimeout(test.info().timeout + AXE_RUN_MS);
  // A popup still fading in has its text half transparent: judge the contrast once motion ends.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  // Only the violations are asked for in full: the rules that passed are not reported node by node.
  const violations = await page.evaluate(async (tags) => {
    const results = await (window as unknown as PageAxe).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  }, WCAG_TAGS);
  const report = violations.map((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`),
  ].join('\n'));
  expect(report.length, `axe-core found violations on ${where}:\n${report.join('\n')}`).toBe(0);
}

/** Sets the UI theme the cabinet starts with (the stored UI preferences of spec §2), which the user's profile then says too. */
export async function useTheme(page: Page, theme: 'default' | 'dark') {
  await page.addInitScript((value) => {
    const prefs = JSON.parse(localStorage.getItem('uiPrefs') ?? '{}');
    localStorage.setItem('uiPrefs', JSON.stringify({ ...prefs, theme: value }));
  }, theme);
  await profileSays(page, { theme });
}

const saying = new WeakMap<Page, Record<string, string>>();

/**
 * What the user's profile (GET /api/users/me/) says on this page, in part: its language and theme
 * replace the browser's when it arrives (design §6), so a test that sets them in the browser only
 * has the profile agree, rather than changing the demo account that other tests share.
 */
export async function profileSays(page: Page, fields: { language?: 'ru' | 'en'; theme?: 'default' | 'dark' }) {
  const before = saying.get(page);
  saying.set(page, { ...before, ...fields });
  if (before) return;
  await page.route('**/api/users/me/', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    return route.fulfill({ response, json: { ...(await response.json()), ...saying.get(page) } });
  });
}

/**
 * Calls the API as the user signed in on `page` (with the access token the page holds) or as an
 * `apiUser`: a story checks or prepares data without logging in again.
 */
export async function callApi<T>(who: Page | ApiUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const access = 'access' in who ? who.access
    : await who.evaluate(() => (JSON.parse(localStorage.getItem('authTokens') ?? '{}') as { access?: string }).access ?? '');
  const response = await who.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${access}` } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let made = 0;

/**
 * A product of the story's own, sold and with `stock` units on a warehouse, made by staff through
 * the API: stories running at once reserve and release stock, so one that counts units counts its own.
 */
export async function ownProduct(staff: Page | ApiUser, { price = '2500.00', stock = 50 } = {}) {
  made += 1;
  const sku = `E2E-OWN-${process.pid}-${Date.now()}-${made}`;
  const product = await callApi<{ id: number; sku: string; name: string; category: string }>(staff, 'POST', '/api/products/', {
    sku, name: `Товар для проверки ${sku}`, category: 'Товары для проверки', unit: 'шт', price, description: '', is_active: true,
  });
  await callApi(staff, 'POST', '/api/storeitem/create/', { product: product.id, warehouse: 'Склад проверок', quantity: stock });
  return product;
}

/** A company INN of the run's own: nine random digits and the check digit that makes them valid. */
export function freshTaxId(): string {
  const body = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('');
  return [...Array(10).keys()].map((last) => `${body}${last}`).find(isValidTaxId)!;
}

/** The mails the portal left for `to` in its outbox (DATA_DIR/outbox/*.eml), oldest first: subject and text, decoded. */
export function mailsTo(dataDir: string, to: string): Array<{ subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  const bytes = (qp: string) => Buffer.from(qp.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => file.endsWith('.eml')).sort().flatMap((name) => {
    const [folded, ...body] = readFileSync(path.join(dir, name), 'utf8').split(/\r?\n\r?\n/);
    const head = folded.replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(head)) return [];
    // Encoded words (RFC 2047) in the subject, quoted-printable in the text.
    const subject = (/^Subject: (.*)$/mi.exec(head)?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) => (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : bytes(text.replace(/_/g, ' '))));
    return [{ subject, text: bytes(body.join('\n\n').replace(/=\r?\n/g, '')) }];
  });
}

/** The set-password link of the last mail the portal left for `to` in its outbox (DATA_DIR/outbox/*.eml), or null. */
export function mailedLink(dataDir: string, to: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  let found: string | null = null;
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.eml')).sort()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    if (!raw.includes(to)) continue;
    // Quoted-printable: soft line breaks joined, escapes decoded (the link is ASCII).
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    found = /https?:\/\/[^\s"<>]+\/restore\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? found;
  }
  return found;
}

/** Chooses `option` in a list's filter: the browser's select named `label`, whose options read «label: option» (shared/src/ui/resource-list.tsx). */
export async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: `${label}: ${option}` });
}

/** What a list's filter shows chosen («Статус: Новый»). */
export async function expectFilter(page: Page, label: string, shown: string) {
  await expect(page.getByRole('combobox', { name: label, exact: true }).locator('option:checked')).toHaveText(shown);
}
