// A screen's data before its code (issue 31 item 3, design §3 "Data before code"): a reload of a
// cabinet screen asks for the user and the screen's first read from the page's inline script, before
// the portal's scripts arrive, and the screen takes those answers instead of asking again. An access
// token the server refuses there changes nothing the dealer sees: the client refreshes it and reads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request, Response } from '@playwright/test';
import { test, expect, expiredCopy, logIn, signIn, ACCOUNTS } from './fixtures';
import type { RunningPortal } from './portal-server';

/** The news screen's first read, as remotes/comms/src/menu.json names it for dealers. */
const NEWS = '/api/news/?page=1&page_size=10&ordering=-published_at';

/** The portal's JWT secret: JWT_SECRET, or the one it generated in its data folder. */
function secretOf(portal: RunningPortal): Uint8Array {
  const file = path.join(portal.dataDir, 'jwt-secret');
  const secret = existsSync(file) ? readFileSync(file, 'utf8').trim() : process.env.JWT_SECRET;
  if (!secret) throw new Error('the portal\'s JWT secret is neither in its data folder nor in JWT_SECRET');
  return new TextEncoder().encode(secret);
}

const pathOf = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

/** Every API request of the page from now on: by whom (`fetch`: the inline script; `xhr`: the client), and its answer's status. */
function watch(page: Page) {
  const asked: Array<{ url: string; by: string; status?: number }> = [];
  const seen = new Map<Request, (typeof asked)[number]>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const entry = { url: pathOf(request.url()), by: request.resourceType() };
    seen.set(request, entry);
    asked.push(entry);
  });
  page.on('response', (response: Response) => {
    const entry = seen.get(response.request());
    if (entry) entry.status = response.status();
  });
  return {
    of: (url: string) => asked.filter((a) => a.url === url).map(({ by, status }) => `${by} ${status ?? '…'}`),
    all: asked,
  };
}

/** The title of the newest news item the dealer sees, read from the API with the page's token. */
async function newestNews(page: Page): Promise<string> {
  const { access } = await page.evaluate(() => JSON.parse(localStorage.getItem('authTokens')!) as { access: string });
  const answer = await page.request.get(NEWS, { headers: { Authorization: `Bearer ${access}` } });
  expect(answer.status()).toBe(200);
  const { results } = (await answer.json()) as { results: Array<{ title: string }> };
  expect(results.length).toBeGreaterThan(0);
  return results[0].title;
}

test('a dealer\'s reload of /comms asks for the news and the user once each, from the page, and draws them', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer, '/comms');
  const title = await newestNews(page);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  const requests = watch(page);
  await page.reload();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toContainText('Новости');
  // The screen's first read and the user: asked once, by the inline script (fetch), taken by the client.
  await expect.poll(() => requests.of(NEWS)).toEqual(['fetch 200']);
  expect(requests.of('/api/users/me/')).toEqual(['fetch 200']);
  expect(requests.all.filter((a) => a.url.startsWith('/api/news/'))).toHaveLength(1);
  // The page left nothing it asked for untaken.
  expect(await page.evaluate(() => Object.keys(window.__portalPreload?.answers ?? {}))).toEqual([]);
});

test('signing in on /login asks the home\'s widgets and the user from the page while the cabinet\'s code arrives, and the home takes those answers', async ({ page }) => {
  const requests = watch(page);
  await logIn(page, ACCOUNTS.dealer);
  await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('home-widgets').getByTestId('widget-count').first()).toBeVisible();
  // Each widget's first five, asked once, by the page's read-ahead (fetch), none again by the client.
  const widgets = requests.all.filter((a) => a.url.includes('page_size=5'));
  expect(widgets.length).toBeGreaterThanOrEqual(3);
  expect(widgets.filter((a) => a.by !== 'fetch')).toEqual([]);
  expect(new Set(widgets.map((a) => a.url)).size).toBe(widgets.length);
  expect(await page.evaluate(() => Object.keys(window.__portalPreload?.answers ?? {}))).toEqual([]);
});

test('a dealer\'s home, catalogue, orders and claims: each read the page asked ahead is the one its screen makes, and is taken', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  for (const [address, heading] of [['/', /Здравствуйте/], ['/catalog', 'Каталог'], ['/orders', 'Заказы'], ['/admin/claims', 'Претензии']] as const) {
    const requests = watch(page);
    await page.goto(address);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    // Asked ahead: the user and at least the screen's first read; every one of them taken by the client
    // (a preload the screen no longer asks just so would stay untaken, and be asked again by XHR).
    const ahead = requests.all.filter((a) => a.by === 'fetch' && a.url !== '/api/remotes/registry/').map((a) => a.url);
    expect([address, ahead.includes('/api/users/me/') && ahead.length >= 2]).toEqual([address, true]);
    await expect.poll(() => page.evaluate(() => Object.keys(window.__portalPreload?.answers ?? {})), { message: address }).toEqual([]);
    expect([address, requests.all.filter((a) => a.by === 'xhr' && ahead.includes(a.url)).map((a) => a.url)]).toEqual([address, []]);
  }
});

