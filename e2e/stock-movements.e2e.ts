// Stock movements as a manager records them (issue 18 item 3, design §5 "Stock movements"): a receipt
// and a write-off, each with its reason, change the total and join the item's history, newest first;
// a quantity the field cannot take («12,5», «-5», more than is free) is refused on the field and
// records nothing. On a product and a store item of the story's own, so no other story's stock moves.
import type { Page } from '@playwright/test';
import { test, expect, ACCOUNTS, apiUser, callApi, ownProduct, signedIn, expectNoViolations, type ApiUser } from './fixtures';

interface Movement { kind: string; change: number; total: number; reason: string }

async function storeItemOf(page: Page | ApiUser, sku: string): Promise<number> {
  const { results } = await callApi<{ results: Array<{ id: number }> }>(page, 'GET', `/api/storeitems/?search=${encodeURIComponent(sku)}`);
  expect(results).toHaveLength(1);
  return results[0].id;
}

test('a receipt and a write-off with their reasons change the total and the history; a quantity the field cannot take records nothing', async ({ browser, request }) => {
  const staff = await apiUser(request, ACCOUNTS.manager);
  const product = await ownProduct(staff, { stock: 50 });
  const item = await storeItemOf(staff, product.sku);
  const movements = async () => (await callApi<{ results: Movement[] }>(staff, 'GET', `/api/storeitems/${item}/movements/`)).results;
  const before = (await movements()).length;

  const page = await signedIn(browser, ACCOUNTS.manager, { path: `/catalog/stock/${item}/edit` });
  await expect(page.getByText('Остаток: 50 шт, в резерве 0, доступно 50.')).toBeVisible();

  // A receipt: a fraction or a negative number is refused on the field, as typed.
  await page.getByRole('button', { name: 'Приход', exact: true }).click();
  const receipt = page.getByRole('region', { name: 'Приход' });
  const quantity = receipt.getByLabel('Количество, шт');
  await expect(quantity).toBeFocused();
  await quantity.fill('12,5');
  await receipt.getByLabel('Причина').fill('Поставка от завода');
  await receipt.getByRole('button', { name: 'Записать приход' }).click();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveValue('12,5');
  await quantity.fill('-5');
  await receipt.getByRole('button', { name: 'Записать приход' }).click();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveValue('-5');
  expect(await movements()).toHaveLength(before);
  await expectNoViolations(page, 'a receipt refused on its field');

  await quantity.fill('20');
  await receipt.getByRole('button', { name: 'Записать приход' }).click();
  await expect(page.getByText('Приход 20 шт записан. Остаток: 70 шт.')).toBeVisible();
  await expect(page.getByText('Остаток: 70 шт, в резерве 0, доступно 70.')).toBeVisible();

  // A write-off: more than is there is refused with what may be written off.
  await page.getByRole('button', { name: 'Списание', exact: true }).click();
  const writeOff = page.getByRole('region', { name: 'Списание' });
  await writeOff.getByLabel('Количество, шт').fill('100');
  await writeOff.getByLabel('Причина').fill('Брак');
  await writeOff.getByRole('button', { name: 'Записать списание' }).click();
  await expect(writeOff.getByText(/Можно списать не больше 70 шт/)).toBeVisible();
  expect(await movements()).toHaveLength(before + 1);
  await writeOff.getByLabel('Количество, шт').fill('5');
  await writeOff.getByRole('button', { name: 'Записать списание' }).click();
  await expect(page.getByText('Списание 5 шт записано. Остаток: 65 шт.')).toBeVisible();

  // The history, newest first, with each reason; the total is the sum of the movements.
  const rows = page.getByRole('row').filter({ hasText: /Приход|Списание/ });
  await expect(rows.first()).toContainText('Брак');
  await expect(rows.nth(1)).toContainText('Поставка от завода');
  const recorded = await movements();
  expect(recorded.slice(0, 2).map((m) => [m.kind, m.change, m.total, m.reason])).toEqual([
    ['write_off', -5, 65, 'Брак'], ['receipt', 20, 70, 'Поставка от завода'],
  ]);
  await page.reload();
  await expect(page.getByText('Остаток: 65 шт, в резерве 0, доступно 65.')).toBeVisible();
});
