import { client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';

// What the orders, shipments and cancellation-request screens ask of their lists (issue 7), on the
// demo data: a dealer's own rows by status and dates, a number search, staff's dealer filter, the
// status filters of shipping and deletion requests, and the history in the CSV export.
describe.each(testDatabases())('the orders\' lists on %s', (kind) => {
  let t: TestApp;
  let dealer: Client;
  let manager: Client;
  let dealerId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    dealer = client(t.app, (await tokensFor(t.app, 'dealer@demo.test')).access);
    manager = client(t.app, (await tokensFor(t.app, 'manager@demo.test')).access);
    dealerId = (await t.app.db.selectFrom('users').select('dealer_id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow()).dealer_id!;
  }, 30_000);
  afterAll(async () => { await t?.close(); });

  type Row = { id: number; status: string; dealer?: number; number?: string; order_number?: string; created_at: string };
  const rows = async (who: Client, url: string) => {
    const answer = await who.get(url);
    expect([url, answer.status]).toEqual([url, 200]);
    return answer.json.results as Row[];
  };

  test('a dealer\'s orders by status, by dates and by number; staff\'s by dealer', async () => {
    const own = await rows(dealer, '/api/orders/?page_size=500');
    expect(own.every((o) => o.dealer === dealerId)).toBe(true);
    for (const status of ['new', 'confirmed', 'shipped', 'completed', 'cancelled']) {
      const some = await rows(dealer, `/api/orders/?status=${status}&page_size=500`);
      expect([status, some.length]).toEqual([status, own.filter((o) => o.status === status).length]);
    }
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const recent = await rows(dealer, `/api/orders/?created_after=${weekAgo}&page_size=500`);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(own.length);
    expect(recent.every((o) => o.created_at.slice(0, 10) >= weekAgo)).toBe(true);
    const older = await rows(dealer, `/api/orders/?created_before=${weekAgo}&page_size=500`);
    expect(recent.length + older.length).toBe(own.length);
    const one = own[2];
    expect((await rows(dealer, `/api/orders/?search=${one.number}`)).map((o) => o.id)).toEqual([one.id]);
    const staff = await rows(manager, `/api/orders/?dealer=${dealerId}&page_size=500`);
    expect(staff.map((o) => o.id).sort()).toEqual(own.map((o) => o.id).sort());
  });

  test('shipping and deletion requests by status, a dealer\'s own; staff\'s all', async () => {
    for (const [path, statuses] of [['/api/shippings/', ['preparing', 'in_transit', 'delivered']], ['/api/orderdelreq/', ['pending', 'approved', 'rejected']]] as const) {
      const everything = await rows(manager, `${path}?page_size=500`);
      const own = await rows(dealer, `${path}?page_size=500`);
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThan(everything.length);
      for (const status of statuses) {
        const staffs = await rows(manager, `${path}?status=${status}&page_size=500`);
        expect([path, status, staffs.length]).toEqual([path, status, everything.filter((r) => r.status === status).length]);
        const mine = await rows(dealer, `${path}?status=${status}&page_size=500`);
        expect(mine.map((r) => r.id)).toEqual(own.filter((r) => r.status === status).map((r) => r.id));
      }
      expect((await dealer.get(`${path}?status=lost`)).status).toBe(400);
    }
  });

  test('the CSV export of orders carries the history as «when from → to»', async () => {
    const order = (await rows(manager, '/api/orders/?status=completed&page_size=1'))[0];
    const answer = await manager.get(`/api/orders/?format=csv&search=${order.number}&fields=number,status,history`);
    expect(answer.status).toBe(200);
    const [header, line] = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Номер;Статус;История статусов');
    // Quoted: the changes are joined by `;`, the separator of the file.
    expect(line).toMatch(new RegExp(`^${order.number};Выполнен;"\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d Новый; .+ Новый → Подтверждён; .+ Подтверждён → Отгружен; .+ Отгружен → Выполнен"$`));
  });
});
