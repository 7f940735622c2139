// Dealers and dealer groups (issue 8 items 3-4): a manager creates a group and a dealer in it, finds
// the dealer by its INN and deactivates it; the dealer's user can no longer sign in. Then axe on the
// groups list and form, the dealers list, a dealer's page, its form and the deactivation dialog
// (manager, light and dark).
import { test, expect, ACCOUNTS, apiUser, callApi, expectNoViolations, freshTaxId, signIn, mailedLink, signedIn, useTheme } from './fixtures';

test('a manager creates a group and a dealer in it, finds the dealer by INN and deactivates it; its user can no longer sign in', async ({ page, browser, portal, request }) => {
  const stamp = Date.now();
  const groupName = `Группа ${stamp}`;
  const dealerName = `ООО «Дилер ${stamp}»`;
  const taxId = freshTaxId();
  const email = `dealer-user-${stamp}@example.test`;

  const manager = await signedIn(browser, ACCOUNTS.manager);
  await manager.getByRole('menuitem', { name: 'Группы дилеров' }).click();
  await expect(manager.getByRole('heading', { name: 'Группы дилеров' })).toBeVisible();
  await manager.getByRole('button', { name: 'Новая группа' }).click();
  await manager.getByRole('textbox', { name: 'Название', exact: true }).fill(groupName);
  await manager.getByRole('textbox', { name: 'Скидка, %' }).fill('150');
  await manager.getByRole('button', { name: 'Сохранить' }).click();
  await expect(manager.getByText('Скидка — от 0 до 100, не более двух знаков после запятой')).toBeVisible();
  await manager.getByRole('textbox', { name: 'Скидка, %' }).fill('7,5');
  await manager.getByRole('button', { name: 'Сохранить' }).click();
  await expect(manager).toHaveURL(/\/dealers\/groups$/);
  await expect(manager.getByRole('row', { name: new RegExp(groupName) })).toContainText(/7,5\s%/);

  await manager.getByRole('menuitem', { name: /(^|\s)Дилеры$/ }).click();
  await manager.getByRole('button', { name: 'Новый дилер' }).click();
  await manager.getByRole('textbox', { name: 'Название', exact: true }).fill(dealerName);
  await manager.getByRole('textbox', { name: 'ИНН', exact: true }).fill(taxId);
  await manager.getByRole('combobox', { name: 'Группа', exact: true }).click();
  await manager.getByTitle(new RegExp(`^${groupName} \\(7,5\\s%\\)$`)).click();
  await manager.getByRole('textbox', { name: 'Эл. почта' }).fill(`sales-${stamp}@example.test`);
  await manager.getByRole('button', { name: 'Сохранить' }).click();
  await expect(manager.getByRole('heading', { name: dealerName, level: 1 })).toBeVisible();
  await expect(manager.getByText(/^7,5\s%$/)).toBeVisible();
  await expect(manager.getByText('Заказов пока нет')).toBeVisible();
  const dealerId = Number(/\/dealers\/(\d+)$/.exec(manager.url())![1]);

  // The dealer's first user, made by an admin; the mailed link sets its password, and it signs in.
  const admin = await apiUser(request, ACCOUNTS.admin);
  await callApi(admin, 'POST', '/api/users/', { email, first_name: 'Пётр', last_name: 'Сидоров', role: 'dealer', dealer: dealerId });
  await expect.poll(() => mailedLink(portal.dataDir, email)).not.toBeNull();
  const restored = await page.request.post(`/api/restore/${new URL(mailedLink(portal.dataDir, email)!).pathname.split('/').pop()}/`, { data: { password: 'a-new-password-1' } });
  expect(restored.status()).toBe(200);
  const signsIn = () => page.request.post('/api/token/', { data: { email, password: 'a-new-password-1' } });
  expect((await signsIn()).status()).toBe(200);

  // Found by its INN, the dealer is deactivated after a confirm.
  await manager.getByRole('link', { name: 'Ко всем дилерам' }).click();
  await manager.getByRole('searchbox').fill(taxId);
  await manager.getByRole('searchbox').press('Enter');
  await expect(manager).toHaveURL(new RegExp(`search=${taxId}`));
  await expect(manager.getByRole('table').getByRole('row')).toHaveCount(2);
  await manager.getByRole('link', { name: dealerName }).click();
  await expect(manager.getByRole('row', { name: /Пётр Сидоров/ })).toContainText(email);
  await manager.getByRole('button', { name: 'Отключить' }).click();
  const dialog = manager.getByRole('dialog');
  await expect(dialog).toContainText('не смогут войти');
  await dialog.getByRole('button', { name: 'Отключить' }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.getByRole('button', { name: 'Включить' })).toBeVisible();

  // The dealer's user is turned away at the login screen.
  await page.goto('/login');
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверная эл. почта или пароль.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The group cannot be deleted while its dealer belongs to it: the server's word, in the dialog.
  await manager.getByRole('menuitem', { name: 'Группы дилеров' }).click();
  await manager.getByRole('button', { name: `Удалить: ${groupName}` }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(manager.getByRole('dialog')).toContainText('В группе есть дилеры: переведите их в другую группу, затем удалите её.');
});

// The walk of every screen (axe-every-screen.e2e.ts) judges both lists as they first draw; here the
// forms with their errors, a dealer with orders and the deactivation dialog.
test.describe('accessibility', () => {
  for (const theme of ['default', 'dark'] as const) {
    test(`the dealers' and groups' screens as a manager in the ${theme} theme have no violations`, async ({ page }) => {
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.manager, '/dealers/groups');
      const where = (screen: string) => `${screen} (manager, ${theme})`;

      await expect(page.getByRole('heading', { name: 'Группы дилеров' })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await page.getByRole('button', { name: 'Новая группа' }).click();
      await page.getByRole('textbox', { name: 'Скидка, %' }).fill('101');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText(/от 0 до 100/)).toBeVisible();
      await expectNoViolations(page, where('new group with errors'));

      const dealers = await callApi<{ results: Array<{ id: number; summary: { orders_count: number } }> }>(page, 'GET', '/api/dealers/?page_size=100');
      const withOrders = dealers.results.find((d) => d.summary.orders_count > 0) ?? dealers.results[0];
      await page.goto(`/dealers/${withOrders.id}`);
      await expect(page.getByRole('button', { name: /Отключить|Включить/ })).toBeVisible();
      await expectNoViolations(page, where("a dealer's page"));
      await page.getByRole('button', { name: /Отключить|Включить/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, where('deactivation dialog'));
      await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
      await page.getByRole('button', { name: 'Изменить' }).click();
      await page.getByRole('textbox', { name: 'ИНН', exact: true }).fill('1234567890');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText(/Неверный ИНН/)).toBeVisible();
      await expectNoViolations(page, where('dealer form with errors'));
    });
  }
});
