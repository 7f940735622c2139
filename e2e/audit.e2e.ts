// The audit trail (issue 17 item 6): an admin deactivates a user, opens «Журнал действий» from the
// menu, finds the row of what they just did, narrows the log to it by action, search and period,
// and axe-core finds no violation on the screen so narrowed; a manager is not shown it.
import { test, expect, ACCOUNTS, callApi, expectNoViolations, signedIn, chooseFilter } from './fixtures';

interface UserAnswer { id: number; email: string; first_name: string; last_name: string; role: string; dealer: number | null }

test('an admin finds the deactivation they just made in «Журнал действий», filters to it, and the screen passes axe', async ({ browser }) => {
  const admin = await signedIn(browser, ACCOUNTS.admin);
  const email = `audit-${process.pid}-${Date.now()}@example.test`;
  const user = await callApi<UserAnswer>(admin, 'POST', '/api/users/', { email, first_name: 'Аудит', last_name: 'Проверкин', role: 'manager' });
  await callApi(admin, 'PUT', `/api/users/${user.id}/`, { ...user, is_active: false });

  await admin.getByRole('menuitem', { name: 'Журнал действий' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await expect(admin.getByRole('heading', { name: 'Журнал действий' })).toBeVisible();
  // Newest first: the deactivation tops the log, by the admin, about that user.
  const row = admin.getByRole('row').filter({ hasText: `Эл. почта: ${email}` }).filter({ hasText: 'Пользователь отключён' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(ACCOUNTS.admin);
  await expect(row.getByRole('cell', { name: String(user.id), exact: true })).toBeVisible();

  // Narrowed to it: the action, the user's address, today.
  await chooseFilter(admin, 'Действие', 'Пользователь отключён');
  await expect(admin).toHaveURL(/action=user\.deactivated/);
  await admin.getByRole('searchbox').fill(email);
  await admin.getByRole('searchbox').press('Enter');
  const today = new Date().toISOString().slice(0, 10);
  await admin.getByLabel('С даты').fill(today);
  await expect(admin).toHaveURL(new RegExp(`created_after=${today}`));
  await expect(admin.getByText('Всего: 1')).toBeVisible();
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  // Another action has no such row.
  await chooseFilter(admin, 'Действие', 'Создан пользователь');
  await expect(admin).toHaveURL(/action=user\.created/);
  await expect(admin.getByRole('row').filter({ hasText: `Эл. почта: ${email}` }).filter({ hasText: 'Создан пользователь' })).toBeVisible();
  await expect(row).toHaveCount(0);

  await chooseFilter(admin, 'Действие', 'Пользователь отключён');
  await expect(row).toBeVisible();
  await expectNoViolations(admin, '/admin/audit (light)');
});

// The log as it first draws, light and dark, is judged in the walk of every screen (axe-every-screen.e2e.ts).
test('a manager is not shown «Журнал действий»', async ({ browser }) => {
  const manager = await signedIn(browser, ACCOUNTS.manager, { path: '/admin/audit' });
  await expect(manager.getByRole('menuitem', { name: 'Журнал действий' })).toHaveCount(0);
  await expect(manager.getByText('Раздел для администраторов')).toBeVisible();
});
