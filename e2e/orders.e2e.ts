// The orders list and the order page as their users go through them (issue 7, items 5 and 8): a
// dealer filters its orders and the filter survives a reload and the back button; a manager
// confirms a new order and ships it with a waybill, and the dealer then sees the tracking number and
// downloads the waybill; a dealer asks to cancel a confirmed order; «Повторить заказ» names a
// product no longer sold; a shipped order's page and the page's forms pass axe as a dealer and as a
// manager, light and dark (the list and an order as they first draw: the walk of every screen).
// Each story makes the orders it works on through the API, so that stories running on the same
// server never share an order.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, signIn, ACCOUNTS, apiUser, expectNoViolations, signedIn, callApi, type ApiUser, chooseFilter, expectFilter } from './fixtures';

interface Line { product: number; quantity: number }
interface OrderAnswer { id: number; number: string; status: string; items: Array<Line & { name: string }>; comment: string }

/** Two products the dealer may buy with stock to spare, over the minimum order total together. */
async function orderableLines(dealer: Page | ApiUser): Promise<Line[]> {
  const { results } = await callApi<{ results: Array<{ id: number; available: number }> }>(dealer, 'GET', '/api/dp/?ordering=-price&page_size=50');
  const products = results.filter((product) => product.available >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  return products.map((product) => ({ product: product.id, quantity: 1 }));
}

/** A new order of the dealer `dealer` (signed in on a page or through the API alone). */
async function newOrder(dealer: Page | ApiUser, lines?: Line[], comment = 'e2e'): Promise<OrderAnswer> {
  return callApi<OrderAnswer>(dealer, 'POST', '/api/orders/', { items: lines ?? await orderableLines(dealer), comment });
}

/** The order moved one status on by staff, as the order page does it. */
async function moveOrder(manager: Page | ApiUser, order: OrderAnswer, status: string): Promise<OrderAnswer> {
  return callApi<OrderAnswer>(manager, 'PUT', `/api/orders/${order.id}/`, {
    items: order.items.map(({ product, quantity }) => ({ product, quantity })), comment: order.comment, status,
  });
}

/** The smallest PDF the API recognises as one by its bytes. */
const WAYBILL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a dealer filters its orders by status; the filter survives a reload and the back button; the order shows «Итого» and its timeline', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer);
  await page.getByRole('menuitem', { name: 'Заказы' }).click();
  await expect(page.getByRole('heading', { name: 'Заказы' })).toBeVisible();
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();

  await chooseFilter(page, 'Статус', 'Подтверждён');
  await expect(page).toHaveURL(/\/orders\?status=confirmed$/);
  const rows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('link') });
  // Every order listed is confirmed (a status tag names its status in data-status).
  const onlyConfirmed = async () => {
    await expect(rows.first().locator('[data-status=confirmed]')).toBeVisible();
    await expect(page.locator('tbody [data-status]:not([data-status=confirmed])')).toHaveCount(0);
  };
  await onlyConfirmed();

  await page.reload();
  await expect(page).toHaveURL(/\/orders\?status=confirmed$/);
  await expectFilter(page, 'Статус', 'Статус: Подтверждён');
  await onlyConfirmed();

  const first = rows.first().getByRole('link');
  const number = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: `Заказ № ${number}` })).toBeVisible();
  await expect(page.getByRole('table').first().getByText('Итого')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(/\d[\d\s]*,\d{2}\s₽/);
  await expect(page.getByRole('heading', { name: 'История заказа' })).toBeVisible();
  await expect(page.getByTestId('status-change').first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?status=confirmed$/);
  await expectFilter(page, 'Статус', 'Статус: Подтверждён');
  await onlyConfirmed();
  // «Назад» on the order page leads to the same filtered list too.
  await rows.first().getByRole('link').click();
  await page.getByRole('link', { name: 'Ко всем заказам' }).click();
  await expect(page).toHaveURL(/\/orders\?status=confirmed$/);
});

