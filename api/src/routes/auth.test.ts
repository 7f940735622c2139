import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { configFromEnv } from '../config';
import { call, createTestApp, DEMO_PASSWORD, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/token/', { body: { email, password } });
  /** The spent refresh token's use moved `seconds` into the past. */
  const spentAgo = async (refresh: string, seconds: number) => {
    await t.app.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('jti', '=', decodeJwt(refresh).jti!).execute();
  };

  test('login answers access, refresh and the user; the access token carries exactly the claims of design §6', async () => {
    const { status, json } = await login('Dealer@Demo.test', DEMO_PASSWORD);
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(['access', 'refresh', 'user']);
    expect(json.user).toMatchObject({ email: 'dealer@demo.test', role: 'dealer', is_staff: false, contract_signed: true, is_active: true });
    expect(json.user).not.toHaveProperty('password_hash');
    expect(json.user.last_login).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const claims = decodeJwt(json.access);
    expect(Object.keys(claims).sort()).toEqual(
      ['contract_signed', 'dealer', 'email', 'exp', 'iat', 'is_staff', 'jti', 'role', 'token_type', 'user_id'],
    );
    expect(claims).toMatchObject({
      token_type: 'access', user_id: json.user.id, email: 'dealer@demo.test', role: 'dealer',
      is_staff: false, dealer: json.user.dealer, contract_signed: true,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
  });

  test('wrong password, unknown email and inactive account get the same 401 and message', async () => {
    const manager = await t.app.db.selectFrom('users').select('id').where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', manager.id).execute();
    try {
      const wrong = await login('dealer@demo.test', 'not-the-password');
      const unknown = await login('nobody@demo.test', DEMO_PASSWORD);
      const inactive = await login('manager@demo.test', DEMO_PASSWORD);
      for (const answer of [wrong, unknown, inactive]) {
        expect(answer.status).toBe(401);
        expect(answer.json).toEqual(wrong.json);
      }
      expect(wrong.json).toEqual({ code: 'invalid_credentials', message: expect.any(String) });
    } finally {
      await t.app.db.updateTable('users').set({ is_active: true }).where('id', '=', manager.id).execute();
    }
  });

  test('login validates its body: missing fields and extra fields answer 400 with fields', async () => {
    const missing = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test' } });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toHaveProperty('password');
    const extra = await call(t.app, 'POST', '/api/token/', { body: { email: 'a@b.c', password: 'x', role: 'admin' } });
    expect(extra.status).toBe(400);
    expect(extra.json.fields).toHaveProperty('role');
  });

  test('refresh rotates: new pair, the used refresh token is refused', async () => {
    const first = await tokensFor(t.app, 'dealer@demo.test');
    const rotated = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.json).sort()).toEqual(['access', 'refresh']);
    expect(rotated.json.refresh).not.toBe(first.refresh);
    expect(decodeJwt(rotated.json.access)).toMatchObject({ token_type: 'access', email: 'dealer@demo.test' });

    // Presented again at once (a second tab): the same pair, not a new one.
    const again = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(rotated.json);
    // After REFRESH_REUSE_GRACE_SECONDS (30) the spent token is refused.
    await spentAgo(first.refresh, 31);
    const late = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } });
    expect(late.status).toBe(401);
    expect(late.json).toMatchObject({ code: 'token_invalid', message: expect.any(String) });
  });

  test('reuse of a rotated refresh token revokes the whole family', async () => {
    const first = await tokensFor(t.app, 'dealer@demo.test');
    const second = (await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } })).json;
    await spentAgo(first.refresh, 31);
    // A thief replays the first token: refused, and the legitimate newer token dies with it.
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: second.refresh } })).status).toBe(401);
    // Another login (another family) is unaffected.
    const other = await tokensFor(t.app, 'dealer@demo.test');
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: other.refresh } })).status).toBe(200);
  });

  test('with REFRESH_REUSE_GRACE_SECONDS=0 a spent token presented again at once ends the sessions', async () => {
    const strict = await createTestApp(kind, { refreshReuseGraceSeconds: 0 });
    try {
      const first = await tokensFor(strict.app, 'dealer@demo.test');
      const second = await call(strict.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } });
      expect(second.status).toBe(200);
      expect((await call(strict.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } })).status).toBe(401);
      expect((await call(strict.app, 'POST', '/api/token/refresh/', { body: { refresh: second.json.refresh } })).status).toBe(401);
      expect((await call(strict.app, 'GET', '/api/users/me/', { token: second.json.access })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });

  test('an access token is not a refresh token, and a forged one is refused', async () => {
    const pair = await tokensFor(t.app, 'dealer@demo.test');
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: pair.access } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: 'not.a.jwt' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/me/', { token: pair.refresh })).status).toBe(401);
  });

  test('missing, malformed, forged and expired access tokens answer 401 {message, code}', async () => {
    const missing = await call(t.app, 'GET', '/api/users/me/');
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ code: 'not_authenticated', message: expect.any(String) });

    const malformed = await call(t.app, 'GET', '/api/users/me/', { headers: { authorization: 'Token abc' } });
    expect(malformed.status).toBe(401);

    const claims = decodeJwt((await tokensFor(t.app, 'dealer@demo.test')).access);
    const forged = await new SignJWT({ ...claims, role: 'admin' }).setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await call(t.app, 'GET', '/api/users/me/', { token: forged })).status).toBe(401);

    const secret = new TextEncoder().encode(readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8').trim());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 600, exp: now - 300 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const answer = await call(t.app, 'GET', '/api/users/me/', { token: expired });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ code: 'token_invalid', message: expect.any(String) });
    // The same claims with a live expiry pass: it was the expiry that failed.
    const live = await new SignJWT({ ...claims, iat: now, exp: now + 60 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await call(t.app, 'GET', '/api/users/me/', { token: live })).status).toBe(200);
  });

  test('an access token expires after ACCESS_TOKEN_TTL', async () => {
    // `exp` is whole seconds from the start of `iat`'s second: with a TTL of 1 a token made late in a
    // second lived a few milliseconds, and the first call below failed when the machine was busy.
    // A TTL of 3 leaves it at least 2 s; the wait is until its own `exp` has passed.
    const short = await createTestApp(kind, { accessTokenTtl: 3 });
    try {
      const { access } = await tokensFor(short.app, 'dealer@demo.test');
      const { iat, exp } = decodeJwt(access);
      expect(exp! - iat!).toBe(3);
      expect((await call(short.app, 'GET', '/api/users/me/', { token: access })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp! * 1000 - Date.now()) + 100));
      expect((await call(short.app, 'GET', '/api/users/me/', { token: access })).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  test('login and refresh are rate limited: 429 with Retry-After', async () => {
    const limited = await createTestApp(kind, {
      rateLimits: { login: { max: 2, windowMs: 60_000 }, refresh: { max: 1, windowMs: 60_000 }, restore: { max: 1, windowMs: 60_000 }, regreq: { max: 1, windowMs: 60_000 } },
    });
    try {
      const body = { email: 'nobody@demo.test', password: 'x' };
      expect((await call(limited.app, 'POST', '/api/token/', { body })).status).toBe(401);
      expect((await call(limited.app, 'POST', '/api/token/', { body })).status).toBe(401);
      const blocked = await call(limited.app, 'POST', '/api/token/', { body });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json).toEqual({ code: 'rate_limited', message: expect.any(String) });

      expect((await call(limited.app, 'POST', '/api/token/refresh/', { body: { refresh: 'x' } })).status).toBe(401);
      expect((await call(limited.app, 'POST', '/api/token/refresh/', { body: { refresh: 'x' } })).status).toBe(429);
      const regreq = { company_name: 'A', tax_id: '1234567894', contact_name: 'B', email: 'a@b.test', phone: '+7 900 000-00-00' };
      expect((await call(limited.app, 'POST', '/api/regreq/', { body: regreq })).status).toBe(201);
      expect((await call(limited.app, 'POST', '/api/regreq/', { body: regreq })).status).toBe(429);
      expect((await call(limited.app, 'POST', '/api/restore/', { body: { email: 'a@b.test' } })).status).toBe(200);
      expect((await call(limited.app, 'POST', '/api/restore/', { body: { email: 'a@b.test' } })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  describe('failed logins are limited per account, whatever X-Forwarded-For says', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      // Behind a proxy trusted with any address: each request claims a client address of its own.
      proxied = await createTestApp(kind, {
        trustProxy: true,
        // Cheap password hashes: these tests check many passwords, not scrypt's cost.
        scryptLog2N: 10,
        loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
        rateLimits: { login: { max: 1000, windowMs: 60_000 }, refresh: { max: 1000, windowMs: 60_000 }, restore: { max: 1000, windowMs: 60_000 }, regreq: { max: 1000, windowMs: 60_000 } },
      });
    });
    afterAll(async () => { await proxied?.close(); });

    let address = 0;
    const attempt = (email: string, password: string, cookie?: string) => call(proxied.app, 'POST', '/api/token/', {
      body: { email, password },
      headers: { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...(cookie ? { cookie } : {}) },
    });
    const deviceCookie = (answer: { headers: Record<string, unknown> }) => String(answer.headers['set-cookie']).split(';')[0];

    test('past the limit the email answers 429 with Retry-After, the right password too; other accounts go on', async () => {
      for (let i = 0; i < 3; i += 1) expect((await attempt('Manager@demo.test', 'not-the-password')).status).toBe(401);
      const blocked = await attempt('manager@demo.test', DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.json).toEqual({ code: 'rate_limited', message: expect.any(String) });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await attempt('admin@demo.test', DEMO_PASSWORD)).status).toBe(200);
      // An unknown email is counted the same way: the 429 tells nothing about who has an account.
      for (let i = 0; i < 3; i += 1) expect((await attempt('nobody-here@demo.test', 'x')).status).toBe(401);
      expect((await attempt('nobody-here@demo.test', 'x')).status).toBe(429);
    });

    test('a browser that signed in before is not locked out by failures from elsewhere; its cookie fits only its account', async () => {
      const first = await attempt('dealer@demo.test', DEMO_PASSWORD);
      expect(first.status).toBe(200);
      const cookie = deviceCookie(first);
      expect(String(first.headers['set-cookie'])).toMatch(/^portal_device=[^;]+; Path=\/api\/token\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
      for (let i = 0; i < 3; i += 1) expect((await attempt('dealer@demo.test', 'guess')).status).toBe(401);
      expect((await attempt('dealer@demo.test', DEMO_PASSWORD)).status).toBe(429);
      expect((await attempt('dealer@demo.test', DEMO_PASSWORD, cookie)).status).toBe(200);
      // A forged signature, or the cookie shown for another account, counts with the strangers.
      const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await attempt('dealer@demo.test', DEMO_PASSWORD, forged)).status).toBe(429);
      for (let i = 0; i < 3; i += 1) expect((await attempt('dealer2@demo.test', 'guess')).status).toBe(401);
      expect((await attempt('dealer2@demo.test', DEMO_PASSWORD, cookie)).status).toBe(429);
    });

    test('a known browser has its own limit, and a sign-in empties its bucket', async () => {
      const signedIn = await attempt('admin@demo.test', DEMO_PASSWORD);
      const cookie = deviceCookie(signedIn);
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 2; i += 1) expect((await attempt('admin@demo.test', 'typo', cookie)).status).toBe(401);
        expect((await attempt('admin@demo.test', DEMO_PASSWORD, cookie)).status).toBe(200);
      }
      for (let i = 0; i < 3; i += 1) expect((await attempt('admin@demo.test', 'guess', cookie)).status).toBe(401);
      expect((await attempt('admin@demo.test', DEMO_PASSWORD, cookie)).status).toBe(429);
    });

    test('attempts sent at once never pass the limit', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('at-once@demo.test', 'guess')));
      expect(answers.filter((a) => a.status === 429).length).toBe(9);
      // The three counted are checked, or refused as busy: one account holds at most two hashes at once (issue 30 item 5).
      expect(answers.filter((a) => a.status === 401 || a.status === 503).length).toBe(3);
      expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(2);
    });
  });
});

