// The dealer agreement's versions and signatures (design §5). `users.contract_signed` is what the
// access token carries (lib/tokens.ts) and what /api/users/me/ answers; it means "signed the
// current version", so a new version clears it for everyone in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';
import { recordAudit, type AuditActor } from '../lib/audit';

/** The version in force: the highest number; none until `contract_text` is first written. */
export async function currentContractVersion(db: Kysely<Database>) {
  return db.selectFrom('contract_versions').selectAll().orderBy('number', 'desc').limit(1).executeTakeFirst();
}

/**
 * How many dealer users must sign a version published now: every active dealer user of an active
 * dealer (a new version asks everyone, those who signed the current one included).
 */
export async function dealersToSign(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users as u').innerJoin('dealers as d', 'd.id', 'u.dealer_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('u.role', '=', 'dealer').where('u.is_active', '=', true).where('d.is_active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records `text` as a new version when it differs from the current one (saving the same text again
 * asks nobody to sign again: null), with what changed in the admin's words; then everyone has yet
 * to sign it, and `must_sign` says how many dealer users that is.
 */
export async function recordContractVersion(db: Kysely<Database>, text: string, authorId: number | null, summary = '') {
  const current = await currentContractVersion(db);
  if (current && current.text === text) return null;
  const number = (current?.number ?? 0) + 1;
  await db.insertInto('contract_versions')
    .values({ number, text, summary, created_at: nowIso(), created_by: authorId }).execute();
  await db.updateTable('users').set({ contract_signed: false, contract_signed_at: null })
    .where('contract_signed', '=', true).execute();
  return { number, must_sign: await dealersToSign(db) };
}

export interface Publication {
  text: string;
  /** What changed, in the admin's words. */
  summary: string;
  authorId: number | null;
  actor: AuditActor;
}

/**
 * Publishes `text` as a new version (when it differs from the one in force) with the audit row
 * `agreement.published`: its number, the summary and how many dealer users must sign it.
 */
export async function publishVersion(db: Kysely<Database>, { text, summary, authorId, actor }: Publication) {
  const version = await recordContractVersion(db, text, authorId, summary);
  if (version) {
    await recordAudit(db, { actor, action: 'agreement.published', target_id: version.number, details: { version: version.number, summary, must_sign: version.must_sign } });
  }
  return version;
}

/**
 * The agreement as a publication (design §6 `POST /api/contract/versions/`): the `contract_text`
 * variable takes the text and a new version is published; null when the text is the one in force.
 */
export async function publishAgreement(db: Kysely<Database>, publication: Publication) {
  const written = await db.updateTable('variables').set({ value: publication.text }).where('key', '=', 'contract_text').executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0) {
    await db.insertInto('variables').values({ key: 'contract_text', value: publication.text, description: '' }).execute();
  }
  return publishVersion(db, publication);
}

/** The user signs the current version (a second signature keeps the first one's time). */
export async function signContract(db: Kysely<Database>, userId: number, versionId: number): Promise<void> {
  const signedAt = nowIso();
  await db.insertInto('contract_signatures').values({ user_id: userId, version_id: versionId, signed_at: signedAt })
    .onConflict((oc) => oc.columns(['user_id', 'version_id']).doNothing()).execute();
  await db.updateTable('users').set({ contract_signed: true, contract_signed_at: signedAt })
    .where('id', '=', userId).where('contract_signed', '=', false).execute();
}
