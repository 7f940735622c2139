// Frozen in time (see 0001): stock reservations (design §5). Confirming an order reserves each of
// its lines in one or more warehouses (store items); a row per line and store item remembers how
// many units it holds there, so that shipping takes out, and cancelling releases, exactly what was
// reserved. A store item that holds a reservation cannot be deleted (restrict).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = pg
    ? db.schema.createTable('stock_reservations').addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : db.schema.createTable('stock_reservations').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('store_item_id', 'integer', (c) => c.notNull().references('store_items.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addUniqueConstraint('stock_reservations_line_store_item', ['order_item_id', 'store_item_id'])
    .execute();
  await db.schema.createIndex('stock_reservations_order').on('stock_reservations').column('order_id').execute();
  await db.schema.createIndex('stock_reservations_store_item').on('stock_reservations').column('store_item_id').execute();

  // Counted like every business table (0003).
  await db.insertInto('data_versions').values({ name: 'stock_reservations', version: 0 }).execute();
  if (pg) {
    await sql`create trigger stock_reservations_data_version after insert or update or delete on stock_reservations
      for each statement execute function bump_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`stock_reservations_data_version_${event}`)} after ${sql.raw(event)} on stock_reservations
      begin update data_versions set version = version + 1 where name = 'stock_reservations'; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) await sql`drop trigger stock_reservations_data_version on stock_reservations`.execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`stock_reservations_data_version_${event}`)}`.execute(db);
  await db.deleteFrom('data_versions').where('name', '=', 'stock_reservations').execute();
  await db.schema.dropTable('stock_reservations').execute();
}
