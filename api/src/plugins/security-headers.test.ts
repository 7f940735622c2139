import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestApp, DEMO_PASSWORD, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { DOCS_POLICY } from './docs';
import { API_POLICY, normalisedPath } from './security-headers';

/** The spellings of `/api/users/me/` a router or a proxy may read as the API's. */
const ENCODED_ME = [
  '/%61pi/users/me/', '/%61PI/users/me/', '/%61%70%69/users/me/', '/%41%50%49/users/me/', '/a%50i/users/me/', '/api/users/m%65/',
  '/%2Fapi/users/me/', '/%2fapi/users/me/', '//api/users/me/', '///api//users/me/', '/api/../api/users/me/', '/api/./users/me/',
  '/x/%2e%2e/api/users/me/', '/x/%2E%2e/api/users/me/', '/%2561pi/users/me/', '/API/users/me/', '/%5Capi/users/me/',
];

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
    // Swagger UI is a page of its own scripts: public files, under a policy of its own that runs only
    // them (no inline script, nothing from elsewhere; issue 30 item 8), not the API's that would stop them.
    const page = await call(t.app, 'GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).toMatch(/script-src 'self';/);
    expect(DOCS_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expectGuarded('docs page', page.headers);
    const script = await call(t.app, 'GET', '/api/docs/static/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toMatch(/^public/);
    expectGuarded('docs', script.headers);
  });

  test('headers are chosen on the decoded, normalised path: every spelling of /api/users/me/ is no-store with the API policy', async () => {
    const { access } = await tokensFor(t.app, 'dealer@demo.test');
    const plain = await call(t.app, 'GET', '/api/users/me/', { token: access });
    expect(plain.status).toBe(200);
    // The router reads this one as /api/users/me/ (the case): the user's JSON, never stored.
    const encoded = await call(t.app, 'GET', '/%61pi/users/me/', { token: access });
    expect([encoded.status, encoded.json?.email]).toEqual([200, 'dealer@demo.test']);
    for (const url of ENCODED_ME) {
      const answer = await call(t.app, 'GET', url, { token: access });
      // Whatever the router made of it (the profile or a 404), the answer is the API's.
      expect([url, answer.headers['cache-control'], answer.headers['content-security-policy']]).toEqual([url, 'no-store', API_POLICY]);
      expectGuarded(url, answer.headers);
    }
  });

  test('an encoded way out of the Swagger UI\'s path does not keep its exemption from the API policy', async () => {
    const { access } = await tokensFor(t.app, 'dealer@demo.test');
    for (const url of ['/api/docs/%2e%2e/users/me/', '/api/docs/..%2Fusers/me/', '/api/docs/%2E%2E%2F%2E%2E%2Fapi/users/me/']) {
      const answer = await call(t.app, 'GET', url, { token: access });
      expect([url, answer.headers['content-security-policy'], answer.headers['cache-control']]).toEqual([url, API_POLICY, expect.any(String)]);
    }
  });

  test('an address the router cannot read is a 400 with the same headers, in and outside /api/ (issue 30 item 8)', async () => {
    for (const url of ['/%ZZ', '/api/%ZZ/', '/api/users/%E0%A4%A/', '/x%']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.json?.code]).toEqual([url, 400, expect.any(String)]);
      expectGuarded(url, answer.headers);
    }
    const api = await call(t.app, 'GET', '/api/%ZZ/');
    expect([api.headers['cache-control'], api.headers['content-security-policy']]).toEqual(['no-store', API_POLICY]);
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

describe('the normalised path', () => {
  test.each(ENCODED_ME)('%s reads /api/users/me/', (url) => {
    expect(normalisedPath(url)).toBe('/api/users/me/');
  });

  test('a query, a fragment, dot segments above the root and odd escapes', () => {
    expect(normalisedPath('/api/orders/?format=csv')).toBe('/api/orders/');
    expect(normalisedPath('/../../api')).toBe('/api');
    expect(normalisedPath('/comms/news#top')).toBe('/comms/news');
    expect(normalisedPath('/%zz/%4')).toBe('/%zz/%4');
    expect(normalisedPath('/')).toBe('/');
    expect(normalisedPath('/apix/users/')).toBe('/apix/users/');
  });
});

describe('the portal beside the API: an API path however spelt is never answered with the page', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Портал</title><div id="root"></div>');
    t = await createTestApp('sqlite', { portalDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('a portal route gets the page; encoded API paths that match no route get the API\'s 404 JSON, no-store', async () => {
    const page = await call(t.app, 'GET', '/comms/news');
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    for (const url of ['/%2Fapi/nothing/', '//api/nothing/', '/api/../api/nothing/', '/%61pi/nothing', '/API/nothing']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.json?.code, answer.headers['cache-control'], answer.headers['content-security-policy']])
        .toEqual([url, 404, 'not_found', 'no-store', API_POLICY]);
    }
  });
});
