import type { AddressInfo } from 'node:net';
import { testDatabases } from '../test/test-app';
import { orderWorld, type OrderWorld } from '../test/order-world';
import { planReservations } from './stock';

// Design §5: confirming reserves (warehouse by warehouse, the most available first; 409 naming the
// product when short), shipping takes out, cancelling releases; one transaction each; concurrent
// confirmations never oversell. Available = quantity − reserved.
describe.each(testDatabases())('stock on %s', (kind) => {
  let w: OrderWorld;
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  let serial = 0;
  /** A product of its own with stock in the given warehouses, e.g. { 'Москва': 10, 'Тверь': 30 }. */
  const stocked = async (stock: Record<string, number>) => {
    serial += 1;
    const product = (await w.admin.post('/api/products/', { sku: `STK-${serial}`, name: `Насос ${serial}`, category: 'Склад', price: '10.00' })).json;
    const items: Record<string, number> = {};
    for (const [warehouse, quantity] of Object.entries(stock)) {
      items[warehouse] = (await w.manager.post('/api/storeitem/create/', { product: product.id, warehouse, quantity })).json.id;
    }
    return { id: product.id as number, name: product.name as string, items };
  };
  /** Quantity and reserved of each warehouse of a product, as staff read them. */
  const stockOf = async (product: number) => Object.fromEntries(((await w.manager.get(`/api/storeitems/?product=${product}`)).json.results as Array<{ warehouse: string; quantity: number; reserved: number; available: number }>)
    .map((item) => [item.warehouse, [item.quantity, item.reserved, item.available]]));
  const order = async (product: number, quantity: number) => (await w.dealerA.post('/api/orders/', { items: [{ product, quantity }] })).json as { id: number };
  const reservations = (orderId: number) => w.t.app.db.selectFrom('stock_reservations').select(['store_item_id', 'quantity']).where('order_id', '=', orderId).orderBy('store_item_id').execute();

  test('confirming reserves warehouse by warehouse, the one with most available first; the catalogue shows quantity − reserved', async () => {
    const product = await stocked({ 'Москва': 10, 'Тверь': 30 });
    const first = await order(product.id, 35);
    expect((await w.setStatus(w.manager, first, 'confirmed')).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ 'Москва': [10, 5, 5], 'Тверь': [30, 30, 0] });
    expect((await reservations(first.id)).map((r) => [r.store_item_id, r.quantity])).toEqual([[product.items['Москва'], 5], [product.items['Тверь'], 30]]);
    expect((await w.manager.get(`/api/products/${product.id}/`)).json.available).toBe(5);
    expect((await w.dealerA.get(`/api/dp/${product.id}/`)).json.available).toBe(5);
    expect((await w.dealerA.get(`/api/storeitems/?product=${product.id}`)).json.results.map((s: { available: number }) => s.available).sort()).toEqual([0, 5]);
  });

  test('a confirmation the stock cannot cover is 409 naming the product and what is available; nothing changes', async () => {
    const product = await stocked({ 'Москва': 4, 'Тверь': 3 });
    const big = await order(product.id, 8);
    const before = (await w.manager.get(`/api/orders/${big.id}/`)).json;
    const refused = await w.setStatus(w.manager, big, 'confirmed');
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('stock_short');
    expect(refused.json.message).toBe(`Недостаточно товара «${product.name}» на складе: доступно 7.`);
    expect(refused.json.fields).toEqual({ 'items.0.quantity': [refused.json.message] });
    const english = await w.manager.en('PUT', `/api/orders/${big.id}/`, { ...before, status: 'confirmed' });
    expect(english.json.message).toBe(`Not enough of «${product.name}» in stock: 7 available.`);
    expect((await w.manager.get(`/api/orders/${big.id}/`)).json).toEqual(before);
    expect(await stockOf(product.id)).toEqual({ 'Москва': [4, 0, 4], 'Тверь': [3, 0, 3] });
    expect(await reservations(big.id)).toEqual([]);
    // A line of a well-stocked product next to the short one is not reserved either: one transaction.
    const mixed = (await w.dealerA.post('/api/orders/', { items: [{ product: w.product.dime, quantity: 1 }, { product: product.id, quantity: 8 }] })).json;
    const dimeBefore = await stockOf(w.product.dime);
    const second = await w.setStatus(w.manager, mixed, 'confirmed');
    expect(second.status).toBe(409);
    expect(Object.keys(second.json.fields)).toEqual(['items.1.quantity']);
    expect(await stockOf(w.product.dime)).toEqual(dimeBefore);
  });

  test('shipping takes the reserved units out, by the order\'s status or by its parcel going in transit', async () => {
    const product = await stocked({ 'Москва': 10, 'Тверь': 6 });
    const direct = await order(product.id, 12);
    await w.setStatus(w.manager, direct, 'confirmed');
    expect(await stockOf(product.id)).toEqual({ 'Москва': [10, 10, 0], 'Тверь': [6, 2, 4] });
    expect((await w.setStatus(w.manager, direct, 'shipped')).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ 'Москва': [0, 0, 0], 'Тверь': [4, 0, 4] });
    expect(await reservations(direct.id)).toEqual([]);
    // Completing it moves no stock.
    await w.setStatus(w.manager, direct, 'completed');
    expect(await stockOf(product.id)).toEqual({ 'Москва': [0, 0, 0], 'Тверь': [4, 0, 4] });

    const parcel = await order(product.id, 3);
    await w.setStatus(w.manager, parcel, 'confirmed');
    const shipping = (await w.manager.post('/api/shipping/create/', { order: parcel.id, carrier: 'СДЭК' })).json;
    expect(await stockOf(product.id)).toEqual({ 'Москва': [0, 0, 0], 'Тверь': [4, 3, 1] });
    await w.manager.put(`/api/shippings/${shipping.id}/`, { ...shipping, status: 'in_transit' });
    expect(await w.statusOf(parcel.id)).toBe('shipped');
    expect(await stockOf(product.id)).toEqual({ 'Москва': [0, 0, 0], 'Тверь': [1, 0, 1] });
  });

  test('cancelling a confirmed order releases its reservation: directly, by an approved deletion request, or by staff deleting it', async () => {
    const product = await stocked({ 'Москва': 5, 'Тверь': 5 });
    const full = { 'Москва': [5, 0, 5], 'Тверь': [5, 0, 5] };
    const cancelled = await order(product.id, 7);
    await w.setStatus(w.manager, cancelled, 'confirmed');
    expect(await stockOf(product.id)).not.toEqual(full);
    await w.setStatus(w.manager, cancelled, 'cancelled');
    expect(await stockOf(product.id)).toEqual(full);

    const requested = await order(product.id, 7);
    await w.setStatus(w.manager, requested, 'confirmed');
    const request = (await w.dealerA.post('/api/orderdelreq/', { order: requested.id, reason: 'Не нужно' })).json;
    expect((await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'approved' })).status).toBe(200);
    expect(await w.statusOf(requested.id)).toBe('cancelled');
    expect(await stockOf(product.id)).toEqual(full);
    expect(await reservations(requested.id)).toEqual([]);

    const deleted = await order(product.id, 10);
    await w.setStatus(w.manager, deleted, 'confirmed');
    expect(await stockOf(product.id)).toEqual({ 'Москва': [5, 5, 0], 'Тверь': [5, 5, 0] });
    expect((await w.admin.del(`/api/orders/${deleted.id}/`)).status).toBe(204);
    expect(await stockOf(product.id)).toEqual(full);

    // A cancelled new order held nothing and releases nothing.
    const unconfirmed = await order(product.id, 2);
    await w.setStatus(w.manager, unconfirmed, 'cancelled');
    expect(await stockOf(product.id)).toEqual(full);
  });

  test('staff cannot take a store item below what orders reserved in it, nor delete it while it holds a reservation', async () => {
    const product = await stocked({ 'Москва': 8 });
    const held = await order(product.id, 6);
    await w.setStatus(w.manager, held, 'confirmed');
    const item = (await w.manager.get(`/api/storeitems/${product.items['Москва']}/`)).json;
    const below = await w.manager.put(`/api/storeitems/${item.id}/`, { ...item, quantity: 5 });
    expect(below.status).toBe(409);
    expect(below.json.code).toBe('stock_below_reserved');
    expect(below.json.fields.quantity[0]).toContain('6');
    // `reserved` sent back is ignored: the orders' figure stays.
    const restocked = await w.manager.put(`/api/storeitems/${item.id}/`, { ...item, quantity: 20, reserved: 0 });
    expect(restocked.json).toEqual(expect.objectContaining({ quantity: 20, reserved: 6, available: 14 }));
    const removed = await w.manager.del(`/api/storeitems/${item.id}/`);
    expect(removed.status).toBe(409);
    expect(removed.json.code).toBe('in_use');
    await w.setStatus(w.manager, held, 'shipped');
    expect((await w.manager.del(`/api/storeitems/${item.id}/`)).status).toBe(204);
  });

  test('confirmations fired in parallel over HTTP for the last units never oversell', async () => {
    const product = await stocked({ 'Москва': 6, 'Тверь': 4 });
    const orders = await Promise.all(Array.from({ length: 8 }, () => order(product.id, 3)));
    const bodies = await Promise.all(orders.map(async (o) => ({ ...(await w.manager.get(`/api/orders/${o.id}/`)).json, status: 'confirmed' })));
    const { app } = w.t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const token = (await app.tokens.issue(await app.db.selectFrom('users').selectAll().where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow())).access;
    const answers = await Promise.all(bodies.map((body) => fetch(`http://127.0.0.1:${port}/api/orders/${body.id}/`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, code: ((await response.json()) as { code?: string }).code }))));
    // 10 units, 3 per order: exactly three confirmations fit; the others are refused as short.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200)).toEqual(Array.from({ length: 5 }, () => ({ status: 409, code: 'stock_short' })));
    const stock = await stockOf(product.id);
    expect(stock['Москва'][1] + stock['Тверь'][1]).toBe(9);
    expect(Object.values(stock).every(([quantity, reserved]) => reserved <= quantity)).toBe(true);
    const confirmed = await w.t.app.db.selectFrom('orders').select('id').where('id', 'in', orders.map((o) => o.id)).where('status', '=', 'confirmed').execute();
    expect(confirmed).toHaveLength(3);
    const held = await w.t.app.db.selectFrom('stock_reservations').select('quantity').where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(held.reduce((sum, r) => sum + r.quantity, 0)).toBe(9);
  });
});

