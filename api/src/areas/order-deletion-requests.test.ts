import { testDatabases } from '../test/test-app';
import { orderWorld, pdf, type OrderWorld } from '../test/order-world';

describe.each(testDatabases())('order-deletion requests on %s', (kind) => {
  let w: OrderWorld;
  // A new database with the demo data and products of our own: slow on a busy machine.
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  test('a dealer asks (multipart, with a document), a second pending request is 409, approval cancels the order', async () => {
    const order = await w.smallOrder(w.dealerA);
    const bytes = pdf('reason');
    const created = await w.dealerA.form('POST', '/api/orderdelreq/', { order: String(order.id), reason: 'Ошибка в заказе' },
      { name: 'письмо.pdf', type: 'application/pdf', data: bytes });
    expect(created.status).toBe(201);
    const request = created.json;
    expect(request).toEqual({
      id: expect.any(Number), order: order.id, order_number: order.number, reason: 'Ошибка в заказе', status: 'pending',
      document: expect.objectContaining({ name: 'письмо.pdf', url: `/api/orderdelreq/${request.id}/download/` }), created_at: expect.any(String), decided_at: null,
      history: [{ from: null, to: 'pending', when: request.created_at, who: 'Тест Дилер', who_id: expect.any(Number), comment: '' }],
    });
    expect((await w.dealerA.download(request.document.url)).bytes.equals(bytes)).toBe(true);

    const before = await w.count('order_deletion_requests');
    const again = await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Ещё раз' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('deletion_pending');
    expect(await w.count('order_deletion_requests')).toBe(before);

    // Dealers do not decide.
    expect((await w.dealerA.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'approved' })).status).toBe(404);
    expect((await w.dealerA.get(`/api/orderdelreq/${request.id}/`)).json.status).toBe('pending');

    const approved = await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');
    expect(approved.json.decided_at).toEqual(expect.any(String));
    expect(await w.statusOf(order.id)).toBe('cancelled');
    // Decided once: no step back or sideways.
    for (const status of ['pending', 'rejected']) {
      expect((await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status })).status).toBe(409);
    }
  });

  test('rejection leaves the order; a confirmed order may be asked for, a shipped or cancelled one may not', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const request = (await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Передумали' })).json;
    const rejected = await w.admin.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(await w.statusOf(order.id)).toBe('confirmed');
    await w.setStatus(w.manager, order, 'shipped');
    const shipped = await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Поздно' });
    expect(shipped.status).toBe(409);
    expect(shipped.json.code).toBe('deletion_not_allowed');
    const cancelled = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, cancelled, 'cancelled');
    expect((await w.dealerA.post('/api/orderdelreq/', { order: cancelled.id, reason: 'x' })).status).toBe(409);
  });

  test('approving a request for an order shipped meanwhile is 409; the request stays pending, the order shipped', async () => {
    const order = await w.smallOrder(w.dealerA);
    const request = (await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Отмена' })).json;
    await w.setStatus(w.manager, order, 'confirmed');
    await w.setStatus(w.manager, order, 'shipped');
    const approve = await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'approved' });
    expect(approve.status).toBe(409);
    expect((await w.manager.get(`/api/orderdelreq/${request.id}/`)).json.status).toBe('pending');
    expect(await w.statusOf(order.id)).toBe('shipped');
  });
});
