import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('variables on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); }, 30_000);
  afterAll(async () => { await t?.close(); });

  const admin = async () => (await tokensFor(t.app, 'admin@demo.test')).access;

  test('the admin creates, changes and deletes a variable of their own; the minimum order total must be money', async () => {
    const created = await call(t.app, 'POST', '/api/variable/create/', { token: await admin(), body: { key: 'delivery_note', value: 'Доставка по вторникам', description: 'Для корзины' } });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect((await call(t.app, 'PUT', `/api/variables/${id}/`, { token: await admin(), body: { key: 'delivery_note', value: 'По средам' } })).json.value).toBe('По средам');
    expect((await call(t.app, 'DELETE', `/api/variables/${id}/`, { token: await admin() })).status).toBe(204);

    const minimum = await t.app.db.selectFrom('variables').select('id').where('key', '=', 'min_order_total').executeTakeFirstOrThrow();
    const refused = await call(t.app, 'PUT', `/api/variables/${minimum.id}/`, { token: await admin(), body: { key: 'min_order_total', value: 'много' } });
    expect([refused.status, refused.json.fields]).toEqual([400, { value: ['Неверный формат.'] }]);
  });

  test('only the admin sees the variables', async () => {
    for (const email of ['manager@demo.test', 'dealer@demo.test']) {
      expect((await call(t.app, 'GET', '/api/variables/', { token: (await tokensFor(t.app, email)).access })).status).toBe(404);
    }
  });

  test('the agreement written through its variable is published as a version, with the summary when one is given', async () => {
    const agreement = await t.app.db.selectFrom('variables').selectAll().where('key', '=', 'contract_text').executeTakeFirstOrThrow();
    const text = `${agreement.value}\n\nПункт ${Date.now()}.`;
    const saved = await call(t.app, 'PUT', `/api/variables/${agreement.id}/`, { token: await admin(), body: { key: 'contract_text', value: text, description: 'Договор', summary: 'Новый пункт в конце.' } });
    expect([saved.status, saved.json.value, saved.json.description]).toEqual([200, text, 'Договор']);
    const versions = (await call(t.app, 'GET', '/api/contract/versions/', { token: await admin() })).json;
    expect(versions[0]).toMatchObject({ summary: 'Новый пункт в конце.' });
    const audit = (await call(t.app, 'GET', '/api/audit/?action=agreement.published&ordering=-id', { token: await admin() })).json.results[0];
    expect(audit.details).toEqual({ version: versions[0].number, summary: 'Новый пункт в конце.', must_sign: expect.any(Number) });
    // No setting.changed row for the agreement: it is published, not changed.
    expect((await call(t.app, 'GET', '/api/audit/?action=setting.changed&target_id=contract_text', { token: await admin() })).json.count).toBe(0);
  });
});

