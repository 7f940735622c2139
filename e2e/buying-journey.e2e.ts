// The buying journey across the remotes, as issue 7 tells it: a dealer finds a product by SKU in the
// catalogue, builds a line in the calculator, adds a second product by pasting a line into quick
// order, checks out and sees the order with the server's total; a manager confirms it (the stock is
// reserved) and ships it; the dealer sees the tracking number. A second order is confirmed, its
// cancellation asked and approved: the order is cancelled and its stock released.
import type { Page } from '@playwright/test';
import { test, expect, ACCOUNTS, apiUser, callApi, ownProduct, signedIn, type ApiUser } from './fixtures';

/** Picks an option of a searchable antd select as a user does with many options: types, then picks. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

interface DealerProduct { id: number; sku: string; name: string; dealer_price: string; available: number; category: string }
interface Order { id: number; number: string; status: string; total: string; items: Array<{ product: number; quantity: number; price: string }> }

/** A product as the dealer's catalogue shows it: the dealer's price, what is available. */
const asDealerSees = (dealer: Page | ApiUser, { id }: { id: number }) => callApi<DealerProduct>(dealer, 'GET', `/api/dp/${id}/`);
const available = async (dealer: Page | ApiUser, id: number) => (await callApi<DealerProduct>(dealer, 'GET', `/api/dp/${id}/`)).available;
/** Money as the portal writes it in Russian: «12 345,60 ₽» (any space between thousands). */
const rubles = (amount: string) => new RegExp(`${Number(amount).toLocaleString('ru-RU', { minimumFractionDigits: 2 }).replace(/\s/g, '\\s')}\\s₽`);

