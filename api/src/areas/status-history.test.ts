import { testDatabases } from '../test/test-app';
import { orderWorld, type OrderWorld } from '../test/order-world';

// Design §5: every status change of an order, shipping, claim, registration request and deletion
// request is kept (from, to, who, when, comment) and answered with the item as `history`, oldest
// first, the creation first (from null).
describe.each(testDatabases())('status history on %s', (kind) => {
  let w: OrderWorld;
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  const DEALER = 'Тест Дилер';
  const MANAGER = 'Михаил Менеджеров';
  const ADMIN = 'Анна Администратор';
  type Change = { from: string | null; to: string; when: string; who: string | null; who_id: number | null; comment: string };
  const steps = (history: Change[]) => history.map((c) => [c.from, c.to, c.who, c.comment]);
  const inOrder = (history: Change[]) => history.every((c, i) => i === 0 || Date.parse(history[i - 1].when) <= Date.parse(c.when));

  test('an order: created by the dealer, each staff step with who, when and the optional comment; the answer of the change carries it', async () => {
    const order = await w.smallOrder(w.dealerA);
    expect(order.history).toEqual([{ from: null, to: 'new', when: order.created_at, who: DEALER, who_id: expect.any(Number), comment: '' }]);
    const current = (await w.manager.get(`/api/orders/${order.id}/`)).json;
    const confirmed = await w.manager.put(`/api/orders/${order.id}/`, { ...current, status: 'confirmed', status_comment: '  Оплата получена  ' });
    expect(confirmed.status).toBe(200);
    expect(steps(confirmed.json.history)).toEqual([[null, 'new', DEALER, ''], ['new', 'confirmed', MANAGER, 'Оплата получена']]);
    // A save that changes no status adds nothing, and a refused step (409) leaves no trace.
    const commented = await w.manager.put(`/api/orders/${order.id}/`, { ...confirmed.json, comment: 'В пятницу', status_comment: 'не статус' });
    expect(commented.json.history).toEqual(confirmed.json.history);
    expect((await w.setStatus(w.manager, order, 'completed')).status).toBe(409);
    const shipped = (await w.setStatus(w.admin, order, 'shipped')).json;
    expect(steps(shipped.history)).toEqual([[null, 'new', DEALER, ''], ['new', 'confirmed', MANAGER, 'Оплата получена'], ['confirmed', 'shipped', ADMIN, '']]);
    expect(inOrder(shipped.history)).toBe(true);
    expect(shipped.history[2].when).toBe(shipped.updated_at);
    // The dealer reads the same history, on the item and in the list.
    expect((await w.dealerA.get(`/api/orders/${order.id}/`)).json.history).toEqual(shipped.history);
    const listed = (await w.dealerA.get(`/api/orders/?search=${order.number}`)).json.results;
    expect(listed.map((o: { history: Change[] }) => o.history)).toEqual([shipped.history]);
  });

  test('approving a deletion request keeps the decision in the request\'s history and the cancellation in the order\'s', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const request = (await w.dealerA.post('/api/orderdelreq/', { order: order.id, reason: 'Клиент отказался' })).json;
    expect(steps(request.history)).toEqual([[null, 'pending', DEALER, '']]);
    const approved = await w.manager.put(`/api/orderdelreq/${request.id}/`, { ...request, status: 'approved', status_comment: 'Согласовано' });
    expect(steps(approved.json.history)).toEqual([[null, 'pending', DEALER, ''], ['pending', 'approved', MANAGER, 'Согласовано']]);
    const cancelled = (await w.manager.get(`/api/orders/${order.id}/`)).json;
    expect(steps(cancelled.history).at(-1)).toEqual(['confirmed', 'cancelled', MANAGER, 'Согласовано']);

    // Without a comment of the decision, the order's entry says the dealer's reason.
    const other = await w.smallOrder(w.dealerA);
    const second = (await w.dealerA.post('/api/orderdelreq/', { order: other.id, reason: 'Дубль заказа' })).json;
    await w.manager.put(`/api/orderdelreq/${second.id}/`, { ...second, status: 'approved' });
    expect(steps((await w.manager.get(`/api/orders/${other.id}/`)).json.history).at(-1)).toEqual(['new', 'cancelled', MANAGER, 'Дубль заказа']);
    const rejected = (await w.dealerA.post('/api/orderdelreq/', { order: (await w.smallOrder(w.dealerA)).id, reason: 'x' })).json;
    const decided = await w.admin.put(`/api/orderdelreq/${rejected.id}/`, { ...rejected, status: 'rejected', status_comment: 'Уже собран' });
    expect(steps(decided.json.history).at(-1)).toEqual(['pending', 'rejected', ADMIN, 'Уже собран']);
  });

  test('a shipping: its own steps, and the order\'s shipped and completed that its steps cause', async () => {
    const order = await w.smallOrder(w.dealerA);
    await w.setStatus(w.manager, order, 'confirmed');
    const shipping = (await w.manager.post('/api/shipping/create/', { order: order.id, carrier: 'СДЭК' })).json;
    const move = async (status: string, extra: Record<string, unknown> = {}) =>
      w.manager.put(`/api/shippings/${shipping.id}/`, { ...(await w.manager.get(`/api/shippings/${shipping.id}/`)).json, status, ...extra });
    await move('in_transit', { status_comment: 'Забрал курьер' });
    const delivered = (await move('delivered')).json;
    expect(steps(delivered.history)).toEqual([[null, 'preparing', MANAGER, ''], ['preparing', 'in_transit', MANAGER, 'Забрал курьер'], ['in_transit', 'delivered', MANAGER, '']]);
    expect(delivered.history[1].when).toBe(delivered.shipped_at);
    const finished = (await w.dealerA.get(`/api/orders/${order.id}/`)).json;
    expect(steps(finished.history).map(([from, to]) => `${from}→${to}`)).toEqual(['null→new', 'new→confirmed', 'confirmed→shipped', 'shipped→completed']);
    expect(inOrder(finished.history)).toBe(true);
    expect((await w.dealerA.get(`/api/shippings/${shipping.id}/`)).json.history).toEqual(delivered.history);
  });

  test('a claim, step by step with the staff\'s comments', async () => {
    const order = await w.smallOrder(w.dealerA);
    for (const status of ['confirmed', 'shipped']) await w.setStatus(w.manager, order, status);
    const claim = (await w.dealerA.post('/api/claims/', { order: order.id, product: w.product.dime, quantity: 1, description: 'Брак' })).json;
    let current = claim;
    for (const [status, comment] of [['in_review', ''], ['accepted', 'Заменим'], ['closed', 'Заменено']]) {
      // Accepting needs a resolution (claims.ts).
      current = (await w.manager.put(`/api/claims/${claim.id}/`, { ...current, status, status_comment: comment, resolution: 'Замена' })).json;
    }
    expect(steps(current.history)).toEqual([
      [null, 'new', DEALER, ''], ['new', 'in_review', MANAGER, ''], ['in_review', 'accepted', MANAGER, 'Заменим'], ['accepted', 'closed', MANAGER, 'Заменено'],
    ]);
  });

  test('a registration request: sent by a visitor (nobody), decided by staff with the reason as the comment', async () => {
    const sent = await w.t.app.inject({ method: 'POST', url: '/api/regreq/', payload: {
      company_name: 'ООО «История»', tax_id: '7707083893', contact_name: 'Иван Петров', email: 'history@example.test', phone: '+7 900 000-00-00',
    } });
    const request = sent.json();
    expect(steps(request.history)).toEqual([[null, 'new', null, '']]);
    const rejected = await w.manager.put(`/api/regreq/${request.id}/`, { ...request, status: 'rejected', decision_reason: 'Нет договора' });
    expect(rejected.status).toBe(200);
    expect(steps(rejected.json.history)).toEqual([[null, 'new', null, ''], ['new', 'rejected', MANAGER, 'Нет договора']]);
  });

  test('the OpenAPI document declares `history` with the lifecycle\'s statuses', async () => {
    const document = (await w.t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
    const historyOf = (path: string) => document.paths[path].get.responses['200'].content['application/json'].schema.properties.history;
    const orders = historyOf('/api/orders/{id}/');
    expect(orders.items.properties.to.enum).toEqual(['new', 'confirmed', 'shipped', 'completed', 'cancelled']);
    expect(orders.items.required).toEqual(expect.arrayContaining(['from', 'to', 'when', 'who', 'who_id', 'comment']));
    expect(historyOf('/api/shippings/{id}/').items.properties.to.enum).toEqual(['preparing', 'in_transit', 'delivered']);
    expect(historyOf('/api/claims/{id}/').items.properties.to.enum).toEqual(['new', 'in_review', 'accepted', 'rejected', 'closed']);
    expect(historyOf('/api/regreq/{id}/').items.properties.to.enum).toEqual(['new', 'approved', 'rejected']);
    expect(historyOf('/api/orderdelreq/{id}/').items.properties.to.enum).toEqual(['pending', 'approved', 'rejected']);
  });

  test('the demo data gives every existing item a history that ends at its status, oldest first', async () => {
    for (const path of ['/api/orders/', '/api/shippings/', '/api/claims/', '/api/orderdelreq/']) {
      const { results } = (await w.manager.get(`${path}?page_size=500`)).json as { results: Array<{ status: string; history: Change[] }> };
      expect(results.length).toBeGreaterThan(0);
      for (const item of results) {
        expect(item.history[0].from).toBeNull();
        expect(item.history.at(-1)!.to).toBe(item.status);
        expect(item.history.every((c, i) => i === 0 || c.from === item.history[i - 1].to)).toBe(true);
        expect(inOrder(item.history)).toBe(true);
      }
    }
  });
});
