// Mail when something happens (issue 19 item 4): a manager records a parcel of a dealer's confirmed
// order on its page («Отгрузить»: carrier, tracking number, sent at once), the order becomes
// «Отгружен», and the dealer's users get a mail in their language that says so, with the carrier,
// the tracking number, a link to the order and why it was sent. The story makes its own order.
import { test, expect, ACCOUNTS, apiUser, callApi, mailsTo, signedIn } from './fixtures';

interface OrderAnswer { id: number; number: string; items: Array<{ product: number; quantity: number }>; comment: string }

test('a parcel in transit ships the order, and the dealer is mailed the carrier and tracking number', async ({ browser, portal, request }) => {
  const dealer = await apiUser(request, ACCOUNTS.dealer);
  const { results } = await callApi<{ results: Array<{ id: number; available: number }> }>(dealer, 'GET', '/api/dp/?ordering=-price&page_size=50');
  const lines = results.filter((product) => product.available >= 5).slice(0, 2).map((product) => ({ product: product.id, quantity: 1 }));
  expect(lines).toHaveLength(2);
  const order = await callApi<OrderAnswer>(dealer, 'POST', '/api/orders/', { items: lines, comment: 'e2e: письмо об отгрузке' });

  await callApi(await apiUser(request, ACCOUNTS.manager), 'PUT', `/api/orders/${order.id}/`, { items: order.items.map(({ product, quantity }) => ({ product, quantity })), comment: order.comment, status: 'confirmed' });
  const confirmed = `Заказ № ${order.number} подтверждён`;
  await expect.poll(() => mailsTo(portal.dataDir, ACCOUNTS.dealer).map((mail) => mail.subject)).toContain(confirmed);

  const tracking = `MAIL${Date.now()}`;
  const manager = await signedIn(browser, ACCOUNTS.manager, { path: `/orders/${order.id}` });
  await expect(manager.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Отгрузить' }).click();
  await manager.getByRole('textbox', { name: 'Перевозчик' }).fill('Деловые Линии');
  await manager.getByRole('textbox', { name: 'Трек-номер' }).fill(tracking);
  await manager.getByRole('button', { name: 'Записать отгрузку' }).click();
  await expect(manager.getByTestId('shipment').getByText('В пути').first()).toBeVisible();

  const shipped = `Заказ № ${order.number} отгружен`;
  await expect.poll(() => mailsTo(portal.dataDir, ACCOUNTS.dealer).map((mail) => mail.subject)).toContain(shipped);
  const mail = mailsTo(portal.dataDir, ACCOUNTS.dealer).find((m) => m.subject === shipped)!;
  expect(mail.text).toContain('Перевозчик: Деловые Линии');
  expect(mail.text).toContain(`Трек-номер: ${tracking}`);
  // The portal's PUBLIC_URL (here the default, on localhost) and the screen's path.
  const link = /https?:\/\/\S+\/orders\/\d+/.exec(mail.text)![0];
  expect(new URL(link).pathname).toBe(`/orders/${order.id}`);
  expect(mail.text).toMatch(/Отключить такие письма можно в профиле: https?:\/\/\S+\/profile/);
  // The manager who shipped it is not mailed about it.
  expect(mailsTo(portal.dataDir, ACCOUNTS.manager).map((m) => m.subject)).not.toContain(shipped);

  // The link of the mail opens the order, where the dealer sees the parcel.
  const reader = await signedIn(browser, ACCOUNTS.dealer, { path: new URL(link).pathname });
  await expect(reader.getByTestId('shipment').getByTestId('tracking-number')).toHaveText(tracking);
});
