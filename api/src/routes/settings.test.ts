import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('GET /api/settings/ on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); }, 30_000);
  afterAll(async () => { await t?.close(); });

  const setVariable = async (key: string, value: string | null) => {
    await t.app.db.deleteFrom('variables').where('key', '=', key).execute();
    if (value !== null) await t.app.db.insertInto('variables').values({ key, value, description: '' }).execute();
  };
  const read = async (email: string) => call(t.app, 'GET', '/api/settings/', { token: (await tokensFor(t.app, email)).access });

  test('every signed-in user reads the minimum order total (a decimal string) and the support address; a visitor gets 401', async () => {
    const support = (await t.app.db.selectFrom('variables').select('value').where('key', '=', 'support_email').executeTakeFirstOrThrow()).value;
    // dealer2 has not signed the contract: the support address is for it too.
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) {
      const answer = await read(email);
      expect([email, answer.status, answer.json]).toEqual([email, 200, { min_order_total: '1000.00', support_email: support }]);
    }
    const visitor = await call(t.app, 'GET', '/api/settings/');
    expect(visitor.status).toBe(401);
    expect(typeof visitor.json.message).toBe('string');
  });

  test('the minimum reads as checkout reads it: "10 000,5" is 10000.50; none, empty or not money is "0.00"', async () => {
    try {
      for (const [value, expected] of [['10 000,5', '10000.50'], ['250', '250.00'], ['', '0.00'], [null, '0.00'], ['много', '0.00']] as const) {
        await setVariable('min_order_total', value);
        expect([value, (await read('dealer@demo.test')).json.min_order_total]).toEqual([value, expected]);
      }
      await setVariable('support_email', null);
      expect((await read('dealer@demo.test')).json.support_email).toBe('');
    } finally {
      await setVariable('min_order_total', '1000.00');
    }
  });
});