describe('LOGIN_FAILURES_PER_ACCOUNT', () => {
  test('sets the failed logins per email and LOGIN_FAILURES_WINDOW_MINUTES their window; 5 in 15 minutes otherwise', () => {
    expect(configFromEnv({}).loginFailuresPerAccount).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(configFromEnv({ LOGIN_FAILURES_PER_ACCOUNT: '10' }).loginFailuresPerAccount).toEqual({ max: 10, windowMs: 15 * 60_000 });
    expect(configFromEnv({ LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_WINDOW_MINUTES: '60' }).loginFailuresPerAccount).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(() => configFromEnv({ LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT/);
  });
});

describe('JWT secret', () => {
  test('generated once in DATA_DIR and reused after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
    try {
      const first = await createTestApp('sqlite', { dataDir });
      const file = path.join(dataDir, 'jwt-secret');
      expect(existsSync(file)).toBe(true);
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^[0-9a-f]{128}$/);
      const { access } = await tokensFor(first.app, 'dealer@demo.test');
      await first.close();

      const second = await createTestApp('sqlite', { dataDir });
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      expect((await call(second.app, 'GET', '/api/users/me/', { token: access })).status).toBe(200);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('JWT_SECRET, when given, is used and nothing is written', async () => {
    const t = await createTestApp('sqlite', { jwtSecret: 's'.repeat(40) });
    try {
      expect(existsSync(path.join(t.dataDir, 'jwt-secret'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
