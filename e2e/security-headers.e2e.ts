// The portal under its Content-Security-Policy (issue 9 item 1): Chromium reports no violation on the
// visitor screens and on a walk through the cabinet as a dealer and as staff, in the light and the
// dark theme (antd's run-time styles, the host's own <style> elements, a dialog's scroll lock and
// the remotes' scripts all pass), and script or style injected into the page is refused.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, logIn, setOverride, ACCOUNTS, callApi, followInPage, useTheme } from './fixtures';
import { startPortal } from './portal-server';

interface Violation { directive: string; blocked: string; sample: string; source: string; line: number }

declare global {
  interface Window { reportCspViolation?: (violation: Violation) => void; injectedRan?: boolean }
}

/**
 * A page of its own context whose every document reports each `securitypolicyviolation` from its
 * very start (an init script runs before the page's own), and whose console's CSP complaints are
 * kept too; `violations` holds both.
 */
async function watchedPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (v: Violation) => {
    violations.push(`${v.directive} refused ${v.blocked || 'inline'} at ${v.source}:${v.line} ${v.sample}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation?.({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, source: e.sourceFile, line: e.lineNumber });
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { context, page, violations };
}

/** Opens `path` (on `origin`, the worker's portal when empty) and waits until its heading (or any, when not named) is shown and the page has nothing more to load. */
async function visit(page: Page, path: string, heading?: string | RegExp, origin = '') {
  await page.goto(`${origin}${path}`);
  await drawn(page, heading);
  await page.waitForLoadState('networkidle');
}

/**
 * Follows `path` in the page, as a link in the cabinet would (the router, no new document): the
 * screen's remote, its chunks and its styles arrive under the policy the document came with.
 */
async function follow(page: Page, path: string, heading?: string | RegExp) {
  await followInPage(page, path);
  await drawn(page, heading);
}

/** The screen's heading (or any, when not named) shown and nothing left loading. */
async function drawn(page: Page, heading?: string | RegExp) {
  await expect(page.getByRole('heading', heading === undefined ? {} : { name: heading }).first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .pulse-spinner, [aria-busy="true"]')).toHaveCount(0);
}

/** Violations arrive as events a moment after the fact: give them that moment before judging. */
async function expectNoCspViolations(page: Page, violations: string[], where: string) {
  await page.evaluate(() => new Promise((resolve) => { setTimeout(resolve, 300); }));
  expect(violations, `CSP violations on ${where}`).toEqual([]);
}

async function withWatchedPage(browser: Browser, run: (page: Page, violations: string[], context: BrowserContext) => Promise<void>) {
  const { context, page, violations } = await watchedPage(browser);
  try {
    await run(page, violations, context);
  } finally {
    await context.close();
  }
}

test('the page carries its policy: a nonce, the portal\'s own origin, no framing, no referrer', async ({ page }) => {
  const answer = await page.goto('/login');
  const headers = answer!.headers();
  const policy = headers['content-security-policy'];
  expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]+'; style-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("base-uri 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(headers).toMatchObject({ 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cache-control': 'no-store' });
  // The nonce in the page is the one its policy names, and a reload gets another.
  const nonce = /'nonce-([^']+)'/.exec(policy)![1];
  expect(await page.locator('meta[property="csp-nonce"]').evaluate((meta: HTMLMetaElement) => meta.nonce)).toBe(nonce);
  const again = (await page.reload())!.headers()['content-security-policy'];
  expect(/'nonce-([^']+)'/.exec(again)![1]).not.toBe(nonce);
});

test('the visitor screens run under the policy with no violation', async ({ browser }) => {
  await withWatchedPage(browser, async (page, violations) => {
    await visit(page, '/login', 'Вход');
    // The card painted by index.html is taken over by the login screen: what was typed stays.
    await page.getByLabel('Эл. почта').fill('nobody@example.test');
    await page.getByLabel('Пароль').press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await visit(page, '/register', 'Заявка на регистрацию');
    await visit(page, '/restore/0123456789abcdef0123456789abcdef', 'Новый пароль');
    await visit(page, '/404', 'Страница не найдена');
    await expectNoCspViolations(page, violations, 'the visitor screens');
  });
});

for (const theme of ['default', 'dark'] as const) {
  test(`a dealer's walk through the cabinet in the ${theme} theme reports no violation`, async ({ browser }) => {
    await withWatchedPage(browser, async (page, violations) => {
      await useTheme(page, theme);
      await logIn(page, ACCOUNTS.dealer);
      await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-menu-header')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Панель сведений' }).click();
      await expect(page.getByTestId('aside')).toBeVisible();
      await expectNoCspViolations(page, violations, `home (dealer, ${theme})`);

      await follow(page, '/catalog', 'Каталог');
      await follow(page, '/orders', 'Заказы');
      const { results } = await callApi<{ results: Array<{ id: number }> }>(page, 'GET', '/api/orders/?page_size=1');
      await follow(page, `/orders/${results[0].id}`, /Заказ/);
      await follow(page, '/orders/cart', 'Корзина');
      await follow(page, '/comms', 'Новости');
      await follow(page, '/comms/documents', 'Документы');
      await follow(page, '/admin/claims', 'Претензии');
      await follow(page, '/contract', 'Дилерский договор');
      await expectNoCspViolations(page, violations, `the dealer's screens (${theme})`);
    });
  });

  test(`staff's walk through the cabinet, a dialog opened, in the ${theme} theme reports no violation`, async ({ browser }) => {
    await withWatchedPage(browser, async (page, violations) => {
      await useTheme(page, theme);
      await logIn(page, ACCOUNTS.admin);
      await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
      await follow(page, '/catalog', 'Каталог');
      await follow(page, '/catalog/stock', 'Склад');
      await follow(page, '/orders', 'Заказы');
      await follow(page, '/comms', 'Рассылки и новости');
      await follow(page, '/dealers', 'Дилеры');
      await follow(page, '/admin/users', 'Пользователи');
      await follow(page, '/admin/settings', 'Настройки');
      // A form with an autosize TextArea, whose hidden measuring copy antd styles at run time.
      await follow(page, '/catalog/products/new', 'Новый товар');
      await page.getByRole('textbox').last().fill('Описание\nв две строки');
      await expect(page.locator('textarea[aria-hidden="true"]')).toBeHidden();
      await expectNoCspViolations(page, violations, `the staff's screens (${theme})`);

      // A dialog locks the page's scrolling with a <style> of rc-component's own, which must carry the nonce.
      const { results } = await callApi<{ results: Array<{ id: number }> }>(page, 'GET', `/api/users/?search=${encodeURIComponent(ACCOUNTS.manager)}`);
      await follow(page, `/admin/users/${results[0].id}`);
      await page.getByRole('button', { name: 'Отправить ссылку для входа' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      await expectNoCspViolations(page, violations, `a dialog (staff, ${theme})`);
    });
  });
}

test('script and style injected into the page are refused and reported', async ({ browser }) => {
  await withWatchedPage(browser, async (page, violations) => {
    await logIn(page, ACCOUNTS.dealer);
    await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
    await expectNoCspViolations(page, violations, 'home before the injection');

    // What an HTML injection would bring: an inline script, an inline handler, a foreign script, a style.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true; localStorage.setItem("stolen", localStorage.getItem("authTokens"));';
      document.body.appendChild(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:," onerror="window.injectedRan = true" onload="window.injectedRan = true">';
      document.body.appendChild(holder);
      const foreign = document.createElement('script');
      foreign.src = 'https://attacker.example/steal.js';
      document.body.appendChild(foreign);
      const style = document.createElement('style');
      style.textContent = 'body { background: rgb(255, 0, 0) !important; }';
      document.head.appendChild(style);
    });
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(4);
    expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('stolen'))).toBeNull();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
    expect(violations.filter((v) => !v.startsWith('console:'))).toEqual(expect.arrayContaining([
      expect.stringMatching(/^script-src-elem refused inline/),
      expect.stringMatching(/^script-src-attr refused inline/),
      expect.stringMatching(/^script-src-elem refused https:\/\/attacker\.example\/steal\.js/),
      expect.stringMatching(/^style-src-elem refused inline/),
    ]));
  });
});

