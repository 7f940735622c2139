// Access and refresh tokens (design §6, §11): HS256 JWTs signed with jose. Refresh tokens rotate:
// each is good for one refresh; presenting a used one again revokes its whole family (every token
// rotated from the same login), so a stolen refresh token stops working for the thief and the user.
// A token must carry `exp`, `iat` and `jti`, and not be issued in the future (issue 9): without an
// expiry it would be good forever, without `jti` it names no row of `refresh_tokens`, and our own
// processes never date a token ahead, so one that is was not made by them (or a clock is broken).
//
// Ending sessions (deactivation, a new role or dealer) revokes the user's refresh tokens in the
// database, so every process refuses them at once. Access tokens are checked by signature alone, so
// one already issued lives until it expires (at most ACCESS_TOKEN_TTL); only the process that made
// the change refuses it sooner, from its memory (`endedAt`).
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AccessClaims } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Role } from '../db/tables/users';
import { isoIn, nowIso, toBool } from '../db/dialect';
import { ApiError } from './api-error';

/** How many checked access tokens a process remembers (the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;

/** The access token's claims (design §6), one type for the API and the portal (@portal/shared). */
export type { AccessClaims };

export interface TokenUser {
  id: number;
  email: string;
  role: Role;
  dealer_id: number | null;
  contract_signed: boolean | number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface TokenServiceOptions {
  db: Kysely<Database>;
  secret: string;
  accessTtl: number;
  refreshTtl: number;
}

const ALGORITHM = 'HS256';

/**
 * How far in the future a token's `iat` may be. Several API processes, possibly on several machines,
 * each stamp tokens with their own clock: a token issued by a process whose clock runs a little
 * ahead must still work on the others at once. NTP keeps clocks well within this; more would let a
 * forged future date through.
 */
const CLOCK_SKEW_SECONDS = 5;

export function createTokenService({ db, secret, accessTtl, refreshTtl }: TokenServiceOptions) {
  const key = new TextEncoder().encode(secret);
  const invalid = () => new ApiError(401, 'token_invalid');

  async function signAccess(user: TokenUser): Promise<string> {
    return new SignJWT({
      token_type: 'access',
      user_id: user.id,
      email: user.email,
      role: user.role,
      is_staff: user.role !== 'dealer',
      dealer: user.dealer_id,
      contract_signed: toBool(user.contract_signed),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${accessTtl}s`)
      .setJti(randomUUID())
      .sign(key);
  }

  async function signRefresh(userId: number, family: string): Promise<string> {
    const jti = randomUUID();
    const now = nowIso();
    await db.insertInto('refresh_tokens').values({
      jti, user_id: userId, family, expires_at: isoIn(refreshTtl), created_at: now,
    }).execute();
    return new SignJWT({ token_type: 'refresh', user_id: userId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${refreshTtl}s`)
      .setJti(jti)
      .sign(key);
  }

  const verified = new Map<string, AccessClaims>();
  /**
   * Users whose sessions ended in this process (deactivated, or given another role), with the second
   * it happened: their access tokens issued in an earlier second are refused at once, not only when
   * they expire (their refresh tokens are revoked in the table, for every process). A token of that
   * same second passes: `iat` counts whole seconds, and a token the user gets right after must work.
   */
  const endedAt = new Map<number, number>();
  const ended = (claims: AccessClaims) => {
    const at = endedAt.get(claims.user_id);
    return at !== undefined && claims.iat < at;
  };

  async function verify(token: string, type: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'jti'] });
      if (payload.token_type !== type || typeof payload.jti !== 'string' || typeof payload.user_id !== 'number') throw invalid();
      if (payload.iat! > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw invalid();
      return payload;
    } catch {
      throw invalid();
    }
  }

  return {
    signAccess,

    /** A new login: a fresh token family. */
    async issue(user: TokenUser): Promise<TokenPair> {
      return { access: await signAccess(user), refresh: await signRefresh(user.id, randomUUID()) };
    },

    async verifyAccess(token: string): Promise<AccessClaims> {
      // An access token is checked once and then remembered until it expires: the signature check
      // costs more than the rest of a small request, and the same token comes with every call.
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now() && !ended(known)) return known;
        verified.delete(token);
        throw invalid();
      }
      const claims = (await verify(token, 'access')) as unknown as AccessClaims;
      if (ended(claims)) throw invalid();
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
      return claims;
    },

    /** Exchanges a refresh token for a new pair; the presented token is spent. */
    async rotate(refreshToken: string): Promise<TokenPair> {
      const payload = await verify(refreshToken, 'refresh');
      const jti = payload.jti as string;
      const now = nowIso();
      // One conditional update decides who spends the token, also across API processes.
      const spent = await db.updateTable('refresh_tokens').set({ used_at: now })
        .where('jti', '=', jti).where('used_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
        .executeTakeFirst();
      const row = await db.selectFrom('refresh_tokens').select(['family', 'user_id', 'used_at']).where('jti', '=', jti).executeTakeFirst();
      if (!row) throw invalid();
      if (Number(spent.numUpdatedRows) !== 1) {
        await this.revokeFamily(row.family);
        throw invalid();
      }
      const user = await db.selectFrom('users').select(['id', 'email', 'role', 'dealer_id', 'contract_signed', 'is_active'])
        .where('id', '=', row.user_id).executeTakeFirst();
      if (!user || !toBool(user.is_active)) {
        await this.revokeFamily(row.family);
        throw invalid();
      }
      return { access: await signAccess(user), refresh: await signRefresh(user.id, row.family) };
    },

    async revokeFamily(family: string): Promise<void> {
      await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family', '=', family).where('revoked_at', 'is', null).execute();
    },

    /**
     * A user's sessions end (deactivated, or its role changed): its refresh tokens are revoked (in the
     * transaction of the change when given), and its access tokens are refused from now on.
     */
    async endSessions(userId: number, trx: Kysely<Database> = db): Promise<void> {
      endedAt.set(userId, Math.floor(Date.now() / 1000));
      await trx.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },

    /** After a password change every session of the user ends. */
    async revokeUser(userId: number): Promise<void> {
      await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
