// Deploy keys (design §3, §6): an admin makes one for one remote; it is shown once and kept as its
// sha256 only (a key is 32 random bytes: a salt or a slow hash would add nothing). The `pdk_` prefix
// makes a leaked key recognisable (secret scanners, logs) and tells it from an access token.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/database';
import { nowIso, toIso } from '../../db/dialect';
import type { DeployKeySchema } from '../../schemas/remotes';

export const DEPLOY_KEY_PREFIX = 'pdk_';

export interface DeployKeyPrincipal {
  id: number;
  remote: string;
  name: string;
}

/** A key as the API lists it (schemas/remotes.ts). */
export type DeployKeyJson = Static<typeof DeployKeySchema>;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export const isDeployKey = (token: string) => token.startsWith(DEPLOY_KEY_PREFIX);

export async function createDeployKey(db: Kysely<Database>, options: { remote: string; name: string; createdBy: string }) {
  const key = `${DEPLOY_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.insertInto('deploy_keys').values({
    remote: options.remote, name: options.name, key_hash: hashOf(key), created_at: nowIso(), created_by: options.createdBy,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, name: options.name, key };
}

export async function listDeployKeys(db: Kysely<Database>, remote: string): Promise<DeployKeyJson[]> {
  const rows = await db.selectFrom('deploy_keys').selectAll().where('remote', '=', remote).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: toIso(row.created_at),
    created_by: row.created_by,
    revoked_at: toIso(row.revoked_at),
    last_used_at: toIso(row.last_used_at),
  }));
}

/** Revokes the key; false when the remote has no such key. Revoking twice keeps the first time. */
export async function revokeDeployKey(db: Kysely<Database>, remote: string, id: number): Promise<boolean> {
  const key = await db.selectFrom('deploy_keys').select(['id', 'revoked_at']).where('remote', '=', remote).where('id', '=', id).executeTakeFirst();
  if (!key) return false;
  if (key.revoked_at === null) await db.updateTable('deploy_keys').set({ revoked_at: nowIso() }).where('id', '=', id).execute();
  return true;
}

/** The key's principal when it is a live key; null for an unknown or revoked one. */
export async function verifyDeployKey(db: Kysely<Database>, key: string): Promise<DeployKeyPrincipal | null> {
  const row = await db.selectFrom('deploy_keys').select(['id', 'remote', 'name'])
    .where('key_hash', '=', hashOf(key)).where('revoked_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  await db.updateTable('deploy_keys').set({ last_used_at: nowIso() }).where('id', '=', row.id).execute();
  return row;
}
