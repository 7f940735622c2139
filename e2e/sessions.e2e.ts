// Issue 17 items 1 and 2 in Chromium: two tabs of one user whose access token has expired act at
// once and both stay signed in; signing out ends the session on the server too.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, expiredCopy, logIn, ACCOUNTS } from './fixtures';
import type { RunningPortal } from './portal-server';

interface Tokens {
  access: string;
  refresh: string;
}

/** The portal's JWT secret: JWT_SECRET, or the one it generated in its data folder. */
function secretOf(portal: RunningPortal): Uint8Array {
  const file = path.join(portal.dataDir, 'jwt-secret');
  const secret = existsSync(file) ? readFileSync(file, 'utf8').trim() : process.env.JWT_SECRET;
  if (!secret) throw new Error('the portal\'s JWT secret is neither in its data folder nor in JWT_SECRET');
  return new TextEncoder().encode(secret);
}

const storedTokens = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('authTokens') ?? 'null') as Tokens | null);

/** Two tabs of one browser context (one storage), signed in as `email`, both showing the cabinet. */
async function twoTabs(browser: Browser, email: string, init?: () => void): Promise<{ context: BrowserContext; tabs: [Page, Page] }> {
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  if (init) await context.addInitScript(init);
  const first = await context.newPage();
  await logIn(first, email);
  await expect(first.getByTestId('sidebar')).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('sidebar')).toBeVisible();
  return { context, tabs: [first, second] };
}

/** Both tabs act at once with an expired access token in storage; both must stay signed in. */
async function bothActAtOnce(portal: RunningPortal, context: BrowserContext, [first, second]: [Page, Page]) {
  const before = (await storedTokens(first))!;
  const expired = await expiredCopy(before.access, secretOf(portal));
  await first.evaluate(([access, refresh]) => localStorage.setItem('authTokens', JSON.stringify({ access, refresh })), [expired, before.refresh]);

  const refreshes: number[] = [];
  const unauthorized: string[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith('/api/token/refresh/')) refreshes.push(response.status());
    else if (response.url().includes('/api/') && response.status() === 401) unauthorized.push(response.url());
  });
  // Each tab reads the list of orders from the API at the same moment; each gets it.
  const listed = [first, second].map((tab) => tab.waitForResponse((r) => /\/api\/orders\/(\?|$)/.test(r.url()) && r.status() === 200));
  await Promise.all([first.goto('/orders'), second.goto('/orders')]);
  await Promise.all(listed);
  for (const tab of [first, second]) {
    await expect(tab.getByTestId('sidebar')).toBeVisible();
    await expect(tab.getByRole('heading', { name: 'Заказы', exact: true })).toBeVisible();
    await expect(tab).toHaveURL(/\/orders$/);
  }
  // The expired token was refused, and refreshed; every refresh succeeded.
  await expect.poll(() => refreshes.length).toBeGreaterThan(0);
  expect(unauthorized.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  const after = (await storedTokens(second))!;
  expect(after.access).not.toBe(expired);
  expect(after.refresh).not.toBe(before.refresh);
  // The session lives on in both tabs: a reload of each is still the cabinet, with the same tokens' session.
  await Promise.all([first.reload(), second.reload()]);
  for (const tab of [first, second]) await expect(tab.getByTestId('sidebar')).toBeVisible();
  const me = await second.request.get('/api/users/me/', { headers: { Authorization: `Bearer ${(await storedTokens(second))!.access}` } });
  expect(me.status()).toBe(200);
  return refreshes;
}

test('two tabs of one dealer, the access token expired, act at once: one refresh for both, both stay signed in', async ({ browser, portal }) => {
  const { context, tabs } = await twoTabs(browser, ACCOUNTS.dealer);
  try {
    const refreshes = await bothActAtOnce(portal, context, tabs);
    // The tabs agreed (the Web Locks API): one refreshed, the other took its tokens from storage.
    expect(refreshes).toEqual([200]);
  } finally {
    await context.close();
  }
});

test('without the Web Locks API both tabs refresh with the same token and the API\'s grace keeps both signed in', async ({ browser, portal }) => {
  const { context, tabs } = await twoTabs(browser, ACCOUNTS.manager, () => {
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
  });
  try {
    expect(await tabs[0].evaluate(() => navigator.locks)).toBeUndefined();
    await bothActAtOnce(portal, context, tabs);
  } finally {
    await context.close();
  }
});

test('signing out in one tab revokes the session\'s refresh token on the server', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await logIn(page, ACCOUNTS.admin);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const { refresh } = (await storedTokens(page))!;
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/token/logout/'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await loggedOut).status()).toBe(204);
    expect(await storedTokens(page)).toBeNull();
    const reuse = await page.request.post('/api/token/refresh/', { data: { refresh } });
    expect(reuse.status()).toBe(401);
  } finally {
    await context.close();
  }
});
