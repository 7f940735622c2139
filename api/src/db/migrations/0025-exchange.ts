// Frozen in time (see 0001): the exchange with 1C (issue 33, design §5 "Exchange with 1C", §6).
// Products, dealers and orders carry 1C's `Ид` as `external_id` (unique where set); warehouses get a
// table that gives the 1C id of each warehouse 1C knows (a store item names its warehouse as before). An order
// taken by 1C keeps when (`exchanged_at`). A status change made by 1C names its actor
// (`status_changes.actor`, «1С»), a stock movement its exchange (`exchange_run_id`). Exchange
// accounts are kept as sha256 hashes of their keys, like deploy keys. Every exchange is a run with
// its files; a file is kept in parts as 1C posts them (each at most the `file_limit` init answers),
// so that reading one back is a stream and no file is ever held whole in memory. 1C's groups are
// kept by id so that a product of a later file finds its category.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  for (const table of ['products', 'dealers', 'orders']) {
    await db.schema.alterTable(table).addColumn('external_id', 'varchar(100)').execute();
    // Unique where set: NULLs never collide in either database.
    await db.schema.createIndex(`${table}_external_id`).on(table).column('external_id').unique().execute();
  }
  await db.schema.alterTable('orders').addColumn('exchanged_at', timestamp).execute();
  await db.schema.createIndex('orders_exchanged_at').on('orders').columns(['exchanged_at', 'id']).execute();

  await db.schema.createTable('exchange_warehouses')
    .addColumn('external_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .execute();

  await db.schema.createTable('exchange_groups')
    .addColumn('external_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(100)')
    .execute();

  await db.schema.createTable('exchange_accounts')
    .addColumn('id', 'integer', serial)
    .addColumn('login', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('created_by', 'varchar(300)', (c) => c.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();

  await db.schema.createTable('exchange_runs')
    .addColumn('id', 'integer', serial)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('catalog', 'sale')`))
    .addColumn('account_id', 'integer', (c) => c.references('exchange_accounts.id').onDelete('set null'))
    .addColumn('account_login', 'varchar(100)', (c) => c.notNull())
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('running', 'success', 'failure')`))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    /** JSON: [{file, element, message}] */
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: the ids of the orders the last `query` sent (sale), which `success` marks taken. */
    .addColumn('sent_orders', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('exchange_runs_started').on('exchange_runs').column('started_at').execute();

  await db.schema.createTable('exchange_files')
    .addColumn('id', 'integer', serial)
    .addColumn('run_id', 'integer', (c) => c.notNull().references('exchange_runs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(0))
    /** uploaded → importing → done | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('uploaded', 'importing', 'done', 'failed')`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('heartbeat_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('exchange_files_run_name', ['run_id', 'name'])
    .execute();

  await db.schema.createTable('exchange_file_parts')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('exchange_files.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_file_parts_pkey', ['file_id', 'part'])
    .execute();

  await db.schema.alterTable('stock_movements').addColumn('exchange_run_id', 'integer', (c) => c.references('exchange_runs.id').onDelete('set null')).execute();
  await db.schema.alterTable('status_changes').addColumn('actor', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_changes').dropColumn('actor').execute();
  await db.schema.alterTable('stock_movements').dropColumn('exchange_run_id').execute();
  for (const table of ['exchange_file_parts', 'exchange_files', 'exchange_runs', 'exchange_accounts', 'exchange_groups', 'exchange_warehouses']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('orders_exchanged_at').execute();
  await db.schema.alterTable('orders').dropColumn('exchanged_at').execute();
  for (const table of ['products', 'dealers', 'orders']) {
    await db.schema.dropIndex(`${table}_external_id`).execute();
    await db.schema.alterTable(table).dropColumn('external_id').execute();
  }
}
