import type { Page } from '@playwright/test';
import { test, expect, logIn, signIn, useTheme, ACCOUNTS } from './fixtures';

test('a dealer logs in, reads the news from the comms remote, logs out and leaves no tokens or cart', async ({ page }) => {
  const news = page.waitForResponse((r) => r.url().includes('/api/news/') && r.status() === 200);
  await logIn(page, ACCOUNTS.dealer);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Новости' }).click();
  await expect(page).toHaveURL(/\/comms$/);
  await news;
  const list = page.getByTestId('news-list');
  await expect(list.getByTestId('news-card').first()).toBeVisible();
  // The comms screen was served by the remote's own files.
  const remoteScripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/remotes/comms/')));
  expect(remoteScripts.length).toBeGreaterThan(0);

  await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ product: 1, sku: 'X', name: 'X', price: '1.00', quantity: 1 }])));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ({ tokens: localStorage.getItem('authTokens'), cart: localStorage.getItem('cart') }));
  expect(stored.tokens).toBeNull();
  expect(stored.cart === null || stored.cart === '[]').toBe(true);
});

test('a manager sees the /api/newsletters/ list', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const newsletters = page.waitForResponse((r) => r.url().includes('/api/newsletters/') && r.status() === 200);
  await page.goto('/comms');
  await newsletters;
  await expect(page.getByRole('heading', { name: 'Рассылки и новости' })).toBeVisible();
  // Staff see drafts too (however comms lays the list out).
  await expect(page.getByText('Черновик', { exact: true }).first()).toBeVisible();
});

test('a dealer who has not signed sees the contract screen, signs, and then the cabinet', async ({ page }) => {
  await signIn(page, ACCOUNTS.unsignedDealer);
  await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toBeVisible();
  // The agreement's Markdown is rendered, not shown as its raw text.
  await expect(page.getByTestId('contract-text').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('contract-text')).not.toContainText('**');
  // The dealer's orders, shipments, claims and documents can be read before signing (design §4)…
  for (const [path, heading] of [['/orders', 'Заказы'], ['/orders/shipping', 'Отгрузки'], ['/admin/claims', 'Претензии'], ['/comms/documents', 'Документы']]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toHaveCount(0);
  }
  // …while ordering waits for the signature.
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Подписать', exact: true }).click();
  // Signed: the page the dealer asked for opens at once.
  await expect(page.getByText('Договор подписан. Спасибо!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Каталог', exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Здравствуйте/ })).toBeVisible();
  await page.goto('/contract');
  await expect(page.getByText('Договор подписан. Спасибо!')).toBeVisible();
  // The refreshed access token carries the signature.
  const claims = await page.evaluate(() => JSON.parse(atob(JSON.parse(localStorage.getItem('authTokens')!).access.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))));
  expect(claims.contract_signed).toBe(true);
});

test('after a reload the cabinet still greets the user by name, from their profile', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await expect(page.getByRole('heading', { name: 'Здравствуйте, Михаил' })).toBeVisible();
  const profile = page.waitForResponse((r) => r.url().endsWith('/api/users/me/') && r.status() === 200);
  await page.reload();
  await profile;
  await expect(page.getByRole('heading', { name: 'Здравствуйте, Михаил' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveText('Михаил');
});

test('the layout keeps its preferences across a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('aside')).toHaveCount(0);
  await page.getByRole('button', { name: 'Панель сведений' }).click();
  await expect(page.getByTestId('aside')).toBeVisible();
  await page.getByRole('button', { name: 'Меню' }).click();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('aside')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('in the dark theme the sidebar menu is painted on the sidebar\'s navy, in the light one on its white', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  const backgrounds = () => sidebar.evaluate((el) => ({
    sidebar: getComputedStyle(el).backgroundColor,
    menu: getComputedStyle(el.querySelector('[role="menu"]')!).backgroundColor,
  }));
  const light = await backgrounds();
  expect(light.menu).toBe(light.sidebar);
  await page.getByRole('switch', { name: 'Тёмная тема' }).click();
  await expect.poll(async () => (await backgrounds()).sidebar).not.toBe(light.sidebar);
  const dark = await backgrounds();
  expect(dark.sidebar).toBe('rgb(0, 21, 41)'); // antd's navy sidebar
  expect(dark.menu).toBe(dark.sidebar);
});

test('antd\'s components take their rules from the sheets built with the portal, in both themes; the page computes none', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer, '/catalog');
  const add = page.getByRole('main').getByRole('button', { name: 'В корзину' }).first();
  await expect(add).toBeVisible();
  const background = () => add.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(background).toBe('rgb(9, 88, 217)'); // the light theme's primary (host/src/features/layout/antd-theme.ts)
  // The rules came with the components' code, as stylesheets of the build (scripts/antd-styles.tsx),
  // the host's and those of the remote's release (its own static CSS).
  const sheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));
  expect(sheets.length).toBeGreaterThan(0);
  for (const sheet of sheets) expect(sheet).toMatch(/^\/(static|remotes\/[\w-]+\/[\w.-]+)\/[\w.-]+\.[0-9a-f]{8}\.css$/);
  /** Rules antd's style run time wrote into the page (its <style> elements carry its marks), other than the theme's variables. */
  const computedRules = () => page.evaluate(() => [...document.querySelectorAll('style[data-css-hash], style[data-token-hash], style[data-rc-order]')]
    .flatMap((style) => [...(style.textContent ?? '').matchAll(/([^{}]*\.ant-[^{}]*)\{([^{}]*)\}/g)])
    .filter(([, , body]) => body.split(';').some((declaration) => declaration.trim() && !declaration.trim().startsWith('--')))
    .map(([rule]) => rule.slice(0, 120)));
  expect(await computedRules()).toEqual([]);

  await page.getByRole('switch', { name: 'Тёмная тема' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).not.toBe('rgb(9, 88, 217)');
  expect(await computedRules()).toEqual([]);
});