describe('the reservation rule (planReservations)', () => {
  const refuse = () => { throw new Error('short'); };

  test('takes from the warehouse with the most available first, then the lowest id, and marks what it took', () => {
    const places = [
      { id: 1, product_id: 7, quantity: 5, reserved: 0 },
      { id: 2, product_id: 7, quantity: 10, reserved: 2 },
      { id: 3, product_id: 7, quantity: 8, reserved: 0 },
      { id: 4, product_id: 9, quantity: 3, reserved: 0 },
    ];
    const plan = planReservations([{ id: 100, product_id: 7, quantity: 12 }, { id: 101, product_id: 9, quantity: 3 }], places, refuse);
    expect(plan).toEqual([
      { line: 100, storeItem: 2, quantity: 8 },
      { line: 100, storeItem: 3, quantity: 4 },
      { line: 101, storeItem: 4, quantity: 3 },
    ]);
    expect(places.map((place) => place.reserved)).toEqual([0, 10, 4, 3]);
  });

  test('a line the stock cannot cover goes to `short` with what is available and its places, best first', () => {
    const places = [{ id: 1, product_id: 7, quantity: 2, reserved: 1 }, { id: 2, product_id: 7, quantity: 3, reserved: 0 }];
    const short = jest.fn((line: { quantity: number }, _index: number, available: number, ordered: Array<{ id: number; quantity: number }>) => {
      ordered[0].quantity += line.quantity - available;
    });
    const plan = planReservations([{ id: 100, product_id: 7, quantity: 6 }], places, short);
    expect(short).toHaveBeenCalledWith({ id: 100, product_id: 7, quantity: 6 }, 0, 4, [places[1], places[0]]);
    expect(plan).toEqual([{ line: 100, storeItem: 2, quantity: 5 }, { line: 100, storeItem: 1, quantity: 1 }]);
    expect(() => planReservations([{ id: 100, product_id: 7, quantity: 1 }], places, refuse)).toThrow('short');
  });
});