test('a manager confirms a new order and ships it with carrier, tracking number and waybill; the dealer sees the tracking number and downloads the waybill', async ({ browser, request }) => {
  const order = await newOrder(await apiUser(request, ACCOUNTS.dealer));
  const tracking = `PK${Date.now()}`;

  const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/orders/${order.id}` });
  // Spec §7: PUT /api/orders/{id}/ and PUT /api/shippings/{id}/ are multipart form-data.
  const puts: string[] = [];
  manager.on('request', (r) => { if (r.method() === 'PUT') puts.push(`${new URL(r.url()).pathname.replace(/\d+/g, '{id}')} ${r.headers()['content-type']?.split(';')[0]}`); });
  await expect(manager.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Подтвердить' }).click();
  const confirm = manager.getByRole('dialog', { name: `Подтвердить заказ № ${order.number}?` });
  await confirm.getByRole('textbox', { name: /Комментарий/ }).fill('Резерв проверен');
  await confirm.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(confirm).toBeHidden();
  // One action row: the next step is «Отгрузить», no status words as buttons.
  await expect(manager.getByRole('button', { name: 'Отгрузить' })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Отгружен' })).toHaveCount(0);
  const timeline = manager.getByTestId('status-change');
  await expect(timeline.last()).toContainText('Подтверждён');
  await expect(timeline.last()).toContainText('Резерв проверен');

  await manager.getByRole('button', { name: 'Отгрузить' }).click();
  await expect(manager.getByRole('textbox', { name: 'Перевозчик' })).toBeFocused();
  await manager.getByRole('textbox', { name: 'Перевозчик' }).fill('ПЭК');
  await manager.getByRole('textbox', { name: 'Трек-номер' }).fill(tracking);
  await manager.locator('input[type=file]').setInputFiles({ name: `накладная-${order.number}.pdf`, mimeType: 'application/pdf', buffer: WAYBILL_PDF });
  await expect(manager.getByText(`накладная-${order.number}.pdf`)).toBeVisible();
  // Recorded inside «Отгрузить» and sent at once: the shipment is in transit and the order shipped.
  await manager.getByRole('button', { name: 'Записать отгрузку' }).click();
  const parcel = manager.getByTestId('shipment');
  await expect(parcel.getByTestId('tracking-number')).toHaveText(tracking);
  await expect(parcel.getByText('В пути').first()).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Завершить' })).toBeVisible();
  await expect(parcel.getByRole('button', { name: 'Отметить доставку' })).toBeVisible();
  expect([...new Set(puts)].sort()).toEqual(['/api/orders/{id}/ multipart/form-data', '/api/shippings/{id}/ multipart/form-data']);

  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${order.id}` });
  const seen = dealer.getByTestId('shipment');
  await expect(seen.getByTestId('tracking-number')).toHaveText(tracking);
  await expect(seen.getByText('ПЭК')).toBeVisible();
  await expect(seen.getByText('В пути').first()).toBeVisible();
  const downloading = dealer.waitForEvent('download');
  await seen.getByRole('button', { name: /Скачать/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`накладная-${order.number}.pdf`);
  expect(await readFile((await download.path())!)).toEqual(WAYBILL_PDF);
});

