// Quantities the portal cannot take (issue 18 item 3): a negative, a fraction of a unit that has
// none, more than the limit, or text that is no number, are refused by every endpoint that takes a
// quantity (an order's lines, new and edited; a claim, as JSON and as a form; a new store item) with
// a 400 of {message, code, fields} naming the quantity's field, never rounded, clamped or a 500, and
// nothing is written.
import { orderWorld, type OrderWorld } from '../test/order-world';
import { testDatabases } from '../test/test-app';

/** Each as typed into a field or sent by a client: negative, a fraction (both ways of writing it), zero, above the limit. */
const WRONG_LINE: unknown[] = [-1, -5, 0, 1.5, 12.5, '1,5', '12.5', 1_000_001, '1e3', 'пять', null];

describe.each(testDatabases())('quantities refused on %s', (kind) => {
  let w: OrderWorld;
  beforeAll(async () => { w = await orderWorld(kind); }, 60_000);
  afterAll(async () => { await w?.close(); });

  /** A 400 with a message and a code, its fields naming `field` (and only the quantity). */
  const expectRefusal = (answer: { status: number; json: { message?: unknown; code?: unknown; fields?: Record<string, unknown> } }, field: string) => {
    expect(answer.status).toBe(400);
    expect(answer.json.message).toEqual(expect.any(String));
    expect(String(answer.json.message)).not.toBe('');
    expect(answer.json.code).toEqual(expect.any(String));
    expect(Object.keys(answer.json.fields ?? {})).toEqual([field]);
    expect((answer.json.fields ?? {})[field]).toEqual([expect.any(String)]);
    // In the user's language (Russian first), not a validator's English.
    expect(String(answer.json.message)).toMatch(/[А-Яа-яЁё]/);
    expect(String((answer.json.fields ?? {})[field] as string[])).toMatch(/[А-Яа-яЁё]/);
  };

  test('a new order\'s line: each wrong quantity is a 400 on items.<n>.quantity; nothing is written', async () => {
    const before = await Promise.all([w.count('orders'), w.count('order_items')]);
    for (const quantity of WRONG_LINE) {
      const refused = await w.dealerA.post('/api/orders/', { items: [{ product: w.product.big, quantity: 1 }, { product: w.product.dime, quantity }] });
      expectRefusal(refused, 'items.1.quantity');
    }
    expect(await Promise.all([w.count('orders'), w.count('order_items')])).toEqual(before);
  });

  test('an edited order\'s line: each wrong quantity is a 400 on items.<n>.quantity; the order keeps its lines', async () => {
    const order = await w.smallOrder(w.dealerA);
    const current = (await w.dealerA.get(`/api/orders/${order.id}/`)).json;
    for (const quantity of WRONG_LINE) {
      const refused = await w.dealerA.put(`/api/orders/${order.id}/`, { ...current, items: [{ product: current.items[0].product, quantity }] });
      expectRefusal(refused, 'items.0.quantity');
    }
    expect((await w.dealerA.get(`/api/orders/${order.id}/`)).json.items).toEqual(current.items);
  });

  test('a claim: each wrong quantity, as JSON or as a form\'s text, is a 400 on quantity; no claim is written', async () => {
    const order = (await w.dealerA.post('/api/orders/', { items: [{ product: w.product.big, quantity: 3 }] })).json;
    for (const status of ['confirmed', 'shipped']) expect((await w.setStatus(w.manager, order, status)).status).toBe(200);
    const before = await w.count('claims');
    const body = { order: order.id, product: w.product.big, reason: 'shortage', description: 'Недовложение' };
    for (const quantity of WRONG_LINE) expectRefusal(await w.dealerA.post('/api/claims/', { ...body, quantity }), 'quantity');
    for (const quantity of ['-1', '1,5', '2.5', '0', '1000001', 'две']) {
      const fields = { order: String(order.id), product: String(w.product.big), reason: 'shortage', description: 'Недовложение', quantity };
      expectRefusal(await w.dealerA.form('POST', '/api/claims/', fields), 'quantity');
    }
    expect(await w.count('claims')).toBe(before);
  });

  test('a new store item\'s opening quantity: negative, a fraction or above the limit is a 400 on quantity; nothing is written', async () => {
    const product = (await w.admin.post('/api/products/', { sku: 'QTY-REF-1', name: 'Проверка количества', category: 'Склад', price: '10.00' })).json;
    for (const quantity of [-5, 12.5, '12,5', 1_000_000_001, 'много']) {
      expectRefusal(await w.manager.post('/api/storeitem/create/', { product: product.id, warehouse: 'Москва', quantity }), 'quantity');
    }
    expect((await w.manager.get(`/api/storeitems/?product=${product.id}`)).json.count).toBe(0);
  });
});
