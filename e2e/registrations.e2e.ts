// Registration (issue 8 items 1-2): a visitor asks to become a dealer (the form refuses a wrong INN
// before sending), a manager approves the request choosing a group, the mailed set-password link
// works, and the new dealer signs in, signs the agreement and sees the catalogue. Then axe on the
// registration form with its errors and sent, and on a request's page and approval dialog (staff),
// light and dark.
import type { Page } from '@playwright/test';
import { test, expect, ACCOUNTS, expectNoViolations, freshTaxId, signIn, mailedLink, signedIn, useTheme, chooseFilter } from './fixtures';

/** The same INN with its check digit wrong. */
const withWrongCheckDigit = (taxId: string) => `${taxId.slice(0, 9)}${(Number(taxId[9]) + 1) % 10}`;

async function fillForm(page: Page, fields: { company: string; taxId: string; email: string }) {
  await page.getByRole('textbox', { name: /^Компания/ }).fill(fields.company);
  await page.getByRole('textbox', { name: /^ИНН/ }).fill(fields.taxId);
  await page.getByRole('textbox', { name: /^Контактное лицо/ }).fill('Иван Петров');
  await page.getByRole('textbox', { name: /^Эл. почта/ }).fill(fields.email);
  await page.getByRole('textbox', { name: /^Телефон/ }).fill('+7 (495) 111-22-33');
}

test('a visitor registers, a manager approves with a group, the mailed link sets the password, the new dealer signs the agreement and sees the catalogue', async ({ page, browser, portal }) => {
  const stamp = Date.now();
  const company = `ООО «Новый дилер ${stamp}»`;
  const email = `new-dealer-${stamp}@example.test`;
  const taxId = freshTaxId();

  // The visitor: a wrong check digit is refused on the form, before anything is sent.
  const sent: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/regreq/')) sent.push(request.method()); });
  await page.goto('/register');
  await fillForm(page, { company, taxId: withWrongCheckDigit(taxId), email });
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText(/Неверный ИНН/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^ИНН/ })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await page.getByRole('textbox', { name: /^ИНН/ }).fill(taxId);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByRole('heading', { name: 'Заявка отправлена' })).toBeVisible();
  await expect(page.getByText(`на ${email} придёт письмо`, { exact: false })).toBeVisible();
  expect(sent).toEqual(['POST']);

  // The manager: the new request in «Заявки на регистрацию», filtered to the new ones.
  const manager = await signedIn(browser, ACCOUNTS.manager);
  await manager.getByRole('menuitem', { name: /Заявки на регистрацию/ }).click();
  await expect(manager.getByRole('heading', { name: 'Заявки на регистрацию' })).toBeVisible();
  await chooseFilter(manager, 'Статус', 'Новая');
  await expect(manager).toHaveURL(/\/dealers\/registrations\?status=new$/);
  await manager.getByRole('link', { name: company }).click();
  await expect(manager.getByRole('heading', { name: `Заявка: ${company}` })).toBeVisible();
  await expect(manager.getByText(`${taxId}: Контрольные цифры верны`)).toBeVisible();
  await expect(manager.getByText('Других дилеров и заявок с этим ИНН нет')).toBeVisible();

  await manager.getByRole('button', { name: 'Одобрить' }).click();
  const dialog = manager.getByRole('dialog', { name: `Одобрить заявку «${company}»?` });
  await dialog.getByRole('combobox', { name: 'Группа дилера' }).click();
  await manager.getByTitle(/^Базовые партнёры/).click();
  await dialog.getByRole('button', { name: 'Одобрить' }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.locator('[data-status="approved"]').first()).toBeVisible();
  await expect(manager.getByRole('link', { name: `Открыть дилера «${company}»` })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Одобрить' })).toHaveCount(0);

  // The mail: its link sets the password.
  await expect.poll(() => mailedLink(portal.dataDir, email)).not.toBeNull();
  const link = new URL(mailedLink(portal.dataDir, email)!);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();
  await page.getByLabel('Новый пароль').fill('a-new-password-1');
  await page.getByLabel('Повторите пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль изменён. Теперь можно войти.')).toBeVisible();

  // The new dealer signs in, is asked to sign the agreement first, and then sees the catalogue.
  await page.goto('/login');
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Подписать', exact: true }).click();
  // Signed: the page the dealer asked for (the cabinet's home) opens, and with it the whole menu.
  await expect(page.getByRole('heading', { name: 'Дилерский договор', level: 1 })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Каталог' }).click();
  await expect(page.getByRole('heading', { name: 'Каталог', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
});

test.describe('accessibility', () => {
  test('the registration form, with the form\'s errors and after sending, has no violations (visitor)', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Заявка на регистрацию' })).toBeVisible();
    // The empty form is judged in a11y.e2e.ts (the visitor screens); here its errors and its answer.
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page.getByText('Заполните это поле').first()).toBeVisible();
    await expectNoViolations(page, 'register with errors (visitor)');
    await fillForm(page, { company: 'ООО «Доступность»', taxId: freshTaxId(), email: `a11y-${Date.now()}@example.test` });
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await expect(page.getByRole('heading', { name: 'Заявка отправлена' })).toBeVisible();
    await expectNoViolations(page, 'register, sent (visitor)');
  });

  for (const theme of ['default', 'dark'] as const) {
    test(`«Заявки на регистрацию», a request with a shared INN and its approval dialog as a manager in the ${theme} theme have no violations`, async ({ page }) => {
      // Two requests with one INN: the page names the other one.
      const taxId = freshTaxId();
      const ids: number[] = [];
      for (const n of [1, 2]) {
        const response = await page.request.post('/api/regreq/', { data: {
          company_name: `ООО «Проверка ${theme} ${n}»`, tax_id: taxId, contact_name: 'Иван Петров',
          email: `a11y-${theme}-${n}-${Date.now()}@example.test`, phone: '+7 900 000-00-00', comment: 'Хотим продавать вашу продукцию',
        } });
        expect(response.status()).toBe(201);
        ids.push(((await response.json()) as { id: number }).id);
      }
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS.manager, '/dealers/registrations');
      await expect(page.getByRole('link', { name: `ООО «Проверка ${theme} 2»` })).toBeVisible();
      // axe judges the list in the walk of every screen (axe-every-screen.e2e.ts); here the request and its dialog.
      await page.goto(`/dealers/registrations/${ids[1]}`);
      await expect(page.getByTestId('same-tax-id').getByRole('link', { name: `заявка «ООО «Проверка ${theme} 1»»` })).toBeVisible();
      await expectNoViolations(page, `registration request (manager, ${theme})`);
      await page.getByRole('button', { name: 'Одобрить' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Одобрить' }).click();
      await expect(dialog.getByText('Выберите группу дилера')).toBeVisible();
      await expectNoViolations(page, `approve dialog (manager, ${theme})`);
    });
  }
});