test('a dealer asks to cancel a confirmed order with a reason; the request shows on the order page', async ({ browser, request }) => {
  const order = await moveOrder(await apiUser(request, ACCOUNTS.manager), await newOrder(await apiUser(request, ACCOUNTS.dealer)), 'confirmed');

  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${order.id}` });
  await expect(dealer.getByText('Подтверждён').first()).toBeVisible();
  await dealer.getByRole('button', { name: 'Запросить отмену' }).click();
  await dealer.getByRole('button', { name: 'Отправить запрос' }).click();
  await expect(dealer.getByText('Укажите причину')).toBeVisible();
  await dealer.getByRole('textbox', { name: 'Причина' }).fill('Клиент отказался от поставки');
  await dealer.getByRole('button', { name: 'Отправить запрос' }).click();
  const asked = dealer.getByTestId('cancellation-request');
  await expect(asked.getByText('На рассмотрении').first()).toBeVisible();
  await expect(asked.getByText('Клиент отказался от поставки')).toBeVisible();
  await expect(dealer.getByRole('button', { name: 'Запросить отмену' })).toHaveCount(0);
  await dealer.reload();
  await expect(dealer.getByTestId('cancellation-request').getByText('Клиент отказался от поставки')).toBeVisible();
});

test('«Повторить заказ» puts what is still sold into the cart and names the product that is no longer sold', async ({ browser, request }) => {
  const manager = await apiUser(request, ACCOUNTS.manager);
  const sku = `E2E-GONE-${Date.now()}`;
  const body = { sku, name: `Снятый товар ${sku}`, category: 'Тест', unit: 'шт', price: '1500.00', description: '' };
  const gone = await callApi<{ id: number }>(manager, 'POST', '/api/products/', { ...body, is_active: true });

  const dealerApi = await apiUser(request, ACCOUNTS.dealer);
  const [still] = await orderableLines(dealerApi);
  const order = await newOrder(dealerApi, [still, { product: gone.id, quantity: 2 }]);
  await callApi(manager, 'PUT', `/api/products/${gone.id}/`, { ...body, is_active: false });

  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${order.id}` });
  await dealer.getByRole('button', { name: 'Повторить заказ' }).click();
  const result = dealer.getByTestId('reorder-result');
  await expect(result).toContainText('В корзину добавлено позиций: 1.');
  await expect(result).toContainText(`Больше не продаются и не добавлены: «Снятый товар ${sku}».`);
  const cart = await dealer.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ product: number; quantity: number }>);
  expect(cart).toContainEqual(expect.objectContaining({ product: still.product, quantity: still.quantity }));
  expect(cart.some((line) => line.product === gone.id)).toBe(false);
  await result.getByRole('link', { name: 'Перейти в корзину' }).click();
  await expect(dealer).toHaveURL(/\/orders\/cart$/);
});

for (const theme of ['default', 'dark'] as const) {
  test(`a shipped order's page and the order page's forms pass axe for a dealer and a manager (${theme === 'dark' ? 'dark' : 'light'} theme)`, async ({ browser, request }) => {
    const dealerApi = await apiUser(request, ACCOUNTS.dealer);
    // A shipped order of the dealer's: lines, a timeline and a shipment with its tracking number.
    const { results } = await callApi<{ results: OrderAnswer[] }>(dealerApi, 'GET', '/api/orders/?status=shipped&page_size=1');
    const shipped = results[0];
    const confirmed = await moveOrder(await apiUser(request, ACCOUNTS.manager), await newOrder(dealerApi), 'confirmed');
    const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${shipped.id}`, theme });
    const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/orders/${shipped.id}`, theme });
    const who = (page: Page) => (page === dealer ? 'dealer' : 'manager');
    const mode = theme === 'dark' ? 'dark' : 'light';

    // The list is judged in the walk of every screen (axe-every-screen.e2e.ts); here a shipped order
    // (its shipment and timeline) and the page's forms.
    for (const page of [dealer, manager]) {
      await expect(page.getByTestId('shipment').first()).toBeVisible();
      await expect(page.getByTestId('status-change').first()).toBeVisible();
      await expectNoViolations(page, `order page (${who(page)}, ${mode})`);
    }

    // The forms of the page: the dealer's cancellation request, the manager's shipment and status change.
    await dealer.goto(`/orders/${confirmed.id}`);
    await dealer.getByRole('button', { name: 'Запросить отмену' }).click();
    await expect(dealer.getByRole('textbox', { name: 'Причина' })).toBeVisible();
    await expectNoViolations(dealer, `order page, cancellation form (dealer, ${mode})`);
    await manager.goto(`/orders/${confirmed.id}`);
    await manager.getByRole('button', { name: 'Отгрузить' }).click();
    await expect(manager.getByRole('textbox', { name: 'Перевозчик' })).toBeVisible();
    await expectNoViolations(manager, `order page, shipment form (manager, ${mode})`);
    await manager.getByRole('button', { name: 'Отменить заказ' }).click();
    await expect(manager.getByRole('dialog')).toBeVisible();
    await expectNoViolations(manager, `order page, status change (manager, ${mode})`);
  });
}
