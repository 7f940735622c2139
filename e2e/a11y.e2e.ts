// axe-core's WCAG 2.1 A/AA rules on every screen of the shell (issue 6 item 8): the visitor
// screens, and the cabinet's home (its widgets drawn) and contract as a dealer and as staff, in the
// light and the dark theme. The screens of the remotes are judged by the walk of every screen
// (axe-every-screen.e2e.ts), their states beyond it by their own stories.
import { test, expect, signIn, ACCOUNTS, expectNoViolations, useTheme } from './fixtures';

const THEMES = ['default', 'dark'] as const;

test.describe('visitor screens', () => {
  const screens: [string, string][] = [
    ['/login', 'Вход'],
    ['/register', 'Заявка на регистрацию'],
    ['/restore/0123456789abcdef0123456789abcdef', 'Новый пароль'],
    ['/404', 'Страница не найдена'],
    ['/500', 'Ошибка сервера'],
  ];
  for (const [path, heading] of screens) {
    test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('the login screen with a server error shown has no violations', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Эл. почта').fill(ACCOUNTS.dealer);
    await page.getByLabel('Пароль').fill('wrong-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.locator('.form-error')).toBeVisible();
    await expectNoViolations(page);
  });
});

for (const theme of THEMES) {
  for (const [who, email] of [['dealer', ACCOUNTS.dealer], ['manager', ACCOUNTS.manager]] as const) {
    test(`the cabinet's home and contract as a ${who} in the ${theme} theme have no violations`, async ({ page }) => {
      await useTheme(page, theme);
      await signIn(page, email);
      await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
      // Every widget answered (a count, or its error) before axe looks: the home as its user reads it
      // (this took over home.e2e.ts's «axe: the … home with its widgets» tests).
      const widgets = page.getByTestId(who === 'dealer' ? 'home-widgets' : 'home-inbox');
      await expect(widgets.getByRole('region').first()).toBeVisible();
      await expect(widgets.getByText('Загрузка…')).toHaveCount(0);
      await expectNoViolations(page, `home with its widgets (${who}, ${theme})`);

      await page.getByTestId('user-menu').click();
      await expect(page.getByTestId('user-menu-header')).toBeVisible();
      await expectNoViolations(page, `home with the user menu open (${who}, ${theme})`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Панель сведений' }).click();
      await expect(page.getByTestId('aside')).toBeVisible();
      await expectNoViolations(page, `home with the aside (${who}, ${theme})`);

      await page.goto('/contract');
      await expect(page.getByRole('heading', { name: 'Дилерский договор' }).first()).toBeVisible();
      await expectNoViolations(page, `contract (${who}, ${theme})`);
    });
  }

  test(`an unsigned dealer's contract screen in the ${theme} theme has no violations`, async ({ page }) => {
    await useTheme(page, theme);
    await signIn(page, ACCOUNTS.unsignedDealer);
    await expect(page.getByRole('heading', { name: 'Дилерский договор' }).first()).toBeVisible();
    await expectNoViolations(page, `contract, unsigned (${theme})`);
    await page.getByRole('button', { name: 'Панель сведений' }).click();
    await expect(page.getByTestId('aside')).toBeVisible();
    await expectNoViolations(page, `contract with the aside, unsigned (${theme})`);
  });
}
