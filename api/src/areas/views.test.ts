// Saved list views (issue 18 item 8, design §6) through HTTP on both databases: each user's own
// views, staff views shared with all staff, the limits, and hostile names, queries and lists.
import { client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';
import { VIEWS_PER_LIST } from './views';

describe.each(testDatabases())('saved list views on %s', (kind) => {
  let t: TestApp;
  const as: Record<'dealer' | 'dealer2' | 'manager' | 'admin', Client> = {} as never;
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const who of ['dealer', 'dealer2', 'manager', 'admin'] as const) as[who] = client(t.app, (await tokensFor(t.app, `${who}@demo.test`)).access);
  }, 30_000);
  afterAll(async () => { await t?.close(); });
  afterEach(async () => { await t.app.db.deleteFrom('saved_views').execute(); });

  const save = (who: Client, list: string, body: Record<string, unknown>) => who.post(`/api/views/?list=${list}`, body);
  const names = async (who: Client, list: string) => {
    const answer = await who.get(`/api/views/?list=${list}`);
    expect(answer.status).toBe(200);
    return (answer.json as Array<{ name: string }>).map((view) => view.name);
  };

  test('a dealer saves, reads and deletes its own views; another dealer neither sees nor deletes them', async () => {
    const created = await save(as.dealer, 'orders', { name: 'Новые', query: 'status=new&ordering=-created_at' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(Number), list: 'orders', name: 'Новые', query: 'status=new&ordering=-created_at', shared: false, mine: true,
      author: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const id = created.json.id as number;
    expect((await as.dealer.get('/api/views/?list=orders')).json).toEqual([created.json]);
    // Per list: the view of orders is not a view of claims.
    expect(await names(as.dealer, 'claims')).toEqual([]);
    expect(await names(as.dealer2, 'orders')).toEqual([]);
    expect((await as.dealer2.del(`/api/views/${id}/`)).status).toBe(404);
    // Nor does staff see or delete a dealer's view.
    expect(await names(as.manager, 'orders')).toEqual([]);
    expect((await as.admin.del(`/api/views/${id}/`)).status).toBe(404);
    // The other dealer may use the same name for its own view.
    expect((await save(as.dealer2, 'orders', { name: 'Новые', query: 'status=confirmed' })).status).toBe(201);
    expect(await names(as.dealer, 'orders')).toEqual(['Новые']);

    expect((await as.dealer.del(`/api/views/${id}/`)).status).toBe(204);
    expect(await names(as.dealer, 'orders')).toEqual([]);
    expect((await as.dealer.del(`/api/views/${id}/`)).status).toBe(404);
    expect(await names(as.dealer2, 'orders')).toEqual(['Новые']);
  });

  test('staff share a view with all staff; only its owner deletes it; dealers never see it', async () => {
    const shared = await save(as.manager, 'orders', { name: 'К отгрузке', query: 'status=confirmed', shared: true });
    expect([shared.status, shared.json.shared]).toEqual([201, true]);
    expect((await save(as.manager, 'orders', { name: 'Мой', query: 'search=abc' })).status).toBe(201);
    expect((await save(as.admin, 'orders', { name: 'Админский', query: '' })).status).toBe(201);

    expect(await names(as.manager, 'orders')).toEqual(['К отгрузке', 'Мой']);
    const adminViews = (await as.admin.get('/api/views/?list=orders')).json as Array<Record<string, unknown>>;
    expect(adminViews.map((view) => [view.name, view.mine, view.shared])).toEqual([['Админский', true, false], ['К отгрузке', false, true]]);
    expect(adminViews[1].author).toBe('Михаил Менеджеров');
    // Only a staff user's view is shared: a dealer's row marked shared (it cannot be, through the API) stays its own.
    const dealer = await t.app.db.selectFrom('users').select('id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow();
    await t.app.db.insertInto('saved_views').values({ user_id: dealer.id, list: 'orders', name: 'Дилерский', query: '', shared: true, created_at: new Date().toISOString() }).execute();
    expect(await names(as.admin, 'orders')).toEqual(['Админский', 'К отгрузке']);
    expect(await names(as.dealer2, 'orders')).toEqual([]);
    expect(await names(as.dealer, 'orders')).toEqual(['Дилерский']);
    // Shared on its list only.
    expect(await names(as.admin, 'claims')).toEqual([]);

    expect((await as.admin.del(`/api/views/${shared.json.id}/`)).status).toBe(404);
    expect((await as.manager.del(`/api/views/${shared.json.id}/`)).status).toBe(204);
    expect(await names(as.admin, 'orders')).toEqual(['Админский']);
  });

  test('a dealer asking to share is refused with 400 on `shared`, and nothing is saved', async () => {
    const answer = await save(as.dealer, 'orders', { name: 'Всем', query: 'status=new', shared: true });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'invalid', message: expect.any(String), fields: { shared: ['Показывать вид всем сотрудникам может только сотрудник.'] } });
    expect(await names(as.dealer, 'orders')).toEqual([]);
    // `shared: false` is fine.
    expect((await save(as.dealer, 'orders', { name: 'Всем', query: 'status=new', shared: false })).status).toBe(201);
  });

  test('a name is unique per user and list (409, trimmed), in Russian and English', async () => {
    expect((await save(as.dealer, 'orders', { name: 'Новые', query: 'status=new' })).status).toBe(201);
    const again = await save(as.dealer, 'orders', { name: '  Новые ', query: 'status=confirmed' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 'view_name_taken', message: 'Вид с таким названием уже есть в этом списке.', fields: { name: ['Вид с таким названием уже есть в этом списке.'] } });
    const english = await as.dealer.en('POST', '/api/views/?list=orders', { name: 'Новые', query: '' });
    expect([english.status, english.json.message]).toEqual([409, 'This list already has a view with this name.']);
    // The same name on another list is another view.
    expect((await save(as.dealer, 'claims', { name: 'Новые', query: 'status=new' })).status).toBe(201);
  });

  test(`at most ${VIEWS_PER_LIST} views per user and list: the next is a clear 400`, async () => {
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow();
    await t.app.db.insertInto('saved_views').values(Array.from({ length: VIEWS_PER_LIST - 1 }, (_, i) => ({
      user_id: user.id, list: 'orders', name: `Вид ${i}`, query: `page_size=${i + 1}`, shared: false, created_at: new Date().toISOString(),
    }))).execute();
    expect((await save(as.dealer, 'orders', { name: 'Последний', query: '' })).status).toBe(201);
    const over = await save(as.dealer, 'orders', { name: 'Лишний', query: '' });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ code: 'views_limit', message: `В этом списке уже ${VIEWS_PER_LIST} сохранённых видов: удалите ненужный, чтобы сохранить новый.` });
    expect((await names(as.dealer, 'orders')).length).toBe(VIEWS_PER_LIST);
    // Another list, another user: their own limits.
    expect((await save(as.dealer, 'claims', { name: 'Лишний', query: '' })).status).toBe(201);
    expect((await save(as.dealer2, 'orders', { name: 'Лишний', query: '' })).status).toBe(201);
  });

  test('hostile names: markup kept as text, invisible characters taken out, blank, too long or NUL refused', async () => {
    const markup = '<img src=x onerror=alert(1)>"\'; drop table saved_views; --';
    const kept = await save(as.dealer, 'orders', { name: markup, query: '' });
    expect([kept.status, kept.json.name]).toEqual([201, markup]);
    const cleaned = await save(as.dealer, 'orders', { name: 'Счёт\u202Efdp.exe\u200B\nвторая строка', query: '' });
    expect([cleaned.status, cleaned.json.name]).toEqual([201, 'Счётfdp.exe вторая строка']);
    expect((await save(as.dealer, 'orders', { name: 'я'.repeat(100), query: '' })).status).toBe(201);
    for (const name of ['', '   ', '\u200B\u200B', 'я'.repeat(101), 'a\u0000b', 42, null]) {
      const answer = await save(as.dealer, 'orders', { name, query: '' });
      expect([JSON.stringify(name), answer.status, Object.keys(answer.json.fields ?? {})]).toEqual([JSON.stringify(name), 400, ['name']]);
    }
    expect(await names(as.dealer, 'orders')).toEqual(expect.arrayContaining([markup, 'Счётfdp.exe вторая строка']));
    expect((await names(as.dealer, 'orders')).length).toBe(3);
  });

  test('hostile queries: only a query string without «?», of plain names and well-formed escapes, up to 2000 characters', async () => {
    const good = ['', 'status=new', 'status=new&ordering=-created_at&search=%D0%B0%D0%B1+%D0%B2', 'created_at__gte=2026-01-01&dealer=3', 'flag', `search=${'a'.repeat(1993)}`];
    for (const [i, query] of good.entries()) {
      const answer = await save(as.dealer, 'orders', { name: `Хороший ${i}`, query });
      expect([query.slice(0, 40), answer.status, answer.json.query]).toEqual([query.slice(0, 40), 201, query]);
    }
    const bad = [
      '?status=new', 'status=new#top', 'status=new x', 'status=%E0%A4%A', 'search=%0A', 'javascript:alert(1)', '<script>=1', '&&', 'a=1&&b=2',
      'status=\u0436', `search=${'a'.repeat(1994)}`, 'a=1\nb=2',
    ];
    for (const query of bad) {
      const answer = await save(as.dealer, 'orders', { name: 'Плохой', query });
      expect([query.slice(0, 40), answer.status, Object.keys(answer.json.fields ?? {})]).toEqual([query.slice(0, 40), 400, ['query']]);
    }
    expect((await save(as.dealer, 'orders', { name: 'Без запроса' })).status).toBe(400);
    expect((await save(as.dealer, 'orders', { name: 'Лишнее поле', query: '', user_id: 1 })).status).toBe(400);
    expect((await names(as.dealer, 'orders')).length).toBe(good.length);
  });

  test('the list: a known list the caller may read; anything else is a 400 on `list`; a visitor gets 401', async () => {
    for (const list of ['nope', '..%2Forders', 'orders%2F', 'ORDERS', 'users', 'audit', 'products']) {
      const answer = await as.dealer.get(`/api/views/?list=${list}`);
      expect([list, answer.status, answer.json.fields]).toEqual([list, 400, { list: ['Такого списка нет.'] }]);
      expect((await save(as.dealer, list, { name: 'x', query: '' })).status).toBe(400);
    }
    expect((await as.dealer.get('/api/views/')).status).toBe(400);
    expect((await as.dealer.get(`/api/views/?list=${'a'.repeat(41)}`)).status).toBe(400);
    // A dealer's catalogue is `dp`; staff's is `products` and `users` is the admin's.
    expect((await as.dealer.get('/api/views/?list=dp')).status).toBe(200);
    expect((await as.manager.get('/api/views/?list=dp')).status).toBe(400);
    expect((await as.manager.get('/api/views/?list=users')).status).toBe(400);
    expect((await as.admin.get('/api/views/?list=users')).status).toBe(200);
    expect((await as.admin.get('/api/views/?list=audit')).status).toBe(200);
    expect((await as.dealer.del('/api/views/abc/')).status).toBe(400);
    expect((await as.dealer.del('/api/views/999999/')).status).toBe(404);
    const visitor = client(t.app, '');
    expect((await visitor.get('/api/views/?list=orders')).status).toBe(401);
    expect((await visitor.post('/api/views/?list=orders', { name: 'x', query: '' })).status).toBe(401);
  });
});