test.describe(() => {
  // The browser's clock is the context's: this story's own, so that the worker's next stories keep the true time.
  test.use({ freshContext: true });

  test('an access token the server refuses (expired; the phone\'s clock is behind): the preload\'s 401 is dropped, the client refreshes once and the dealer sees the news', async ({ page, portal }) => {
    await signIn(page, ACCOUNTS.dealer, '/comms');
    const title = await newestNews(page);
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

    // The token expired a minute ago by the server's clock; the browser's runs ten minutes behind, so
    // to the page the token still looks good and it asks ahead with it.
    const { access, refresh } = await page.evaluate(() => JSON.parse(localStorage.getItem('authTokens')!) as { access: string; refresh: string });
    const expired = await expiredCopy(access, secretOf(portal));
    await page.evaluate((tokens) => localStorage.setItem('authTokens', tokens), JSON.stringify({ access: expired, refresh }));
    await page.clock.setSystemTime(new Date(Date.now() - 10 * 60_000));

    const requests = watch(page);
    await page.reload();
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toContainText('Новости');
    // The page's early answers were refusals; the client asked again (with the refused token, or with
    // the new one if the refresh came first), refreshed once for the page, and read.
    const dropped = /^fetch 401,(xhr 401,)?xhr 200$/;
    await expect.poll(() => requests.of(NEWS).join()).toMatch(dropped);
    await expect.poll(() => requests.of('/api/users/me/').join()).toMatch(dropped);
    expect(requests.of('/api/token/refresh/')).toEqual(['xhr 200']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authTokens')!) as { access: string });
    expect(stored.access).not.toBe(expired);
  });
});

/** The host's scripts and sheets (/static/…) the page has fetched so far, by path, and how many times each. */
const hostFiles = (page: Page) => page.evaluate(() => {
  const count: Record<string, number> = {};
  for (const entry of performance.getEntriesByType('resource')) {
    const { pathname } = new URL(entry.name);
    if (/^\/static\/.+\.(js|css)$/.test(pathname)) count[pathname] = (count[pathname] ?? 0) + 1;
  }
  return count;
});

/** The portal's scripts and sheets (the host's /static/… and the releases' /remotes/…) the page has fetched so far, by path, and how many times each. */
const codeFiles = (page: Page) => page.evaluate(() => {
  const count: Record<string, number> = {};
  for (const entry of performance.getEntriesByType('resource')) {
    const { pathname } = new URL(entry.name);
    if (/^\/(static|remotes)\/.+\.(js|css)$/.test(pathname)) count[pathname] = (count[pathname] ?? 0) + 1;
  }
  return count;
});

test.describe(() => {
  // A cold cache each: which files the browser fetches is the point.
  test.use({ freshContext: true });

  test('a signed-in page load preloads, from its first bytes, exactly the host\'s code and sheets its home then runs, each fetched once; /login preloads nothing', async ({ page, browser, baseURL }) => {
    // The same load without the build's list: what the home fetches when each level asks for the next.
    const plain = await browser.newContext({ locale: 'ru-RU' });
    const plainPage = await plain.newPage();
    await plainPage.route('/', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: (await answer.text()).replace(/(id="portal-startup-files">)[^<]*/, '$1{}') });
    });
    await signIn(plainPage, ACCOUNTS.dealer, '/', baseURL);
    await expect(plainPage.getByRole('heading', { name: /Здравствуйте/ })).toBeVisible();
    await expect(plainPage.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
    const needed = Object.keys(await hostFiles(plainPage)).filter((file) => !/^\/static\/main\./.test(file));
    expect(await plainPage.locator('link[rel="preload"]').count()).toBe(0);
    await plain.close();

    await signIn(page, ACCOUNTS.dealer);
    await expect(page.getByRole('heading', { name: /Здравствуйте/ })).toBeVisible();
    await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
    const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    // Nothing the home does not use (a preload nobody takes costs a phone its bandwidth), nothing it
    // needs left to a later level (main.js is the page's own script tag).
    expect([...preloaded].sort()).toEqual([...needed].sort());
    const fetched = await hostFiles(page);
    expect(Object.entries(fetched).filter(([, times]) => times > 1)).toEqual([]);
    expect(Object.keys(fetched).filter((file) => !/^\/static\/main\./.test(file)).sort()).toEqual([...needed].sort());

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    expect(await page.locator('link[rel="preload"]').count()).toBe(0);
  });

  test('a signed-in load of a remote\'s screen preloads the remote\'s entry, its exposed module and antd\'s context with the host\'s code: each a file the screen runs, fetched once', async ({ page, browser, baseURL }) => {
    // What /catalog fetches with no preload at all (neither the build's list nor the server's links).
    const plain = await browser.newContext({ locale: 'ru-RU' });
    const plainPage = await plain.newPage();
    await plainPage.route('/catalog', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.text()).replace(/(id="portal-startup-files">)[^<]*/, '$1{}').replace(/<link rel="preload"[^>]*>/g, '');
      await route.fulfill({ response: answer, body });
    });
    await signIn(plainPage, ACCOUNTS.dealer, '/catalog', baseURL);
    await expect(plainPage.getByRole('heading', { name: 'Каталог', exact: true })).toBeVisible();
    await expect(plainPage.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    const used = await codeFiles(plainPage);
    expect(await plainPage.locator('link[rel="preload"]').count()).toBe(0);
    await plain.close();

    await signIn(page, ACCOUNTS.dealer, '/catalog');
    await expect(page.getByRole('heading', { name: 'Каталог', exact: true })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    // Every file preloaded is one the screen runs anyway: nothing a phone pays for in vain.
    expect(preloaded.filter((file) => !(file in used))).toEqual([]);
    // Among them the remote's entry and exposed module (the server's links), and antd's context (the build's list).
    expect(preloaded.filter((file) => /^\/remotes\/catalog\/[^/]+\/(remoteEntry|__federation_expose_module[^/]*)\.js$/.test(file))).toHaveLength(2);
    expect(preloaded.some((file) => /^\/static\/antd-scope\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    const fetched = await codeFiles(page);
    expect(Object.entries(fetched).filter(([, times]) => times > 1)).toEqual([]);
  });
});
