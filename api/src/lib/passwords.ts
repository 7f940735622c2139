// Password hashes: node:crypto scrypt, N=2^17, r=8, p=1 (design §11), stored self-describing as
// `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so that the cost can rise without a migration.
//
// One hash takes ~275 ms and 128 MiB on libuv's thread pool (4 threads by default), the pool that
// also reads files, resolves names and compresses streams (issue 17 item 4): every hash (a login, the
// dummy an unknown email is checked against, a restore, the demo data) passes one gate per process,
// at most PASSWORD_HASH_CONCURRENCY at once with PASSWORD_HASH_QUEUE more waiting their turn; beyond
// that it is refused at once with 503 `sign_in_busy` and a Retry-After (a login keeps its count).
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

export interface Gate {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
  limits: GateLimits;
}

/** A semaphore with a bounded queue; a place is handed straight to the next waiter, in order. */
export function createGate(limits: GateLimits): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];
  // How long a task takes, smoothed: what a refused caller is told to wait.
  let averageMs = 300;
  const gate: Gate = {
    limits,
    load: () => ({ running, waiting: waiting.length }),
    async run(task) {
      if (running < gate.limits.concurrency) {
        running++;
      } else {
        if (waiting.length >= gate.limits.queue) {
          throw new PasswordHashBusy(Math.max(1, Math.ceil(((waiting.length + running) * averageMs) / gate.limits.concurrency / 1000)));
        }
        await new Promise<void>((resolve) => { waiting.push(resolve); });
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
        const next = waiting.shift();
        if (next) next();
        else running--;
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

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return gate.run(() => new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: memoryFor(options) }, (err, key) =>
      (err ? reject(err) : resolve(key)));
  }));
}

export async function hashPassword(password: string, log2N = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await derive(password, salt, { N: 2 ** log2N, r, p });
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const PATTERN = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PATTERN.exec(stored);
  if (!match) return false;
  const [, log2N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: 2 ** Number(log2N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string, log2N: number): Promise<void> {
  // A dummy refused by a full gate is made by the next caller.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), log2N).catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(password, await dummyHash);
}
