// Users (issue 8 item 5): an admin creates a manager, who sets a password from the mailed link and
// signs in; deactivating that manager ends their session at once. Then axe on the admin's list,
// form (with its errors), a user's form, page and confirm, light and dark, each screen also shot in
// English for the eye.
import { test, expect, ACCOUNTS, apiUser, callApi, expectNoViolations, signIn, mailedLink, profileSays, signedIn, useTheme } from './fixtures';

test('an admin creates a manager, who sets a password from the mailed link and signs in; deactivating that manager ends their session', async ({ page, browser, portal }) => {
  const stamp = Date.now();
  const email = `new-manager-${stamp}@example.test`;

  // The admin: «Пользователи» → «Новый пользователь», a manager by default.
  const admin = await signedIn(browser, ACCOUNTS.admin);
  await admin.getByRole('menuitem', { name: 'Пользователи' }).click();
  await expect(admin.getByRole('heading', { name: 'Пользователи' })).toBeVisible();
  await admin.getByRole('button', { name: 'Новый пользователь' }).click();
  await expect(admin.getByRole('heading', { name: 'Новый пользователь' })).toBeVisible();
  await admin.getByLabel('Эл. почта').fill(email);
  await admin.getByLabel('Имя').fill('Нина');
  await admin.getByLabel('Фамилия').fill(`Новикова ${stamp}`);
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await expect(admin.getByRole('heading', { name: `Нина Новикова ${stamp}` })).toBeVisible();
  await expect(admin.getByText('Менеджер', { exact: true })).toBeVisible();
  const userPage = admin.url();

  // Found in the list by role and search, the view in the address.
  await admin.goto(`/admin/users?role=manager&search=${encodeURIComponent(email)}`);
  await expect(admin.getByRole('link', { name: `Нина Новикова ${stamp}` })).toBeVisible();
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);

  // The mail: its link sets the password, and the manager signs in to the staff's cabinet.
  await expect.poll(() => mailedLink(portal.dataDir, email)).not.toBeNull();
  await page.goto(new URL(mailedLink(portal.dataDir, email)!).pathname);
  await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();
  await page.getByLabel('Новый пароль').fill('a-new-password-1');
  await page.getByLabel('Повторите пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль изменён. Теперь можно войти.')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('menuitem', { name: /Заявки на регистрацию/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Пользователи' })).toHaveCount(0);

  // The admin deactivates the manager, after a confirm.
  await admin.goto(userPage);
  await admin.getByRole('button', { name: 'Отключить' }).click();
  const dialog = admin.getByRole('dialog', { name: `Отключить пользователя «Нина Новикова ${stamp}»?` });
  await dialog.getByRole('button', { name: 'Отключить' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Отключён', { exact: true })).toBeVisible();

  // The manager's session has ended: the next screen sends them to sign in, and signing in is refused.
  await page.getByRole('menuitem', { name: /Заявки на регистрацию/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверная эл. почта или пароль.')).toBeVisible();
});

test.describe('accessibility', () => {
  for (const theme of ['default', 'dark'] as const) {
    test(`«Пользователи», the new user's form with its errors, a user's page and its confirm as an admin in the ${theme} theme have no violations`, async ({ page, request }) => {
      const user = await callApi<{ id: number }>(await apiUser(request, ACCOUNTS.admin), 'POST', '/api/users/', {
        email: `a11y-${theme}-${Date.now()}@example.test`, first_name: 'Проверка', last_name: `Доступности ${theme}`, role: 'manager',
      });
      const shoot = (name: string) => page.screenshot({ path: test.info().outputPath(`users-${name}-${theme}.png`), fullPage: true });

      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.admin, '/admin/users?is_active=true');
      await expect(page.getByRole('link', { name: `Проверка Доступности ${theme}` })).toBeVisible();
      await shoot('list'); // axe judges the list in the walk of every screen (axe-every-screen.e2e.ts)

      await page.goto('/admin/users/new');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Введите адрес эл. почты')).toBeVisible();
      // A user who asked for less motion gets no wave after a click either.
      await expect(page.locator('.ant-wave')).toHaveCount(0);
      await page.getByRole('combobox', { name: 'Роль' }).click();
      await page.getByTitle('Дилер', { exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Дилер' })).toBeVisible();
      await expectNoViolations(page, `new user with errors (admin, ${theme})`);
      await shoot('form');

      await page.goto(`/admin/users/${user.id}/edit`);
      await expect(page.getByRole('heading', { name: `Изменить: Проверка Доступности ${theme}` })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Имя' })).toHaveValue('Проверка');
      await expectNoViolations(page, `user's form (admin, ${theme})`);

      // A user's page as it first draws is judged in the walk of every screen; here its confirm.
      await page.goto(`/admin/users/${user.id}`);
      await expect(page.getByRole('heading', { name: `Проверка Доступности ${theme}` })).toBeVisible();
      await page.getByRole('button', { name: 'Отправить ссылку для входа' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
      await expect(page.getByText(/Ссылка для входа отправлена/)).toBeVisible();
      await page.getByRole('button', { name: 'Отключить' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, `deactivate confirm (admin, ${theme})`);
      await shoot('confirm');

      // The same screens in English, for the eye.
      await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
      await profileSays(page, { language: 'en' });
      await page.goto(`/admin/users/${user.id}`);
      await expect(page.getByRole('button', { name: 'Send a sign-in link' })).toBeVisible();
      await shoot('page-en');
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      await shoot('list-en');
    });
  }
});
