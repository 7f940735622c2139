// Frozen in time (see 0001): stock movements (design §5 "Stock movements", issue 18). A store
// item's quantity is the sum of its movements: `receipt` (+), `write_off` (−), `shipment` (−, an
// order shipped) and `correction` (sets the total: its change is the difference). Each row keeps who,
// when, why, an optional document (a file in `stored_files`), its signed change and the resulting
// total. Every existing quantity is recorded here as an opening correction, so that the sum holds
// from the start.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const table = pg
    ? db.schema.createTable('stock_movements').addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : db.schema.createTable('stock_movements').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('store_item_id', 'integer', (c) => c.notNull().references('store_items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipt', 'write_off', 'correction', 'shipment')`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('document_id', 'integer', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_store_item').on('stock_movements').columns(['store_item_id', 'id']).execute();

  // Today's quantities as opening corrections (nobody made them: created_by is null).
  await sql`insert into stock_movements (store_item_id, kind, quantity, change, total, reason, created_at)
    select id, 'correction', quantity, quantity, quantity, 'Начальный остаток', updated_at from store_items order by id`.execute(db);

  // Counted like every business table (0003).
  await db.insertInto('data_versions').values({ name: 'stock_movements', version: 0 }).execute();
  if (pg) {
    await sql`create trigger stock_movements_data_version after insert or update or delete on stock_movements
      for each statement execute function bump_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`stock_movements_data_version_${event}`)} after ${sql.raw(event)} on stock_movements
      begin update data_versions set version = version + 1 where name = 'stock_movements'; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) await sql`drop trigger stock_movements_data_version on stock_movements`.execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`stock_movements_data_version_${event}`)}`.execute(db);
  await db.deleteFrom('data_versions').where('name', '=', 'stock_movements').execute();
  await db.schema.dropTable('stock_movements').execute();
}
