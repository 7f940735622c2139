import { call, createTestApp, outboxMails, testDatabases, tokensFor, type TestApp } from '../test/test-app';
jest.setTimeout(60_000);

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

  test('GET /api/users/me/ answers the caller as a User with its profile', async () => {
    const { status, json } = await call(t.app, 'GET', '/api/users/me/', { token: access['dealer@demo.test'] });
    expect(status).toBe(200);
    expect(json).toEqual({
      id: ids['dealer@demo.test'], email: 'dealer@demo.test', first_name: expect.any(String), last_name: expect.any(String),
      role: 'dealer', is_staff: false, dealer: expect.any(Number), is_active: true, contract_signed: true,
      date_joined: expect.stringMatching(/Z$/), last_login: null,
      phone: '', language: 'ru', theme: 'default', notifications: expect.objectContaining({ order_status: true }),
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

  test('a dealer who has not signed may read /me, the contract and news, but not its user record yet', async () => {
    const token = access['dealer2@demo.test'];
    expect((await call(t.app, 'GET', '/api/users/me/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/contract/', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/news/', { token })).status).toBe(200);
    const own = await call(t.app, 'GET', `/api/users/${ids['dealer2@demo.test']}/`, { token });
    expect(own.status).toBe(403);
    expect(own.json.code).toBe('contract_required');
  });

  test('contract: text and signed flag; signing sets contract_signed, and a refresh carries the new claim', async () => {
    const pair = await tokensFor(t.app, 'dealer2@demo.test');
    const before = await call(t.app, 'GET', '/api/contract/', { token: pair.access });
    expect(before.json).toEqual({
      text: expect.stringContaining('Дилерский договор'), version: { number: 1, created_at: expect.stringMatching(/Z$/) }, signed: false, signed_at: null, earlier_signed_version: null,
      summary: '', earlier_signed_text: null,
    });

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

describe.each(testDatabases())('the admin manages users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let dealerId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await tokensFor(t.app, 'admin@demo.test')).access;
    adminId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).id;
    dealerId = (await t.app.db.selectFrom('users').select('dealer_id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow()).dealer_id!;
  });
  afterAll(async () => { await t?.close(); });

  const create = (body: Record<string, unknown>, token = admin) => call(t.app, 'POST', '/api/users/', { token, body });
  const change = (id: number, body: Record<string, unknown>, token = admin) => call(t.app, 'PUT', `/api/users/${id}/`, { token, body });
  /** A token's `iat` counts whole seconds: tokens issued in the second a session ends still pass. */
  const nextSecond = () => new Promise((resolve) => { setTimeout(resolve, 1000); });
  const linkFor = (to: string) => {
    const mail = outboxMails(t.dataDir).filter((m) => m.to.includes(to)).pop();
    return /\/restore\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  };

  test('POST creates a manager who gets a set-password link by mail; the link sets the password and the manager signs in', async () => {
    const created = await create({ email: 'New.Manager@Demo.test', first_name: 'Нина', last_name: 'Новикова', role: 'manager' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: 'new.manager@demo.test', role: 'manager', is_staff: true, dealer: null, is_active: true, last_login: null });
    const token = linkFor('new.manager@demo.test');
    expect(token).toBeDefined();
    expect(outboxMails(t.dataDir).pop()!.text).toContain('Для вас создана учётная запись');
    const set = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'a-long-new-password-1' } });
    expect(set.status).toBe(200);
    const signIn = await call(t.app, 'POST', '/api/token/', { body: { email: 'new.manager@demo.test', password: 'a-long-new-password-1' } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.access).toEqual(expect.any(String));
  });

  test('a dealer user needs an existing dealer, a staff user has none; a taken email is 409 on the field', async () => {
    const noDealer = await create({ email: 'd1@demo.test', first_name: 'Д', last_name: 'Д', role: 'dealer' });
    expect(noDealer.status).toBe(400);
    expect(noDealer.json.fields.dealer).toEqual([expect.stringContaining('Выберите дилера')]);
    const unknown = await create({ email: 'd1@demo.test', first_name: 'Д', last_name: 'Д', role: 'dealer', dealer: 999999 });
    expect(unknown.json.fields.dealer).toEqual(['Такого дилера нет.']);
    const staffWithDealer = await create({ email: 'd1@demo.test', first_name: 'Д', last_name: 'Д', role: 'manager', dealer: dealerId });
    expect(staffWithDealer.status).toBe(400);
    expect(staffWithDealer.json.fields).toHaveProperty('dealer');
    const dealerUser = await create({ email: 'd1@demo.test', first_name: 'Д', last_name: 'Д', role: 'dealer', dealer: dealerId });
    expect(dealerUser.status).toBe(201);
    expect(dealerUser.json).toMatchObject({ role: 'dealer', dealer: dealerId, is_staff: false });
    const taken = await create({ email: 'D1@demo.test', first_name: 'Д', last_name: 'Д', role: 'manager' });
    expect(taken.status).toBe(409);
    expect(taken.json.fields).toHaveProperty('email');
    const missing = await create({ email: 'not-an-email', first_name: '', role: 'admin' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields).sort()).toEqual(['email', 'first_name', 'last_name']);
  });

  test('a manager or a dealer cannot create, change or send a link: 404, as for an area they do not have', async () => {
    const target = (await create({ email: 'target@demo.test', first_name: 'Т', last_name: 'Т', role: 'manager' })).json.id as number;
    for (const email of ['manager@demo.test', 'dealer@demo.test']) {
      const token = (await tokensFor(t.app, email)).access;
      expect((await create({ email: 'x@demo.test', first_name: 'X', last_name: 'X', role: 'manager' }, token)).status).toBe(404);
      expect((await change(target, { first_name: 'X', last_name: 'X', role: 'admin' }, token)).status).toBe(404);
      expect((await call(t.app, 'POST', `/api/users/${target}/send-link/`, { token })).status).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/users/${target}/`, { token: admin })).json.role).toBe('manager');
  });

  test('PUT changes names, role and dealer; the email stays', async () => {
    const user = (await create({ email: 'edit@demo.test', first_name: 'Е', last_name: 'Е', role: 'manager' })).json;
    const changed = await change(user.id, { ...user, email: 'other@demo.test', first_name: 'Ева', last_name: 'Ершова', role: 'dealer', dealer: dealerId });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ email: 'edit@demo.test', first_name: 'Ева', last_name: 'Ершова', role: 'dealer', dealer: dealerId, is_active: true });
    expect((await change(user.id, { first_name: 'Ева', last_name: 'Ершова', role: 'dealer', dealer: null })).json.fields).toHaveProperty('dealer');
    expect((await change(999999, { first_name: 'Ева', last_name: 'Ершова', role: 'manager' })).status).toBe(404);
  });

  test('deactivation ends the user\'s sessions: its refresh tokens and its access token stop working; reactivated, it signs in again', async () => {
    const user = (await create({ email: 'leaving@demo.test', first_name: 'Л', last_name: 'Л', role: 'manager' })).json;
    const pair = await tokensFor(t.app, 'leaving@demo.test');
    expect((await call(t.app, 'GET', '/api/users/me/', { token: pair.access })).status).toBe(200);
    await nextSecond();
    const off = await change(user.id, { ...user, is_active: false });
    expect(off.status).toBe(200);
    expect(off.json.is_active).toBe(false);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: pair.refresh } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me/', { token: pair.access })).status).toBe(401);
    const revoked = await t.app.db.selectFrom('refresh_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);
    const inactiveLink = await call(t.app, 'POST', `/api/users/${user.id}/send-link/`, { token: admin });
    expect(inactiveLink.status).toBe(409);
    expect(inactiveLink.json).toEqual({ code: 'user_inactive', message: 'Пользователь отключён: сначала включите его.' });

    await nextSecond();
    expect((await change(user.id, { ...user, is_active: true })).json.is_active).toBe(true);
    const again = await tokensFor(t.app, 'leaving@demo.test');
    expect((await call(t.app, 'GET', '/api/users/me/', { token: again.access })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: pair.refresh } })).status).toBe(401);
  });

  test('nobody deactivates themself, and the last active admin keeps the role and stays active (409, worded)', async () => {
    const me = (await call(t.app, 'GET', `/api/users/${adminId}/`, { token: admin })).json;
    const self = await change(adminId, { ...me, is_active: false });
    expect(self.status).toBe(409);
    expect(self.json).toEqual({ code: 'user_self_deactivation', message: 'Нельзя отключить собственную учётную запись.' });
    const english = await call(t.app, 'PUT', `/api/users/${adminId}/`, { token: admin, body: { ...me, is_active: false }, headers: { 'accept-language': 'en' } });
    expect(english.json.message).toBe('You cannot deactivate your own account.');

    const demoted = await change(adminId, { ...me, role: 'manager' });
    expect(demoted.status).toBe(409);
    expect(demoted.json.code).toBe('user_last_admin');
    expect(demoted.json.message).toContain('последний активный администратор');

    const second = (await create({ email: 'admin2@demo.test', first_name: 'В', last_name: 'В', role: 'admin' })).json;
    const secondToken = (await tokensFor(t.app, 'admin2@demo.test')).access;
    await nextSecond();
    expect((await change(second.id, { ...second, role: 'manager' })).status).toBe(200);
    // Made a manager, the second admin's session has ended: its admin token is refused.
    expect((await change(adminId, { ...me, is_active: false }, secondToken)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/users/${adminId}/`, { token: admin })).json).toMatchObject({ role: 'admin', is_active: true });
  });

  test('«Отправить ссылку для входа» mails a new set-password link to an active user', async () => {
    const user = (await create({ email: 'link@demo.test', first_name: 'С', last_name: 'С', role: 'manager' })).json;
    const before = linkFor('link@demo.test');
    const sent = await call(t.app, 'POST', `/api/users/${user.id}/send-link/`, { token: admin });
    expect(sent.status).toBe(200);
    expect(sent.json.message).toBe('Ссылка для входа отправлена на link@demo.test.');
    const after = linkFor('link@demo.test');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await call(t.app, 'POST', '/api/users/999999/send-link/', { token: admin })).status).toBe(404);
  });
});
