// Issue 17 items 1 and 2, on two API processes sharing one database (design §7): two tabs refreshing
// with one token stay signed in; sessions end at once, on every process and after a restart.
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { buildApp } from '../app';
import { call, client, createTestApp, outboxMails, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { defaultRateLimits } from '../config';

jest.setTimeout(60_000);

describe.each(testDatabases())('sessions on two API processes (%s)', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      publicUrl: 'https://portal.example',
      rateLimits: { ...defaultRateLimits, refresh: { max: 100_000, windowMs: 60_000 }, restore: { max: 100_000, windowMs: 60_000 } },
    });
    other = await buildApp({ ...t.config, demoData: 'off' });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const refresh = (app: FastifyInstance, token: string) => call(app, 'POST', '/api/token/refresh/', { body: { refresh: token } });
  const me = (app: FastifyInstance, token: string) => call(app, 'GET', '/api/users/me/', { token });
  const userId = async (email: string) => (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** Both processes answer `status` to the access token. */
  const bothAnswer = async (access: string) => [(await me(t.app, access)).status, (await me(other, access)).status];
  /** The spent refresh token's use moved `seconds` into the past. */
  const spentAgo = async (refreshToken: string, seconds: number) => {
    await t.app.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
      .where('jti', '=', decodeJwt(refreshToken).jti!).execute();
  };

  test('ten refreshes at once with one token, on both processes: ten 200s with one same new pair, which works', async () => {
    const session = await tokensFor(t.app, 'dealer@demo.test');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => refresh(i % 2 ? other : t.app, session.refresh)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const pairs = new Set(answers.map((a) => `${a.json.access} ${a.json.refresh}`));
    expect(pairs.size).toBe(1);
    const pair = answers[0].json;
    expect(pair.refresh).not.toBe(session.refresh);
    expect(await bothAnswer(pair.access)).toEqual([200, 200]);
    // The new refresh token is the family's live one: it rotates once more.
    expect((await refresh(other, pair.refresh)).status).toBe(200);
  });

  test('reuse after REFRESH_REUSE_GRACE_SECONDS ends the user\'s sessions: the pair it was exchanged for dies too', async () => {
    const session = await tokensFor(t.app, 'manager@demo.test');
    const pair = (await refresh(t.app, session.refresh)).json;
    expect(await bothAnswer(pair.access)).toEqual([200, 200]);
    // Within the window the same pair, also after a few seconds.
    await spentAgo(session.refresh, 25);
    expect((await refresh(other, session.refresh)).json).toEqual(pair);
    await spentAgo(session.refresh, 31);
    const late = await refresh(other, session.refresh);
    expect(late.status).toBe(401);
    expect(late.json.code).toBe('token_invalid');
    expect((await refresh(t.app, pair.refresh)).status).toBe(401);
    expect(await bothAnswer(pair.access)).toEqual([401, 401]);
    // The user signs in anew.
    const again = await tokensFor(other, 'manager@demo.test');
    expect(await bothAnswer(again.access)).toEqual([200, 200]);
  });

  test('a password reset through a restore link on one process ends the sessions on both at once', async () => {
    const here = await tokensFor(t.app, 'dealer2@demo.test');
    const there = await tokensFor(other, 'dealer2@demo.test');
    expect(await bothAnswer(here.access)).toEqual([200, 200]);
    await call(other, 'POST', '/api/restore/', { body: { email: 'dealer2@demo.test' } });
    let link: string | undefined;
    for (const deadline = Date.now() + 20_000; !link && Date.now() < deadline;) {
      link = /\/restore\/([A-Za-z0-9_-]+)/.exec(outboxMails(t.dataDir).filter((m) => m.to.includes('dealer2@demo.test')).at(-1)?.text ?? '')?.[1];
      if (!link) await new Promise((resolve) => { setTimeout(resolve, 10); });
    }
    expect((await call(other, 'POST', `/api/restore/${link}/`, { body: { password: 'a-new-long-password' } })).status).toBe(200);
    expect(await bothAnswer(here.access)).toEqual([401, 401]);
    expect(await bothAnswer(there.access)).toEqual([401, 401]);
    expect((await refresh(t.app, here.refresh)).status).toBe(401);
    // A session begun after the reset works at once, on both.
    const fresh = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer2@demo.test', password: 'a-new-long-password' } });
    expect(await bothAnswer(fresh.json.access)).toEqual([200, 200]);
  });

  test('deactivation and a new role through one process end the sessions on both at once', async () => {
    const admin = client(other, (await tokensFor(other, 'admin@demo.test')).access);
    const created = await admin.post('/api/users/', { email: 'temp.manager@demo.test', first_name: 'Т', last_name: 'М', role: 'manager' });
    expect(created.status).toBe(201);
    const user = created.json;
    const before = await tokensFor(t.app, 'temp.manager@demo.test');
    expect(await bothAnswer(before.access)).toEqual([200, 200]);
    expect((await admin.put(`/api/users/${user.id}/`, { ...user, role: 'admin' })).status).toBe(200);
    expect(await bothAnswer(before.access)).toEqual([401, 401]);
    const promoted = await tokensFor(t.app, 'temp.manager@demo.test');
    expect(await bothAnswer(promoted.access)).toEqual([200, 200]);
    expect((await admin.put(`/api/users/${user.id}/`, { ...user, role: 'admin', is_active: false })).status).toBe(200);
    expect(await bothAnswer(promoted.access)).toEqual([401, 401]);
    expect((await refresh(t.app, promoted.refresh)).status).toBe(401);
  });

  test('a change written past the API (a script, psql) is seen by both processes on the next request, and after a restart', async () => {
    const session = await tokensFor(t.app, 'manager@demo.test');
    expect(await bothAnswer(session.access)).toEqual([200, 200]);
    const id = await userId('manager@demo.test');
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    expect(await bothAnswer(session.access)).toEqual([401, 401]);
    const restarted = await buildApp({ ...t.config, demoData: 'off' });
    try {
      expect((await me(restarted, session.access)).status).toBe(401);
      await t.app.db.updateTable('users').set({ is_active: true }).where('id', '=', id).execute();
      expect((await me(restarted, session.access)).status).toBe(200);
      // sessions_valid_after set by hand ends the sessions begun before it.
      await t.app.db.updateTable('users').set({ sessions_valid_after: new Date().toISOString() }).where('id', '=', id).execute();
      expect((await me(restarted, session.access)).status).toBe(401);
      expect(await bothAnswer(session.access)).toEqual([401, 401]);
      expect((await refresh(restarted, session.refresh)).status).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  test('a dealer deactivated through one process: its users\' access tokens are refused on both at once', async () => {
    const session = await tokensFor(t.app, 'dealer@demo.test');
    const staff = client(other, (await tokensFor(other, 'manager@demo.test')).access);
    const dealerId = decodeJwt(session.access).dealer as number;
    expect(await bothAnswer(session.access)).toEqual([200, 200]);
    const dealer = (await staff.get(`/api/dealers/${dealerId}/`)).json;
    expect((await staff.put(`/api/dealers/${dealerId}/`, { ...dealer, is_active: false })).status).toBe(200);
    expect(await bothAnswer(session.access)).toEqual([401, 401]);
    expect((await refresh(t.app, session.refresh)).status).toBe(401);
    expect((await staff.put(`/api/dealers/${dealerId}/`, { ...dealer, is_active: true })).status).toBe(200);
  });

  test('POST /api/token/logout/ revokes the family on both processes; other sessions of the user go on', async () => {
    const leaving = await tokensFor(t.app, 'admin@demo.test');
    const staying = await tokensFor(other, 'admin@demo.test');
    const rotated = (await refresh(t.app, leaving.refresh)).json;
    // A spent token of the family is enough to sign it out.
    const out = await call(other, 'POST', '/api/token/logout/', { body: { refresh: leaving.refresh } });
    expect(out.status).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(t.app, rotated.refresh)).status).toBe(401);
    expect((await refresh(other, leaving.refresh)).status).toBe(401);
    expect((await refresh(t.app, staying.refresh)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/logout/', { body: { refresh: staying.access } })).json.code).toBe('token_invalid');
    expect((await call(t.app, 'POST', '/api/token/logout/', { body: { refresh: 'not.a.jwt' } })).status).toBe(401);
    const empty = await call(t.app, 'POST', '/api/token/logout/', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toHaveProperty('refresh');
  });
});
