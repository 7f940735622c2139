// Settings and agreement versions (issue 8 item 6, issue 18 item 6): «Настройки» is a form of named
// settings (the minimum order total as money); an admin publishes a new agreement version in it
// (Markdown with its live preview, «Что изменилось», a confirm that says how many must sign); the
// dealer who had signed the old version is shown «Договор изменён», what changed and the two versions
// side by side, and signs again; the admin sees who signed which version. Then axe on the settings
// screen (admin, with the agreement's dialogs too) and the changed agreement (dealer), light and
// dark. The story changes what every dealer must sign, so it runs on a server of its own.
import type { Browser, Page } from '@playwright/test';
import { test, expect, ACCOUNTS, expectNoViolations, signIn, useTheme } from './fixtures';
import { startPortal, type RunningPortal } from './portal-server';

let portal: RunningPortal;
test.beforeAll(async () => { portal = await startPortal(); });
test.afterAll(async () => { await portal?.stop(); });

async function pageOf(browser: Browser, email: string, theme: 'default' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await useTheme(page, theme);
  await signIn(page, email, '/', portal.url);
  return page;
}

test('an admin publishes a new agreement version; a dealer who had signed sees what changed and signs again', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await pageOf(browser, ACCOUNTS.admin, 'default');
  await admin.goto(`${portal.url}/admin/settings`);
  await expect(admin.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Минимальная сумма заказа' })).toHaveValue(/^1\s000,00$/);
  await expect(admin.getByText('Переменные')).toHaveCount(0);
  await expect(admin.getByText(/Редакция 1 от/)).toBeVisible();
  // The screen as it first draws is judged in the walk of every screen (axe-every-screen.e2e.ts).

  await admin.getByRole('button', { name: 'Опубликовать новую редакцию' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Опубликовать новую редакцию' });
  await dialog.getByRole('textbox', { name: 'Текст договора' })
    .fill('# Дилерский договор\n\n## Редакция с доставкой\n\n1. **Доставка.** Поставщик доставляет товар до склада Дилера.');
  const preview = dialog.getByTestId('agreement-preview');
  await expect(preview.getByRole('heading', { name: 'Редакция с доставкой' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'Доставка.' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Что изменилось' }).fill('Добавлена доставка до склада дилера.');
  await expectNoViolations(admin, 'settings: the agreement dialog (admin, light)');
  await dialog.getByRole('button', { name: 'Опубликовать…' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Опубликовать редакцию 2?' });
  await expect(confirm.getByText(/Пользователей дилеров, которым нужно её подписать: \d+\./)).toBeVisible();
  await expectNoViolations(admin, 'settings: the publication confirm (admin, light)');
  await confirm.getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: /Редакция 2 опубликована/ })).toBeVisible();
  await expect(admin.getByText(/Редакция 2 от/)).toBeVisible();
  await expect(admin.getByText('Что изменилось: Добавлена доставка до склада дилера.').first()).toBeVisible();
  await expect(admin.getByText('Эту редакцию ещё никто не подписал.')).toBeVisible();

  // The dealer had signed version 1: now they see the agreement again, told what has changed.
  const dealer = await pageOf(browser, ACCOUNTS.dealer, 'default');
  await dealer.goto(`${portal.url}/contract`);
  await expect(dealer.getByRole('alert').filter({ hasText: 'Договор изменён' })).toBeVisible();
  await expect(dealer.getByText('Вы подписывали редакцию 1.', { exact: false })).toBeVisible();
  const changes = dealer.getByTestId('contract-changes');
  await expect(changes).toContainText('Что изменилось: Добавлена доставка до склада дилера.');
  await expect(changes.getByRole('region', { name: 'Вы подписывали: редакция 1' })).toBeVisible();
  await expect(changes.getByRole('region', { name: 'Новая редакция 2' }).getByRole('heading', { name: 'Редакция с доставкой' })).toBeVisible();
  await expectNoViolations(dealer, 'contract: the agreement has changed (dealer, light)');
  await useTheme(dealer, 'dark');
  await dealer.reload();
  await expect(dealer.getByRole('alert').filter({ hasText: 'Договор изменён' })).toBeVisible();
  await expectNoViolations(dealer, 'contract: the agreement has changed (dealer, dark)');

  await dealer.getByRole('checkbox').check();
  await dealer.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dealer.getByText('Договор подписан. Спасибо!').first()).toBeVisible();
  await expect(dealer.getByText('Договор изменён')).toHaveCount(0);

  // The admin sees who signed the new version, and when.
  await admin.reload();
  const current = admin.getByRole('button', { name: /Редакция 2 от/ }).locator('xpath=ancestor::*[contains(@class,"ant-collapse-item")]');
  await expect(current.getByText('Дмитрий Дилеров')).toBeVisible();
  await expect(current.getByText('подписали: 1')).toBeVisible();
});

test('settings pass axe in the dark theme (admin), a refused amount included', async ({ browser }) => {
  const admin = await pageOf(browser, ACCOUNTS.admin, 'dark');
  await admin.goto(`${portal.url}/admin/settings`);
  await expect(admin.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await expect(admin.getByText(/Редакция \d+ от/).first()).toBeVisible();
  await expectNoViolations(admin, 'settings (admin, dark)');
  await admin.getByRole('textbox', { name: 'Минимальная сумма заказа' }).fill('-5');
  await expect(admin.getByText('Сумма не может быть отрицательной')).toBeVisible();
  await expectNoViolations(admin, 'settings: a refused minimum order total (admin, dark)');
});
