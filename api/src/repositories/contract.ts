// The dealer agreement's versions and signatures (design §5). `users.contract_signed` is what the
// access token carries (lib/tokens.ts) and what /api/users/me/ answers; it means "signed the
// current version", so a new version clears it for everyone in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';

/** The version in force: the highest number; none until `contract_text` is first written. */
export async function currentContractVersion(db: Kysely<Database>) {
  return db.selectFrom('contract_versions').selectAll().orderBy('number', 'desc').limit(1).executeTakeFirst();
}

/**
 * Records `text` as a new version when it differs from the current one (saving the same text again
 * asks nobody to sign again), and then everyone has yet to sign it.
 */
export async function recordContractVersion(db: Kysely<Database>, text: string, authorId: number | null): Promise<void> {
  const current = await currentContractVersion(db);
  if (current && current.text === text) return;
  await db.insertInto('contract_versions')
    .values({ number: (current?.number ?? 0) + 1, text, created_at: nowIso(), created_by: authorId }).execute();
  await db.updateTable('users').set({ contract_signed: false, contract_signed_at: null })
    .where('contract_signed', '=', true).execute();
}

/** The user signs the current version (a second signature keeps the first one's time). */
export async function signContract(db: Kysely<Database>, userId: number, versionId: number): Promise<void> {
  const signedAt = nowIso();
  await db.insertInto('contract_signatures').values({ user_id: userId, version_id: versionId, signed_at: signedAt })
    .onConflict((oc) => oc.columns(['user_id', 'version_id']).doNothing()).execute();
  await db.updateTable('users').set({ contract_signed: true, contract_signed_at: signedAt })
    .where('id', '=', userId).where('contract_signed', '=', false).execute();
}
