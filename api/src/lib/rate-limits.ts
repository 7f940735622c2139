import type { RateLimit } from '../config';

/** Per-route settings for @fastify/rate-limit: per client address, Retry-After on a 429. */
export const rateLimitOf = ({ max, windowMs }: RateLimit) => ({ max, timeWindow: windowMs });
