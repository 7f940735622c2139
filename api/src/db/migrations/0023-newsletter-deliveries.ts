// Frozen in time (see 0001): which user a published newsletter was mailed to (issue 19 item 4). One
// row per newsletter and user, the pair the primary key: a publish inserts the rows of its audience
// and ignores those already there, and mails only the rows it inserted, so a newsletter withdrawn
// and published again, or two publishes at once, never mail anyone twice.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema.createTable('newsletter_deliveries')
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mailed_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_deliveries_pkey', ['newsletter_id', 'user_id'])
    .execute();
  // A user deleted: its rows go by the cascade, found by this index.
  await db.schema.createIndex('newsletter_deliveries_user').on('newsletter_deliveries').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute();
}
