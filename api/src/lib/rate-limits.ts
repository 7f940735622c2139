// Rate limits (design §6: 429 with Retry-After). Each limited route names its limit with
// `rateLimitOf`; @fastify/rate-limit counts per client address in the store `rateLimitPluginOptions`
// picks: on PostgreSQL the database every API process shares, so that two processes behind nginx
// allow no more than one would (issue 9); on SQLite, one process, the plugin's own memory store.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppConfig, RateLimit } from '../config';
import { dialectOf } from '../db/connect';
import { counterStore, databaseCounter, memoryCounter, type RateCounter } from './rate-limit-store';

/** Per-route settings for @fastify/rate-limit: per client address, Retry-After on a 429. */
export const rateLimitOf = ({ max, windowMs }: RateLimit) => ({ max, timeWindow: windowMs });

/** The plugin's options: limits only where a route asks, counted where every process sees them. */
export function rateLimitPluginOptions(app: FastifyInstance, config: AppConfig): RateLimitPluginOptions {
  return dialectOf(config.databaseUrl) === 'postgres'
    ? { global: false, store: counterStore(databaseCounter(() => app.db)) }
    : { global: false };
}

/** A counter for limits a route applies itself (the login's per account): shared on PostgreSQL. */
export function rateCounterOf(app: FastifyInstance): RateCounter {
  return app.dialect === 'postgres' ? databaseCounter(() => app.db) : memoryCounter();
}
