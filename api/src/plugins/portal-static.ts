// Serves the built portal at `/` (design §3, §7): index.html, the run-time registry and every
// remote's mf-manifest.json / remoteEntry.js are `no-cache` (a redeployed remote appears on the
// next page load); every other file has a content hash in its name and is cached as immutable.
// Files are read from disk on each request (a remote team replaces its files while the server
// runs); ETag and Last-Modified let browsers revalidate cheaply. A GET outside /api/ with no file
// extension that matches no file is a portal route: it gets index.html.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedScope } from './shared-scope';

export interface PortalStaticOptions extends Record<string, unknown> {
  root: string;
  /** A JSON file served as /remotes.json instead of the one in `root`. */
  remotesRegistry?: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ALWAYS_FRESH = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);

export const cacheControlFor = (file: string) => (ALWAYS_FRESH.has(path.basename(file)) ? NO_CACHE : IMMUTABLE);

export default sharedScope<PortalStaticOptions>(async function portalStatic(app, { root, remotesRegistry }) {
  if (remotesRegistry) {
    const registry = path.resolve(remotesRegistry);
    app.get('/remotes.json', { logLevel: 'warn' }, async (_request, reply) => {
      const info = await stat(registry).catch(() => null);
      if (!info?.isFile()) return reply.callNotFound();
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('last-modified', info.mtime.toUTCString())
        .send(createReadStream(registry));
    });
  }

  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside every content-hashed file (scripts/build.mjs).
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(file));
      // The same URL answers gzip, brotli or plain bytes: a shared cache must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  app.portalFallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) return false;
    if (path.posix.extname(pathname) !== '') return false;
    void reply.header('cache-control', NO_CACHE).sendFile('index.html');
    return true;
  };
});
