// Frozen in time (see 0001): a change counter per table, bumped by triggers on every insert,
// update and delete, whoever writes (any API process, a script, psql). A cached list page stays
// valid while the counters of the tables it read are unchanged (lib/list-cache.ts).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const TABLES = [
  'dealer_groups', 'dealers', 'users', 'registration_requests', 'products', 'store_items', 'orders', 'order_items',
  'order_deletion_requests', 'shippings', 'claims', 'newsletters', 'attachments', 'stored_files', 'variables',
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable('data_versions')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('data_versions').values(TABLES.map((name) => ({ name, version: 0 }))).execute();

  if (pg) {
    await sql`create function bump_data_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
    // Once per statement: a bulk insert bumps the counter once.
    for (const table of TABLES) {
      await sql`create trigger ${sql.id(`${table}_data_version`)} after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_data_version()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
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
  if (pg) await sql`drop function bump_data_version()`.execute(db);
  await db.schema.dropTable('data_versions').execute();
}
