// Serves the built portal at `/` (design §3, §7): the run-time registry and every remote's
// mf-manifest.json / remoteEntry.js are `no-cache` (a redeployed remote appears on the next page
// load); every other file has a content hash in its name and is cached as immutable. Files are
// read from disk on each request (a remote team replaces its files while the server runs); ETag and
// Last-Modified let browsers revalidate cheaply. A GET outside /api/ with no file extension that
// matches no file is a portal route: it gets the portal's page.
//
// The page (index.html, at `/`, `/index.html` and every portal route) is made per answer: a fresh
// nonce takes the place of NONCE_PLACEHOLDER in it and in its Content-Security-Policy (issue 9
// item 1), so its own inline style and scripts run, antd's run-time <style> tags are let in
// (the host passes the nonce to ConfigProvider), and an injected script or style is refused.
// A page holding a one-time nonce is never stored (`no-store`, no validators).
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
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
const ALWAYS_FRESH = new Set(['remotes.json', 'mf-manifest.json', 'remoteEntry.js']);

export const cacheControlFor = (file: string) => (ALWAYS_FRESH.has(path.basename(file)) ? NO_CACHE : IMMUTABLE);

/** What host/index.html writes where the answer's nonce goes (its <meta property="csp-nonce">, <style>, <script>s). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

// An origin as the policy may name it: scheme, a host of letters, digits, dots and dashes (or an IPv6
// literal), a port. Anything else a registry could hold (`;`, quotes, spaces) never reaches the header.
const PLAIN_ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;
const SELF = 'http://portal.invalid';

/**
 * The origins of the registry's remotes that live elsewhere than the portal (an entry given as an
 * absolute URL): the page loads their manifests, scripts, styles, fonts and images, so the policy
 * names them. An entry on the portal's own origin (a path) needs nothing beyond 'self'.
 */
export function remoteOrigins(registry: unknown): string[] {
  const remotes = (registry as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  const origins = new Set<string>();
  for (const remote of remotes) {
    const entry = (remote as { entry?: unknown } | null)?.entry;
    if (typeof entry !== 'string') continue;
    let origin: string;
    try {
      origin = new URL(entry, `${SELF}/`).origin;
    } catch {
      continue;
    }
    if (origin !== SELF && PLAIN_ORIGIN.test(origin)) origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * The portal page's Content-Security-Policy. Scripts and styles come from the portal and its
 * remotes, inline ones only with the answer's nonce (index.html's own, antd's CSS-in-JS, the host's
 * few <style> elements), never 'unsafe-inline' or 'unsafe-eval'. Images may be data: URLs (the
 * page's empty favicon). No plugins, no <base> elsewhere, forms post only to the portal, and no
 * other site may frame the page.
 */
export function portalPolicy(nonce: string, origins: string[]): string {
  const from = ["'self'", ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${from} 'nonce-${nonce}'`,
    `style-src ${from} 'nonce-${nonce}'`,
    `connect-src ${from}`,
    `img-src ${from} data:`,
    `font-src ${from}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default sharedScope<PortalStaticOptions>(async function portalStatic(app, { root, remotesRegistry }) {
  const page = path.join(path.resolve(root), 'index.html');
  const registryFile = remotesRegistry ? path.resolve(remotesRegistry) : path.join(path.resolve(root), 'remotes.json');
  const readRegistry = () => readFile(registryFile, 'utf8').then((text): unknown => JSON.parse(text)).catch(() => null);

  const sendPage = async (reply: FastifyReply) => {
    const [html, registry] = await Promise.all([readFile(page, 'utf8'), readRegistry()]);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', portalPolicy(nonce, remoteOrigins(registry)))
      .send(html.split(NONCE_PLACEHOLDER).join(nonce));
  };
  app.get('/', (_request, reply) => sendPage(reply));
  app.get('/index.html', (_request, reply) => sendPage(reply));

  if (remotesRegistry) {
    app.get('/remotes.json', { logLevel: 'warn' }, async (_request, reply) => {
      const info = await stat(registryFile).catch(() => null);
      if (!info?.isFile()) return reply.callNotFound();
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('last-modified', info.mtime.toUTCString())
        .send(createReadStream(registryFile));
    });
  }

  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: '/',
    wildcard: true,
    // The page is never sent as a file (sendPage above makes it): not as a folder's index, nor by
    // another spelling of its path.
    index: false,
    allowedPath: (pathname) => path.posix.basename(pathname) !== 'index.html',
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
    sendPage(reply).catch((err: unknown) => reply.send(err));
    return true;
  };
});
