import crypto from 'node:crypto';
import { call, createTestApp, DEMO_PASSWORD, TEST_PASSWORD_HASH_COST, testDatabases, tokensFor, until, type TestApp } from '../test/test-app';
import {
  configurePasswordHashing, createGate, defaultPasswordHashing, hashPassword, HASHES_PER_HOLDER, PASSWORD_HASH_COST, PasswordHashBusy, passwordHashLoad, verifyPassword,
} from './passwords';

/** Holds every scrypt call until `release` (then they run, and later calls run at once): hashes that cannot end before the test says. */
function holdScrypt() {
  const held: Array<() => void> = [];
  const realScrypt = crypto.scrypt;
  const spy = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: Parameters<typeof crypto.scrypt>) => {
    held.push(() => (realScrypt as (...a: unknown[]) => void)(...args));
  }) as typeof crypto.scrypt);
  return {
    get held() { return held.length; },
    release() {
      spy.mockRestore();
      for (const run of held.splice(0)) run();
    },
  };
}

describe('password hashes', () => {
  test('scrypt N=2^17, r=8, p=1 by default, stored self-describing with its salt', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  test('each hash has its own salt; the cost is read from the hash', async () => {
    const a = await hashPassword('same', 10);
    const b = await hashPassword('same', 10);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$10$')).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  test('a malformed stored value never matches', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'pbkdf2$whatever')).toBe(false);
  });
});

describe('the hashing gate (issue 17 item 4)', () => {
  /** A task the test ends when it likes; `started` when the gate let it run. */
  const controlled = () => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => { finish = resolve; });
    const task = { started: false, finish, run: async () => { task.started = true; await done; return 'ok'; } };
    return task;
  };

  test('never more tasks at once than the bound; the next waiter starts when one ends, in order; past the queue, refused at once', async () => {
    const gate = createGate({ concurrency: 2, queue: 3 });
    const tasks = Array.from({ length: 6 }, controlled);
    const results = tasks.map((task) => gate.run(task.run).then((v) => v, (err: unknown) => err));
    await new Promise((r) => setImmediate(r));
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false, false, false]);
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });
    const refused = await results[5];
    expect(refused).toBeInstanceOf(PasswordHashBusy);
    expect(refused).toMatchObject({ statusCode: 503, code: 'sign_in_busy' });
    expect((refused as PasswordHashBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    tasks[1].finish();
    await results[1];
    await new Promise((r) => setImmediate(r));
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false, false, false]);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    for (const task of tasks) task.finish();
    expect(await Promise.all(results.slice(0, 5))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  test('one holder (an address, an account) holds at most two places, running or waiting; the rest of it is refused at once, others still get in (issue 30 item 5)', async () => {
    const gate = createGate({ concurrency: 1, queue: 16 });
    const tasks = Array.from({ length: 5 }, controlled);
    const guesser = ['address 203.0.113.5', 'account 7'];
    const results = tasks.slice(0, 3).map((task) => gate.run(task.run, guesser).then((v) => v, (err: unknown) => err));
    // The same account from another address, the same address for another account: full too.
    const sameAccount = gate.run(tasks[3].run, ['address 198.51.100.1', 'account 7']).then((v) => v, (err: unknown) => err);
    const someoneElse = gate.run(tasks[4].run, ['address 198.51.100.2', 'account 8']).then((v) => v, (err: unknown) => err);
    await new Promise((r) => setImmediate(r));
    expect(HASHES_PER_HOLDER).toBe(2);
    expect(await results[2]).toBeInstanceOf(PasswordHashBusy);
    expect(await sameAccount).toBeInstanceOf(PasswordHashBusy);
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    expect((await Promise.allSettled([gate.run(async () => 'x', ['address 203.0.113.5'])]))[0].status).toBe('rejected');

    tasks[0].finish();
    expect(await results[0]).toBe('ok');
    // One place freed: the holder may take one again.
    const again = controlled();
    const next = gate.run(again.run, guesser);
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    for (const task of [...tasks, again]) task.finish();
    expect(await Promise.all([results[1], someoneElse, next])).toEqual(['ok', 'ok', 'ok']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  test('a failed task frees its place too', async () => {
    const gate = createGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });

  test('every hash and verification goes through it', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1 });
    try {
      const stored = await hashPassword('secret', 10);
      const answers = await Promise.allSettled([verifyPassword('secret', stored), hashPassword('other', 10), verifyPassword('wrong', stored)]);
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashBusy);
      expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 });
    } finally {
      configurePasswordHashing(defaultPasswordHashing());
    }
  });
});

