// Serves the built portal at `/` (design §3, §7): the run-time registry view and the host's
// mf-manifest.json are `no-cache`; every other file has a content hash in its name and is cached as
// immutable. Files are served from memory (plugins/memory-static.ts: read once, checked with a
// synchronous stat per request, never through the thread pool the password hashes take, issue 17
// item 4); ETag and Last-Modified let browsers revalidate cheaply. A GET outside /api/ with no file
// extension that matches no file is a portal route: it gets the portal's page. The remotes' files are
// their releases' (plugins/releases.ts, /remotes/<name>/<id>/…): the built folders under
// dist/remotes/ are only the seed of the first ones.
//
// The page (index.html, at `/`, `/index.html` and every portal route) is made per answer: a fresh
// nonce takes the place of NONCE_PLACEHOLDER in it and in its Content-Security-Policy (issue 9
// item 1), so its own inline style and scripts run, antd's run-time <style> tags are let in
// (the host passes the nonce to ConfigProvider), and an injected script or style is refused.
// A page holding a one-time nonce is never stored (`no-store`, no validators); it is compressed here,
// synchronously, as the client accepts (brotli or gzip), not streamed through the thread pool.
// It also carries its registry (issue 15 item 4): the remotes with a live release that every role
// sees, as JSON in place of REGISTRY_PLACEHOLDER, and a preload of the remoteEntry of the remote
// the requested path is in and of its exposed module's files, in place of PRELOAD_PLACEHOLDER. With REMOTE_OVERRIDES=on, a valid
// override cookie replaces its remote's entry there, and its origin joins the page's policy.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryRemote } from '@portal/shared';
import { applyOverrides, overrideOrigins } from '../lib/releases/overrides';
import { openToEveryRole, scriptJson } from '../lib/releases/registry';
import { releaseEntryFiles, releaseManifestUrl } from '../lib/releases/release-store';
import { isApiRequest } from './security-headers';
import { acceptedEncodings, FileCache, serveFromMemory } from './memory-static';
import { sharedScope } from './shared-scope';

