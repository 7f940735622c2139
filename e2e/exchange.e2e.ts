// The exchange with 1C end to end (issue 33): an admin opens «Обмен с 1С» from the menu, makes an
// exchange account (its key shown once) and sets the price type; 1C, played by the test over HTTP
// as 1C drives it, sends a catalogue and offers in parts and takes the orders; the screen then
// shows both exchanges with their counts and files (one downloaded as 1C posted it), axe-core finds
// no violation, and a dealer finds the new product at its price in the catalogue.
import { readFileSync } from 'node:fs';
import { importXml, offersXml, oneC } from '../api/src/test/commerceml';
import { test, expect, ACCOUNTS, expectNoViolations, signedIn } from './fixtures';

test('an admin connects 1C: the account, the price type, a catalogue exchange and the orders, shown on «Обмен с 1С»; a dealer finds the product', async ({ browser, portal }) => {
  const admin = await signedIn(browser, ACCOUNTS.admin);
  await admin.getByRole('menuitem', { name: 'Обмен с 1С' }).click();
  await expect(admin).toHaveURL(/\/admin\/exchange$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Обмен с 1С' })).toBeVisible();
  await expect(admin.getByLabel('Адрес сайта для 1С')).toHaveValue(`${portal.url}/api/exchange/1c/`);

  const login = `e2e-${process.pid}-${Date.now()}`;
  await admin.getByRole('button', { name: 'Создать учётную запись обмена' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Логин' }).fill(login);
  await dialog.getByRole('textbox', { name: 'Логин' }).press('Enter');
  const keyField = dialog.getByRole('textbox', { name: 'Ключ (пароль для 1С)' });
  await expect(keyField).toHaveValue(/^pex_/);
  const key = await keyField.inputValue();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('cell', { name: login, exact: true })).toBeVisible();

  const priceType = admin.getByRole('textbox', { name: 'Название типа цен в 1С' });
  await priceType.fill('Оптовая');
  await priceType.press('Enter');
  await expect(admin.getByTestId('answer')).toContainText('Тип цен сохранён: «Оптовая»');

  // 1C's exchange: the catalogue and the offers, each posted in parts of init's file_limit or less.
  const id = `${process.pid}-${Date.now()}`;
  const product = { id: `e2e-${id}`, sku: `E2E-${id}`, name: `Автомат из 1С ${id}`, group: 'e2e-g2' };
  const catalogue = importXml({ version: '2.10', groups: [{ id: 'e2e-g1', name: 'Электрика', groups: [{ id: 'e2e-g2', name: 'Автоматы' }] }], products: [product] });
  const onec = oneC(portal.url, { login, key });
  const answers = await onec.exchange([
    ['import.xml', catalogue],
    ['offers.xml', offersXml({ version: '2.10', priceTypes: [{ id: 'r', name: 'Розничная' }, { id: 'w', name: 'Оптовая' }], warehouses: [{ id: 'e2e-wh', name: 'Склад 1' }],
      offers: [{ id: product.id, prices: { r: '900.00', w: '777.50' }, stock: { 'e2e-wh': 12 } }] })],
  ], 1024);
  expect(answers.map((answer) => answer.lines[0])).toEqual(['success', 'success']);
  const sale = oneC(portal.url, { login, key }, 'sale');
  await sale.checkauth();
  expect((await sale.send('GET', 'query')).body).toContain('<ХозОперация>Заказ товара</ХозОперация>');
  expect((await sale.send('GET', 'success')).lines[0]).toBe('success');

  await admin.reload();
  const runs = admin.getByRole('table', { name: 'Обмены' });
  const catalogRun = runs.getByRole('row').filter({ hasText: 'Каталог, цены, остатки' }).filter({ hasText: login }).first();
  await expect(catalogRun).toContainText('Успешно');
  await expect(catalogRun.getByLabel('создано 1, обновлено 1, снято 0, пропущено 0')).toBeVisible();
  await expect(runs.getByRole('row').filter({ hasText: 'Заказы' }).filter({ hasText: login }).first()).toContainText('Успешно');
  const [download] = await Promise.all([admin.waitForEvent('download'), catalogRun.getByRole('button', { name: 'Скачать import.xml' }).click()]);
  expect(download.suggestedFilename()).toBe('import.xml');
  expect(readFileSync(await download.path(), 'utf8')).toBe(catalogue);
  await expectNoViolations(admin, '/admin/exchange (with exchanges)');

  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/catalog?search=${encodeURIComponent(product.sku)}` });
  // The category from 1C's nested groups, the price of «Оптовая», the stock of 1C's warehouse.
  const row = dealer.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('cell', { name: 'Электрика / Автоматы', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '777,50 ₽', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12', exact: true })).toBeVisible();
});
