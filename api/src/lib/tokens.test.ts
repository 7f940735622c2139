import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { buildApp } from '../app';
import { issuedAtMs, uuidV7 } from './tokens';
import { call, client, createTestApp, DEMO_PASSWORD, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const key = new TextEncoder().encode(SECRET);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The registered claims a test puts in a token it signs itself; a missing one is left out. */
interface Registered {
  exp?: number;
  iat?: number;
  jti?: string;
}

/** A token signed with the application's secret, carrying exactly the claims given. */
const signed = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);

describe.each(testDatabases())('token claims on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, { jwtSecret: SECRET }); });
  afterAll(async () => { await t?.close(); });

  /** An access token of manager@demo.test with the given registered claims. */
  async function access(registered: Registered): Promise<string> {
    const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    return signed({
      token_type: 'access', user_id: user.id, email: user.email, role: user.role, is_staff: true, dealer: null, contract_signed: false,
      ...registered,
    });
  }
  const complete = (): Registered => ({ exp: nowSeconds() + 300, iat: nowSeconds(), jti: randomUUID() });
  const without = (claim: keyof Registered): Registered => {
    const claims = complete();
    delete claims[claim];
    return claims;
  };
  const me = (token: string) => call(t.app, 'GET', '/api/users/me/', { token });

  test('an access token without exp, iat or jti, or issued in the future, gets the usual 401', async () => {
    const usual = await me('not-a-token');
    expect(usual.status).toBe(401);
    expect(usual.json).toEqual({ code: 'token_invalid', message: expect.any(String) });
    // Signed with the real secret and complete, such a token works: the refusals below are the claims'.
    expect((await me(await access(complete()))).status).toBe(200);
    // A clock a little ahead on another process is no reason to refuse its tokens.
    expect((await me(await access({ ...complete(), iat: nowSeconds() + 2 }))).status).toBe(200);

    const refused = {
      'no exp': await access(without('exp')),
      'no iat': await access(without('iat')),
      'no jti': await access(without('jti')),
      'iat a minute ahead': await access({ ...complete(), iat: nowSeconds() + 60 }),
    };
    for (const [what, token] of Object.entries(refused)) {
      const answer = await me(token);
      expect({ what, status: answer.status, json: answer.json }).toEqual({ what, status: 401, json: usual.json });
    }
  });

  test('a refresh token without iat is refused, and the session it copies stays usable', async () => {
    const pair = await tokensFor(t.app, 'manager@demo.test');
    const genuine = decodeJwt(pair.refresh);
    const copy = await signed({ token_type: 'refresh', user_id: genuine.user_id, exp: genuine.exp, jti: genuine.jti });
    const refused = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: copy } });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('token_invalid');
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: pair.refresh } })).status).toBe(200);
  });

  test('access tokens issued at sign-in and at refresh carry exp, iat and jti; exp is ACCESS_TOKEN_TTL after iat', async () => {
    const login = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: login.json.refresh } });
    expect(refreshed.status).toBe(200);
    const issued = [login.json.access, refreshed.json.access].map((token: string) => decodeJwt(token));
    for (const claims of issued) {
      expect(claims).toEqual(expect.objectContaining({ exp: expect.any(Number), iat: expect.any(Number), jti: expect.any(String) }));
      expect(claims.exp! - claims.iat!).toBe(300);
      expect(Math.abs(claims.iat! - nowSeconds())).toBeLessThanOrEqual(5);
    }
    expect(issued[0].jti).not.toBe(issued[1].jti);
    // The jti is a UUIDv7 whose time is the token's, to the millisecond, within its iat second.
    for (const claims of issued) {
      expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Math.floor(issuedAtMs(claims.jti!, claims.iat!) / 1000)).toBe(claims.iat);
    }
  });

  test('a token issued in the second its user\'s sessions ended: refused before the moment, taken after it', async () => {
    const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    // The middle of the current second: at a whole second, the start of the second a UUIDv4 token
    // counts from would be the moment itself, and that token taken (it failed so, once in CI).
    const second = Math.floor(Date.now() / 1000);
    const at = second * 1000 + 500;
    await t.app.db.updateTable('users').set({ sessions_valid_after: new Date(at).toISOString() }).where('id', '=', user.id).execute();
    const made = (ms: number) => access({ exp: second + 300, iat: Math.floor(ms / 1000), jti: uuidV7(ms) });
    expect((await me(await made(at - 1))).status).toBe(401);
    expect((await me(await made(at))).status).toBe(200);
    // A token made before issue 17 (a UUIDv4 jti) counts from the start of its second: refused.
    expect((await me(await access({ exp: second + 300, iat: second, jti: randomUUID() }))).status).toBe(401);
    await t.app.db.updateTable('users').set({ sessions_valid_after: null }).where('id', '=', user.id).execute();
    expect((await me(await access({ exp: second + 300, iat: second, jti: randomUUID() }))).status).toBe(200);
  });
});

describe.each(testDatabases())('deactivation on two API processes (%s)', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp({ ...t.config, demoData: 'off' });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const refresh = (app: FastifyInstance, token: string) => call(app, 'POST', '/api/token/refresh/', { body: { refresh: token } });

  test('a user deactivated through one process refreshes on neither, and its access token is refused by both, at once', async () => {
    const here = await tokensFor(t.app, 'manager@demo.test');
    const there = await tokensFor(other, 'manager@demo.test');
    const admin = client(other, (await tokensFor(other, 'admin@demo.test')).access);
    const { id } = (await call(t.app, 'GET', '/api/users/me/', { token: here.access })).json;
    // The user as the admin reads it (GET /api/users/{id}/), changed and sent back.
    const user = (await admin.get(`/api/users/${id}/`)).json;
    const off = await admin.put(`/api/users/${id}/`, { ...user, is_active: false });
    expect(off.status).toBe(200);
    expect(off.json.is_active).toBe(false);
    expect((await refresh(t.app, here.refresh)).status).toBe(401);
    expect((await refresh(other, there.refresh)).status).toBe(401);
    // Every request checks the user's state in the database (issue 17): no process takes it any more.
    expect((await call(t.app, 'GET', '/api/users/me/', { token: here.access })).status).toBe(401);
    expect((await call(other, 'GET', '/api/users/me/', { token: there.access })).status).toBe(401);
  });

  test('a dealer deactivated through one process: its users refresh on neither, at once', async () => {
    const here = await tokensFor(t.app, 'dealer@demo.test');
    const there = await tokensFor(other, 'dealer@demo.test');
    // The manager was deactivated by the test above: the admin changes the dealer.
    const staff = client(other, (await tokensFor(other, 'admin@demo.test')).access);
    const dealerId = decodeJwt(here.access).dealer as number;
    const dealer = (await staff.get(`/api/dealers/${dealerId}/`)).json;
    const off = await staff.put(`/api/dealers/${dealerId}/`, { ...dealer, is_active: false });
    expect(off.status).toBe(200);
    expect(off.json.is_active).toBe(false);
    expect((await refresh(t.app, here.refresh)).status).toBe(401);
    expect((await refresh(other, there.refresh)).status).toBe(401);
  });
});