export interface PortalStaticOptions extends Record<string, unknown> {
  root: string;
  /** A JSON file served as /remotes.json instead of the one in `root`. */
  remotesRegistry?: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ALWAYS_FRESH = new Set(['remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** The page's registry: `{"remotes": RegistryRemote[]}`, the remotes every role sees. */
export const REGISTRY_PLACEHOLDER = '__PORTAL_REGISTRY__';
/** Where the page preloads the remoteEntry.js of the remote its path is in, and its exposed module's files. */
export const PRELOAD_PLACEHOLDER = '__PORTAL_PRELOAD__';

export const cacheControlFor = (file: string) => (ALWAYS_FRESH.has(path.basename(file)) ? NO_CACHE : IMMUTABLE);

/** What host/index.html writes where the answer's nonce goes (its <meta property="csp-nonce">, <style>, <script>s). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
const PLACEHOLDERS = new RegExp(`${NONCE_PLACEHOLDER}|${REGISTRY_PLACEHOLDER}|${PRELOAD_PLACEHOLDER}`, 'g');

/** The remote whose base path `pathname` is in, if any. */
const remoteAt = (remotes: RegistryRemote[], pathname: string) =>
  remotes.find((remote) => pathname === remote.basePath || pathname.startsWith(`${remote.basePath}/`));

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

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
 * page's empty favicon) and blob: URLs (photos fetched through the API client). No plugins, no <base> elsewhere, forms post only to the portal, and no
 * other site may frame the page.
 */
export function portalPolicy(nonce: string, origins: string[]): string {
  const from = ["'self'", ...origins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${from} 'nonce-${nonce}'`,
    `style-src ${from} 'nonce-${nonce}'`,
    `connect-src ${from}`,
    // blob: the object URLs of photos fetched with the bearer token (a claim's photos).
    `img-src ${from} data: blob:`,
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
  const files = new FileCache();
  const readText = (file: string) => files.get(file)?.body?.toString('utf8');
  const readRegistry = (): unknown => {
    try {
      return JSON.parse(readText(registryFile) ?? 'null');
    } catch {
      return null;
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const overrides = await app.releases.overridesOf(request.headers.cookie);
    const html = readText(page);
    if (html === undefined) throw new Error(`${page} cannot be read`);
    const [registry, live] = await Promise.all([readRegistry(), app.releases.registry.remotes(app.db)]);
    const remotes = applyOverrides(live.filter(openToEveryRole), overrides);
    const here = remoteAt(remotes, request.url.split('?')[0]);
    const nonce = randomBytes(16).toString('base64');
    const values: Record<string, string> = {
      [NONCE_PLACEHOLDER]: nonce,
      [REGISTRY_PLACEHOLDER]: scriptJson({ remotes }),
      [PRELOAD_PLACEHOLDER]: here?.remoteEntry ? [here.remoteEntry, ...releaseEntryFiles(app.releases.files, here.name, here.release)]
        .map((url) => `<link rel="preload" as="${url.endsWith('.css') ? 'style' : 'script'}" href="${escapeAttribute(url)}" nonce="${nonce}">`).join('') : '',
    };
    const origins = [...new Set([...remoteOrigins(registry), ...overrideOrigins(overrides)])].sort();
    // One pass: a placeholder's text inside the registry (a remote's menu words) is never replaced.
    const body = Buffer.from(html.replace(PLACEHOLDERS, (placeholder) => values[placeholder]));
    const [encoding] = acceptedEncodings(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', portalPolicy(nonce, origins))
      .header('vary', 'Accept-Encoding');
    if (!encoding || body.length < 1024) return reply.send(body);
    return reply.header('content-encoding', encoding).send(encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 6 }));
  };
  app.get('/', (request, reply) => sendPage(request, reply));
  app.get('/index.html', (request, reply) => sendPage(request, reply));

  // The seed registry as a read-only view: a remote with a live release names that release's manifest.
  app.get('/remotes.json', { logLevel: 'warn' }, async (_request, reply) => {
    const seed = readRegistry();
    const entries = (seed as { remotes?: unknown } | null)?.remotes;
    if (!Array.isArray(entries)) return reply.callNotFound();
    const live = new Map((await app.releases.registry.remotes(app.db)).map((remote) => [remote.name, remote.release]));
    const remotes = entries.map((entry: unknown) => {
      const name = (entry as { name?: unknown } | null)?.name;
      const release = typeof name === 'string' ? live.get(name) : undefined;
      return release && typeof name === 'string' ? { ...(entry as object), entry: releaseManifestUrl(name, release) } : entry;
    });
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .send(JSON.stringify({ remotes }));
  });

  serveFromMemory(app, {
    root,
    prefix: '/',
    cache: files,
    // The page is never sent as a file (sendPage above makes it): not as a folder's index, nor by
    // another spelling of its path.
    // The remotes' files are their releases' (plugins/releases.ts), never the built seed folders.
    allowedPath: (pathname) => path.posix.basename(pathname) !== 'index.html' && !/^\/?remotes(\/|\.json$)/.test(pathname),
    // The build writes .br and .gz beside every content-hashed file (scripts/build.mjs).
    // The same URL answers gzip, brotli or plain bytes: a shared cache must keep them apart.
    headers: (file) => ({ 'cache-control': cacheControlFor(file), vary: 'Accept-Encoding' }),
    lastModified: true,
  });

  app.portalFallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // An API path however it is spelt (`/%61pi/…`, `//api/…`) is the API's 404, never the page.
    if (isApiRequest(request)) return false;
    const pathname = request.url.split('?')[0];
    if (path.posix.extname(pathname) !== '') return false;
    sendPage(request, reply).catch((err: unknown) => reply.send(err));
    return true;
  };
});
