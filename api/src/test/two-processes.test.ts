// Design §7: several stateless API processes behind nginx share one PostgreSQL and behave as one.
// Two applications on the same database and secret stand in for the two processes (on SQLite too:
// two processes on one host may share its file).
import { buildApp } from '../app';
import { call, createTestApp, DEMO_PASSWORD, formData, testDatabases, type TestApp } from './test-app';

describe.each(testDatabases())('two API processes on one database (%s)', (kind) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp({ ...t.config, demoData: 'off' });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  test('a session begun on one continues on the other; a refresh token used on one is spent on both', async () => {
    const login = await call(t.app, 'POST', '/api/token/', { body: { email: 'manager@demo.test', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await call(other, 'GET', '/api/users/me/', { token: login.json.access })).json.email).toBe('manager@demo.test');
    const rotated = await call(other, 'POST', '/api/token/refresh/', { body: { refresh: login.json.refresh } });
    expect(rotated.status).toBe(200);
    // Reuse of the old token on the first process, past REFRESH_REUSE_GRACE_SECONDS, revokes the
    // family, including the new token (within it, the same pair: lib/tokens-sessions.test.ts).
    await t.app.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - 60_000).toISOString() })
      .where('used_at', 'is not', null).execute();
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: login.json.refresh } })).status).toBe(401);
    expect((await call(other, 'POST', '/api/token/refresh/', { body: { refresh: rotated.json.refresh } })).status).toBe(401);
  });

  test('a file uploaded through one is downloaded through the other, byte for byte', async () => {
    const { access } = (await call(t.app, 'POST', '/api/token/', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } })).json;
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50_000, 7)]);
    const form = formData({}, { file: { name: 'waybill.pdf', type: 'application/pdf', data } });
    const created = await call(t.app, 'POST', '/api/attachments/', { token: access, body: form.body, headers: form.headers });
    expect(created.status).toBe(201);
    const download = await other.inject({ method: 'GET', url: created.json.url, headers: { authorization: `Bearer ${access}` } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });
});
