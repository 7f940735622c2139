// Access and refresh tokens (design §6, §11): HS256 JWTs signed with jose. A token must carry `exp`,
// `iat` and `jti`, and not be issued in the future (issue 9): without an expiry it would be good
// forever, without `jti` it names no row of `refresh_tokens`, and our own processes never date a
// token ahead, so one that is was not made by them (or a clock is broken).
//
// Refresh tokens rotate: each is good for one refresh. Two tabs of one user often refresh with the
// same token at once (issue 17): the same token presented again within REFRESH_REUSE_GRACE_SECONDS
// of its use answers the very pair it was exchanged for (kept, encrypted, on the spent row). Later
// it is taken for a stolen token: the user's sessions end, the thief's and the user's alike.
// `logout` revokes one refresh family (every token rotated from the same login).
//
// Sessions end at once, on every process and after a restart (issue 17): every request's access
// token is checked against the user's state in the database, not its signature alone: the user is
// active, its dealer (if any) is active, the token was issued after `users.sessions_valid_after`
// (set, with every refresh token revoked, by `endSessions`: a password reset, deactivation, a new
// role or dealer, reuse of a spent refresh token), and the role and dealer are still those of the
// token. Whether a dealer signed the current agreement comes from the database too, whatever the
// token says. A process keeps a user's state for a few seconds at most, and only while the
// `sessions` counter of data_versions is unchanged: triggers (migration 0015) bump it on every
// change a session depends on, whoever writes, so every process sees a change on its next request.
// A token's time of issue is read to the millisecond from its `jti` (a UUIDv7), so that a token
// issued right after the sessions ended works while one issued in the same second before does not.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { AccessClaims } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Role } from '../db/tables/users';
import { isoIn, nowIso, toBool, toIso } from '../db/dialect';
import { ApiError } from './api-error';

/** How many checked access tokens a process remembers (the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;
/** How many users' states a process keeps, and for how long at most. */
const STATES_MAX = 10_000;
const STATE_MAX_AGE_MS = 3_000;

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
  /** A spent refresh token presented again within this many seconds answers the same pair; 0: never. */
  reuseGraceSeconds?: number;
}

const ALGORITHM = 'HS256';

/**
 * How far in the future a token's `iat` may be. Several API processes, possibly on several machines,
 * each stamp tokens with their own clock: a token issued by a process whose clock runs a little
 * ahead must still work on the others at once. NTP keeps clocks well within this; more would let a
 * forged future date through.
 */
const CLOCK_SKEW_SECONDS = 5;

/** A UUIDv7 (RFC 9562): the first 48 bits are the time in milliseconds, the rest random. */
export function uuidV7(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * When a token was issued, in milliseconds: from its `jti` when that is a UUIDv7 of the same second
 * as `iat`; otherwise (a token made before issue 17) the start of its `iat` second, on the safe side.
 */
export function issuedAtMs(jti: string, iat: number): number {
  const ms = uuidV7Ms(jti);
  return ms !== null && Math.floor(ms / 1000) === iat ? ms : iat * 1000;
}

/** The time in a UUIDv7, in milliseconds; null for another kind of id. */
function uuidV7Ms(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return null;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** What a session depends on, as the database has it now. */
interface SessionState {
  /** The user is active and so is its dealer, if it has one. */
  usable: boolean;
  role: Role;
  dealer: number | null;
  contractSigned: boolean;
  /** Tokens issued before this moment (ms) are refused; null: the sessions never ended. */
  validAfter: number | null;
}

async function readState(db: Kysely<Database>, userId: number): Promise<SessionState | null> {
  const row = await db.selectFrom('users as u').leftJoin('dealers as d', 'd.id', 'u.dealer_id')
    .select(['u.is_active', 'u.role', 'u.dealer_id', 'u.contract_signed', 'u.sessions_valid_after', 'd.is_active as dealer_active'])
    .where('u.id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    usable: toBool(row.is_active) && (row.dealer_id === null || (row.dealer_active !== null && toBool(row.dealer_active))),
    role: row.role,
    dealer: row.dealer_id,
    contractSigned: toBool(row.contract_signed),
    validAfter: row.sessions_valid_after === null ? null : Date.parse(toIso(row.sessions_valid_after)),
  };
}

/** Whether a token issued at `issued` (ms) may still be used by a user in `state`. */
const current = (state: SessionState | null, issued: number): state is SessionState =>
  state !== null && state.usable && (state.validAfter === null || issued >= state.validAfter);

/** Seals the pair a refresh token was exchanged for: AES-256-GCM with a key derived from the JWT secret. */
function replacementBox(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'portal refresh replacement', 32));
  return {
    seal(pair: TokenPair): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open(sealed: string): TokenPair | null {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const pair = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as TokenPair;
        return typeof pair.access === 'string' && typeof pair.refresh === 'string' ? pair : null;
      } catch {
        // Sealed with another secret (JWT_SECRET changed): nothing to answer again.
        return null;
      }
    },
  };
}

