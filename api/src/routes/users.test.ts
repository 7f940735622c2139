import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('users and contract on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) {
      const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      ids[email] = user.id;
      access[email] = (await tokensFor(t.app, email)).access;
    }
  });
  afterAll(async () => { await t?.close(); });

  test('GET /api/users/me/ answers the caller as a User', async () => {
    const { status, json } = await call(t.app, 'GET', '/api/users/me/', { token: access['dealer@demo.test'] });
    expect(status).toBe(200);
    expect(json).toEqual({
      id: ids['dealer@demo.test'], email: 'dealer@demo.test', first_name: expect.any(String), last_name: expect.any(String),
      role: 'dealer', is_staff: false, dealer: expect.any(Number), is_active: true, contract_signed: true,
      date_joined: expect.stringMatching(/Z$/), last_login: null,
    });
  });

  test('a dealer or manager reads only its own /api/users/{id}/; another id answers 404', async () => {
    for (const email of ['dealer@demo.test', 'manager@demo.test']) {
      expect((await call(t.app, 'GET', `/api/users/${ids[email]}/`, { token: access[email] })).status).toBe(200);
      const other = await call(t.app, 'GET', `/api/users/${ids['admin@demo.test']}/`, { token: access[email] });
      expect(other.status).toBe(404);
      expect(other.json).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  test('an admin reads any user; an unknown id is 404 and a non-numeric id 400', async () => {
    const dealer = await call(t.app, 'GET', `/api/users/${ids['dealer2@demo.test']}/`, { token: access['admin@demo.test'] });
    expect(dealer.status).toBe(200);
    expect(dealer.json.email).toBe('dealer2@demo.test');
    expect((await call(t.app, 'GET', '/api/users/999999/', { token: access['admin@demo.test'] })).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/users/abc/', { token: access['admin@demo.test'] });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('id');
  });

  test('only the admin lists users, with role filter and search; the list never carries password hashes', async () => {
    const dealers = await call(t.app, 'GET', '/api/users/?role=dealer', { token: access['admin@demo.test'] });
    expect(dealers.status).toBe(200);
    expect(dealers.json.results.map((u: { email: string }) => u.email)).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect(JSON.stringify(dealers.json)).not.toContain('password');
    expect((await call(t.app, 'GET', '/api/users/?search=MANAGER', { token: access['admin@demo.test'] })).json.count).toBe(1);
    expect((await call(t.app, 'GET', '/api/users/', { token: access['manager@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/users/', { token: access['dealer@demo.test'] })).status).toBe(404);
  });

  test('a dealer who has not signed may read /me, the contract and news, and nothing else yet', async () => {
    const token = access['dealer2@demo.test'];
    expect((await call(t.app, 'GET', '/api/users/me/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/contract/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/news/', { token })).status).toBe(200);
    const own = await call(t.app, 'GET', `/api/users/${ids['dealer2@demo.test']}/`, { token });
    expect(own.status).toBe(403);
    expect(own.json.code).toBe('contract_not_signed');
  });

  test('contract: text and signed flag; signing sets contract_signed, and a refresh carries the new claim', async () => {
    const pair = await tokensFor(t.app, 'dealer2@demo.test');
    const before = await call(t.app, 'GET', '/api/contract/', { token: pair.access });
    expect(before.json).toEqual({ text: expect.stringContaining('Дилерский договор'), signed: false, signed_at: null });

    const signed = await call(t.app, 'POST', '/api/contract/sign/', { token: pair.access });
    expect(signed.status).toBe(200);
    expect(signed.json).toEqual({ signed: true, signed_at: expect.stringMatching(/Z$/) });
    const again = await call(t.app, 'POST', '/api/contract/sign/', { token: pair.access, body: {} });
    expect(again.json.signed_at).toBe(signed.json.signed_at);

    expect((await call(t.app, 'GET', '/api/contract/', { token: pair.access })).json.signed).toBe(true);
    expect((await call(t.app, 'GET', '/api/users/me/', { token: pair.access })).json.contract_signed).toBe(true);
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: pair.refresh } });
    const claims = JSON.parse(Buffer.from(refreshed.json.access.split('.')[1], 'base64url').toString());
    expect(claims.contract_signed).toBe(true);
    expect((await call(t.app, 'GET', `/api/users/${ids['dealer2@demo.test']}/`, { token: refreshed.json.access })).status).toBe(200);
  });

  test('GET /api/health/ is open and names the database', async () => {
    const { status, json } = await call(t.app, 'GET', '/api/health/');
    expect(status).toBe(200);
    expect(json).toEqual({ status: 'ok', database: kind });
  });
});
