// The local override of a remote for development (issue 15 item 5, staging only): a staff user
// points one remote at another manifest for their own browser. It lives in an HttpOnly,
// SameSite=Strict cookie signed with the API's secret, set only by a POST that carries the bearer
// token (never a link), naming the user it is for; only origins of REMOTE_OVERRIDE_ORIGINS pass.
// It outlives nothing that granted it (issue 30 item 6): it expires after OVERRIDE_TTL_SECONDS, its
// signed payload says when it was made, and it counts only while its user may still make one and
// has not had its sessions ended since (plugins/releases.ts); sign-out and another user's sign-in
// clear it (routes/auth.ts), and any signed-in user may delete it (routes/remotes.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryRemote } from '@portal/shared';

export const OVERRIDE_COOKIE = 'portal_overrides';
/** How long an override lasts: a working day. */
export const OVERRIDE_TTL_SECONDS = 12 * 3600;
/** A payload made this much ahead of our clock was not made by us (or a clock is broken). */
const CLOCK_SKEW_MS = 60_000;

export interface Overrides {
  user: number;
  /** When the cookie was made (ms since the epoch). */
  made: number;
  /** remote name → manifest URL */
  overrides: Record<string, string>;
}

/** Whether `manifest` is an absolute http(s) URL on one of the allowed origins (`*` as the port: any). */
export function overrideOriginAllowed(manifest: string, allowed: string[]): boolean {
  let url: URL;
  try {
    url = new URL(manifest);
  } catch {
    return false;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return false;
  return allowed.some((pattern) => {
    const match = /^(https?):\/\/([^/:]+)(?::(\d{1,5}|\*))?\/?$/i.exec(pattern.trim());
    if (!match) return false;
    const [, scheme, host, port] = match;
    if (`${scheme.toLowerCase()}:` !== url.protocol || host.toLowerCase() !== url.hostname) return false;
    return port === '*' || (port ?? '') === url.port;
  });
}

const signatureOf = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signOverrides(value: Overrides, secret: string): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${signatureOf(payload, secret)}`;
}

/** The cookie's overrides when its signature holds, it has not expired and an entry is still allowed (only those kept); else null. */
export function readOverrides(cookie: string | undefined, secret: string, allowed: string[], now = Date.now()): Overrides | null {
  if (!cookie) return null;
  const [payload, signature, ...rest] = cookie.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(signatureOf(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { user, made, overrides } = (value ?? {}) as { user?: unknown; made?: unknown; overrides?: unknown };
  if (typeof user !== 'number' || typeof overrides !== 'object' || overrides === null) return null;
  if (typeof made !== 'number' || made > now + CLOCK_SKEW_MS || now - made >= OVERRIDE_TTL_SECONDS * 1000) return null;
  const kept = Object.entries(overrides).filter((e): e is [string, string] => typeof e[1] === 'string' && overrideOriginAllowed(e[1], allowed));
  return kept.length ? { user, made, overrides: Object.fromEntries(kept) } : null;
}

/** A cookie header's value of one cookie. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value for a signed value, or one that clears the cookie (null); Secure over HTTPS. */
export function overrideCookie(value: string | null, secure = false): string {
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return value === null ? `${OVERRIDE_COOKIE}=; ${attributes}; Max-Age=0` : `${OVERRIDE_COOKIE}=${value}; ${attributes}; Max-Age=${OVERRIDE_TTL_SECONDS}`;
}

/** Clears the override cookie in the answer, when the request carries one and `keep`, given its overrides (null when not valid), does not say to keep it. */
export async function endOverride(request: FastifyRequest, reply: FastifyReply, keep?: (overrides: Overrides | null) => boolean): Promise<void> {
  if (cookieValue(request.headers.cookie, OVERRIDE_COOKIE) === undefined) return;
  if (keep?.(await request.server.releases.overridesOf(request.headers.cookie))) return;
  reply.header('set-cookie', overrideCookie(null, request.protocol === 'https'));
}

/** The registry with each overridden remote's entry replaced: the host reads that manifest itself. */
export function applyOverrides(remotes: RegistryRemote[], overrides: Overrides | null): RegistryRemote[] {
  if (!overrides) return remotes;
  return remotes.map((remote) => (Object.hasOwn(overrides.overrides, remote.name)
    ? { ...remote, entry: overrides.overrides[remote.name], remoteEntry: '', override: true }
    : remote));
}

export const overrideOrigins = (overrides: Overrides | null): string[] =>
  overrides ? [...new Set(Object.values(overrides.overrides).map((url) => new URL(url).origin))] : [];