export function createTokenService({ db, secret, accessTtl, refreshTtl, reuseGraceSeconds = 30 }: TokenServiceOptions) {
  const key = new TextEncoder().encode(secret);
  const invalid = () => new ApiError(401, 'token_invalid');
  const box = replacementBox(secret);

  /** `iat`, `exp` and `jti` from one reading of the clock. */
  const stamped = (jwt: SignJWT, ttl: number, jti = uuidV7(Date.now())) => {
    const iat = Math.floor(uuidV7Ms(jti)! / 1000);
    return jwt.setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(iat + ttl).setJti(jti);
  };

  async function signAccess(user: TokenUser): Promise<string> {
    return stamped(new SignJWT({
      token_type: 'access',
      user_id: user.id,
      email: user.email,
      role: user.role,
      is_staff: user.role !== 'dealer',
      dealer: user.dealer_id,
      contract_signed: toBool(user.contract_signed),
    }), accessTtl).sign(key);
  }

  async function signRefresh(trx: Kysely<Database>, userId: number, family: string): Promise<string> {
    const jti = uuidV7(Date.now());
    await trx.insertInto('refresh_tokens').values({
      jti, user_id: userId, family, expires_at: isoIn(refreshTtl), created_at: nowIso(),
    }).execute();
    return stamped(new SignJWT({ token_type: 'refresh', user_id: userId }), refreshTtl, jti).sign(key);
  }

  const verified = new Map<string, AccessClaims>();

  /** Users' states read from the database, each with the `sessions` counter it was read under and when. */
  const states = new Map<number, { version: string; at: number; state: SessionState | null }>();
  const sessionsVersion = async () => String((await db.selectFrom('data_versions').select('version')
    .where('name', '=', 'sessions').executeTakeFirst())?.version ?? '');

  /** The user's state now: kept while the counter is unchanged, a few seconds at most; else read. */
  async function stateOf(userId: number): Promise<SessionState | null> {
    const version = await sessionsVersion();
    const kept = states.get(userId);
    if (kept && kept.version === version && Date.now() - kept.at < STATE_MAX_AGE_MS) return kept.state;
    const state = await readState(db, userId);
    states.delete(userId);
    if (states.size >= STATES_MAX) states.delete(states.keys().next().value!);
    states.set(userId, { version, at: Date.now(), state });
    return state;
  }

  async function verify(token: string, type: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'jti'] });
      if (payload.token_type !== type || typeof payload.jti !== 'string' || typeof payload.user_id !== 'number') throw invalid();
      if (payload.iat! > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw invalid();
      return payload as typeof payload & { jti: string; iat: number; user_id: number };
    } catch {
      throw invalid();
    }
  }

  /** Signature, type, times: checked once per token and then remembered until it expires. */
  async function verifiedAccess(token: string): Promise<AccessClaims> {
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      verified.delete(token);
      throw invalid();
    }
    const claims = (await verify(token, 'access')) as unknown as AccessClaims;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  }

  /**
   * A user's sessions end (password reset, deactivation, a new role or dealer, reuse of a spent
   * refresh token): tokens issued before now are refused by every process, and its refresh tokens
   * are revoked (in the transaction of the change when given).
   */
  async function endSessions(userId: number, trx: Kysely<Database> = db): Promise<void> {
    const now = nowIso();
    await trx.updateTable('users').set({ sessions_valid_after: now }).where('id', '=', userId).execute();
    await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async function revokeFamily(family: string): Promise<void> {
    await db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family', '=', family).where('revoked_at', 'is', null).execute();
  }

  return {
    signAccess,

    /** A new login: a fresh token family. */
    async issue(user: TokenUser): Promise<TokenPair> {
      return { access: await signAccess(user), refresh: await signRefresh(db, user.id, uuidV7(Date.now())) };
    },

    /**
     * The caller's claims, if the token is genuine and its session has not ended; `contract_signed`
     * is the database's (the current agreement signed), whatever the token says.
     */
    async verifyAccess(token: string): Promise<AccessClaims> {
      const claims = await verifiedAccess(token);
      const state = await stateOf(claims.user_id);
      if (!current(state, issuedAtMs(claims.jti, claims.iat))) throw invalid();
      // The token carries the role and the dealer: one that no longer matches signs in anew.
      if (state.role !== claims.role || state.dealer !== claims.dealer) throw invalid();
      return { ...claims, contract_signed: state.contractSigned };
    },

    /**
     * Exchanges a refresh token for a new pair; the presented token is spent. Presented again within
     * the grace window it answers the same pair; later, the user's sessions end.
     */
    async rotate(refreshToken: string): Promise<TokenPair> {
      const payload = await verify(refreshToken, 'refresh');
      const { jti } = payload;
      const issued = issuedAtMs(jti, payload.iat);
      const now = nowIso();
      const rowOf = () => db.selectFrom('refresh_tokens').select(['family', 'user_id', 'used_at', 'revoked_at', 'replacement'])
        .where('jti', '=', jti).where('expires_at', '>', now).executeTakeFirst();
      let row = await rowOf();
      // Unknown, expired, or revoked (signed out, sessions ended, reused): refused.
      if (!row || row.revoked_at !== null) throw invalid();
      if (row.used_at === null) {
        const user = await db.selectFrom('users').select(['id', 'email', 'role', 'dealer_id', 'contract_signed']).where('id', '=', row.user_id).executeTakeFirst();
        if (!user || !current(await readState(db, row.user_id), issued)) {
          await revokeFamily(row.family);
          throw invalid();
        }
        // The new pair is made first, its refresh token's row included; then one conditional update
        // decides who spends the presented token, also across API processes, and keeps the pair on
        // its row in the same statement: whoever finds the token spent finds the pair too. No
        // transaction is held while signing (SQLite has one writer).
        const next = { access: await signAccess(user), refresh: await signRefresh(db, user.id, row.family) };
        const spent = await db.updateTable('refresh_tokens').set({ used_at: now, replacement: box.seal(next) })
          .where('jti', '=', jti).where('used_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) === 1) return next;
        // Another caller spent it first (or it was revoked meanwhile): the pair made here was never handed out.
        await db.deleteFrom('refresh_tokens').where('jti', '=', decodeJwt(next.refresh).jti!).execute();
        row = await rowOf();
        if (!row || row.revoked_at !== null || row.used_at === null) throw invalid();
      }
      // Spent: by another tab a moment ago (the same pair again), or long ago (a stolen token).
      const usedAt = Date.parse(toIso(row.used_at));
      const again = row.replacement === null ? null : box.open(row.replacement);
      if (again && Date.now() - usedAt <= reuseGraceSeconds * 1000 && current(await readState(db, row.user_id), issued)) return again;
      await endSessions(row.user_id);
      throw invalid();
    },

    /** Signing out: the refresh token's family is revoked (a spent or expired one of it will do). */
    async logout(refreshToken: string): Promise<void> {
      let jti: string;
      try {
        const { payload } = await jwtVerify(refreshToken, key, { algorithms: [ALGORITHM], requiredClaims: ['iat', 'jti'], currentDate: new Date(0) });
        if (payload.token_type !== 'refresh' || typeof payload.jti !== 'string') throw invalid();
        jti = payload.jti;
      } catch {
        throw invalid();
      }
      const row = await db.selectFrom('refresh_tokens').select('family').where('jti', '=', jti).executeTakeFirst();
      if (!row) throw invalid();
      await revokeFamily(row.family);
    },

    /**
     * The user's role, if the user is usable and its sessions have not ended since `since` (ms): what
     * a grant made to it then (a remote override) still rests on. Null otherwise.
     */
    async sessionRole(userId: number, since: number): Promise<Role | null> {
      const state = await stateOf(userId);
      return current(state, since) ? state.role : null;
    },

    revokeFamily,
    endSessions,

    /** After a password change every session of the user ends (the same as `endSessions`). */
    revokeUser: (userId: number, trx?: Kysely<Database>) => endSessions(userId, trx),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
