import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { createListCache, type DataVersion } from './list-cache';

describe('the list cache, by its interface', () => {
  const v1: DataVersion = { all: '1', names: '1' };
  const v2: DataVersion = { all: '2', names: '1' };

  test('a page and a count are kept for their data version only', () => {
    const cache = createListCache();
    cache.keepPage('/orders/', v1, '{"count":0}');
    cache.keepCount('orders all', v1, 7);
    expect([cache.page('/orders/', v1), cache.count('orders all', v1)]).toEqual(['{"count":0}', 7]);
    expect([cache.page('/orders/', v2), cache.count('orders all', v2)]).toEqual([undefined, undefined]);
    // A stale one is forgotten, not kept for a return to the old version.
    expect([cache.page('/orders/', v1), cache.count('orders all', v1)]).toEqual([undefined, undefined]);
  });

  test('pages beyond the cap go oldest first, and a page too large for it is not kept', () => {
    const cache = createListCache(160);
    cache.keepPage('a', v1, 'x'.repeat(10));
    cache.keepPage('too large', v1, 'x'.repeat(11));
    expect(cache.page('too large', v1)).toBeUndefined();
    for (const key of 'bcdefghijklmnopq') cache.keepPage(key, v1, 'x'.repeat(10));
    expect(cache.page('a', v1)).toBeUndefined();
    expect([cache.page('b', v1), cache.page('q', v1)]).toEqual(['x'.repeat(10), 'x'.repeat(10)]);
  });

  test('items are built only for rows that are new or changed, in one call, and answered in the rows\' order', async () => {
    const cache = createListCache();
    const built: number[][] = [];
    const build = async (rows: Array<{ id: number; comment: string }>) => {
      built.push(rows.map((row) => row.id));
      return rows.map((row) => JSON.stringify(row));
    };
    const key = (row: { id: number }) => `/orders/${row.id}`;
    const rows = [{ id: 1, comment: 'a' }, { id: 2, comment: 'b' }, { id: 3, comment: 'c' }];
    expect(await cache.items(rows, key, v1, build)).toEqual(rows.map((row) => JSON.stringify(row)));
    // Another data version with the same rows and names: nothing is built again.
    expect(await cache.items(rows, key, v2, build)).toEqual(rows.map((row) => JSON.stringify(row)));
    const changed = [rows[0], { id: 2, comment: 'changed' }, rows[2], { id: 4, comment: 'new' }];
    expect(await cache.items(changed, key, v2, build)).toEqual(changed.map((row) => JSON.stringify(row)));
    // New names (a product renamed) build every item again.
    await cache.items(rows, key, { all: '3', names: '2' }, build);
    expect(built).toEqual([[1, 2, 3], [2, 4], [1, 2, 3]]);
  });

  test('a row\'s timestamp stamps it to the millisecond', async () => {
    const cache = createListCache();
    const build = jest.fn(async (rows: Array<{ id: number; at: Date }>) => rows.map((row) => String(row.at.getTime())));
    const key = () => '/orders/1';
    await cache.items([{ id: 1, at: new Date(1000) }], key, v1, build);
    expect(await cache.items([{ id: 1, at: new Date(1001) }], key, v1, build)).toEqual(['1001']);
    expect(build).toHaveBeenCalledTimes(2);
  });
});

