// Frozen in time (see 0001): what a claim carries beyond 0002 (design §5). Its `reason`; its
// conversation (`claim_comments`: dealer and staff, `internal` notes for staff only); and its
// files (`claim_files`: the photos and documents of the claim itself, comment_id null, or of one
// comment), each pointing at its bytes in `stored_files`.
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

const TABLES = ['claim_comments', 'claim_files'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // Claims from before this migration had no reason: «other».
  await db.schema.alterTable('claims').addColumn('reason', 'varchar(16)', (c) => c.notNull().defaultTo('other')
    .check(sql`reason in ('damaged', 'wrong_item', 'shortage', 'defect', 'other')`)).execute();
  // The list filters by reason; the quantity rule sums a line's earlier claims.
  await db.schema.createIndex('claims_reason').on('claims').column('reason').execute();
  await db.schema.createIndex('claims_order_product').on('claims').columns(['order_id', 'product_id']).execute();

  await id(db.schema.createTable('claim_comments'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(pg ? false : 0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('claim_comments_claim').on('claim_comments').columns(['claim_id', 'id']).execute();

  await id(db.schema.createTable('claim_files'))
    .addColumn('claim_id', 'integer', (c) => c.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.references('claim_comments.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().unique().references('stored_files.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('claim_files_claim').on('claim_files').columns(['claim_id', 'comment_id']).execute();

  // Counted like every business table (0003): a claim's list page shows its files.
  await db.insertInto('data_versions').values(TABLES.map((name) => ({ name, version: 0 }))).execute();
  for (const table of TABLES) {
    if (pg) {
      await sql`create trigger ${sql.id(`${table}_data_version`)} after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_data_version()`.execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_data_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update data_versions set version = version + 1 where name = ${sql.lit(table)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    if (pg) await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_data_version_${event}`)}`.execute(db);
  }
  await db.deleteFrom('data_versions').where('name', 'in', TABLES).execute();
  // Their stored files go with them.
  await sql`delete from stored_files where id in (select file_id from claim_files)`.execute(db);
  await db.schema.dropTable('claim_files').execute();
  await db.schema.dropTable('claim_comments').execute();
  await db.schema.dropIndex('claims_order_product').execute();
  await db.schema.dropIndex('claims_reason').execute();
  await db.schema.alterTable('claims').dropColumn('reason').execute();
}
