// Frozen in time (see 0001): a version of the dealer agreement carries what changed in it, in the
// admin's words (issue 18 item 6), shown to the dealers who must sign it again beside the old and
// the new text. Versions published before have none (an empty summary).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contract_versions').addColumn('summary', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contract_versions').dropColumn('summary').execute();
}
