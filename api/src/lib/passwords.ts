// Password hashes: node:crypto scrypt, N=2^17, r=8, p=1 (design §11), stored self-describing as
// `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so that the cost can rise without a migration.
//
// One hash takes ~275 ms and 128 MiB on libuv's thread pool (4 threads by default), the pool that
// also reads files, resolves names and compresses streams (issue 17 item 4): every hash (a login, the
// dummy an unknown email is checked against, a restore, the demo data) passes one gate per process,
// at most PASSWORD_HASH_CONCURRENCY at once with PASSWORD_HASH_QUEUE more waiting their turn; beyond
// that it is refused at once with 503 `sign_in_busy` and a Retry-After (a login keeps its count).
// A hash asked for by a request names its holders: the client's address and the account (issue 30
// item 5). Each holder holds at most HASHES_PER_HOLDER of the gate's places, running or waiting, so
// one user or one address sending many guesses at once cannot fill the queue that everyone's
// sign-in waits in: its third is refused at once, the others' still get in.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import os from 'node:os';
import { ApiError } from './api-error';

/** The cost of a new hash in production, log2 of scrypt's N (design §11); PASSWORD_HASH_COST (config.ts). */
export const PASSWORD_HASH_COST = 17;
const KEY_LENGTH = 32;
// scrypt needs about 128·N·r bytes (128 MiB at N=2^17, r=8); Node's default maxmem is 32 MiB.
const memoryFor = ({ N = 0, r = 8 }: ScryptOptions) => Math.max(32 * 1024 * 1024, 2 * 128 * N * r);

export interface GateLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a place; one more is refused. */
  queue: number;
}

/** Thrown by a full gate: 503 `sign_in_busy`; `retryAfterSeconds` goes out as Retry-After (plugins/security-headers.ts, for every route). */
export class PasswordHashBusy extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'sign_in_busy');
  }
}

/** Places in the gate one holder (an address, an account) may hold at once, running or waiting. */
export const HASHES_PER_HOLDER = 2;

export interface Gate {
  /** Runs `task` in its turn; `holders` (an address, an account) each hold one more place until it ends. */
  run<T>(task: () => Promise<T>, holders?: readonly string[]): Promise<T>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
  limits: GateLimits;
}

/** A semaphore with a bounded queue; a place is handed straight to the next waiter, in order. */
export function createGate(limits: GateLimits): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Places held per holder, only while it holds one. */
  const held = new Map<string, number>();
  // How long a task takes, smoothed: what a refused caller is told to wait.
  let averageMs = 300;
  const busy = () => new PasswordHashBusy(Math.max(1, Math.ceil(((waiting.length + running) * averageMs) / gate.limits.concurrency / 1000)));
  const hold = (holders: readonly string[], by: 1 | -1) => {
    for (const holder of holders) {
      const count = (held.get(holder) ?? 0) + by;
      if (count > 0) held.set(holder, count);
      else held.delete(holder);
    }
  };
  const gate: Gate = {
    limits,
    load: () => ({ running, waiting: waiting.length }),
    async run(task, holders = []) {
      const own = [...new Set(holders)];
      if (own.some((holder) => (held.get(holder) ?? 0) >= HASHES_PER_HOLDER)) throw busy();
      if (running >= gate.limits.concurrency && waiting.length >= gate.limits.queue) throw busy();
      hold(own, 1);
      try {
        if (running < gate.limits.concurrency) running++;
        else await new Promise<void>((resolve) => { waiting.push(resolve); });
        const started = performance.now();
        try {
          return await task();
        } finally {
          averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
          const next = waiting.shift();
          if (next) next();
          else running--;
        }
      } finally {
        hold(own, -1);
      }
    },
  };
  return gate;
}

/**
 * Hashes at once by default: half the cores, at least 1, and always one thread of the pool left
 * for files and the rest (UV_THREADPOOL_SIZE, 4 by default). 16 may wait (about 4.5 s at 275 ms each).
 */
export function defaultPasswordHashing(): GateLimits {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return { concurrency: Math.max(1, Math.min(Math.floor(os.availableParallelism() / 2), pool - 1)), queue: 16 };
}

// One gate for the process: the thread pool and the memory are the process's, whatever app runs in it.
const gate = createGate(defaultPasswordHashing());

/** Sets the process's limits (buildApp's configuration: PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(limits: GateLimits): void {
  gate.limits = { concurrency: Math.max(1, Math.floor(limits.concurrency)), queue: Math.max(0, Math.floor(limits.queue)) };
}

/** Hashes running and waiting now. */
export const passwordHashLoad = () => gate.load();

/** Who asks for a hash: the client's address and, when known, the account (an email or a user id). */
export function hashHolders(request: { ip: string }, account?: string | number): string[] {
  return [`address ${request.ip}`, ...(account === undefined ? [] : [`account ${account}`])];
}

function derive(password: string, salt: Buffer, options: ScryptOptions, holders?: readonly string[]): Promise<Buffer> {
  return gate.run(() => new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: memoryFor(options) }, (err, key) =>
      (err ? reject(err) : resolve(key)));
  }), holders);
}

export async function hashPassword(password: string, log2N = PASSWORD_HASH_COST, holders?: readonly string[]): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await derive(password, salt, { N: 2 ** log2N, r, p }, holders);
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const PATTERN = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, stored: string, holders?: readonly string[]): Promise<boolean> {
  const match = PATTERN.exec(stored);
  if (!match) return false;
  const [, log2N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: 2 ** Number(log2N), r: Number(r), p: Number(p) }, holders);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string, log2N: number, holders?: readonly string[]): Promise<void> {
  // A dummy refused by a full gate is made by the next caller.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), log2N).catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(password, await dummyHash, holders);
}
