// Frozen in time (see 0001): when the last restore mail went to each user (issue 9). A restore mail
// goes to an address at most once per RESTORE_MAIL_INTERVAL_MINUTES, whatever the number of
// requests and which API process takes them: the one row per user is claimed by a single upsert,
// which the database serialises. A table of its own, not a column of `users`: a claim is a write on
// every request for a known address, and a write on `users` would bump its data version (0003) and
// drop the cached user lists each time.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema.createTable('restore_mails')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mailed_at', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('restore_mails').execute();
}
