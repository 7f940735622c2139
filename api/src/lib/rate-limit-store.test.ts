// Rate limits hold across API processes (issue 9 item 5): two applications on one PostgreSQL stand
// in for two processes behind nginx. SQLite serves one process, which counts in memory.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { defaultRateLimits, type AppConfig } from '../config';
import { call, createTestApp, testDatabases, type TestApp } from '../test/test-app';
import { databaseCounter, memoryCounter, type RateCounter } from './rate-limit-store';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refresh with a token that is no token: a cheap 401 that the refresh limit counts. */
const refresh = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  call(app, 'POST', '/api/token/refresh/', { body: { refresh: 'not.a.token' }, headers });

function counterContract(name: string, make: () => RateCounter) {
  describe(`${name} counter`, () => {
    let counter: RateCounter;
    beforeAll(() => { counter = make(); });

    test('counts hits in a window, tells when it ends, and starts again once it has', async () => {
      const key = `window-${name}-${Date.now()}`;
      expect(await counter.peek(key)).toEqual({ hits: 0, ttlMs: 0 });
      expect((await counter.hit(key, 400)).hits).toBe(1);
      const second = await counter.hit(key, 400);
      expect(second.hits).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(0);
      expect(second.ttlMs).toBeLessThanOrEqual(400);
      expect((await counter.peek(key)).hits).toBe(2);
      await pause(450);
      expect(await counter.peek(key)).toEqual({ hits: 0, ttlMs: 0 });
      expect((await counter.hit(key, 400)).hits).toBe(1);
    });

    test('hits at once are each counted once; clear forgets the key', async () => {
      const key = `burst-${name}-${Date.now()}`;
      const counts = await Promise.all(Array.from({ length: 50 }, () => counter.hit(key, 60_000)));
      expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await counter.clear(key);
      expect((await counter.peek(key)).hits).toBe(0);
    });
  });
}

counterContract('memory', () => memoryCounter());

describe('on sqlite, one process counts in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { rateLimits: { ...defaultRateLimits, refresh: { max: 10, windowMs: 60_000 } } });
  });
  afterAll(async () => { await t?.close(); });

  test('requests at once never pass the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => refresh(t.app)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
  });
});

for (const kind of testDatabases().filter((k) => k === 'postgres')) {
  describe('on postgres, the processes share the counts', () => {
    let t: TestApp;
    let other: FastifyInstance;
    const limits: Partial<AppConfig> = {
      rateLimits: { ...defaultRateLimits, refresh: { max: 4, windowMs: 60_000 }, regreq: { max: 10, windowMs: 60_000 } },
      loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
      trustProxy: true,
      scryptLog2N: 10,
    };
    beforeAll(async () => {
      t = await createTestApp(kind, limits);
      other = await buildApp({ ...t.config, demoData: 'off' });
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    counterContract('database', () => databaseCounter(() => t.app.db, 0));

    test('N requests spread over both processes pass, the next is 429 with Retry-After on either', async () => {
      const client = { 'x-forwarded-for': '203.0.113.7' };
      for (const app of [t.app, other, t.app, other]) expect((await refresh(app, client)).status).toBe(401);
      for (const app of [t.app, other]) {
        const blocked = await refresh(app, client);
        expect(blocked.status).toBe(429);
        expect(blocked.json).toEqual({ code: 'rate_limited', message: expect.any(String) });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Another client address, and another route, count on their own.
      expect((await refresh(other, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(401);
      expect((await call(other, 'POST', '/api/restore/', { body: { email: 'a@b.test' }, headers: client })).status).toBe(200);
    });

    test('requests at once on both processes never pass the limit', async () => {
      const client = { 'x-forwarded-for': '203.0.113.9' };
      const regreq = (app: FastifyInstance) => call(app, 'POST', '/api/regreq/', { body: { company_name: '' }, headers: client });
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => regreq(i % 2 ? t.app : other)));
      expect(answers.filter((a) => a.status !== 429)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    });

    test('failed logins for one account count across both processes', async () => {
      const login = (app: FastifyInstance, n: number, password: string) => call(app, 'POST', '/api/token/', {
        body: { email: 'manager@demo.test', password }, headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
      expect((await login(t.app, 1, 'guess')).status).toBe(401);
      expect((await login(other, 2, 'guess')).status).toBe(401);
      expect((await login(t.app, 3, 'guess')).status).toBe(401);
      const blocked = await login(other, 4, 'demo-password');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    test('ended windows are deleted', async () => {
      const counter = databaseCounter(() => t.app.db, 0);
      await counter.hit('short-lived', 50);
      await pause(100);
      await counter.hit('another', 60_000);
      // The sweep is not awaited by the hit that starts it; it is done within a moment.
      for (let i = 0; i < 20 && (await keys(t)).includes('short-lived'); i += 1) await pause(50);
      expect(await keys(t)).not.toContain('short-lived');
      expect(await keys(t)).toContain('another');
    });
  });
}

async function keys(t: TestApp): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`select key from rate_limits`.execute(t.app.db);
  return rows.map((r) => r.key);
}