describe.each(testDatabases())('many logins at once on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { scryptLog2N: 10, passwordHashing: { concurrency: 1, queue: 2 } });
  });
  afterAll(async () => {
    configurePasswordHashing(defaultPasswordHashing());
    await t?.close();
  });

  const login = (email: string, password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password }, remoteAddress })
    .then((answer) => ({ status: answer.statusCode, headers: answer.headers, json: answer.json() }));

  test('one hash runs, two wait, the rest are refused at once: 503 with Retry-After and a clear message, never a 500', async () => {
    // Hold every scrypt until all the refusals are in: the hashes cannot finish before the last login arrives.
    const scrypts = holdScrypt();
    try {
      const emails = ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test'];
      let answered = 0;
      // Each from an address of its own: one address holds at most two places (the test below).
      const logins = Array.from({ length: 8 }, (_, i) => login(emails[i % 4], `wrong-${i}`, `192.0.2.${i + 1}`)
        .then((answer) => { answered++; return answer; }));
      await until(() => answered >= 5);
      expect(passwordHashLoad()).toEqual({ running: 1, waiting: 2 });
      expect(scrypts.held).toBe(1);
      scrypts.release();
      const answers = await Promise.all(logins);
      expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 401, 503, 503, 503, 503, 503]);
      for (const refused of answers.filter((a) => a.status === 503)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(refused.json).toEqual({ code: 'sign_in_busy', message: 'Сейчас проверяется слишком много паролей одновременно. Повторите вход через несколько секунд.' });
      }
      // The right password still signs in once the storm has passed.
      expect((await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
    } finally {
      scrypts.release();
    }
  });
});

describe.each(testDatabases())('one user guessing many passwords at once on %s (issue 30 item 5)', (kind) => {
  let t: TestApp;
  const many = { max: 1_000_000, windowMs: 60_000 };
  beforeAll(async () => {
    t = await createTestApp(kind, { scryptLog2N: 10, passwordHashing: { concurrency: 1, queue: 16 }, rateLimits: { login: many, refresh: many, restore: many, regreq: many }, loginFailuresPerAccount: many });
  });
  afterAll(async () => {
    configurePasswordHashing(defaultPasswordHashing());
    await t?.close();
  });

  test('48 wrong current passwords at once hold two places of the queue; an admin signing in meanwhile gets in', async () => {
    const scrypts = holdScrypt();
    try {
      const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
      let answered = 0;
      const guesses = Array.from({ length: 48 }, (_, i) => t.app.inject({
        method: 'POST', url: '/api/users/me/password/', remoteAddress: '203.0.113.5',
        headers: { authorization: `Bearer ${dealer}` }, payload: { current_password: `guess-${i}`, password: 'a-new-password' },
      }).then((answer) => { answered++; return answer; }));
      await until(() => answered >= 46);
      expect(passwordHashLoad()).toEqual({ running: 1, waiting: 1 });
      const admin = t.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '198.51.100.9', payload: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
      await until(() => passwordHashLoad().waiting >= 2);
      scrypts.release();
      const answers = await Promise.all(guesses);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(2).fill(400), ...Array(46).fill(503)]);
      expect(answers.find((a) => a.statusCode === 503)!.json().code).toBe('sign_in_busy');
      expect((await admin).statusCode).toBe(200);
    } finally {
      scrypts.release();
    }
  });
});

describe('the production cost (issue 29 item 1)', () => {
  // The other API tests hash at TEST_PASSWORD_HASH_COST; this one keeps the cost of design §11.
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp('sqlite', { scryptLog2N: PASSWORD_HASH_COST }); });
  afterAll(async () => { await t?.close(); });

  test('the demo accounts are hashed at 17 and a sign-in checks their hash at 17', async () => {
    const { password_hash: stored } = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow();
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$/);
    expect((await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: 'wrong-password' } })).status).toBe(401);
  });

  test('a hash made at 17 is checked at 17 by an application whose own cost is lower', async () => {
    const cheap = await createTestApp('sqlite');
    try {
      expect(cheap.config.scryptLog2N).toBe(TEST_PASSWORD_HASH_COST);
      await cheap.app.db.updateTable('users').set({ password_hash: await hashPassword('made at seventeen', 17) }).where('email', '=', 'manager@demo.test').execute();
      expect((await call(cheap.app, 'POST', '/api/token/', { body: { email: 'manager@demo.test', password: 'made at seventeen' } })).status).toBe(200);
    } finally {
      await cheap.close();
    }
  });
});
