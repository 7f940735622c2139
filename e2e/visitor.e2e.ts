import { test, expect } from './fixtures';

test.describe('a visitor without tokens', () => {
  for (const path of ['/', '/comms', '/orders/42', '/some/cabinet/path']) {
    test(`opening ${path} lands on /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    });
  }

  test('reaches the open screens: register, restore, 404 and 500', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Заявка на регистрацию' })).toBeVisible();
    await page.goto('/restore/some-token');
    await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: 'Ошибка сервера' })).toBeVisible();
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Эл. почта').fill('dealer@demo.test');
    await page.getByLabel('Пароль').fill('wrong-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authTokens'))).toBeNull();
  });

  test('sends a registration request', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Компания').fill('ООО «Ромашка»');
    await page.getByLabel('ИНН').fill('7707329152');
    await page.getByLabel('Контактное лицо').fill('Иван Петров');
    await page.getByLabel('Эл. почта').fill('ivan@romashka.test');
    await page.getByLabel('Телефон').fill('+7 900 000-00-00');
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page.getByText('Заявка отправлена')).toBeVisible();
  });
});
