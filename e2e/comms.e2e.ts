// The comms remote as its users go through it (issue 6): a manager writes and publishes a
// newsletter for one dealer group, dealers read it (or do not), documents go both ways, a list's
// view lives in the address, and «Экспорт CSV» gives every matching row.
import { mkdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { test, expect, signIn, ACCOUNTS, signedIn } from './fixtures';

/** The rows of a downloaded CSV (`;`-separated, UTF-8 with a BOM), the header first. */
async function csvRows(path: string): Promise<string[]> {
  const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

const TABLE = ['Поступления на склад:', '', '| Категория | Позиций |', '|---|---:|', '| Инструменты | 120 |', '| Крепёж | 340 |'].join('\n');

test('a manager writes a newsletter with a table for one group and publishes it; a dealer of that group reads it, a dealer of another group does not', async ({ browser }) => {
  const title = `Поступления для базовых ${Date.now()}`;
  const manager = await signedIn(browser, ACCOUNTS.manager);
  await manager.getByRole('menuitem', { name: 'Рассылки и новости' }).click();
  await expect(manager.getByRole('heading', { name: 'Рассылки и новости' })).toBeVisible();
  await manager.getByRole('button', { name: 'Написать рассылку' }).click();
  await expect(manager).toHaveURL(/\/comms\/newsletters\/new$/);
  await expect(manager.getByRole('heading', { name: 'Новая рассылка' })).toBeVisible();
  await manager.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
  await manager.getByRole('textbox', { name: 'Текст', exact: true }).fill(TABLE);
  // The preview draws the table as dealers will see it.
  const preview = manager.getByTestId('newsletter-preview');
  await expect(preview.getByRole('table').getByRole('cell', { name: 'Инструменты' })).toBeVisible();
  await manager.getByRole('combobox', { name: 'Аудитория', exact: true }).click();
  // antd draws the options as titled items (its role=option list is a hidden, virtual one).
  await manager.getByTitle('Базовые партнёры', { exact: true }).click();
  await manager.getByRole('button', { name: 'Сохранить' }).click();
  await expect(manager).toHaveURL(/\/comms$/);

  const row = manager.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Черновик')).toBeVisible();
  await expect(row.getByText('Группа «Базовые партнёры»')).toBeVisible();
  await row.getByRole('button', { name: 'Опубликовать' }).click();
  const dialog = manager.getByRole('dialog', { name: `Опубликовать «${title}»?` });
  await expect(dialog).toContainText('Группа «Базовые партнёры»');
  await dialog.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Опубликована', { exact: true })).toBeVisible();
  const id = Number(/news\/(\d+)/.exec((await row.getByRole('link', { name: title }).getAttribute('href'))!)![1]);

  // dealer@demo.test is a dealer of «Базовые партнёры».
  const dealer = await signedIn(browser, ACCOUNTS.dealer);
  await dealer.getByRole('menuitem', { name: 'Новости' }).click();
  await dealer.getByRole('link', { name: title, exact: true }).click();
  await expect(dealer).toHaveURL(new RegExp(`/comms/news/${id}$`));
  await expect(dealer.getByRole('heading', { name: title })).toBeVisible();
  const table = dealer.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Категория' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '340' })).toBeVisible();
  await expect(dealer.getByText('| Категория |')).toHaveCount(0);

  // dealer2@demo.test is of «Серебряные партнёры»: neither in the list nor by its address.
  const other = await signedIn(browser, ACCOUNTS.unsignedDealer);
  const news = other.waitForResponse((r) => r.url().includes('/api/news/') && r.status() === 200);
  await other.goto('/comms');
  await news;
  await expect(other.getByTestId('news-list')).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await other.goto(`/comms/news/${id}`);
  await expect(other.getByText('Запись не найдена')).toBeVisible();
});

test('a dealer downloads a document, uploads one of its own and deletes it', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer);
  await page.getByRole('menuitem', { name: 'Документы' }).click();
  await expect(page).toHaveURL(/\/comms\/documents$/);
  const row = page.getByRole('row').filter({ hasText: 'Прайс-лист.csv' });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Прайс-лист.csv');
  expect((await readFile((await download.path())!)).length).toBeGreaterThan(0);

  const name = `Акт сверки ${Date.now()}.txt`;
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Акт сверки за ноябрь') });
  await expect(page.getByText(`Файл «${name}» загружен`)).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: name });
  await expect(own.getByText('Ваша компания')).toBeVisible();
  // A file over the limit is refused before it is sent.
  // From a file on disk, which Chromium reads itself (21 MB sent over the protocol took 17 s); sparse,
  // so nothing is written.
  const big = test.info().outputPath('большой.pdf');
  await mkdir(dirname(big), { recursive: true });
  await writeFile(big, '');
  await truncate(big, 21 * 1024 * 1024);
  await page.locator('input[type=file]').setInputFiles(big);
  await expect(page.getByText(/Файл «большой\.pdf» весит 21\sМБ, больше допустимых 20\sМБ/)).toBeVisible();

  // Its own upload it may delete; what staff gave it, not.
  await expect(row.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test("the browser's back button on a newsletter with unsaved changes asks first; staying keeps the text", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await page.getByRole('menuitem', { name: 'Рассылки и новости' }).click();
  await page.getByRole('button', { name: 'Написать рассылку' }).click();
  await expect(page.getByRole('heading', { name: 'Новая рассылка' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill('Черновик, который жалко потерять');

  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Уйти со страницы?' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/comms\/newsletters\/new$/);
  await dialog.getByRole('button', { name: 'Остаться' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/comms\/newsletters\/new$/);
  await expect(page.getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue('Черновик, который жалко потерять');

  await page.goBack();
  await dialog.getByRole('button', { name: 'Уйти' }).click();
  await expect(page).toHaveURL(/\/comms$/);
  await expect(page.getByRole('button', { name: 'Написать рассылку' })).toBeVisible();
});

test('a list\'s search and page survive a reload and the back button', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager, '/comms?page_size=2');
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();
  // The titles of page 3 as the API answers them: the table still shows page 1 until they arrive.
  const pageThree = page.waitForResponse((r) => r.url().includes('/api/newsletters/') && /[?&]page=3(&|$)/.test(r.url()) && r.status() === 200);
  await page.getByRole('button', { name: 'Страница 3' }).click();
  await expect(page).toHaveURL(/[?&]page=3/);
  const third = ((await (await pageThree).json()) as { results: Array<{ title: string }> }).results.map((item) => item.title);
  await expect(page.getByRole('table').getByRole('link').first()).toHaveText(third[0]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table').getByRole('link').first()).toHaveText(third[0]);

  await page.getByRole('searchbox', { name: 'Поиск' }).fill('прайс');
  await expect(page).toHaveURL(/search=%D0%BF%D1%80%D0%B0%D0%B9%D1%81/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByRole('table').getByRole('link').first()).toContainText(/прайс/i);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('прайс');
  await expect(page.getByRole('table').getByRole('link').first()).toContainText(/прайс/i);

  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=3/);
  await expect(page.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table').getByRole('link').first()).toHaveText(third[0]);
});

test('«Экспорт CSV» downloads every row the list matches, not just the page on screen, with its search and columns', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager, '/comms?page_size=2&ordering=title');
  const total = Number(/Всего: (\d+)/.exec((await page.getByText(/Всего: \d+/).textContent())!)![1]);
  expect(total).toBeGreaterThan(2);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт CSV' }).click();
  const rows = await csvRows((await (await downloading).path())!);
  // The header names the visible columns, in Russian, then one line per matching newsletter.
  expect(rows[0]).toContain('Заголовок');
  expect(rows).toHaveLength(total + 1);
  const titles = await page.getByRole('table').getByRole('link').allTextContents();
  expect(rows[1]).toContain(titles[0]);

  const searched = page.waitForResponse((r) => r.url().includes('/api/newsletters/') && r.url().includes('search=') && r.status() === 200);
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('прайс');
  await searched;
  await expect(page.getByRole('table').getByRole('link').first()).toContainText(/прайс/i);
  const filtered = Number(/Всего: (\d+)/.exec((await page.getByText(/Всего: \d+/).textContent())!)![1]);
  expect(filtered).toBeLessThan(total);
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт CSV' }).click();
  expect(await csvRows((await (await again).path())!)).toHaveLength(filtered + 1);
});

// axe on every comms screen as a dealer and as staff, light and dark: the walk of every screen
// (axe-every-screen.e2e.ts), which took over this file's own walk of them.
