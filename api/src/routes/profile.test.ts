// The signed-in user's own profile (issue 19 item 5, design §6) through HTTP on both databases: what
// it reads and changes, what it refuses (another user's or the role's fields, bad values), and the
// password change that ends every other session and keeps this one.
import { call, client, createTestApp, DEMO_PASSWORD, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('the profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); }, 30_000);
  afterAll(async () => { await t?.close(); });

  const as = async (email: string) => client(t.app, (await tokensFor(t.app, email)).access);

  test('GET /api/users/me/ has the profile: phone, language, theme and every notification kind, on by default', async () => {
    const me = await (await as('dealer@demo.test')).get('/api/users/me/');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      email: 'dealer@demo.test', role: 'dealer', phone: '', language: 'ru', theme: 'default',
      notifications: { order_status: true, cancellation: true, claim: true, newsletter: true, staff_requests: true },
    });
    expect(me.json).not.toHaveProperty('password_hash');
  });

  test('PUT changes only the fields sent; the language and theme follow the user to another session', async () => {
    const manager = await as('manager@demo.test');
    const changed = await manager.put('/api/users/me/', { first_name: '  Михаил ', phone: '+7 (912) 345-67-89', language: 'en', theme: 'dark', notifications: { newsletter: false } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ first_name: 'Михаил', last_name: 'Менеджеров', phone: '+7 (912) 345-67-89', language: 'en', theme: 'dark' });
    expect(changed.json.notifications).toEqual({ order_status: true, cancellation: true, claim: true, newsletter: false, staff_requests: true });
    // Another kind later keeps the first one's choice.
    expect((await manager.put('/api/users/me/', { notifications: { claim: false } })).json.notifications).toMatchObject({ newsletter: false, claim: false });
    // Another computer: a new session reads the same.
    const elsewhere = await (await as('manager@demo.test')).get('/api/users/me/');
    expect(elsewhere.json).toMatchObject({ language: 'en', theme: 'dark', phone: '+7 (912) 345-67-89' });
    expect((await manager.put('/api/users/me/', { phone: '' })).json.phone).toBe('');
    // Nobody else changed.
    expect((await (await as('admin@demo.test')).get('/api/users/me/')).json).toMatchObject({ language: 'ru', theme: 'default' });
  });

  test('an export asked without Accept-Language (a script) is in the profile\'s language; with it, in the one asked', async () => {
    const admin = await as('admin@demo.test');
    const statusOf = async (headers: Record<string, string>) => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/users/?format=csv&fields=email,role', headers: { authorization: `Bearer ${(await tokensFor(t.app, 'admin@demo.test')).access}`, ...headers } });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    expect(await statusOf({})).toContain('Администратор');
    expect((await admin.put('/api/users/me/', { language: 'en' })).status).toBe(200);
    expect(await statusOf({})).toContain('Administrator');
    expect(await statusOf({ 'accept-language': 'ru-RU,ru;q=0.9' })).toContain('Администратор');
    expect(await statusOf({ 'accept-language': 'de' })).toContain('Administrator');
    expect((await admin.put('/api/users/me/', { language: 'ru' })).status).toBe(200);
  });

  test('the fields a user may not set of itself, and bad values, are a 400 naming the field; nothing changes', async () => {
    const dealer = await as('dealer2@demo.test');
    const before = (await dealer.get('/api/users/me/')).json;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ role: 'admin' }, 'role'],
      [{ email: 'boss@demo.test' }, 'email'],
      [{ dealer: 1 }, 'dealer'],
      [{ is_active: true }, 'is_active'],
      [{ contract_signed: true }, 'contract_signed'],
      [{ language: 'de' }, 'language'],
      [{ theme: 'pink' }, 'theme'],
      [{ phone: 'позвоните мне' }, 'phone'],
      [{ first_name: 'я'.repeat(151) }, 'first_name'],
      [{ notifications: { spam: true } }, 'notifications.spam'],
      [{ notifications: { claim: 'no' } }, 'notifications.claim'],
    ];
    for (const [body, field] of refusals) {
      const answer = await dealer.put('/api/users/me/', { first_name: 'Пётр', ...body });
      expect([answer.status, answer.json.code]).toEqual([400, 'invalid']);
      expect(Object.keys(answer.json.fields)).toContain(field);
    }
    expect((await dealer.get('/api/users/me/')).json).toEqual(before);
    expect((await call(t.app, 'PUT', '/api/users/me/', { body: { theme: 'dark' } })).status).toBe(401);
  });

  test('a password change asks for the current password, ends every other session and keeps this one', async () => {
    const email = 'dealer@demo.test';
    const other = await tokensFor(t.app, email);
    const here = await tokensFor(t.app, email);
    const me = client(t.app, here.access);

    const wrong = await me.post('/api/users/me/password/', { current_password: 'not-it', password: 'a-new-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ current_password: ['Неверный текущий пароль.'] });
    const short = await me.post('/api/users/me/password/', { current_password: DEMO_PASSWORD, password: 'short' });
    expect([short.status, Object.keys(short.json.fields)]).toEqual([400, ['password']]);
    // Refused changes end nothing.
    expect((await call(t.app, 'GET', '/api/users/me/', { token: other.access })).status).toBe(200);

    const changed = await me.post('/api/users/me/password/', { current_password: DEMO_PASSWORD, password: 'a-new-password' });
    expect(changed.status).toBe(200);
    expect(changed.json.message).toBe('Пароль изменён. Вход на других устройствах завершён, здесь вы остаётесь в системе.');
    // Every earlier token is refused, this browser's new pair works and refreshes.
    for (const token of [other.access, here.access]) expect((await call(t.app, 'GET', '/api/users/me/', { token })).status).toBe(401);
    for (const refresh of [other.refresh, here.refresh]) expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me/', { token: changed.json.access })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: changed.json.refresh } })).status).toBe(200);
    // The new password signs in, the old one no more.
    expect((await call(t.app, 'POST', '/api/token/', { body: { email, password: 'a-new-password' } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/', { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
    // The audit trail has it, without the password.
    const row = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.password_changed').executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('a-new-password');
  });

  test('a wrong current password counts toward the account\'s failures like a wrong sign-in (issue 30 item 5)', async () => {
    const strict = await createTestApp(kind, { loginFailuresPerAccount: { max: 3, windowMs: 60_000 } });
    try {
      const me = client(strict.app, (await tokensFor(strict.app, 'manager@demo.test')).access);
      for (let i = 0; i < 3; i++) expect((await me.post('/api/users/me/password/', { current_password: `guess-${i}`, password: 'a-new-password' })).status).toBe(400);
      // The fourth guess is refused before any hash, and so is a sign-in from a browser the account does not know.
      const fourth = await me.post('/api/users/me/password/', { current_password: DEMO_PASSWORD, password: 'a-new-password' });
      expect([fourth.status, fourth.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const signIn = await call(strict.app, 'POST', '/api/token/', { body: { email: 'manager@demo.test', password: DEMO_PASSWORD } });
      expect(signIn.status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
