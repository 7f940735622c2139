// Login attempts counted per account as well as per client address (issue 9 item 4). Behind a
// proxy trusted too widely an attacker picks X-Forwarded-For freely, so the per-address limit alone
// does not slow down guessing one account's password: every attempt for an email is counted too,
// in the store every API process shares (lib/rate-limits.ts), and past the limit that email answers
// 429 with Retry-After until the window ends.
//
// An attacker must not be able to keep the owner out for good by failing on purpose. So a browser
// that signed in to the account gets a device cookie (HttpOnly, signed with a key derived from the
// JWT secret, 30 days), and its attempts count in a bucket of their own (OWASP's "device cookies"):
// the attacker fills only the bucket of browsers the account does not know. A sign-in empties its
// bucket. An attempt is counted before its password is checked, so attempts sent at once cannot
// all pass a count taken before any of them failed. A wrong current password on a password change
// counts the same (issue 30 item 5): a session must not guess its account's password at will.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config';
import { ApiError } from './api-error';
import { normalizeEmail } from './email';
import type { RateCounter } from './rate-limit-store';

export const DEVICE_COOKIE = 'portal_device';
const DEVICE_TTL_SECONDS = 30 * 24 * 3600;

export interface LoginAttempt {
  /** The password matched: empty this attempt's bucket and remember the browser for the account. */
  signedIn(): Promise<void>;
}

export interface LoginAttempts {
  /** Counts an attempt for `email`; past the limit, throws 429 (Retry-After set on `reply`). */
  begin(request: FastifyRequest, reply: FastifyReply, email: string): Promise<LoginAttempt>;
}

export function loginAttempts(options: { counter: RateCounter; limit: RateLimit; secret: string }): LoginAttempts {
  const { counter, limit } = options;
  // A key of its own, so that a device cookie's signature is never a valid token signature.
  const key = createHmac('sha256', options.secret).update('login device cookie').digest();
  const sign = (email: string, device: string, issued: string) =>
    createHmac('sha256', key).update(`${email}\n${device}\n${issued}`).digest('base64url');

  /** The device named by a valid cookie for `email` this browser sent, if any. */
  function knownDevice(request: FastifyRequest, email: string): string | undefined {
    const cookie = request.headers.cookie?.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${DEVICE_COOKIE}=`));
    const [device, issued, signature] = cookie?.slice(DEVICE_COOKIE.length + 1).split('.') ?? [];
    if (!device || !issued || !signature) return undefined;
    if (!(Number(issued) + DEVICE_TTL_SECONDS > Date.now() / 1000)) return undefined;
    const expected = Buffer.from(sign(email, device, issued));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
  }

  return {
    async begin(request, reply, email) {
      const account = normalizeEmail(email);
      const device = knownDevice(request, account);
      const bucket = device ? `login ${account} device ${device}` : `login ${account}`;
      const { hits, ttlMs } = await counter.hit(bucket, limit.windowMs);
      if (hits > limit.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
        throw new ApiError(429, 'rate_limited');
      }
      return {
        async signedIn() {
          await counter.clear(bucket);
          const newDevice = device ?? randomBytes(16).toString('base64url');
          const issued = String(Math.floor(Date.now() / 1000));
          const secure = request.protocol === 'https' ? '; Secure' : '';
          reply.header('set-cookie', `${DEVICE_COOKIE}=${newDevice}.${issued}.${sign(account, newDevice, issued)}; Path=/api/token/; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
        },
      };
    },
  };
}

