// Where rate-limit counts live (issue 9). Behind a load balancer several API processes share one
// PostgreSQL, so their counts live there too (table `rate_limits`, migration 0009): otherwise two
// processes would allow twice the attempts. A hit is one upsert, which PostgreSQL serialises per
// key, so requests arriving at once on any process never count past the limit. SQLite serves one
// process, which counts in its memory. `counterStore` hands a counter to @fastify/rate-limit as its
// `store`; the login's per-account limit (lib/login-attempts.ts) uses a counter directly.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** The hits of one key in its current window, and the milliseconds until that window ends. */
export interface Count {
  hits: number;
  ttlMs: number;
}

export interface RateCounter {
  /** Counts one hit of `key`; the first hit after a window ended starts one of `windowMs`. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The count as it stands, without a hit ({0, 0} when no window is open). */
  peek(key: string): Promise<Count>;
  /** Forgets the key's count (a successful login empties its bucket). */
  clear(key: string): Promise<void>;
}

/** How often a process deletes the ended windows: rows (or entries) are never read once ended. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in the database every API process shares (PostgreSQL). `db` is looked up at the first
 * hit: the rate-limit plugin is set up before the database is opened.
 */
export function databaseCounter(db: () => Kysely<Database>, sweepEveryMs = SWEEP_EVERY_MS): RateCounter {
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < sweepEveryMs) return;
    lastSweep = Date.now();
    // Not awaited: the request does not wait for housekeeping, and a failed sweep (the database
    // closing) leaves rows that the next one deletes.
    sql`delete from rate_limits where resets_at <= now()`.execute(db()).catch(() => undefined);
  };
  const countOf = (row: { hits: number; ttl_ms: number } | undefined): Count =>
    row ? { hits: row.hits, ttlMs: Math.max(0, Math.ceil(row.ttl_ms)) } : { hits: 0, ttlMs: 0 };
  return {
    async hit(key, windowMs) {
      sweep();
      // All SET expressions see the row as it was: an ended window starts again at 1.
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limits as r (key, hits, resets_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}::double precision))
        on conflict (key) do update set
          hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
          resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
        returning hits, (extract(epoch from resets_at - now()) * 1000)::double precision as ttl_ms`.execute(db());
      return countOf(rows[0]);
    },
    async peek(key) {
      const { rows } = await sql<{ hits: number; ttl_ms: number }>`
        select hits, (extract(epoch from resets_at - now()) * 1000)::double precision as ttl_ms
        from rate_limits where key = ${key} and resets_at > now()`.execute(db());
      return countOf(rows[0]);
    },
    async clear(key) {
      await sql`delete from rate_limits where key = ${key}`.execute(db());
    },
  };
}

/** Counts in this process's memory (SQLite: one process serves the database). */
export function memoryCounter(sweepEveryMs = SWEEP_EVERY_MS): RateCounter {
  const windows = new Map<string, { hits: number; resetsAt: number }>();
  let lastSweep = Date.now();
  const open = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.resetsAt > now ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now - lastSweep >= sweepEveryMs) {
        lastSweep = now;
        for (const [k, w] of windows) if (w.resetsAt <= now) windows.delete(k);
      }
      const window = open(key, now) ?? { hits: 0, resetsAt: now + windowMs };
      window.hits += 1;
      windows.set(key, window);
      return { hits: window.hits, ttlMs: window.resetsAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const window = open(key, now);
      return window ? { hits: window.hits, ttlMs: window.resetsAt - now } : { hits: 0, ttlMs: 0 };
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/**
 * What @fastify/rate-limit hands a store's `child`: the route's limit settings, and (not in its
 * types) the route's method and URL as `routeInfo`, empty for a limiter made by `createRateLimit`.
 */
type RouteScope = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

class CounterStore implements FastifyRateLimitStore {
  constructor(private readonly counter: RateCounter, private readonly prefix: string) {}

  incr(key: string, done: Done, timeWindow: number): void {
    this.counter.hit(this.prefix + key, timeWindow).then(
      ({ hits, ttlMs }) => done(null, { current: hits, ttl: ttlMs }),
      (error: Error) => done(error),
    );
  }

  read(key: string, done: Done): void {
    this.counter.peek(this.prefix + key).then(
      ({ hits, ttlMs }) => done(null, { current: hits, ttl: ttlMs }),
      (error: Error) => done(error),
    );
  }

  /** Each limited route counts on its own: its keys begin with its method and URL. */
  child(options: RouteScope): CounterStore {
    const { method, url } = options.routeInfo ?? {};
    const route = url ? `${[method ?? ''].flat().join(',')} ${url} ` : '';
    return new CounterStore(this.counter, this.prefix + route);
  }
}

/** A @fastify/rate-limit `store` that counts with `counter`. */
export function counterStore(counter: RateCounter): FastifyRateLimitStoreCtor {
  return class extends CounterStore {
    constructor() {
      super(counter, '');
    }
  };
}
