// «Претензии» as their users go through them (issue 8, item 7): a dealer files a claim with a photo
// on a completed order's line, from the order page; a manager takes it into review, writes an
// internal note and a reply, and accepts it with a resolution; the dealer then sees the timeline
// and the reply, never the note. Every claims screen passes axe as a dealer and as a manager, light
// and dark. Each story makes the orders it works on through the API, so stories running on the same
// server never share an order.
import type { Page } from '@playwright/test';
import { test, expect, ACCOUNTS, apiUser, expectNoViolations, signedIn, callApi, type ApiUser } from './fixtures';

interface Line { product: number; quantity: number }
interface OrderAnswer { id: number; number: string; status: string; items: Array<Line & { name: string }>; comment: string }

/** The smallest PNG the API recognises as one by its bytes. */
const PHOTO_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A completed order of the dealer `dealer`, moved along by the manager `manager` (through the API). */
async function completedOrder(dealer: ApiUser, manager: ApiUser): Promise<OrderAnswer> {
  const { results } = await callApi<{ results: Array<{ id: number; available: number }> }>(dealer, 'GET', '/api/dp/?ordering=-price&page_size=50');
  const products = results.filter((product) => product.available >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  let order = await callApi<OrderAnswer>(dealer, 'POST', '/api/orders/', { items: products.map((p) => ({ product: p.id, quantity: 3 })), comment: 'e2e claims' });
  for (const status of ['confirmed', 'shipped', 'completed']) {
    order = await callApi<OrderAnswer>(manager, 'PUT', `/api/orders/${order.id}/`, {
      items: order.items.map(({ product, quantity }) => ({ product, quantity })), comment: order.comment, status,
    });
  }
  return order;
}

/** Takes the claim one step on from its page, saying yes in the dialog (with a resolution when the step needs one). */
async function step(manager: Page, button: string, resolution?: string) {
  await manager.getByRole('button', { name: button }).click();
  const dialog = manager.getByRole('dialog');
  if (resolution) await dialog.getByLabel('Решение').fill(resolution);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a dealer files a claim with a photo on a completed order\'s line; a manager reviews it, notes, replies and accepts it; the dealer sees the timeline and the reply, never the note', async ({ browser, request }) => {
  const order = await completedOrder(await apiUser(request, ACCOUNTS.dealer), await apiUser(request, ACCOUNTS.manager));

  // From the order page, on the order line itself.
  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/orders/${order.id}` });
  await dealer.getByRole('link', { name: 'Подать претензию' }).click();
  await expect(dealer).toHaveURL(new RegExp(`/admin/claims/new\\?order=${order.id}$`));
  await expect(dealer.getByRole('heading', { name: `Претензия по заказу № ${order.number}` })).toBeVisible();
  await dealer.getByRole('combobox', { name: 'Позиция заказа' }).click();
  await dealer.getByTitle(`${order.items[0].name} — осталось 3 из 3`).click();
  await dealer.getByLabel('Количество').fill('2');
  await dealer.getByRole('combobox', { name: 'Причина' }).click();
  await dealer.getByTitle('Повреждение', { exact: true }).click();
  await dealer.getByLabel('Описание').fill('Корпус треснул при распаковке, фото приложено.');
  // Damage is not sent without a photo: the form says so first.
  await dealer.getByRole('button', { name: 'Отправить претензию' }).click();
  await expect(dealer.getByText('При повреждении приложите хотя бы одну фотографию.')).toBeVisible();
  await expect(dealer).toHaveURL(/\/admin\/claims\/new/);
  await dealer.locator('input[type=file]').setInputFiles({ name: 'трещина.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(dealer.getByText('трещина.png')).toBeVisible();
  await dealer.getByRole('button', { name: 'Отправить претензию' }).click();
  await expect(dealer).toHaveURL(/\/admin\/claims\/\d+$/);
  const claimId = Number(dealer.url().split('/').pop());
  await expect(dealer.getByRole('heading', { name: `Претензия № ${claimId}` })).toBeVisible();
  await expect(dealer.getByRole('button', { name: 'Скачать «трещина.png»' })).toBeVisible();
  // The claim took 2 of the line's 3: the next claim on the line may take 1 more.
  await dealer.goto(`/admin/claims/new?order=${order.id}`);
  await dealer.getByRole('combobox', { name: 'Позиция заказа' }).click();
  await expect(dealer.getByTitle(`${order.items[0].name} — осталось 1 из 3`)).toBeVisible();

  // The manager finds it in the list, filtered by status, and works on it.
  const manager = await signedIn(browser, ACCOUNTS.manager, { path: '/admin/claims?status=new' });
  await manager.getByRole('link', { name: `Претензия № ${claimId}` }).click();
  await expect(manager.getByRole('heading', { name: `Претензия № ${claimId}` })).toBeVisible();
  await step(manager, 'Взять в работу');
  await expect(manager.getByTestId('status-change')).toHaveCount(2);
  await manager.getByLabel('Сообщение').fill('Проверить партию на складе, возможно брак упаковки.');
  await manager.getByRole('checkbox', { name: /Внутренняя заметка/ }).check();
  await manager.getByRole('button', { name: 'Сохранить заметку' }).click();
  await expect(manager.getByTestId('claim-message')).toHaveCount(1);
  await manager.getByLabel('Сообщение').fill('Заменим товар со следующей отгрузкой.');
  await manager.getByRole('button', { name: 'Отправить' }).click();
  await expect(manager.getByTestId('claim-message')).toHaveCount(2);
  // Accepting needs a resolution: refused in the dialog without one.
  await manager.getByRole('button', { name: 'Принять' }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Принять' }).click();
  await expect(manager.getByRole('dialog').getByText('Напишите решение: без него претензию нельзя принять или отклонить.')).toBeVisible();
  await manager.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  await step(manager, 'Принять', 'Замена 2 шт. со следующей отгрузкой.');
  await expect(manager.getByTestId('claim-resolution')).toHaveText('Замена 2 шт. со следующей отгрузкой.');

  // The dealer sees the timeline, the reply and the resolution; the note reaches it neither on the page nor from the API.
  await dealer.goto(`/admin/claims/${claimId}`);
  await expect(dealer.getByTestId('status-change')).toHaveCount(3);
  await expect(dealer.getByTestId('status-change').last()).toContainText('Принята');
  await expect(dealer.getByTestId('claim-resolution')).toHaveText('Замена 2 шт. со следующей отгрузкой.');
  await expect(dealer.getByTestId('claim-message')).toHaveCount(1);
  await expect(dealer.getByText('Заменим товар со следующей отгрузкой.')).toBeVisible();
  await expect(dealer.getByText('Проверить партию на складе')).toHaveCount(0);
  const thread = await callApi<{ results: Array<{ body: string }> }>(dealer, 'GET', `/api/claims/${claimId}/comments/`);
  expect(thread.results.map((message) => message.body)).toEqual(['Заменим товар со следующей отгрузкой.']);
  // And its own list shows the claim accepted.
  await dealer.goto('/admin/claims');
  await expect(dealer.getByRole('row', { name: new RegExp(`Претензия № ${claimId}`) }).getByText('Принята')).toBeVisible();
});

for (const theme of ['default', 'dark'] as const) {
  test(`the claim page, its status dialog and the new claim with its error pass axe as a dealer and as a manager (${theme === 'dark' ? 'dark' : 'light'} theme)`, async ({ browser, request }) => {
    const [dealerApi, managerApi] = [await apiUser(request, ACCOUNTS.dealer), await apiUser(request, ACCOUNTS.manager)];
    const order = await completedOrder(dealerApi, managerApi);
    const claim = await callApi<{ id: number }>(dealerApi, 'POST', '/api/claims/', {
      order: order.id, product: order.items[0].product, quantity: 1, reason: 'shortage', description: 'Недовложение: одной штуки нет.',
    });
    await callApi(dealerApi, 'POST', `/api/claims/${claim.id}/comments/`, { body: 'Когда ждать ответа?' });
    await callApi(managerApi, 'POST', `/api/claims/${claim.id}/comments/`, { body: 'Сверяем с накладной.', internal: true });
    const label = theme === 'dark' ? 'dark' : 'light';
    // axe judges the list in the walk of every screen (axe-every-screen.e2e.ts); here the claim with its messages.
    const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: `/admin/claims/${claim.id}`, theme });
    const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/admin/claims/${claim.id}`, theme });

    for (const [who, page] of [['dealer', dealer], ['manager', manager]] as const) {
      await expect(page.getByRole('heading', { name: `Претензия № ${claim.id}` })).toBeVisible();
      await expect(page.getByTestId('claim-message').first()).toBeVisible();
      await expectNoViolations(page, `claim page (${who}, ${label})`);
    }
    await manager.getByRole('button', { name: 'Взять в работу' }).click();
    await expect(manager.getByRole('dialog')).toBeVisible();
    await expectNoViolations(manager, `claim status dialog (manager, ${label})`);

    await dealer.goto(`/admin/claims/new?order=${order.id}`);
    await expect(dealer.getByRole('heading', { name: `Претензия по заказу № ${order.number}` })).toBeVisible();
    await dealer.getByRole('button', { name: 'Отправить претензию' }).click();
    await expect(dealer.getByText('Выберите позицию заказа')).toBeVisible();
    // Judged at rest: the pointer off the button it clicked (a hovered button has its hover colour).
    await dealer.mouse.move(0, 0);
    await expectNoViolations(dealer, `new claim (dealer, ${label})`);
  });
}
