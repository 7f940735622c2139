// Frozen in time (see 0001): which news a user has read (issue 19, design §3's home: "what needs me
// now"). Opening a news item (`GET /api/news/{id}/`) keeps a row per user and item; the news list
// answers `read` for the caller and `unread=true` lists the others. A read row goes with its
// newsletter and with its user (cascade), so deleting either never fails on it. Counted like every
// business table (0003): a kept page of the news list is never stale about what was read.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable('news_reads')
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_reads_pkey', ['user_id', 'newsletter_id'])
    .execute();
  // The newsletter's side of the key, for the cascade of a deleted newsletter.
  await db.schema.createIndex('news_reads_newsletter').on('news_reads').column('newsletter_id').execute();

  await db.insertInto('data_versions').values({ name: 'news_reads', version: 0 }).execute();
  if (pg) {
    await sql`create trigger news_reads_data_version after insert or update or delete on news_reads
      for each statement execute function bump_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`news_reads_data_version_${event}`)} after ${sql.raw(event)} on news_reads
      begin update data_versions set version = version + 1 where name = 'news_reads'; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) await sql`drop trigger news_reads_data_version on news_reads`.execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`news_reads_data_version_${event}`)}`.execute(db);
  await db.deleteFrom('data_versions').where('name', '=', 'news_reads').execute();
  await db.schema.dropTable('news_reads').execute();
}
