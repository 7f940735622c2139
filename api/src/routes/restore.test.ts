import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { configFromEnv, defaultRateLimits, type AppConfig } from '../config';
import { findUserByEmail } from '../areas/users';
import { hashPassword } from '../lib/passwords';
import { call, createTestApp, DEMO_PASSWORD, outboxMails, testDatabases, tokensFor, type TestApp } from '../test/test-app';

// The hashes the routes make, counted (the real scrypt runs): a bad restore token must cost none.
jest.mock('../lib/passwords', () => {
  const actual = jest.requireActual<typeof import('../lib/passwords')>('../lib/passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});
const hashes = hashPassword as jest.MockedFunction<typeof hashPassword>;

// The restore mail's lookup of the user, which a test may hold back (holdLookups).
jest.mock('../areas/users', () => {
  const actual = jest.requireActual<typeof import('../areas/users')>('../areas/users');
  return { ...actual, findUserByEmail: jest.fn(actual.findUserByEmail) };
});
const findUser = findUserByEmail as jest.MockedFunction<typeof findUserByEmail>;

/** Holds every lookup of a user by email until `release`; `started(n)` waits until n have begun. */
function holdLookups() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let begun = 0;
  const waiting: Array<() => void> = [];
  const actual = jest.requireActual<typeof import('../areas/users')>('../areas/users').findUserByEmail;
  findUser.mockImplementation(async (db, email) => {
    begun += 1;
    waiting.splice(0).forEach((wake) => wake());
    await gate;
    return actual(db, email);
  });
  return {
    release: () => { release(); findUser.mockImplementation(actual); },
    started: async (count: number) => { while (begun < count) await new Promise<void>((wake) => waiting.push(wake)); },
  };
}

/** Restore requests are limited per client address too (lib/rate-limits.ts); these tests send many. */
const unlimited: Partial<AppConfig> = { rateLimits: { ...defaultRateLimits, restore: { max: 100_000, windowMs: 60_000 } } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Mails are made after their answers, and these tests wait for them: on a busy 2-core machine that
// may take seconds. The timeout guards against hangs, not speed.
jest.setTimeout(60_000);

/** A restore request from a client address. */
const askRestore = (app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/restore/', payload: { email }, remoteAddress });

describe.each(testDatabases())('access restoration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, { publicUrl: 'https://portal.example', ...unlimited }); });
  afterAll(async () => { await t?.close(); });

  const mails = () => outboxMails(t.dataDir);
  /** The mail is made after the answer: waits until the outbox holds `count` mails. */
  const mailsReach = async (count: number) => {
    for (const deadline = Date.now() + 20_000; mails().length < count && Date.now() < deadline;) await sleep(10);
    expect(mails().length).toBeGreaterThanOrEqual(count);
  };
  /** The restore token of the newest mail. */
  const lastToken = (): string => /https:\/\/portal\.example\/restore\/([A-Za-z0-9_-]+)/.exec(mails().at(-1)!.text)![1];

  test('the answer is the same for a known, an unknown and an inactive email; only the known active one gets mail', async () => {
    await t.app.db.insertInto('users').values({
      email: 'retired@demo.test', password_hash: '', first_name: 'Р', last_name: 'Р', role: 'manager',
      dealer_id: null, is_active: false, contract_signed: false, date_joined: new Date().toISOString(),
    }).execute();
    const before = mails().length;
    const unknown = await call(t.app, 'POST', '/api/restore/', { body: { email: 'nobody@demo.test' } });
    const inactive = await call(t.app, 'POST', '/api/restore/', { body: { email: 'retired@demo.test' } });
    const known = await call(t.app, 'POST', '/api/restore/', { body: { email: 'dealer@demo.test' } });
    for (const answer of [known, unknown, inactive]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(known.json);
    }
    expect(known.json).toEqual({ message: expect.any(String) });
    await mailsReach(before + 1);
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
    const before = mails().length;
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'dealer2@demo.test' } });
    await mailsReach(before + 1);
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
    // The access token of the old session too, at once (issue 17).
    expect((await call(t.app, 'GET', '/api/users/me/', { token: session.access })).status).toBe(401);
  });

  test('an expired or unknown token is refused, and a short password is a 400 with fields', async () => {
    const before = mails().length;
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'admin@demo.test' } });
    await mailsReach(before + 1);
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

  test('an unknown, used or expired token is refused before any password is hashed; a good one hashes once', async () => {
    await t.app.db.insertInto('users').values(['hash-1@demo.test', 'hash-2@demo.test'].map((email) => ({
      email, password_hash: '', first_name: 'Х', last_name: 'Х', role: 'manager' as const,
      dealer_id: null, is_active: true, contract_signed: false, date_joined: new Date().toISOString(),
    }))).execute();
    const before = mails().length;
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'hash-1@demo.test' } });
    await mailsReach(before + 1);
    const token = lastToken();
    hashes.mockClear();
    const unknown = await call(t.app, 'POST', '/api/restore/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/', { body: { password: 'long-enough-password' } });
    expect([unknown.status, unknown.json.code]).toEqual([400, 'restore_token_invalid']);
    expect(hashes).not.toHaveBeenCalled();

    expect((await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'long-enough-password' } })).status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    const used = await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'long-enough-password' } });
    expect([used.status, used.json.code]).toEqual([400, 'restore_token_invalid']);
    expect(hashes).toHaveBeenCalledTimes(1);

    const next = mails().length;
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'hash-2@demo.test' } });
    await mailsReach(next + 1);
    const late = lastToken();
    await t.app.db.updateTable('restore_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    const expired = await call(t.app, 'POST', `/api/restore/${late}/`, { body: { password: 'long-enough-password' } });
    expect([expired.status, expired.json.code]).toEqual([400, 'restore_token_invalid']);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  test('a restore token is at least 128 bits and valid 24 hours', async () => {
    const before = mails().length;
    await call(t.app, 'POST', '/api/restore/', { body: { email: 'manager@demo.test' } });
    await mailsReach(before + 1);
    const row = await t.app.db.selectFrom('restore_tokens').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(lifetime - 24 * 3600 * 1000)).toBeLessThan(5000);
    expect(Buffer.from(lastToken(), 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  test('the answer takes the same time for a known and an unknown email: it goes before the email is looked up', async () => {
    // Deterministic, rather than timed: what could make a known email slower (the lookup, the token,
    // the audit row, the mail) is held back here until both answers have arrived. Had any of it been
    // inside the answer, the known email's answer would never come.
    const held = holdLookups();
    try {
      const before = mails().length;
      const known = await askRestore(t.app, 'dealer@demo.test', '10.1.0.1');
      const unknown = await askRestore(t.app, 'nobody@demo.test', '10.1.0.2');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      await t.app.db.deleteFrom('restore_mails').execute();
      expect(mails().length).toBe(before);
      // Both lookups begin only after their answers, and the known one then mails its link.
      await held.started(2);
      held.release();
      await mailsReach(before + 1);
      expect(mails().at(-1)!.to).toBe('dealer@demo.test');
    } finally {
      held.release();
    }
  });

  test('after the interval (RESTORE_MAIL_INTERVAL_MINUTES) the address may get a link again; before it, not', async () => {
    expect(configFromEnv({ RESTORE_MAIL_INTERVAL_MINUTES: '15' }).restoreMailIntervalMinutes).toBe(15);
    expect(configFromEnv({}).restoreMailIntervalMinutes).toBe(5);
    // The earlier tests mailed these two: their interval starts anew.
    await t.app.db.deleteFrom('restore_mails').execute();
    const before = mails().length;
    await askRestore(t.app, 'dealer2@demo.test');
    await mailsReach(before + 1);
    // Within the interval: nothing more. The admin's mail, asked last, is made after the refusal was decided.
    await askRestore(t.app, 'dealer2@demo.test', '10.0.0.9');
    await askRestore(t.app, 'admin@demo.test');
    await mailsReach(before + 2);
    expect(mails().slice(before).map((m) => m.to)).toEqual(['dealer2@demo.test', 'admin@demo.test']);
    // Five minutes on (the default interval): another link may go.
    const dealer2 = await t.app.db.selectFrom('users').select('id').where('email', '=', 'dealer2@demo.test').executeTakeFirstOrThrow();
    await t.app.db.updateTable('restore_mails').set({ mailed_at: new Date(Date.now() - 5 * 60_000 - 1000).toISOString() })
      .where('user_id', '=', dealer2.id).execute();
    await askRestore(t.app, 'dealer2@demo.test');
    await mailsReach(before + 3);
    expect(mails().at(-1)!.to).toBe('dealer2@demo.test');
  });
});

describe.each(testDatabases())('restore mails on two API processes (%s)', (kind) => {
  test('one address gets one mail per interval, whatever the number of requests, their client addresses and the process', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
    try {
      const first = await createTestApp(kind, { dataDir, ...unlimited });
      const second = await buildApp({ ...first.config, demoData: 'off' });
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
        askRestore(i % 2 ? second : first.app, i % 3 ? 'dealer@demo.test' : ' DEALER@demo.test', `10.0.${i}.1`)));
      // Closing waits for the mails being made after their answers.
      await second.close();
      await first.close();
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(answers[0].body);
      }
      expect(outboxMails(dataDir).map((m) => m.to)).toEqual(['dealer@demo.test']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a mail that cannot be made is logged: the answer stays 200, nothing is left unhandled', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // No SMTP, and the outbox cannot be made (a file is in its place): the mail fails.
      writeFileSync(path.join(dataDir, 'outbox'), 'not a folder');
      const t = await createTestApp(kind, { dataDir });
      // Without a configured logger, a request's logger is the application's own.
      const logged = jest.spyOn(t.app.log, 'error');
      const answer = await call(t.app, 'POST', '/api/restore/', { body: { email: 'dealer@demo.test' } });
      expect(answer.status).toBe(200);
      for (const deadline = Date.now() + 20_000; logged.mock.calls.length === 0 && Date.now() < deadline;) await sleep(10);
      expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ code: 'EEXIST' }) }, 'restore mail failed');
      await t.close();
      await sleep(50);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
