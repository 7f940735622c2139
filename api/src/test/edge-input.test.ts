// Input that one database takes and the other refuses must get the same clear 4xx on both: a NUL
// character in a text, an id beyond 32 bits in a filter, a date before year 1; and the router's own
// errors (an over-long path parameter) and too many files get {message, code} too.
import { call, createTestApp, formData, testDatabases, tokensFor, type TestApp } from './test-app';

describe.each(testDatabases())('edge input on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const many = { max: 10_000, windowMs: 60_000 };
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many } });
    admin = (await tokensFor(t.app, 'admin@demo.test')).access;
  });
  afterAll(async () => { await t?.close(); });

  const expect400 = (answer: { status: number; json: any }) => {
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
  };

  test('a NUL character in a body, a query or a login is a 400 naming the field', async () => {
    const login = await call(t.app, 'POST', '/api/token/', { body: { email: 'a\u0000@b.c', password: 'x' } });
    expect400(login);
    expect(login.json.fields).toHaveProperty('email');
    expect400(await call(t.app, 'POST', '/api/restore/', { body: { email: 'a\u0000@b.c' } }));
    const regreq = { company_name: 'ООО\u0000', tax_id: '7712345671', contact_name: 'Иван', email: 'nul@example.test', phone: '+7 900 000-00-00' };
    const refused = await call(t.app, 'POST', '/api/regreq/', { body: regreq });
    expect400(refused);
    expect(refused.json.fields.company_name).toEqual(['Неверный формат.']);
    expect400(await call(t.app, 'POST', '/api/products/', { token: admin, body: { sku: 'NUL-1', name: 'a\u0000b', category: 'x', price: '1.00' } }));
    expect400(await call(t.app, 'GET', '/api/orders/?search=%00', { token: admin }));
    expect400(await call(t.app, 'GET', '/api/storeitems/?warehouse=%00abc', { token: admin }));
  });

  test('an id filter beyond 32 bits and a date before year 1 are 400, not a database error', async () => {
    for (const url of ['/api/dealers/?group=99999999999', '/api/storeitems/?product=99999999999', '/api/newsletters/?audience=9999999999',
      '/api/attachments/?dealer=9999999999', '/api/users/?dealer=99999999999', '/api/orders/?created_after=0000-01-01T00:00:00Z',
      '/api/claims/?created_after=0000-01-01', '/api/regreq/?created_after=0000-01-01']) {
      const answer = await call(t.app, 'GET', url, { token: admin });
      expect([url, answer.status]).toEqual([url, 400]);
    }
    expect((await call(t.app, 'GET', '/api/regreq/?created_after=2020-01-01', { token: admin })).status).toBe(200);
  });

  test('ordering by a name every object inherits is a 400 naming ordering on every list, not a 500', async () => {
    for (const area of ['orders', 'dealers', 'products', 'newsletters', 'news', 'attachments', 'users', 'claims', 'shippings', 'orderdelreq', 'regreq']) {
      for (const name of ['constructor', '__proto__', '-constructor', 'id,__proto__']) {
        const answer = await call(t.app, 'GET', `/api/${area}/?ordering=${encodeURIComponent(name)}`, { token: admin });
        expect([area, name, answer.status]).toEqual([area, name, 400]);
        expect(answer.json.fields).toEqual({ ordering: [expect.any(String)] });
      }
    }
  });

  test('a form field named after an inherited property is refused, not read as one', async () => {
    const before = await t.app.db.selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const form = formData({ constructor: '1', description: 'x' }, { file: { name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') } });
    const answer = await call(t.app, 'POST', '/api/attachments/', { token: admin, body: form.body, headers: form.headers });
    expect400(answer);
    const after = await t.app.db.selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test('two files where the form takes one answer 400 naming the extra one, not 413', async () => {
    const pdf = { name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') };
    const form = formData({}, { file: pdf, photo: pdf });
    const answer = await call(t.app, 'POST', '/api/attachments/', { token: admin, body: form.body, headers: form.headers });
    expect400(answer);
    expect(answer.json.fields).toHaveProperty('photo');
  });

  test('an over-long path parameter gets the {message, code} answer', async () => {
    const answer = await call(t.app, 'POST', `/api/restore/${'a'.repeat(5000)}/`, { body: { password: 'long-enough-password' } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.json).toEqual({ message: 'Проверьте введённые данные.', code: 'invalid' });
  });
});
