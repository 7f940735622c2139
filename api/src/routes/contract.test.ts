import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('the agreement and its versions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); }, 30_000);
  afterAll(async () => { await t?.close(); });

  const token = async (email: string) => (await tokensFor(t.app, email)).access;
  const contractOf = async (email: string) => call(t.app, 'GET', '/api/contract/', { token: await token(email) });
  const agreementId = async () => (await t.app.db.selectFrom('variables').select('id').where('key', '=', 'contract_text').executeTakeFirstOrThrow()).id;
  const writeAgreement = async (text: string) => call(t.app, 'PUT', `/api/variables/${await agreementId()}/`, {
    token: await token('admin@demo.test'), body: { key: 'contract_text', value: text, description: 'Договор' },
  });

  test('a new agreement text is a new version: the dealer who signed the old one is asked again, signs, and the admin sees who signed which', async () => {
    const before = await contractOf('dealer@demo.test');
    expect(before.json).toMatchObject({ version: { number: 1 }, signed: true, earlier_signed_version: null });
    expect(before.json.signed_at).toEqual(expect.any(String));

    expect((await writeAgreement('# Договор\n\nНовая редакция.')).status).toBe(200);
    const changed = await contractOf('dealer@demo.test');
    expect(changed.json).toMatchObject({ text: '# Договор\n\nНовая редакция.', version: { number: 2 }, signed: false, signed_at: null, earlier_signed_version: 1 });
    // The token and /users/me/ say it too: the dealer's tokens now carry contract_signed false.
    const fresh = await token('dealer@demo.test');
    expect((await call(t.app, 'GET', '/api/users/me/', { token: fresh })).json.contract_signed).toBe(false);
    expect((await call(t.app, 'GET', '/api/orders/', { token: fresh })).status).toBe(403);
    // A dealer who never signed sees a new agreement, not a changed one.
    expect((await contractOf('dealer2@demo.test')).json).toMatchObject({ signed: false, earlier_signed_version: null });

    const signed = await call(t.app, 'POST', '/api/contract/sign/', { token: fresh });
    expect(signed.status).toBe(200);
    // Signing again keeps the first signature.
    const again = await call(t.app, 'POST', '/api/contract/sign/', { token: fresh });
    expect(again.json.signed_at).toBe(signed.json.signed_at);
    expect((await contractOf('dealer@demo.test')).json).toMatchObject({ version: { number: 2 }, signed: true, signed_at: signed.json.signed_at, earlier_signed_version: null });
    expect((await call(t.app, 'GET', '/api/orders/', { token: await token('dealer@demo.test') })).status).toBe(200);

    const versions = await call(t.app, 'GET', '/api/contract/versions/', { token: await token('admin@demo.test') });
    expect(versions.status).toBe(200);
    expect(versions.json.map((v: { number: number; signatures: Array<{ email: string }> }) => [v.number, v.signatures.map((s) => s.email)]))
      .toEqual([[2, ['dealer@demo.test']], [1, ['dealer@demo.test']]]);
    expect(versions.json[0]).toMatchObject({ created_by: 'Анна Администратор', signatures: [{ name: 'Дмитрий Дилеров', dealer: expect.any(String), signed_at: signed.json.signed_at }] });
  });

  test('after a new version a dealer\'s token that still says contract_signed: true creates no order; once signed, the same token does', async () => {
    const old = await token('dealer@demo.test');
    expect((await call(t.app, 'POST', '/api/contract/sign/', { token: old })).status).toBe(200);
    const product = (await call(t.app, 'GET', '/api/dp/?page_size=1', { token: old })).json.results[0];
    // Above the minimum order total (1 000 ₽ in the demo data).
    const order = { items: [{ product: product.id, quantity: Math.ceil(1000 / Number(product.price)) + 1 }] };
    const orders = async () => (await t.app.db.selectFrom('orders').select('id').execute()).length;
    const before = await orders();

    expect((await writeAgreement(`# Договор\n\nРедакция ${Date.now()}.`)).status).toBe(200);
    const refused = await call(t.app, 'POST', '/api/orders/', { token: old, body: order });
    expect([refused.status, refused.json.code]).toEqual([403, 'contract_not_signed']);
    expect(await orders()).toBe(before);
    expect((await call(t.app, 'GET', '/api/contract/', { token: old })).json.signed).toBe(false);

    expect((await call(t.app, 'POST', '/api/contract/sign/', { token: old })).status).toBe(200);
    const placed = await call(t.app, 'POST', '/api/orders/', { token: old, body: order });
    expect(placed.status).toBe(201);
    expect(await orders()).toBe(before + 1);
  });

  test('saving the same text again, or another variable, makes no new version', async () => {
    const { text, version } = (await contractOf('admin@demo.test')).json;
    expect((await writeAgreement(text)).status).toBe(200);
    const support = await t.app.db.selectFrom('variables').selectAll().where('key', '=', 'support_email').executeTakeFirstOrThrow();
    expect((await call(t.app, 'PUT', `/api/variables/${support.id}/`, { token: await token('admin@demo.test'), body: { key: support.key, value: 'help@demo.test' } })).status).toBe(200);
    expect((await contractOf('admin@demo.test')).json.version).toEqual(version);
  });

  test('only the admin reads who signed; the agreement is neither deleted nor renamed', async () => {
    for (const email of ['manager@demo.test', 'dealer@demo.test']) {
      expect((await call(t.app, 'GET', '/api/contract/versions/', { token: await token(email) })).status).toBe(404);
    }
    const admin = await token('admin@demo.test');
    expect((await call(t.app, 'DELETE', `/api/variables/${await agreementId()}/`, { token: admin })).status).toBe(409);
    const renamed = await call(t.app, 'PUT', `/api/variables/${await agreementId()}/`, { token: admin, body: { key: 'old_contract', value: 'x' } });
    expect([renamed.status, renamed.json.fields]).toEqual([400, { key: ['Неверный формат.'] }]);
    expect((await contractOf('admin@demo.test')).json.text).not.toBe('x');
  });
});
