import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('kept list pages on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = (await tokensFor(t.app, 'manager@demo.test')).access;
  });
  afterAll(async () => { await t?.close(); });

  const products = async () => (await call(t.app, 'GET', '/api/products/?search=CACHE-', { token: manager })).json;

  test('a page is answered the same again, and any write under it, even in plain SQL, shows at once', async () => {
    const empty = await products();
    expect(empty.count).toBe(0);
    expect(await products()).toEqual(empty);
    // A write that bypasses the API (another process, a script) still changes the page.
    await t.app.db.insertInto('products').values({ sku: 'CACHE-1', name: 'Кэш', description: '', category: 'Тест', unit: 'шт', is_active: true, price_cents: '100', created_at: new Date().toISOString() }).execute();
    expect((await products()).count).toBe(1);
    await t.app.db.updateTable('products').set({ name: 'Кэш 2' }).where('sku', '=', 'CACHE-1').execute();
    expect((await products()).results[0].name).toBe('Кэш 2');
    // Stock is another table: a product's `available` follows it.
    const id = (await products()).results[0].id;
    await t.app.db.insertInto('store_items').values({ product_id: id, warehouse: 'Москва', quantity: 5, reserved: 0, updated_at: new Date().toISOString() }).execute();
    expect((await products()).results[0].available).toBe(5);
  });

  test('paging through a list or reordering it counts its rows once until a write, and then counts again', async () => {
    const executor = t.app.db.getExecutor();
    const counted = jest.spyOn(executor, 'executeQuery');
    const countQueries = () => counted.mock.calls.filter(([query]) => /^select count\(\*\)/i.test(query.sql) && query.sql.includes('"orders"')).length;
    try {
      const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
      const page = async (query: string) => (await call(t.app, 'GET', `/api/orders/?page_size=2&${query}`, { token: dealer })).json;
      const first = await page('page=1');
      expect(countQueries()).toBe(1);
      const second = await page('page=2');
      const reordered = await page('ordering=number');
      expect([second.count, reordered.count]).toEqual([first.count, first.count]);
      expect(countQueries()).toBe(1);
      // Staff count all orders, not the dealer's: another count.
      await call(t.app, 'GET', '/api/orders/?page_size=2', { token: manager });
      expect(countQueries()).toBe(2);
      // A write in plain SQL (another process) is counted at once.
      const order = await t.app.db.selectFrom('orders').selectAll().where('number', '=', first.results[0].number).executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await t.app.db.insertInto('orders').values({
        number: 'COUNT-1', dealer_id: order.dealer_id, status: 'new', total_cents: String(order.total_cents), comment: '', created_by: order.created_by, created_at: now, updated_at: now,
      }).execute();
      expect((await page('page=3')).count).toBe(first.count + 1);
      expect(countQueries()).toBe(3);
    } finally {
      counted.mockRestore();
    }
  });

  test('pages of a dealer\'s own rows are kept per dealer', async () => {
    const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
    const own = (await call(t.app, 'GET', '/api/dealers/', { token: dealer })).json;
    const all = (await call(t.app, 'GET', '/api/dealers/', { token: manager })).json;
    expect(own.count).toBe(1);
    expect(all.count).toBeGreaterThan(1);
    expect((await call(t.app, 'GET', '/api/dealers/', { token: dealer })).json).toEqual(own);
  });
});
