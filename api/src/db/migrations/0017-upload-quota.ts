// Frozen in time (see 0001): what each dealer uploaded per UTC day (issue 17 item 5), files and
// bytes, for the upload quota (lib/files.ts). A file is counted in the transaction that stores it,
// by one upsert that both databases serialise per row, so uploads at once never pass the quota
// together; a refused write rolls its count back with it. Deleting a file gives nothing back: the
// quota limits what a dealer sends a day, not what it keeps.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable('upload_usage')
    .addColumn('dealer_id', 'integer', (c) => c.notNull().references('dealers.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull())
    .addColumn('bytes', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_usage_pk', ['dealer_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_usage').execute();
}
