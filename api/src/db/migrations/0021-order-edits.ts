// Frozen in time (see 0001): the edits of an order (issue 18 item 4): who changed its lines, comment
// or document, when, and what changed (`changes`, JSON: `{lines: [{product, sku, name, from, to}],
// comment?: {from, to}, document?: {from, to}}`), answered with the order as `edits`. An edit is
// written in the transaction of the order's update, which also writes the order's row, so the list
// cache's counters and the order's kept item move with it: no trigger of its own is needed.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema.createTable('order_edits')
    .addColumn('id', 'integer', serial)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', timestamp, (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_edits_order').on('order_edits').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_edits_changed_by').on('order_edits').column('changed_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_edits').execute();
}
