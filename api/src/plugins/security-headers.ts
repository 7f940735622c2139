// Headers every answer carries (issue 9 item 1). Tokens live in the browser's localStorage and
// restore links carry their secret in the path, so:
// - `Referrer-Policy: no-referrer`: no address (a restore link above all) leaves the page in a Referer;
// - `X-Frame-Options: DENY` (with the portal's `frame-ancestors 'none'`): no other site frames the
//   portal to trick a click;
// - `X-Content-Type-Options: nosniff`: an uploaded file is never run as a script or a style, whatever
//   its bytes look like (it is the defence for `script-src 'self'`: the API serves uploads from
//   the portal's origin);
// - every /api/ answer is `Cache-Control: no-store` unless its route chose its own caching (the
//   Swagger UI's files): tokens, the profile and lists never stay in a browser's or a proxy's cache;
// - every /api/ answer but the Swagger UI's page is a document that may run nothing and be framed by
//   no one (`default-src 'none'`): a downloaded file opened in the browser stays inert.
// The portal's page gets its own Content-Security-Policy from portal-static.ts (it needs a nonce).
// An error that tells how long to wait (`retryAfterSeconds`: a dealer's upload quota, a full password gate) carries
// Retry-After.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedScope } from './shared-scope';

/** The policy of an API answer: nothing may load or run in it, and no page may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The path as the router may read it, for choosing headers: percent-escapes decoded (again and
 * again, any case, `%2F` too), backslashes as slashes, repeated slashes as one, `.` and `..`
 * resolved, lower case. `/%61pi/users/me/`, `/%2Fapi/…`, `//api/…`, `/api/../api/…` and
 * `/%2e%2E/Api/…` all read `/api/…`: a decision made on the raw text would leave the user's JSON
 * without `no-store`. Reading more paths as /api/ than the router does only makes headers stricter.
 */
export function normalisedPath(url: string): string {
  let pathname = url.split(/[?#]/)[0];
  for (let i = 0; i < 5; i += 1) {
    const decoded = pathname.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === pathname) break;
    pathname = decoded;
  }
  const segments: string[] = [];
  for (const segment of pathname.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = /[/\\]\.{0,2}$/.test(pathname) && segments.length ? '/' : '';
  return `/${segments.join('/')}${trailing}`.toLowerCase();
}

const apiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const docsPath = (pathname: string) => pathname === '/api/docs' || pathname.startsWith('/api/docs/');

/** Whether a request is to the API: by the route it matched, or by its normalised path. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions?.url;
  return (route !== undefined && apiPath(route)) || apiPath(normalisedPath(request.url));
}

// Swagger UI (plugins/docs.ts) is a page of scripts and styles of its own: it keeps its own rules,
// when both the route it matched and its normalised path are the docs'.
function isDocsRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions?.url;
  return (route === undefined || docsPath(route)) && docsPath(normalisedPath(request.url));
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('x-frame-options', 'DENY');
  void reply.header('referrer-policy', 'no-referrer');
  if (!isApiRequest(request)) return;
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  if (!isDocsRequest(request) && !reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', API_POLICY);
}

/** An error that says how long to wait (`retryAfterSeconds`: upload quota, password gate) answers with Retry-After. */
export function applyRetryAfter(reply: FastifyReply, error: unknown): void {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(Math.ceil(seconds)));
}

export default sharedScope(async function securityHeaders(app) {
  app.addHook('onError', (_request, reply, error, done) => {
    applyRetryAfter(reply, error);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    done(null, payload);
  });
});
