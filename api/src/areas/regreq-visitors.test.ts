import fc from 'fast-check';
import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const request = {
  company_name: 'ООО «Ромашка»', tax_id: '7712345671', contact_name: 'Иван Петров',
  email: 'Ivan@Romashka.example', phone: '+7 (495) 111-22-33', comment: '',
};

describe.each(testDatabases())('registration requests and bad input on %s', (kind) => {
  let t: TestApp;
  const many = { max: 10_000, windowMs: 60_000 };
  beforeAll(async () => { t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many } }); });
  afterAll(async () => { await t?.close(); });

  test('a visitor sends a registration request: 201 with status new', async () => {
    const { status, json } = await call(t.app, 'POST', '/api/regreq/', { body: request });
    expect(status).toBe(201);
    expect(json).toEqual({
      ...request, id: expect.any(Number), email: 'ivan@romashka.example', status: 'new', created_at: expect.stringMatching(/Z$/),
      decided_at: null, decision_reason: '', dealer: null,
      // The creation is the first entry of the history; a visitor is nobody the portal knows.
      history: [{ from: null, to: 'new', when: json.created_at, who: null, who_id: null, comment: '' }],
    });
    const { comment: _comment, ...withoutComment } = request;
    expect((await call(t.app, 'POST', '/api/regreq/', { body: withoutComment })).json.comment).toBe('');
  });

  test('a signed-in user may send one too (the token is not needed)', async () => {
    const { access } = await tokensFor(t.app, 'dealer@demo.test');
    expect((await call(t.app, 'POST', '/api/regreq/', { token: access, body: request })).status).toBe(201);
  });

  test('invalid fields answer 400 with a message per field', async () => {
    const { status, json } = await call(t.app, 'POST', '/api/regreq/', {
      body: { ...request, company_name: '   ', email: 'not-an-email', phone: 'call me', tax_id: undefined },
    });
    expect(status).toBe(400);
    expect(json.code).toBe('invalid');
    expect(typeof json.message).toBe('string');
    expect(Object.keys(json.fields).sort()).toEqual(['company_name', 'email', 'phone', 'tax_id']);
    for (const messages of Object.values(json.fields)) expect(messages).toEqual([expect.any(String)]);
  });

  test('messages follow Accept-Language: Russian by default, English on request', async () => {
    const ru = await call(t.app, 'POST', '/api/regreq/', { body: {} });
    const en = await call(t.app, 'POST', '/api/regreq/', { body: {}, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(ru.json.message).toMatch(/[а-я]/);
    expect(en.json.message).toBe('Please check the data you entered.');
  });

  test('extra fields and wrong types are refused with 400, not silently dropped or coerced', async () => {
    const extra = await call(t.app, 'POST', '/api/regreq/', { body: { ...request, status: 'approved' } });
    expect(extra.status).toBe(400);
    expect(extra.json.fields).toEqual({ status: [expect.any(String)] });
    const wrongType = await call(t.app, 'POST', '/api/regreq/', { body: { ...request, tax_id: 7712345678 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.fields).toHaveProperty('tax_id');
    const notObject = await call(t.app, 'POST', '/api/regreq/', { body: JSON.stringify([request]), headers: { 'content-type': 'application/json' } });
    expect(notObject.status).toBe(400);
  });

  test('broken JSON, an empty body and a wrong content type answer 4xx with a message', async () => {
    const cases = [
      { body: '{"company_name": ', headers: { 'content-type': 'application/json' }, status: 400 },
      { body: '', headers: { 'content-type': 'application/json' }, status: 400 },
      { body: '<xml/>', headers: { 'content-type': 'application/xml' }, status: 415 },
      { body: 'company_name=x', headers: { 'content-type': 'text/plain' }, status: 400 },
      { body: '{"__proto__": {"x": 1}}', headers: { 'content-type': 'application/json' }, status: 400 },
    ];
    for (const c of cases) {
      const answer = await call(t.app, 'POST', '/api/regreq/', { body: c.body, headers: c.headers });
      expect([c.body, answer.status]).toEqual([c.body, c.status]);
      expect(answer.json).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });

  test('an unknown API route or method answers 404 with a message', async () => {
    for (const [method, url] of [['GET', '/api/nothing/'], ['POST', '/api/news/'], ['GET', '/api/news'], ['DELETE', '/api/token/']] as const) {
      const answer = await call(t.app, method, url);
      expect([url, answer.status]).toEqual([url, 404]);
      expect(answer.json).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  test('property: a body of any shape never makes the API answer 5xx', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string()));
    const body = fc.oneof(
      fc.record({ company_name: value, tax_id: value, contact_name: value, email: value, phone: value, comment: value }, { requiredKeys: [] }),
      fc.dictionary(fc.string(), value),
      value,
      fc.string().map((s) => `{${s}`),
    );
    await fc.assert(fc.asyncProperty(body, fc.constantFrom('/api/regreq/', '/api/token/', '/api/restore/', '/api/token/refresh/'), async (payload, url) => {
      const answer = await call(t.app, 'POST', url, { body: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.json?.message).toBe('string');
    }), { numRuns: 60 });
  });
});
