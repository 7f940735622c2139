// The list sources of the home's widgets (issue 19, design §3 `HomeWidget`): the host asks each with
// `page_size=5` and shows `count` and the results. Several statuses at once (`status__in`), the store
// items running out (`running_out`, the setting `low_stock_threshold`), the caller's unread news
// (`unread`, `read`), each narrowed to what the caller may see.
import { client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';

type Row = { id: number; order?: number; dealer?: number; status?: string; available?: number; quantity?: number; read?: boolean };

describe.each(testDatabases())('widget sources on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let manager: Client;
  let dealer: Client;
  let dealer2: Client;
  let dealerId: number;
  let dealer2Id: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const as = async (email: string) => client(t.app, (await tokensFor(t.app, email)).access);
    [admin, manager, dealer, dealer2] = await Promise.all(['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test'].map(as));
    const dealerOf = async (email: string) => (await t.app.db.selectFrom('users').select('dealer_id').where('email', '=', email).executeTakeFirstOrThrow()).dealer_id!;
    dealerId = await dealerOf('dealer@demo.test');
    dealer2Id = await dealerOf('dealer2@demo.test');
  });
  afterAll(async () => { await t?.close(); });

  /** Every row of a list (one page of up to 500), its count checked against the rows. */
  const all = async (who: Client, url: string): Promise<Row[]> => {
    const { status, json } = await who.get(`${url}${url.includes('?') ? '&' : '?'}page_size=500`);
    expect(status).toBe(200);
    expect(json.results).toHaveLength(json.count);
    return json.results;
  };

  describe('status__in: several statuses at once', () => {
    test.each([
      ['orders', ['new', 'confirmed', 'shipped']],
      ['claims', ['new', 'in_review']],
      ['shippings', ['preparing', 'in_transit']],
      ['orderdelreq', ['pending', 'rejected']],
      ['regreq', ['new', 'approved']],
    ])('/api/%s/ keeps the rows in any of the statuses, counted exactly', async (list, statuses) => {
      const each = await Promise.all(statuses.map((status) => all(manager, `/api/${list}/?status=${status}`)));
      const either = await all(manager, `/api/${list}/?status__in=${statuses.join(',')}`);
      expect(either.map((row) => row.id).sort((a, b) => a - b)).toEqual(each.flat().map((row) => row.id).sort((a, b) => a - b));
      expect(new Set(either.map((row) => row.status))).toEqual(new Set(statuses.filter((_, i) => each[i].length)));
      // Not everything: the filter narrows.
      const everything = (await manager.get(`/api/${list}/?page_size=1`)).json.count;
      expect(either.length).toBeLessThan(everything);
      // One status is the same as `status=`; spaces and repeats are forgiven.
      expect((await manager.get(`/api/${list}/?status__in=${statuses[0]}`)).json.count).toBe(each[0].length);
      expect((await manager.get(`/api/${list}/?status__in=${encodeURIComponent(` ${statuses[0]} , ${statuses[0]},`)}`)).json.count).toBe(each[0].length);
    });

    test.each(['orders', 'claims', 'shippings', 'orderdelreq', 'regreq'])('/api/%s/ refuses an unknown status in the list with a 400 naming status__in', async (list) => {
      for (const query of ['new,nonsense', 'NEW', ',', 'new;drop table orders']) {
        const { status, json } = await manager.get(`/api/${list}/?status__in=${encodeURIComponent(query)}`);
        expect(status).toBe(400);
        expect(json).toEqual({ code: 'invalid', message: expect.any(String), fields: { status__in: [expect.any(String)] } });
      }
      const long = await manager.get(`/api/${list}/?status__in=${'new,'.repeat(200)}`);
      expect(long.status).toBe(400);
      expect(Object.keys(long.json.fields)).toEqual(['status__in']);
    });

    test('an enum filter elsewhere has its twin too (users by role); the OpenAPI document describes each', async () => {
      const staff = await all(admin, '/api/users/?role__in=manager,admin');
      expect(staff.length).toBeGreaterThanOrEqual(2);
      expect((await admin.get('/api/users/?role__in=manager,visitor')).status).toBe(400);
      const document = (await admin.get('/api/schema/')).json;
      const parameter = document.paths['/api/orders/'].get.parameters.find((p: { name: string }) => p.name === 'status__in');
      expect(parameter).toMatchObject({ in: 'query', schema: { type: 'string' }, description: expect.stringContaining('new, confirmed, shipped, completed, cancelled') });
    });

    test('the orders count (from the table of counts) stays exact with status__in, and after a write', async () => {
      const url = '/api/orders/?status__in=new,confirmed';
      // The same filter with a date bound is counted from the rows themselves.
      const counted = async (who: Client) => (await who.get(`${url}&created_after=2000-01-01`)).json.count;
      const before = (await dealer.get(url)).json.count;
      expect(before).toBe(await counted(dealer));
      expect((await manager.get(url)).json.count).toBe(await counted(manager));
      expect((await manager.get(`${url}&dealer=${dealerId}`)).json.count).toBe(before);
      // The dearest product in stock: one of it is above the minimum order total.
      const product = (await dealer.get('/api/dp/?in_stock=true&ordering=-price&page_size=1')).json.results[0];
      const created = await dealer.post('/api/orders/', { items: [{ product: product.id, quantity: 1 }] });
      expect(created.status).toBe(201);
      expect((await dealer.get(url)).json.count).toBe(before + 1);
      expect((await dealer.get('/api/orders/?status__in=shipped,completed')).json.results.map((o: Row) => o.id)).not.toContain(created.json.id);
      expect(await counted(dealer)).toBe(before + 1);
    });
  });

  describe('running_out: store items at or below low_stock_threshold', () => {
    const setThreshold = async (value: string | null) => {
      const row = (await admin.get('/api/variables/?search=low_stock_threshold')).json.results.find((v: { key: string }) => v.key === 'low_stock_threshold');
      if (value === null) {
        if (row) expect((await admin.del(`/api/variables/${row.id}/`)).status).toBe(204);
        return;
      }
      const body = { key: 'low_stock_threshold', value, description: 'Порог «заканчивается»' };
      const written = row ? await admin.put(`/api/variables/${row.id}/`, body) : await admin.post('/api/variable/create/', body);
      expect(written.status).toBe(row ? 200 : 201);
    };
    afterEach(async () => { await setThreshold(null); });

    test('default 10: exactly the items whose available quantity is at most 10; the demo has some', async () => {
      // The demo's 400 store items fit one page.
      const everything = await all(manager, '/api/storeitems/');
      const low = await all(manager, '/api/storeitems/?running_out=true&ordering=quantity');
      expect(low.length).toBeGreaterThanOrEqual(3);
      expect(low.map((row) => row.id).sort((a, b) => a - b)).toEqual(everything.filter((row) => row.available! <= 10).map((row) => row.id).sort((a, b) => a - b));
      // Ordered by what is in stock, least first (an indexed column): the widget shows the most urgent.
      expect(low.map((row) => row.quantity)).toEqual([...low.map((row) => row.quantity!)].sort((a, b) => a - b));
      // Some demo items are low but not empty (the widget has more than the sold-out).
      expect(low.some((row) => row.available! > 0)).toBe(true);
      const rest = (await manager.get('/api/storeitems/?running_out=false&page_size=1')).json.count;
      expect(rest + low.length).toBe(everything.length);
    });

    test('a changed setting moves the line at once (the kept list is not stale); a value that is not a whole number ≥ 0 is refused', async () => {
      const at10 = (await manager.get('/api/storeitems/?running_out=true')).json.count;
      await setThreshold('0');
      const at0 = await all(manager, '/api/storeitems/?running_out=true');
      expect(at0.every((row) => row.available === 0)).toBe(true);
      expect(at0.length).toBeLessThan(at10);
      await setThreshold(' 50 ');
      const at50 = await all(manager, '/api/storeitems/?running_out=true');
      expect(at50.length).toBeGreaterThan(at10);
      expect(at50.every((row) => row.available! <= 50)).toBe(true);
      expect((await admin.get('/api/variables/?search=low_stock_threshold')).json.results[0].value).toBe('50');

      const row = (await admin.get('/api/variables/?search=low_stock_threshold')).json.results[0];
      for (const value of ['-1', '2.5', 'десять', '', '1e3', '99999999999']) {
        const refused = await admin.put(`/api/variables/${row.id}/`, { key: 'low_stock_threshold', value });
        expect(refused.status).toBe(400);
        expect(Object.keys(refused.json.fields)).toEqual(['value']);
      }
      expect((await admin.post('/api/variable/create/', { key: 'low_stock_threshold', value: 'x' })).status).toBe(400);
      // A value written around the API (an old row, psql) is read as the default.
      await t.app.db.updateTable('variables').set({ value: 'много' }).where('key', '=', 'low_stock_threshold').execute();
      expect((await manager.get('/api/storeitems/?running_out=true')).json.count).toBe(at10);
    });

    test('a wrong running_out is a 400, never a 500', async () => {
      const { status, json } = await manager.get('/api/storeitems/?running_out=soon');
      expect(status).toBe(400);
      expect(Object.keys(json.fields)).toEqual(['running_out']);
    });
  });

  describe('unread news', () => {
    test('opening an item marks it read for that user only; unread=true lists and counts the others', async () => {
      const unread = await all(dealer, '/api/news/?unread=true');
      const every = await all(dealer, '/api/news/');
      expect(every.every((item) => item.read === false)).toBe(true);
      expect(unread).toHaveLength(every.length);
      const first = every[0].id;
      const opened = await dealer.get(`/api/news/${first}/`);
      expect(opened.status).toBe(200);
      expect(opened.json.read).toBe(true);
      // Opening it again changes nothing.
      expect((await dealer.get(`/api/news/${first}/`)).json.read).toBe(true);
      const after = await all(dealer, '/api/news/?unread=true');
      expect(after.map((item) => item.id)).toEqual(every.slice(1).map((item) => item.id));
      expect((await dealer.get('/api/news/?unread=true&page_size=5')).json.count).toBe(every.length - 1);
      expect((await all(dealer, '/api/news/?unread=false')).map((item) => item.id)).toEqual([first]);
      expect((await all(dealer, '/api/news/')).find((item) => item.id === first)?.read).toBe(true);

      // Another dealer's user and staff have not read it.
      const other = await all(dealer2, '/api/news/?unread=true');
      expect(other.map((item) => item.id)).toContain(first);
      expect((await dealer2.get(`/api/news/${first}/`)).json.read).toBe(true);
      expect((await all(manager, '/api/news/')).find((item) => item.id === first)?.read).toBe(false);
      // Staff's reading keeps staff's lists apart too (kept per user).
      expect((await manager.get(`/api/news/${first}/`)).json.read).toBe(true);
      expect((await all(admin, '/api/news/')).find((item) => item.id === first)?.read).toBe(false);
      expect((await all(manager, '/api/news/?unread=false')).map((item) => item.id)).toEqual([first]);
    });

    test('deleting a newsletter that was read deletes its read rows with it', async () => {
      const created = await admin.post('/api/newsletters/', { title: 'Прочитают и удалят', body: 'Текст', audience: null, published: true });
      expect(created.status).toBe(201);
      expect((await dealer.get(`/api/news/${created.json.id}/`)).json.read).toBe(true);
      expect((await dealer.get('/api/news/?unread=false')).json.results.map((item: Row) => item.id)).toContain(created.json.id);
      expect((await admin.del(`/api/newsletters/${created.json.id}/`)).status).toBe(204);
      expect(await t.app.db.selectFrom('news_reads').select('user_id').where('newsletter_id', '=', created.json.id).execute()).toEqual([]);
      expect((await dealer.get('/api/news/?unread=false')).json.results.map((item: Row) => item.id)).not.toContain(created.json.id);
    });

    test('a wrong unread is a 400', async () => {
      const { status, json } = await dealer.get('/api/news/?unread=maybe');
      expect(status).toBe(400);
      expect(Object.keys(json.fields)).toEqual(['unread']);
    });
  });

  describe("widget sources honour the role: a dealer's never count another dealer's rows", () => {
    test.each([
      ['/api/orders/?status__in=new,confirmed,shipped', '/api/orders/?status__in=new,confirmed,shipped'],
      ['/api/claims/?status__in=new,in_review', '/api/claims/?status__in=new,in_review'],
      ['/api/shippings/?status=in_transit', '/api/shippings/?status=in_transit'],
      ['/api/orderdelreq/?status__in=pending,approved,rejected', '/api/orderdelreq/?status__in=pending,approved,rejected'],
    ])('%s', async (source) => {
      const own = await all(dealer, source);
      const own2 = await all(dealer2, source);
      // Each row is of one of the dealer's own orders (an order is its own).
      const ordersOf = async (id: number) => new Set((await all(manager, `/api/orders/?dealer=${id}`)).map((order) => order.id));
      const orderOf = (row: Row) => (source.startsWith('/api/orders/') ? row.id : row.order!);
      const [orders1, orders2] = [await ordersOf(dealerId), await ordersOf(dealer2Id)];
      expect(own.every((row) => orders1.has(orderOf(row)))).toBe(true);
      expect(own2.every((row) => orders2.has(orderOf(row)))).toBe(true);
      // Exactly the dealer's rows as staff see them, and fewer than all of them.
      expect((await dealer.get(`${source}&page_size=5`)).json.count).toBe((await manager.get(`${source}&dealer=${dealerId}&page_size=5`)).json.count);
      expect((await dealer2.get(`${source}&page_size=5`)).json.count).toBe((await manager.get(`${source}&dealer=${dealer2Id}&page_size=5`)).json.count);
      const everyone = (await manager.get(`${source}&page_size=5`)).json.count;
      expect(own.length + own2.length).toBeLessThanOrEqual(everyone);
      expect(own.length).toBeLessThan(everyone);
    });

    test("/api/news/?unread=true: another group's news is not counted, another user's reading does not mark it read", async () => {
      const own = await all(dealer2, '/api/news/?unread=true');
      const staff = await all(manager, '/api/news/');
      expect(own.length).toBeLessThan(staff.length);
      const ownIds = new Set((await all(dealer2, '/api/news/')).map((item) => item.id));
      expect(own.every((item) => ownIds.has(item.id))).toBe(true);
      const hidden = staff.find((item) => !ownIds.has(item.id))!;
      expect((await dealer2.get(`/api/news/${hidden.id}/`)).status).toBe(404);
      // The other dealer reads everything it sees; this one's unread stay.
      for (const item of await all(dealer, '/api/news/')) await dealer.get(`/api/news/${item.id}/`);
      expect((await dealer.get('/api/news/?unread=true')).json.count).toBe(0);
      expect((await dealer2.get('/api/news/?unread=true')).json.count).toBe(own.length);
      // A 404 read marks nothing.
      expect(await t.app.db.selectFrom('news_reads').innerJoin('users', 'users.id', 'news_reads.user_id').select('newsletter_id')
        .where('users.email', '=', 'dealer2@demo.test').where('newsletter_id', '=', hidden.id).execute()).toEqual([]);
    });

    test('/api/storeitems/?running_out=true answers a dealer as the store items list does (design §4: dealers see store items), never wider', async () => {
      const plain = await dealer.get('/api/storeitems/?page_size=1');
      const running = await dealer.get('/api/storeitems/?running_out=true&page_size=5');
      expect(running.status).toBe(plain.status);
      if (running.status === 200) {
        // The same rows as staff's: the filter adds no scope of its own.
        expect(running.json.count).toBe((await manager.get('/api/storeitems/?running_out=true&page_size=5')).json.count);
      } else {
        expect(running.json.count).toBeUndefined();
      }
      // Without a session there is nothing.
      const visitor = await t.app.inject({ method: 'GET', url: '/api/storeitems/?running_out=true' });
      expect(visitor.statusCode).toBe(401);
    });
  });
});
