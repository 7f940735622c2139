import { call, createTestApp, DEMO_PASSWORD, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { API_POLICY } from './security-headers';

describe.each(testDatabases())('security headers of the API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const expectGuarded = (where: string, headers: Record<string, unknown>) => {
    expect([where, headers['x-content-type-options'], headers['x-frame-options'], headers['referrer-policy']])
      .toEqual([where, 'nosniff', 'DENY', 'no-referrer']);
  };

  test('tokens, the profile and a list are never cached, framed or sent on in a Referer', async () => {
    const login = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const refresh = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: login.json.refresh } });
    expect(refresh.status).toBe(200);
    const { access } = await tokensFor(t.app, 'manager@demo.test');
    const me = await call(t.app, 'GET', '/api/users/me/', { token: access });
    expect(me.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/orders/?page_size=5', { token: access });
    expect(list.status).toBe(200);
    for (const [where, answer] of Object.entries({ login, refresh, me, list })) {
      expect([where, answer.headers['cache-control'], answer.headers['content-security-policy']]).toEqual([where, 'no-store', API_POLICY]);
      expectGuarded(where, answer.headers);
    }
  });

  test('refusals carry the same headers: a wrong password, a missing token, an unknown path', async () => {
    const wrong = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    const anonymous = await call(t.app, 'GET', '/api/users/me/');
    expect(anonymous.status).toBe(401);
    const unknown = await call(t.app, 'GET', '/api/nothing-here/');
    expect(unknown.status).toBe(404);
    for (const [where, answer] of Object.entries({ wrong, anonymous, unknown })) {
      expect([where, answer.headers['cache-control']]).toEqual([where, 'no-store']);
      expectGuarded(where, answer.headers);
    }
  });

  test('a route that chose its own caching keeps it: a CSV export, the Swagger UI\'s files', async () => {
    const { access } = await tokensFor(t.app, 'manager@demo.test');
    const csv = await call(t.app, 'GET', '/api/orders/?format=csv', { token: access });
    expect(csv.status).toBe(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expectGuarded('csv', csv.headers);
    // Swagger UI is a page of its own scripts: public files, and no API policy that would stop them.
    const page = await call(t.app, 'GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBeUndefined();
    const script = await call(t.app, 'GET', '/api/docs/static/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toMatch(/^public/);
    expectGuarded('docs', script.headers);
  });

  test('an answer outside /api/ is guarded too, and not made no-store', async () => {
    const health = await call(t.app, 'GET', '/api/health/');
    expect(health.headers['cache-control']).toBe('no-store');
    const outside = await call(t.app, 'GET', '/no-portal-built-here.js');
    expect(outside.status).toBe(404);
    expectGuarded('outside', outside.headers);
    expect(outside.headers['cache-control']).toBeUndefined();
  });
});
