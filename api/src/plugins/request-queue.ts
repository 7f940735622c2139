// Fairness under load (issue 9 item 7). On SQLite every query runs synchronously on the event loop
// (better-sqlite3), so a request, once its handler starts, runs to its answer without giving the
// loop back; with 200 connections sending, one turn of the loop served every waiting request before
// reading anything new, and a health check or a static file (several turns: stat, open, read) waited
// seconds. Kysely's SQLite mutex also lets a newcomer pass a query that has waited (it wakes every
// waiter and the first to run wins), so a `select 1` could wait out a whole burst.
//
// So the API's requests (all of /api/ but the health check) wait here, before any of their work,
// in two queues, reads (GET, HEAD) and writes, and a few start per turn of the event loop, a turn
// of reads and a turn of writes in turn: a burst of writes delays a read by a turn at most; between
// batches the loop reads new requests, answers health checks and static files (never queued) and
// finishes file reads. At most `concurrency` run at once (with PostgreSQL a request waits on the
// network, so several run together). A queue longer than `queueLimit` answers a fast 503 with
// `Retry-After` instead of waiting: a client is told to come back rather than left hanging.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { sharedScope } from './shared-scope';
import { isApiRequest, normalisedPath } from './security-headers';

export interface RequestQueueOptions extends Record<string, unknown> {
  /** Requests waiting (reads and writes together) beyond which a new one is answered 503. */
  queueLimit: number;
  /** Requests of the API started and not yet answered, at most. */
  concurrency: number;
  /** Requests started per turn of the event loop, at most. */
  perTurn?: number;
  /** Seconds a client is told to wait (`Retry-After`) when the queue is full. */
  retryAfterSeconds?: number;
}

/** Never queued: what a load balancer asks to know whether the process lives. */
const HEALTH = '/api/health/';

/** An API request, however its path is spelt (`/%61pi/…` too), but the health check. */
const queued = (request: FastifyRequest) => isApiRequest(request) && normalisedPath(request.url) !== HEALTH;

/** A request held by the queue: `go` lets it on; `gone` when its client left before that. */
interface Held { go: () => void; started: boolean; settled: boolean }

export default sharedScope<RequestQueueOptions>(async function requestQueue(app, { queueLimit, concurrency, perTurn = 8, retryAfterSeconds = 1 }) {
  const reads: Held[] = [];
  const writes: Held[] = [];
  const held = new WeakMap<FastifyRequest, Held>();
  let running = 0;
  let readTurn = true;
  let scheduled = false;

  /**
   * Starts up to `perTurn` waiting requests, then gives the loop back. Turns take reads and writes
   * in turn, a batch of one kind each: reads started together see the same data, so they share
   * kept pages (lib/list-cache.ts) instead of each coming after another write and building anew.
   */
  const pump = () => {
    scheduled = false;
    const first = (readTurn && reads.length) || !writes.length ? reads : writes;
    readTurn = first !== reads;
    let started = 0;
    for (const from of [first, first === reads ? writes : reads]) {
      while (started < perTurn && running < concurrency && from.length) {
        const next = from.shift()!;
        if (next.settled) continue; // its client went away while it waited
        next.started = true;
        running++;
        started++;
        // Each in a callback of its own: the loop runs that request's microtasks (its synchronous
        // queries) before the next one starts.
        setImmediate(next.go);
      }
    }
    if (reads.length || writes.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // After this turn's I/O: new requests are read and health checks answered first.
    setImmediate(pump);
  };
  /** The request was answered or its client left: its place goes to the next. */
  const settle = (request: FastifyRequest) => {
    const entry = held.get(request);
    if (!entry || entry.settled) return;
    entry.settled = true;
    if (entry.started) {
      running--;
      schedule();
    }
  };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (!queued(request)) return done();
    if (reads.length + writes.length >= queueLimit) {
      reply.header('retry-after', String(retryAfterSeconds));
      return done(new ApiError(503, 'busy'));
    }
    const entry: Held = { go: () => done(), started: false, settled: false };
    held.set(request, entry);
    (request.method === 'GET' || request.method === 'HEAD' ? reads : writes).push(entry);
    schedule();
  });
  app.addHook('onResponse', async (request) => settle(request));
  app.addHook('onRequestAbort', async (request) => settle(request));

  app.decorate('requestQueue', {
    waiting: () => reads.filter((e) => !e.settled).length + writes.filter((e) => !e.settled).length,
    running: () => running,
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** What the request queue holds now (for tests and diagnostics). */
    requestQueue: { waiting(): number; running(): number };
  }
}
