// Exchange accounts (issue 33 item 4, design §6): what 1C signs in with, HTTP Basic `login:key`. An
// admin makes one; the key is shown once and kept as its sha256 only (32 random bytes: a slow hash
// would add nothing), like a deploy key. An account can do nothing but exchange: it is not a user,
// no token is ever issued to it, and only `/api/exchange/1c/` reads its credentials.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso, toIso } from '../../db/dialect';

export const EXCHANGE_KEY_PREFIX = 'pex_';
/** Letters, digits and `._-`: what an operator types into 1C's «Обмен с сайтом» without surprises. */
export const EXCHANGE_LOGIN_PATTERN = '^[A-Za-z0-9._-]{3,100}$';

export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

export async function createExchangeAccount(db: Kysely<Database>, login: string, createdBy: string) {
  const key = `${EXCHANGE_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await db.insertInto('exchange_accounts').values({ login, key_hash: keyHash(key), created_at: nowIso(), created_by: createdBy })
    .returning('id').executeTakeFirstOrThrow();
  return { id: row.id, login, key };
}

export async function listExchangeAccounts(db: Kysely<Database>) {
  const rows = await db.selectFrom('exchange_accounts').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, login: row.login, created_at: toIso(row.created_at), created_by: row.created_by, last_used_at: toIso(row.last_used_at) }));
}

/** The login and key of an `Authorization: Basic …` header, if it has them. */
export function basicCredentials(header: string | undefined): { login: string; key: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { login: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/** The account when login and key match; null otherwise (the same time either way). */
export async function verifyExchangeAccount(db: Kysely<Database>, login: string, key: string): Promise<{ id: number; login: string } | null> {
  const row = await db.selectFrom('exchange_accounts').select(['id', 'login', 'key_hash']).where('login', '=', login).executeTakeFirst();
  const given = Buffer.from(keyHash(key), 'hex');
  const expected = Buffer.from(row?.key_hash ?? keyHash(`${EXCHANGE_KEY_PREFIX}none`), 'hex');
  if (!timingSafeEqual(given, expected) || !row) return null;
  await db.updateTable('exchange_accounts').set({ last_used_at: nowIso() }).where('id', '=', row.id).execute();
  return { id: row.id, login: row.login };
}