test('a dealer finds a product by SKU, builds a line in the calculator, pastes a second into quick order and checks out; a manager confirms (stock reserved) and ships; the dealer sees the tracking number', async ({ browser, request }) => {
  test.setTimeout(240_000);
  // Two products of the story's own (other stories reserve stock meanwhile), dear enough to pass the minimum.
  const staff = await apiUser(request, ACCOUNTS.manager);
  const dealer = await signedIn(browser, ACCOUNTS.dealer);
  const first = await asDealerSees(dealer, await ownProduct(staff));
  const second = await asDealerSees(dealer, await ownProduct(staff));

  // The catalogue finds the first by its SKU.
  await dealer.getByRole('menuitem', { name: 'Каталог' }).click();
  await dealer.getByRole('searchbox', { name: 'Поиск по артикулу или названию' }).fill(first.sku);
  await expect(dealer).toHaveURL(new RegExp(`search=${encodeURIComponent(first.sku)}`));
  await expect(dealer.getByRole('row').filter({ hasText: first.sku }).getByRole('link', { name: first.name })).toBeVisible();

  // The calculator builds its line: category → product → quantity → result → «В корзину».
  await dealer.getByRole('menuitem', { name: 'Калькулятор' }).click();
  await choose(dealer, 'Категория товара', first.category);
  await dealer.getByRole('button', { name: 'Далее' }).click();
  await choose(dealer, 'Товар', first.sku);
  await dealer.getByRole('button', { name: 'Далее' }).click();
  await dealer.getByRole('spinbutton', { name: 'Количество' }).fill('3');
  await dealer.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(dealer.getByTestId('calculator-result')).toContainText(first.name);
  await dealer.getByRole('button', { name: 'В корзину' }).click();
  await expect(dealer.getByTestId('cart-link')).toHaveAccessibleName('Корзина: 3 шт.');

  // Quick order takes a pasted line for the second.
  await dealer.getByRole('menuitem', { name: 'Быстрый заказ' }).click();
  await dealer.getByRole('textbox', { name: 'Строки «артикул количество»' }).fill(`${second.sku};2\n`);
  await dealer.getByRole('button', { name: 'Добавить строки в корзину' }).click();
  await expect(dealer.getByTestId('cart-link')).toHaveAccessibleName('Корзина: 5 шт.');

  // Checkout: the order page shows the server's total.
  await dealer.getByTestId('cart-link').click();
  await expect(dealer.getByRole('heading', { name: 'Корзина' })).toBeVisible();
  await dealer.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(dealer).toHaveURL(/\/orders\/\d+$/);
  const id = Number(/\/orders\/(\d+)$/.exec(dealer.url())![1]);
  const order = await callApi<Order>(dealer, 'GET', `/api/orders/${id}/`);
  expect(order.items.map(({ product, quantity }) => [product, quantity])).toEqual([[first.id, 3], [second.id, 2]]);
  await expect(dealer.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible();
  await expect(dealer.getByRole('table').first().getByRole('row').filter({ hasText: 'Итого' })).toContainText(rubles(order.total));
  const before = [await available(dealer, first.id), await available(dealer, second.id)];

  // The manager confirms: the stock is reserved.
  const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/orders/${id}` });
  await manager.getByRole('button', { name: 'Подтвердить' }).click();
  await manager.getByRole('dialog', { name: `Подтвердить заказ № ${order.number}?` }).getByRole('button', { name: 'Подтвердить' }).click();
  await expect(manager.getByRole('button', { name: 'Отгрузить' })).toBeVisible();
  expect([await available(dealer, first.id), await available(dealer, second.id)]).toEqual([before[0] - 3, before[1] - 2]);

  // And ships it with a carrier and a tracking number.
  const tracking = `TRK${Date.now()}`;
  await manager.getByRole('button', { name: 'Отгрузить' }).click();
  await manager.getByRole('textbox', { name: 'Перевозчик' }).fill('Деловые линии');
  await manager.getByRole('textbox', { name: 'Трек-номер' }).fill(tracking);
  await manager.getByRole('button', { name: 'Записать отгрузку' }).click();
  await expect(manager.getByTestId('shipment').getByTestId('tracking-number')).toHaveText(tracking);
  // Recorded inside «Отгрузить» and sent at once: the order is shipped, its next step «Завершить».
  await expect(manager.getByTestId('shipment').getByText('В пути').first()).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Завершить' })).toBeVisible();

  await dealer.reload();
  await expect(dealer.getByTestId('shipment').getByTestId('tracking-number')).toHaveText(tracking);
  await expect(dealer.getByTestId('shipment').getByText('Деловые линии')).toBeVisible();
});

test('a dealer asks to cancel a confirmed order, a manager approves it in the queue: the order is cancelled and its stock released', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const dealerApi = await apiUser(request, ACCOUNTS.dealer);
  const product = await asDealerSees(dealerApi, await ownProduct(await apiUser(request, ACCOUNTS.manager)));
  const before = product.available;
  const order = await callApi<Order>(dealerApi, 'POST', '/api/orders/', { items: [{ product: product.id, quantity: 4 }], comment: 'на отмену' });

  const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/orders/${order.id}` });
  await manager.getByRole('button', { name: 'Подтвердить' }).click();
  await manager.getByRole('dialog', { name: `Подтвердить заказ № ${order.number}?` }).getByRole('button', { name: 'Подтвердить' }).click();
  await expect(manager.getByRole('button', { name: 'Отгрузить' })).toBeVisible();
  expect(await available(dealerApi, product.id)).toBe(before - 4);

  const reason = `Клиент передумал ${Date.now()}`;
  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${order.id}` });
  await dealer.getByRole('button', { name: 'Запросить отмену' }).click();
  await dealer.getByRole('textbox', { name: 'Причина' }).fill(reason);
  await dealer.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(dealer.getByText(reason)).toBeVisible();

  await manager.getByRole('menuitem', { name: 'Запросы на отмену' }).click();
  const row = manager.getByRole('row').filter({ hasText: reason });
  await row.getByRole('button', { name: /^Одобрить/ }).click();
  await manager.getByRole('dialog', { name: `Одобрить отмену заказа № ${order.number}?` }).getByRole('button', { name: 'Одобрить' }).click();
  await expect(row).toHaveCount(0);

  expect((await callApi<Order>(dealer, 'GET', `/api/orders/${order.id}/`)).status).toBe('cancelled');
  expect(await available(dealer, product.id)).toBe(before);
  await dealer.reload();
  await expect(dealer.getByText('Отменён').first()).toBeVisible();
});
