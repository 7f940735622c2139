import { call, client, DEMO_PASSWORD, testDatabases } from '../test/test-app';
import { orderWorld, type OrderWorld } from '../test/order-world';

describe.each(testDatabases())('dealers and dealer groups on %s', (kind) => {
  let w: OrderWorld;
  beforeAll(async () => { w = await orderWorld(kind); });
  afterAll(async () => { await w?.close(); });

  test('a group takes a discount of 0–100 only, named on its field', async () => {
    const tooBig = await w.manager.post('/api/dealergroups/', { name: 'Слишком', discount_percent: '100.01' });
    expect(tooBig.status).toBe(400);
    expect(Object.keys(tooBig.json.fields)).toEqual(['discount_percent']);
    const created = await w.manager.post('/api/dealergroups/', { name: 'Опт', discount_percent: '100' });
    expect(created.status).toBe(201);
    expect(created.json.discount_percent).toBe('100.00');
  });

  test('a group with dealers is not deleted (409 with the message); an empty one is', async () => {
    const group = (await w.manager.post('/api/dealergroups/', { name: 'С дилером', discount_percent: '5' })).json;
    const dealer = (await w.manager.post('/api/dealers/', { name: 'В группе', group: group.id })).json;
    const refused = await w.manager.del(`/api/dealergroups/${group.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual(expect.objectContaining({ code: 'group_has_dealers', message: expect.stringMatching(/В группе есть дилеры/) }));
    expect((await w.manager.put(`/api/dealers/${dealer.id}/`, { ...dealer, group: null })).status).toBe(200);
    expect((await w.manager.del(`/api/dealergroups/${group.id}/`)).status).toBe(204);
  });

  test('dealers are found by name, INN or email and filtered by group and activity', async () => {
    const group = (await w.manager.post('/api/dealergroups/', { name: 'Поиск', discount_percent: '3.5' })).json;
    const created = await w.manager.post('/api/dealers/', { name: 'Ромашка-Юг', tax_id: '7707083893', email: 'Sales@Romashka-South.example', group: group.id });
    expect(created.status).toBe(201);
    expect(created.json).toEqual(expect.objectContaining({ email: 'sales@romashka-south.example', group_name: 'Поиск', group_discount_percent: '3.50', is_active: true }));
    const ids = async (query: string) => (await w.manager.get(`/api/dealers/?${query}`)).json.results.map((d: { id: number }) => d.id);
    for (const query of ['search=7707083893', 'search=romashka-south', 'search=Ромашка-Юг']) expect(await ids(query)).toEqual([created.json.id]);
    expect(await ids(`group=${group.id}`)).toEqual([created.json.id]);
    await w.manager.put(`/api/dealers/${created.json.id}/`, { ...created.json, is_active: false });
    expect(await ids(`group=${group.id}&is_active=true`)).toEqual([]);
    expect(await ids(`group=${group.id}&is_active=false`)).toEqual([created.json.id]);
  });

  test('a PUT without is_active keeps the state (a deactivated dealer stays so); reactivation is explicit', async () => {
    const dealer = (await w.manager.post('/api/dealers/', { name: 'Без флага', group: null })).json;
    const { is_active: _state, ...withoutState } = dealer;
    // An active dealer saved without the field stays active.
    expect((await w.manager.put(`/api/dealers/${dealer.id}/`, { ...withoutState, phone: '+7 495 000-00-01' })).json.is_active).toBe(true);
    expect((await w.manager.put(`/api/dealers/${dealer.id}/`, { ...dealer, is_active: false })).json.is_active).toBe(false);
    // Saved again without the field (an older form, a script): it stays deactivated, its other fields change.
    const saved = await w.manager.put(`/api/dealers/${dealer.id}/`, { ...withoutState, address: 'Москва' });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual(expect.objectContaining({ is_active: false, address: 'Москва' }));
    expect((await w.manager.get(`/api/dealers/${dealer.id}/`)).json.is_active).toBe(false);
    const reactivated = await w.manager.put(`/api/dealers/${dealer.id}/`, { ...withoutState, is_active: true });
    expect(reactivated.json.is_active).toBe(true);
  });

  test("a dealer's summary counts its orders, this year's total without cancelled ones, and names the latest", async () => {
    const empty = (await w.manager.get(`/api/dealers/${w.dealerIdA}/`)).json;
    expect(empty.summary).toEqual({ orders_count: 0, year_total: '0.00', last_order: null });
    const first = await w.smallOrder(w.dealerA); // 1.00 less 12.5 % = 0.88 (half up)
    const second = await w.smallOrder(w.dealerA);
    const cancelled = await w.smallOrder(w.dealerA);
    expect((await w.setStatus(w.manager, cancelled, 'cancelled')).status).toBe(200);
    const { summary } = (await w.manager.get(`/api/dealers/${w.dealerIdA}/`)).json;
    expect(summary.orders_count).toBe(3);
    expect(summary.year_total).toBe((Number(first.total) + Number(second.total)).toFixed(2));
    expect(summary.last_order).toEqual(expect.objectContaining({ id: cancelled.id, number: cancelled.number, status: 'cancelled' }));
    // The list answers the same summaries, page by page; dealer B's orders are not A's.
    const listed = (await w.manager.get(`/api/dealers/?search=${encodeURIComponent('Дилер А')}`)).json.results[0];
    expect(listed.summary).toEqual(summary);
    expect(listed.users).toEqual([expect.objectContaining({ email: 'orders-a@test.test', is_active: true })]);
    expect((await w.dealerA.get(`/api/dealers/${w.dealerIdB}/`)).status).toBe(404);
  });

  test("a deactivated dealer's users cannot sign in and its orders are refused; reactivated, both work again", async () => {
    const demo = await w.t.app.db.selectFrom('users').select('dealer_id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow();
    const signIn = () => call(w.t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } });
    expect((await signIn()).status).toBe(200);
    const setActive = async (id: number, isActive: boolean) => {
      const dealer = (await w.manager.get(`/api/dealers/${id}/`)).json;
      const saved = await w.manager.put(`/api/dealers/${id}/`, { ...dealer, is_active: isActive });
      expect(saved.json.is_active).toBe(isActive);
    };
    const session = (await signIn()).json as { access: string; refresh: string };
    // Token times count whole seconds: the deactivation comes in a later second than the sign-in.
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
    await setActive(demo.dealer_id!, false);
    // The sessions already open end at once: the refresh and the access token are refused.
    expect((await call(w.t.app, 'POST', '/api/token/refresh/', { body: { refresh: session.refresh } })).status).toBe(401);
    expect((await call(w.t.app, 'GET', '/api/users/me/', { token: session.access })).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('invalid_credentials');

    await setActive(w.dealerIdB, false);
    const before = await w.count('orders');
    // Its user's session ended with the deactivation: the order is refused before it is read.
    const own = await w.dealerB.post('/api/orders/', { items: [{ product: w.product.dime, quantity: 10 }] });
    expect(own.status).toBe(401);
    const byStaff = await w.manager.post('/api/orders/', { dealer: w.dealerIdB, items: [{ product: w.product.dime, quantity: 10 }] });
    expect(byStaff.status).toBe(400);
    expect(Object.keys(byStaff.json.fields)).toEqual(['dealer']);
    expect(await w.count('orders')).toBe(before);

    await setActive(demo.dealer_id!, true);
    await setActive(w.dealerIdB, true);
    expect((await signIn()).status).toBe(200);
    // Reactivated, the dealer's user orders again in a new session (the old one stays ended).
    expect((await w.dealerB.get('/api/orders/')).status).toBe(401);
    const userB = await w.t.app.db.selectFrom('users').select('id').where('email', '=', 'orders-b@test.test').executeTakeFirstOrThrow();
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
    const again = client(w.t.app, (await w.t.app.tokens.issue({ id: userB.id, email: 'orders-b@test.test', role: 'dealer', dealer_id: w.dealerIdB, contract_signed: true })).access);
    expect((await w.smallOrder(again)).id).toEqual(expect.any(Number));
  });
});