/**
 * Counts the <style> elements scripts put into the page from its start (the page's own, parsed with
 * its HTML, are not counted): what antd's run time, a CSS-in-JS library or a component's own <style>
 * would write. Read with `stylesWritten(page)`.
 */
async function countWrittenStyles(page: Page) {
  await page.addInitScript(() => {
    const written: string[] = [];
    (window as unknown as { writtenStyles: string[] }).writtenStyles = written;
    new MutationObserver((records) => {
      // Scripts run once the HTML is parsed (the page's inline ones insert no style): a style added while it is still being parsed is the page's own.
      if (document.readyState === 'loading') return;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const style of node.matches('style') ? [node] : [...node.querySelectorAll('style')]) written.push((style.textContent ?? '').slice(0, 100));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const stylesWritten = (page: Page) => page.evaluate(() => (window as unknown as { writtenStyles: string[] }).writtenStyles);

/** Every list screen of design §13 (issue 31 item 4: their first draw is plain markup), as the roles that see them. */
const LISTS = {
  [ACCOUNTS.dealer]: ['/catalog', '/orders', '/orders/shipping', '/orders/deletion-requests', '/admin/claims', '/comms', '/comms/documents'],
  [ACCOUNTS.manager]: ['/catalog', '/catalog/stock', '/orders/deletion-requests', '/comms', '/comms/documents', '/dealers', '/dealers/groups', '/dealers/registrations'],
  [ACCOUNTS.admin]: ['/admin/users', '/admin/audit'],
};

// Design §8: 0 <style> elements inserted at run time on /login, the home and list screens (issue 31 item 1).
for (const theme of ['default', 'dark'] as const) {
  test(`nothing writes a <style> into /login, the home or the lists, in the ${theme} theme`, async ({ page }) => {
    await countWrittenStyles(page);
    await useTheme(page, theme);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await page.waitForLoadState('load');
    expect(await stylesWritten(page)).toEqual([]);

    for (const who of [ACCOUNTS.dealer, ACCOUNTS.manager]) {
      await signIn(page, who, '/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('home-sections')).toBeVisible();
      // Every widget has drawn what it asked for (or its error).
      await expect(page.getByText('Загрузка…')).toHaveCount(0);
      expect(await stylesWritten(page), who).toEqual([]);
    }

    for (const [who, paths] of Object.entries(LISTS)) {
      await signIn(page, who, '/');
      for (const path of paths) {
        await page.goto(path);
        const main = page.getByRole('main');
        // Drawn with its rows: a table's or the news feed's, nothing still loading.
        await expect(main.getByRole('table').or(main.getByTestId('news-list'))).toBeVisible();
        await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await stylesWritten(page), `${who} ${path}`).toEqual([]);
      }
    }
  });
}

test('a news body\'s Markdown table is drawn as a table, not as its raw text', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer, '/comms');
  // The list shows the opening as plain text, the table rows left out; the item's page draws it.
  const listed = page.getByTestId('news-list').getByTestId('news-card').filter({ hasText: 'Новые поступления' });
  await expect(listed).not.toContainText('|');
  await listed.getByRole('link', { name: /^Читать полностью/ }).click();
  await expect(page).toHaveURL(/\/comms\/news\/\d+$/);
  const card = page.locator('.ant-card', { has: page.locator('.news-body') });
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Категория', 'Позиций']);
  await expect(table.getByRole('cell', { name: 'Крепёж' })).toBeVisible();
  await expect(card).not.toContainText('|');
  // Across the card's body.
  const [tableBox, bodyBox] = await Promise.all([table.boundingBox(), card.locator('.news-body').boundingBox()]);
  expect(Math.abs(tableBox!.width - bodyBox!.width)).toBeLessThanOrEqual(2);
});
