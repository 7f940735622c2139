import { call, createTestApp, DEMO_PASSWORD, outboxMails, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('access restoration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, { publicUrl: 'https://portal.example' }); });
  afterAll(async () => { await t?.close(); });

  const mails = () => outboxMails(t.dataDir);
  /** The restore token of the newest mail. */
  const lastToken = (): string => /https:\/\/portal\.example\/restore\/([A-Za-z0-9_-]+)/.exec(mails().at(-1)!.text)![1];

  test('the answer is the same for a known, an unknown and an inactive email; only the known active one gets mail', async () => {
    await t.app.db.updateTable('users').set({ is_active: false }).where('email', '=', 'manager@demo.test').execute();
    const before = mails().length;
    const known = await call(t.app, 'POST', '/api/restore/', { body: { email: 'dealer@demo.test' } });
    const unknown = await call(t.app, 'POST', '/api/restore/', { body: { email: 'nobody@demo.test' } });
    const inactive = await call(t.app, 'POST', '/api/restore/', { body: { email: 'manager@demo.test' } });
    await t.app.db.updateTable('users').set({ is_active: true }).where('email', '=', 'manager@demo.test').execute();
    for (const answer of [known, unknown, inactive]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(known.json);
    }
    expect(known.json).toEqual({ message: expect.any(String) });
    expect(mails().length).toBe(before + 1);
    expect(mails().at(-1)!.to).toBe('dealer@demo.test');
    const token = lastToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only its hash is kept.
    const stored = await t.app.db.selectFrom('restore_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  test('the link sets a new password once; a second use is refused; old sessions end', async () => {
    const session = await tokensFor(t.app, 'dealer2@demo.test');
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'dealer2@demo.test' } });
    const token = lastToken();
    const used = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'a-new-password' } });
    expect(used.status).toBe(200);
    expect(used.json).toEqual({ message: expect.any(String) });

    const again = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'another-password' } });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ code: 'restore_token_invalid', message: expect.any(String) });

    expect((await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer2@demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer2@demo.test', password: 'a-new-password' } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: session.refresh } })).status).toBe(401);
  });

  test('an expired or unknown token is refused, and a short password is a 400 with fields', async () => {
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'admin@demo.test' } });
    const token = lastToken();
    const short = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toHaveProperty('password');

    await t.app.db.updateTable('restore_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    const expired = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'long-enough-password' } });
    expect(expired.status).toBe(400);
    expect(expired.json.code).toBe('restore_token_invalid');
    const unknown = await call(t.app, 'POST', '/api/restore/no-such-token/', { body: { password: 'long-enough-password' } });
    expect(unknown.status).toBe(400);
  });

  test('a restore token is at least 128 bits and valid 24 hours', async () => {
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'manager@demo.test' } });
    const row = await t.app.db.selectFrom('restore_tokens').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(lifetime - 24 * 3600 * 1000)).toBeLessThan(5000);
    expect(Buffer.from(lastToken(), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });
});
