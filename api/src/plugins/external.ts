// Third-party setup: CORS (only for the origins configured, for development servers), compression
// of JSON and static files, multipart parsing, and rate limiting, which routes switch on through `config.rateLimit`.
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { constants } from 'node:zlib';
import type { AppConfig } from '../config';
import { rateLimitPluginOptions } from '../lib/rate-limits';
import { sharedScope } from './shared-scope';

export default sharedScope<{ config: AppConfig }>(async function external(app, { config }) {
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false, maxAge: 600 });
  }
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs far too much CPU per request for on-the-fly compression.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, rateLimitPluginOptions(app, config));
  // Multipart bodies are read by the areas that take files (lib/form.ts), within the upload limit.
  await app.register(multipart, { limits: { fileSize: config.uploadLimitMb * 1024 * 1024 } });
});