describe.each(testDatabases())('kept lists on %s', (kind) => {
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
      // A date narrows the list: its rows are counted (not read from the kept counts of migration 0013).
      const page = async (query: string) => (await call(t.app, 'GET', `/api/orders/?page_size=2&created_after=2000-01-01&${query}`, { token: dealer })).json;
      const first = await page('page=1');
      expect(countQueries()).toBe(1);
      const second = await page('page=2');
      const reordered = await page('ordering=number');
      expect([second.count, reordered.count]).toEqual([first.count, first.count]);
      expect(countQueries()).toBe(1);
      // Staff count all orders, not the dealer's: another count.
      await call(t.app, 'GET', '/api/orders/?page_size=2&created_after=2000-01-01', { token: manager });
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

  // Kept order items (migration 0012).

  const newest = async () => (await call(t.app, 'GET', '/api/orders/?page_size=5', { token: manager })).json;
  const orderOnPage = async () => {
    const page = await newest();
    const item = page.results.find((o: { items: unknown[]; history: unknown[] }) => o.items.length && o.history.length);
    expect(item).toBeDefined();
    return item as { id: number; items: Array<{ id: number; product: number; quantity: number; name: string; sku: string }>; history: Array<{ who_id: number | null; who: string | null }>; dealer: number };
  };
  const shown = async (id: number) => (await newest()).results.find((o: { id: number }) => o.id === id);

  test('every write an order\'s item is built from shows in the next page at once, even one in plain SQL', async () => {
    const order = await orderOnPage();
    const line = order.items[0];
    // A line (another process, a script).
    await t.app.db.updateTable('order_items').set({ quantity: line.quantity + 1 }).where('id', '=', line.id).execute();
    expect((await shown(order.id)).items[0].quantity).toBe(line.quantity + 1);
    // A status change.
    await t.app.db.insertInto('status_changes').values({ order_id: order.id, from_status: 'new', to_status: 'new', changed_by: null, changed_at: new Date().toISOString(), comment: 'kept?' }).execute();
    expect((await shown(order.id)).history.at(-1).comment).toBe('kept?');
    // The product's name and SKU on the line.
    await t.app.db.updateTable('products').set({ name: 'Переименован', sku: 'RENAMED-1' }).where('id', '=', line.product).execute();
    expect((await shown(order.id)).items[0]).toMatchObject({ name: 'Переименован', sku: 'RENAMED-1' });
    // The name of who changed a status.
    const who = order.history.find((change) => change.who_id !== null)!;
    await t.app.db.updateTable('users').set({ first_name: 'Новое', last_name: 'Имя' }).where('id', '=', who.who_id!).execute();
    expect((await shown(order.id)).history.find((change: { who_id: number | null }) => change.who_id === who.who_id).who).toBe('Новое Имя');
    // The dealer's name, the order's own columns, and a line deleted.
    await t.app.db.updateTable('dealers').set({ name: 'Дилер переименован' }).where('id', '=', order.dealer).execute();
    expect((await shown(order.id)).dealer_name).toBe('Дилер переименован');
    await t.app.db.updateTable('orders').set({ comment: 'изменён в SQL' }).where('id', '=', order.id).execute();
    expect((await shown(order.id)).comment).toBe('изменён в SQL');
    const lines = (await shown(order.id)).items.length;
    await t.app.db.deleteFrom('order_items').where('id', '=', line.id).execute();
    expect((await shown(order.id)).items).toHaveLength(lines - 1);
    // What the list shows is what reading the order shows.
    expect(await shown(order.id)).toEqual((await call(t.app, 'GET', `/api/orders/${order.id}/`, { token: manager })).json);
  });

  test('after a write to one order, the next page builds that order\'s item only', async () => {
    const executor = t.app.db.getExecutor();
    const order = await orderOnPage();
    const before = await newest();
    const queries = jest.spyOn(executor, 'executeQuery');
    try {
      await t.app.db.updateTable('orders').set({ comment: 'одна запись' }).where('id', '=', order.id).execute();
      const after = await newest();
      const lineQueries = queries.mock.calls.filter(([query]) => /from "order_items"/.test(query.sql));
      expect(lineQueries).toHaveLength(1);
      expect(lineQueries[0][0].parameters).toEqual([order.id]);
      expect(after.results.map((o: { id: number }) => o.id)).toEqual(before.results.map((o: { id: number }) => o.id));
      expect(after.results.find((o: { id: number }) => o.id === order.id).comment).toBe('одна запись');
    } finally {
      queries.mockRestore();
    }
  });

  // The orders' counts kept by triggers (migration 0013).

  /** Every (dealer, status) count the triggers keep, and the same counted from the orders. */
  const kept = async () => {
    const rows = await t.app.db.selectFrom('order_counts').select(['dealer_id', 'status', 'count']).where('count', '<>', 0).orderBy('dealer_id').orderBy('status').execute();
    return rows.map((r) => `${r.dealer_id} ${r.status} ${Number(r.count)}`);
  };
  const counted = async () => {
    const rows = await t.app.db.selectFrom('orders').select(['dealer_id', 'status', (eb) => eb.fn.countAll().as('count')])
      .groupBy(['dealer_id', 'status']).orderBy('dealer_id').orderBy('status').execute();
    return rows.map((r) => `${r.dealer_id} ${r.status} ${Number(r.count)}`);
  };

  test('the kept counts are the orders\' counts after writes of every kind, and the lists count from them', async () => {
    expect(await kept()).toEqual(await counted());
    const dealers = (await t.app.db.selectFrom('dealers').select('id').orderBy('id').execute()).map((d) => d.id);
    const order = await t.app.db.selectFrom('orders').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await t.app.db.insertInto('orders').values({
      number: 'COUNTS-1', dealer_id: dealers[0], status: 'new', total_cents: '100', comment: '', created_by: order.created_by, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    expect(await kept()).toEqual(await counted());
    await t.app.db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', id).execute();
    await t.app.db.updateTable('orders').set({ dealer_id: dealers[1] }).where('id', '=', id).execute();
    await t.app.db.updateTable('orders').set({ comment: 'не меняет счёт' }).where('id', '=', id).execute();
    expect(await kept()).toEqual(await counted());
    await t.app.db.deleteFrom('orders').where('id', '=', id).execute();
    expect(await kept()).toEqual(await counted());

    // Through the API: a dealer creates an order, staff cancel it; no list counts its rows.
    const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
    const product = await t.app.db.selectFrom('products').select('id').where('is_active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const created = await call(t.app, 'POST', '/api/orders/', { token: dealer, body: { items: [{ product: product.id, quantity: 1000 }] } });
    expect([created.status, created.json?.code]).toEqual([201, undefined]);
    const executor = t.app.db.getExecutor();
    const queries = jest.spyOn(executor, 'executeQuery');
    try {
      const countOf = async (token: string, query: string) => (await call(t.app, 'GET', `/api/orders/?page_size=1&${query}`, { token })).json.count;
      const rowsCounted = () => queries.mock.calls.filter(([q]) => /^select count\(\*\) as "count"/i.test(q.sql) && q.sql.includes('"orders"')).length;
      const ownDealer = created.json.dealer as number;
      const truth = async (where: { dealer?: number; status?: string }) => Number((await t.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n'))
        .$if(where.dealer !== undefined, (q) => q.where('dealer_id', '=', where.dealer!))
        .$if(where.status !== undefined, (q) => q.where('status', '=', where.status as 'new'))
        .executeTakeFirstOrThrow()).n);
      expect(await countOf(manager, '')).toBe(await truth({}));
      expect(await countOf(manager, 'status=new')).toBe(await truth({ status: 'new' }));
      expect(await countOf(manager, `dealer=${ownDealer}&status=new`)).toBe(await truth({ dealer: ownDealer, status: 'new' }));
      expect(await countOf(dealer, '')).toBe(await truth({ dealer: ownDealer }));
      expect(await countOf(dealer, `dealer=${dealers.find((d) => d !== ownDealer)}`)).toBe(0);
      expect(rowsCounted()).toBe(0);
      const confirmed = await call(t.app, 'PUT', `/api/orders/${created.json.id}/`, { token: manager, body: { ...created.json, status: 'cancelled' } });
      expect([confirmed.status, confirmed.json?.code]).toEqual([200, undefined]);
      expect(await countOf(dealer, 'status=cancelled')).toBe(await truth({ dealer: ownDealer, status: 'cancelled' }));
      expect(await countOf(dealer, 'status=new')).toBe(await truth({ dealer: ownDealer, status: 'new' }));
      expect(rowsCounted()).toBe(0);
      // A search or a date narrows what the kept counts cannot tell: the rows are counted.
      expect(await countOf(dealer, `search=${created.json.number}`)).toBe(1);
      expect(await countOf(dealer, 'created_after=2000-01-01')).toBe(await truth({ dealer: ownDealer }));
      expect(rowsCounted()).toBe(2);
    } finally {
      queries.mockRestore();
    }
    expect(await kept()).toEqual(await counted());
  });

  test('many orders made and cancelled at once leave the kept counts exact', async () => {
    const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
    const product = await t.app.db.selectFrom('products').select('id').where('is_active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const made = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'POST', '/api/orders/', { token: dealer, body: { items: [{ product: product.id, quantity: 1000 }] } })));
    expect(made.map((m) => m.status)).toEqual(made.map(() => 201));
    const cancelled = await Promise.all(made.slice(0, 10).map((m) => call(t.app, 'PUT', `/api/orders/${m.json.id}/`, { token: manager, body: { ...m.json, status: 'cancelled' } })));
    expect(cancelled.map((c) => c.status)).toEqual(cancelled.map(() => 200));
    const deleted = await Promise.all(made.slice(10, 15).map((m) => call(t.app, 'DELETE', `/api/orders/${m.json.id}/`, { token: dealer })));
    expect(deleted.map((d) => d.status)).toEqual(deleted.map(() => 204));
    expect(await kept()).toEqual(await counted());
    const listed = await call(t.app, 'GET', '/api/orders/?page_size=1&status=cancelled', { token: dealer });
    const ownDealer = made[0].json.dealer as number;
    expect(listed.json.count).toBe(Number((await t.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('dealer_id', '=', ownDealer).where('status', '=', 'cancelled').executeTakeFirstOrThrow()).n));
  });
});
