import { testDatabases } from '../test/test-app';
import { orderWorld, type OrderWorld } from '../test/order-world';
import type { Client } from '../test/test-app';

describe.each(testDatabases())('claims on %s', (kind) => {
  let w: OrderWorld;
  // A new database with the demo data and products of our own: slow on a busy machine.
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  /** A dealer A order of 3 × big and 10 × dime, moved by staff along `path`. */
  const order = async (path: string[] = ['confirmed', 'shipped']) => {
    const created = (await w.dealerA.post('/api/orders/', { items: [{ product: w.product.big, quantity: 3 }, { product: w.product.dime, quantity: 10 }] })).json;
    for (const status of path) {
      const current = (await w.manager.get(`/api/orders/${created.id}/`)).json;
      expect((await w.manager.put(`/api/orders/${created.id}/`, { ...current, status })).status).toBe(200);
    }
    return created as { id: number; number: string };
  };
  const claim = (client: Client, body: Record<string, unknown>) => client.post('/api/claims/', { description: 'Повреждена упаковка', quantity: 1, ...body });
  const newClaim = async () => {
    const o = await order();
    const created = await claim(w.dealerA, { order: o.id, product: w.product.big });
    expect(created.status).toBe(201);
    return created.json;
  };
  const put = (client: Client, c: { id: number }, changes: Record<string, unknown>) => client.put(`/api/claims/${c.id}/`, { ...c, ...changes });
  const current = async (c: { id: number }) => (await w.manager.get(`/api/claims/${c.id}/`)).json;

  test('a dealer claims a product of its own shipped order, up to the ordered quantity', async () => {
    const o = await order();
    const created = await claim(w.dealerA, { order: o.id, product: w.product.big, quantity: 3, status: 'accepted', resolution: 'сам себе' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(Number), order: o.id, order_number: o.number, product: w.product.big, product_name: 'Товар big', quantity: 3,
      description: 'Повреждена упаковка', status: 'new', resolution: '', created_at: expect.any(String),
      history: [{ from: null, to: 'new', when: created.json.created_at, who: 'Тест Дилер', who_id: expect.any(Number), comment: '' }],
    });
    expect((await w.dealerA.get(`/api/claims/${created.json.id}/`)).json).toEqual(created.json);
    expect((await w.dealerA.get(`/api/claims/?order=${o.id}`)).json.results).toEqual([created.json]);
  });

  test('a product not in the order, more than was ordered, an unsent order or another dealer\'s order are refused; nothing is written', async () => {
    const o = await order();
    const before = await w.count('claims');
    const notInOrder = await claim(w.dealerA, { order: o.id, product: w.product.tie });
    expect(notInOrder.status).toBe(400);
    expect(Object.keys(notInOrder.json.fields)).toEqual(['product']);
    const tooMany = await claim(w.dealerA, { order: o.id, product: w.product.big, quantity: 4 });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.json.fields)).toEqual(['quantity']);
    for (const quantity of [0, -1, 1.5]) expect((await claim(w.dealerA, { order: o.id, product: w.product.big, quantity })).status).toBe(400);
    const unsent = await order(['confirmed']);
    const early = await claim(w.dealerA, { order: unsent.id, product: w.product.big });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('claim_order_status');
    expect((await claim(w.dealerB, { order: o.id, product: w.product.big })).status).toBe(404);
    expect((await claim(w.manager, { order: 999_999, product: w.product.big })).status).toBe(400);
    expect(await w.count('claims')).toBe(before);
    // A completed order may be claimed too.
    expect((await claim(w.dealerA, { order: (await order(['confirmed', 'shipped', 'completed'])).id, product: w.product.dime, quantity: 10 })).status).toBe(201);
  });

  test('a dealer edits description and quantity of its new claim, never status or resolution (403)', async () => {
    const c = await newClaim();
    const edited = await put(w.dealerA, c, { description: 'Разбито 2 шт.', quantity: 2, order: 1, product: 1 });
    expect(edited.status).toBe(200);
    expect(edited.json).toEqual({ ...c, description: 'Разбито 2 шт.', quantity: 2 });
    const tooMany = await put(w.dealerA, edited.json, { quantity: 4 });
    expect(tooMany.status).toBe(400);
    const status = await put(w.dealerA, edited.json, { status: 'in_review' });
    expect(status.status).toBe(403);
    expect(status.json.code).toBe('forbidden');
    const resolution = await put(w.dealerA, edited.json, { resolution: 'Принято' });
    expect(resolution.status).toBe(403);
    expect(await current(c)).toEqual(edited.json);
  });

  test('once in review, a dealer can neither edit nor delete its claim (409); while new it may delete it', async () => {
    const c = await newClaim();
    const review = await put(w.manager, c, { status: 'in_review' });
    expect(review.status).toBe(200);
    const edit = await put(w.dealerA, review.json, { description: 'Поздно' });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('not_editable');
    expect((await w.dealerA.del(`/api/claims/${c.id}/`)).status).toBe(409);
    expect(await current(c)).toEqual(review.json);
    const fresh = await newClaim();
    expect((await w.dealerA.del(`/api/claims/${fresh.id}/`)).status).toBe(204);
    expect((await w.dealerA.get(`/api/claims/${fresh.id}/`)).status).toBe(404);
  });

  test.each(['in_review → accepted → closed', 'in_review → rejected → closed'])('staff move a claim one step at a time: new → %s, writing the resolution', async (path) => {
    const c = await newClaim();
    for (const status of path.split(' → ')) {
      const moved = await put(w.manager, await current(c), { status, resolution: `Решение: ${status}` });
      expect(moved.status).toBe(200);
      expect(moved.json).toEqual(expect.objectContaining({ status, resolution: `Решение: ${status}` }));
    }
  });

  test.each([
    ['new', 'accepted'],
    ['new', 'closed'],
    ['new → in_review', 'new'],
    ['new → in_review', 'closed'],
    ['new → in_review → accepted', 'rejected'],
    ['new → in_review → rejected', 'in_review'],
    ['new → in_review → accepted → closed', 'new'],
  ])('after %s, a move to %s is 409 and changes nothing', async (path, refused) => {
    const c = await newClaim();
    for (const status of path.split(' → ').slice(1)) expect((await put(w.admin, await current(c), { status })).status).toBe(200);
    const before = await current(c);
    const response = await put(w.manager, before, { status: refused, resolution: 'не должно сохраниться' });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('status_transition');
    expect(await current(c)).toEqual(before);
  });

  test('staff delete any claim', async () => {
    const c = await newClaim();
    await put(w.manager, c, { status: 'in_review' });
    expect((await w.manager.del(`/api/claims/${c.id}/`)).status).toBe(204);
  });

  test('a second dealer sees none of the first dealer\'s claims: empty list, 404 on each id', async () => {
    const c = await newClaim();
    expect((await w.dealerB.get('/api/claims/?page_size=500')).json).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await w.dealerB.get(`/api/claims/?order=${c.order}`)).json.count).toBe(0);
    expect((await w.dealerB.get(`/api/claims/${c.id}/`)).status).toBe(404);
    expect((await put(w.dealerB, c, { description: 'чужая' })).status).toBe(404);
    expect((await w.dealerB.del(`/api/claims/${c.id}/`)).status).toBe(404);
    expect(await current(c)).toEqual(c);
    // Staff see all of them; filters and search work on the joined order and product.
    expect((await w.manager.get(`/api/claims/?dealer=${w.dealerIdA}&search=${c.order_number}`)).json.results.map((r: { id: number }) => r.id)).toEqual([c.id]);
  });
});