test('a staff user\'s local override loads comms from another origin under a policy naming it, with a banner, in that browser only', async ({ browser }) => {
  const portal = await startPortal({ env: { REMOTE_OVERRIDES: 'on' } });
  // Another server on another port (another origin) serves a comms build, as `portal-remote dev` would; it lets the portal read its manifest.
  const cdn = await startPortal({ env: { CORS_ORIGINS: portal.url } });
  try {
    // The other server's live comms release, as its own page carries it.
    const html = await (await fetch(`${cdn.url}/`)).text();
    const carried = JSON.parse(/<script type="application\/json" id="portal-registry"[^>]*>([^<]*)<\/script>/.exec(html)![1]) as { remotes: Array<{ name: string; entry: string }> };
    const manifest = new URL(carried.remotes.find((r) => r.name === 'comms')!.entry, cdn.url).href;
    await withWatchedPage(browser, async (page, violations) => {
      const fromCdn: string[] = [];
      page.on('requestfinished', (request) => { if (request.url().startsWith(`${cdn.url}/remotes/comms/`)) fromCdn.push(request.url()); });
      await logIn(page, ACCOUNTS.manager, portal.url);
      await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
      await setOverride(page, 'comms', manifest);
      const answer = await page.goto(`${portal.url}/comms`);
      expect(answer!.headers()['content-security-policy']).toContain(`script-src 'self' ${cdn.url} 'nonce-`);
      await expect(page.getByTestId('override-banner')).toContainText('Подменён раздел: comms');
      await expect(page.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Its manifest, its remoteEntry.js and its screens' chunks all came from the other origin.
      expect(fromCdn.some((url) => url.includes('/mf-manifest.json'))).toBe(true);
      expect(fromCdn.some((url) => url.includes('/remoteEntry.js'))).toBe(true);
      expect(fromCdn.filter((url) => /\.[0-9a-f]{8}\.js$/.test(url)).length).toBeGreaterThan(0);
      await expectNoCspViolations(page, violations, 'comms from another origin');

      // Another browser of another user is untouched.
      const other = await browser.newContext({ locale: 'ru-RU' });
      const otherPage = await other.newPage();
      await logIn(otherPage, ACCOUNTS.admin, portal.url);
      const plain = await otherPage.goto(`${portal.url}/comms`);
      expect(plain!.headers()['content-security-policy']).not.toContain(cdn.url);
      await expect(otherPage.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
      await expect(otherPage.getByTestId('override-banner')).toHaveCount(0);
      await other.close();

      // The banner ends it.
      await page.getByTestId('override-banner').getByRole('button', { name: 'Вернуть текущий релиз' }).click();
      await expect(page.getByTestId('override-banner')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
    });
  } finally {
    await Promise.all([portal.stop(), cdn.stop()]);
  }
});
