// Every screen of design §13 on a phone (390×844, issue 18 item 1), for each role that may open it:
// the page never scrolls sideways, the screen's heading shows, the header's one menu button opens
// the menu as a drawer with the screen's entry marked in it, and the user menu (with «Выйти») opens
// inside the screen. One sign-in per role, the same page for all its screens. A list screen shows its
// rows as cards (ResourceList below 768 px): the first card's heading and the primary buttons lie
// within the window, and the catalogue's price and «В корзину», an order's number, status and total,
// are on screen without scrolling sideways.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, signIn, ACCOUNTS, apiUser, followInPage, expectNoViolations, useTheme } from './fixtures';
import { ALL, screensOf, type Role } from './screens';

/** The element's box lies inside the window's width. */
async function expectOnScreen(page: Page, what: Locator) {
  const box = await what.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The value beside a card's label (its <dt>): drawn, inside the window, and not empty. */
async function expectField(page: Page, card: Locator, label: string, value: RegExp) {
  const field = card.locator(`dt:text-is("${label}") + dd`);
  await expect(field).toHaveText(value);
  await expectOnScreen(page, field);
}

/** A list screen on a phone: cards, not a table; the first card's heading and the primary buttons inside the window. */
async function expectCards(page: Page, path: string, role: Role) {
  const main = page.getByRole('main');
  const cards = main.locator('ul[role="list"] > li');
  // The cards' chunk loaded and the rows drawn, or the list said it is empty.
  await expect(cards.first().or(main.locator('.list-empty')).first()).toBeVisible();
  await expect(main.locator('.ant-table, .plain-table')).toHaveCount(0);
  const mustHaveRows = path === '/catalog' || path === '/orders';
  if (mustHaveRows) await expect(cards.first(), `${path} shows its rows as cards`).toBeVisible();
  if (await cards.count() > 0) {
    const card = cards.first();
    const heading = card.getByRole('heading', { level: 2 });
    await expectOnScreen(page, heading);
    const link = heading.getByRole('link');
    if (await link.count() > 0) await expectOnScreen(page, link);
    if (path === '/catalog' && role === 'dealer') {
      await expectField(page, card, 'Ваша цена', /\d/);
      await expectOnScreen(page, card.getByRole('button', { name: 'В корзину' }));
      await expectOnScreen(page, card.getByRole('spinbutton'));
    }
    if (path === '/orders') {
      await expect(link).toHaveText(/\d/);
      await expectField(page, card, 'Статус', /\S/);
      await expectField(page, card, 'Сумма', /\d/);
    }
  }
  // Every primary button drawn in the screen (create, «В корзину», ...) lies within the window's width.
  const outside = await main.locator('.ant-btn-primary').evaluateAll((buttons) => buttons
    .filter((button) => (button as HTMLElement).offsetParent !== null)
    .map((button) => ({ text: button.textContent ?? '', box: button.getBoundingClientRect() }))
    .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
    .map(({ text, box }) => `${text} at ${Math.round(box.left)}–${Math.round(box.right)}`));
  expect(outside, `${path}: primary buttons outside the window`).toEqual([]);
}

async function walk(page: Page, request: APIRequestContext, role: Role) {
  const screens = await screensOf(await apiUser(request, ACCOUNTS[role]), role);
  // Opened on its first screen: the walk goes on from there.
  await signIn(page, ACCOUNTS[role], screens[0].path);
  // About 2 s a screen on this machine, more with two workers.
  test.setTimeout(30_000 + screens.length * 6_000);
  const banner = page.getByRole('banner');
  const menuButton = banner.getByRole('button', { name: 'Меню' });
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      // In the page, as a link would: the router follows the address without loading the portal anew.
      await followInPage(page, screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      // The screen's data drawn: a list or a form that would widen the page has done so by now.
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]')).toHaveCount(0);
      if (screen.list) await expectCards(page, screen.path, role);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(widths.page, `${screen.path} scrolls sideways`).toBeLessThanOrEqual(widths.window);

      // The header is one line: its controls all inside the window.
      expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
      await expectOnScreen(page, menuButton);

      // A screen the menu lists is marked in the drawer (the profile is not listed: it opens from the user menu).
      if (screen.entry) {
        await menuButton.click();
        const drawer = page.getByRole('dialog', { name: 'Меню' });
        // An entry's name may end in its count («Заявки на регистрацию новых: 2»).
        const entry = drawer.getByRole('menuitem', { name: new RegExp(`^${screen.entry}`) });
        await expect(entry).toBeVisible();
        await expect(entry).toHaveAttribute('aria-current', 'page');
        await page.keyboard.press('Escape');
        await expect(drawer).toHaveCount(0);
        await expect(menuButton).toBeFocused();
      }

      const userMenu = page.getByTestId('user-menu');
      await expectOnScreen(page, userMenu);
      await userMenu.click();
      const logout = page.getByRole('menuitem', { name: 'Выйти' });
      await expect(logout).toBeVisible();
      await expectOnScreen(page, logout);
      await page.keyboard.press('Escape');
      await expect(logout).toHaveCount(0);
    });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const role of ALL) {
    test(`every screen a ${role} may open fits 390 px, with the menu drawer and the user menu`, async ({ page, request }) => {
      await walk(page, request, role);
    });
  }

  for (const theme of ['default', 'dark'] as const) {
    test(`a list's cards (the catalogue: sorting, a row opened, the next page) pass axe, ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.dealer, '/catalog');
      const main = page.getByRole('main');
      const cards = main.getByRole('list', { name: 'Каталог' }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      await expect(main.getByRole('table')).toHaveCount(0);
      // A card's toggle opens the stock by warehouse, as the table's row would.
      await cards.first().getByRole('button', { name: 'Подробнее' }).click();
      await expect(cards.first().getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
      await expect(cards.first().getByRole('table')).toBeVisible();
      await expectNoViolations(page, `the catalogue's cards, ${theme}`);
      // «Сортировка» writes the address as the table's header does; the pager leads to page 2.
      await main.getByRole('combobox', { name: 'Сортировка' }).selectOption({ label: 'Сортировка: Название, по убыванию' });
      await expect(page).toHaveURL(/ordering=-name/);
      await main.getByRole('button', { name: 'Страница 2', exact: true }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards.first()).toBeVisible();
    });
  }

  test('the drawer\'s entries open their screens and close it; theme and language are in the user menu; both pass axe', async ({ page }) => {
    await signIn(page, ACCOUNTS.dealer);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('switch')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Меню' }).click();
    await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
    await expectNoViolations(page, 'the menu drawer');
    await page.getByRole('dialog', { name: 'Меню' }).getByRole('menuitem', { name: 'Быстрый заказ' }).click();
    await expect(page).toHaveURL(/\/orders\/quick$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Быстрый заказ' })).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'Тёмная тема' }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('uiPrefs') ?? '{}').theme)).toBe('dark');
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Тёмная тема' })).toHaveAttribute('aria-checked', 'true');
    await expectNoViolations(page, 'the user menu, dark');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
  });
});
