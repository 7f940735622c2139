import { testDatabases } from '../test/test-app';
import { orderWorld, pdf, type OrderWorld } from '../test/order-world';

describe.each(testDatabases())('shipping on %s', (kind) => {
  let w: OrderWorld;
  // A new database with the demo data and products of our own: slow on a busy machine.
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  const ship = (order: { id: number }, extra: Record<string, unknown> = {}) => w.manager.post('/api/shipping/create/', { order: order.id, carrier: 'СДЭК', ...extra });
  const move = async (shipping: { id: number }, status: string) => {
    const current = (await w.manager.get(`/api/shippings/${shipping.id}/`)).json;
    return w.manager.put(`/api/shippings/${shipping.id}/`, { ...current, status });
  };

  test('created at /api/shipping/create/ for a confirmed order; in transit ships the order, delivered completes it', async () => {
    const order = await w.smallOrder(w.dealerA);
    const early = await ship(order);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('order_not_shippable');
    expect((await w.manager.post('/api/shipping/create/', { order: 999_999 })).status).toBe(400);
    expect((await w.dealerA.post('/api/shipping/create/', { order: order.id })).status).toBe(404);
    await w.setStatus(w.manager, order, 'confirmed');

    const created = await ship(order, { tracking_number: ' TRK-1 ', status: 'delivered' });
    expect(created.status).toBe(201);
    const shipping = created.json;
    expect(shipping).toEqual({
      id: expect.any(Number), order: order.id, order_number: order.number, dealer: w.dealerIdA, carrier: 'СДЭК', tracking_number: 'TRK-1',
      status: 'preparing', shipped_at: null, document: null, created_at: expect.any(String),
      history: [{ from: null, to: 'preparing', when: shipping.created_at, who: 'Михаил Менеджеров', who_id: expect.any(Number), comment: '' }],
    });
    expect(await w.statusOf(order.id)).toBe('confirmed');

    const transit = await move(shipping, 'in_transit');
    expect(transit.status).toBe(200);
    expect(transit.json.shipped_at).toEqual(expect.any(String));
    expect(await w.statusOf(order.id)).toBe('shipped');

    const delivered = await move(shipping, 'delivered');
    expect(delivered.status).toBe(200);
    expect(delivered.json.shipped_at).toBe(transit.json.shipped_at);
    expect(await w.statusOf(order.id)).toBe('completed');
  });

  test('a shipping moves one step at a time (409 otherwise, nothing changed)', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const shipping = (await ship(order)).json;
    const jump = await move(shipping, 'delivered');
    expect(jump.status).toBe(409);
    expect(jump.json.code).toBe('status_transition');
    expect((await w.manager.get(`/api/shippings/${shipping.id}/`)).json).toEqual(shipping);
    expect(await w.statusOf(order.id)).toBe('confirmed');
    await move(shipping, 'in_transit');
    for (const status of ['preparing']) expect((await move(shipping, status)).status).toBe(409);
    await move(shipping, 'delivered');
    for (const status of ['preparing', 'in_transit']) expect((await move(shipping, status)).status).toBe(409);
  });

  test('with two parcels the order completes when the last one is delivered', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const first = (await ship(order)).json;
    const second = (await ship(order)).json;
    await move(first, 'in_transit');
    await move(first, 'delivered');
    expect(await w.statusOf(order.id)).toBe('shipped');
    await move(second, 'in_transit');
    expect(await w.statusOf(order.id)).toBe('shipped');
    await move(second, 'delivered');
    expect(await w.statusOf(order.id)).toBe('completed');
  });

  test('a parcel of an order cancelled before it left does not go in transit (409)', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const shipping = (await ship(order)).json;
    await w.setStatus(w.manager, order, 'cancelled');
    const moved = await move(shipping, 'in_transit');
    expect(moved.status).toBe(409);
    expect((await w.manager.get(`/api/shippings/${shipping.id}/`)).json.status).toBe('preparing');
    expect(await w.statusOf(order.id)).toBe('cancelled');
  });

  test('the waybill comes with a multipart PUT and downloads byte for byte; the dealer reads its own shipping', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const shipping = (await ship(order)).json;
    const bytes = pdf('waybill');
    const updated = await w.manager.form('PUT', `/api/shippings/${shipping.id}/`, {
      order: String(order.id), carrier: 'ПЭК', tracking_number: 'PEK-42', status: 'in_transit',
    }, { name: 'waybill.pdf', type: 'application/pdf', data: bytes });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual(expect.objectContaining({ carrier: 'ПЭК', tracking_number: 'PEK-42', status: 'in_transit' }));
    const download = await w.dealerA.download(updated.json.document.url);
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="waybill.pdf"/);
    expect((await w.dealerA.get(`/api/shippings/?order=${order.id}`)).json.results).toEqual([updated.json]);
    expect((await w.dealerA.put(`/api/shippings/${shipping.id}/`, updated.json)).status).toBe(404);
  });
});
