// Saved list views as their users keep them (issue 18 item 8): a manager saves the orders list's
// filter and sort under a name for all staff; the view comes back after logging out and on another
// computer (a browser of its own), opens the list as it was, is offered to another staff user with
// who saved it, is never offered to a dealer, and its link (the list's address) still works.
// The view's name is the test's own, so another story of the same server changes nothing here.
import type { Page } from '@playwright/test';
import { test, expect, logIn, signIn, ACCOUNTS, signedIn, chooseFilter, expectFilter } from './fixtures';

async function openViews(page: Page) {
  // Away from the table: a header's sort tooltip, shown while the pointer rests on it, covers the toolbar.
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Виды' }).click();
  // The views' menu, not the sidebar's: it always offers «Сохранить вид…».
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Сохранить вид…' }) });
  await expect(menu).toBeVisible();
  return menu;
}

test('a saved view keeps the list\'s filter and sort, for the user on any computer and for all staff when shared', async ({ page, browser }) => {
  const name = `Новые по сумме ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.manager, '/orders');
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();
  await chooseFilter(page, 'Статус', 'Новый');
  await expect(page).toHaveURL(/status=new/);
  await page.getByRole('columnheader', { name: 'Сумма' }).click();
  await expect(page).toHaveURL(/ordering=total/);
  const address = new URL(page.url());

  const menu = await openViews(page);
  await menu.getByRole('menuitem', { name: 'Сохранить вид…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сохранить вид' });
  await dialog.getByLabel('Название вида').fill(name);
  await dialog.getByRole('checkbox', { name: 'Показать всем сотрудникам' }).check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('answer')).toContainText(`Вид «${name}» сохранён`);

  // After logging out and in again, from the list with no filter, the view opens the list as it was.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, ACCOUNTS.manager);
  await page.goto('/orders');
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();
  await (await openViews(page)).getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/status=new/);
  expect(new URL(page.url()).searchParams.get('ordering')).toBe(address.searchParams.get('ordering'));
  await expectFilter(page, 'Статус', 'Статус: Новый');

  // Another computer: a browser of its own, nothing in its storage.
  const elsewhere = await signedIn(browser, ACCOUNTS.manager, { path: '/orders' });
  await (await openViews(elsewhere)).getByRole('menuitem', { name }).click();
  await expect(elsewhere).toHaveURL(/status=new/);

  // Another staff user sees it among the shared views, with who saved it.
  const admin = await signedIn(browser, ACCOUNTS.admin, { path: '/orders' });
  const adminMenu = await openViews(admin);
  await expect(adminMenu.getByRole('menuitem', { name: new RegExp(`^${name} \\(сохранил\\(а\\) .+\\)$`) })).toBeVisible();
  await admin.keyboard.press('Escape');
  // The view's link, the list's address, opens the same list for anybody who may see it.
  await admin.goto(`${address.pathname}${address.search}`);
  await expectFilter(admin, 'Статус', 'Статус: Новый');
  await expect(admin.getByRole('columnheader', { name: 'Сумма' })).toHaveAttribute('aria-sort', 'ascending');

  // Never offered to a dealer.
  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: '/orders' });
  await expect(await openViews(dealer)).toBeVisible();
  await expect(dealer.getByRole('menuitem', { name: new RegExp(name) })).toHaveCount(0);

  // Deleted by its author, it is gone for everyone.
  await (await openViews(page)).getByRole('menuitem', { name: 'Удалить вид…' }).click();
  await page.getByRole('button', { name: `Удалить вид «${name}»` }).click();
  await page.getByRole('dialog', { name: `Удалить вид «${name}»?` }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByTestId('answer')).toContainText(`Вид «${name}» удалён`);
  await admin.reload();
  await expect(admin.getByText(/Всего: \d+/)).toBeVisible();
  await openViews(admin);
  await expect(admin.getByRole('menuitem', { name: 'Сохранить вид…' })).toBeVisible();
  await expect(admin.getByRole('menuitem', { name: new RegExp(name) })).toHaveCount(0);
});
