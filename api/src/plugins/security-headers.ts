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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedScope } from './shared-scope';

/** The policy of an API answer: nothing may load or run in it, and no page may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
// Swagger UI (plugins/docs.ts) is a page of scripts and styles of its own: it keeps its own rules.
const isDocs = (pathname: string) => pathname === '/api/docs' || pathname.startsWith('/api/docs/');

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('x-frame-options', 'DENY');
  void reply.header('referrer-policy', 'no-referrer');
  const pathname = request.url.split('?')[0];
  if (!isApi(pathname)) return;
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  if (!isDocs(pathname) && !reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', API_POLICY);
}

export default sharedScope(async function securityHeaders(app) {
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    done(null, payload);
  });
});
