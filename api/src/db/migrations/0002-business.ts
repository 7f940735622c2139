// Frozen in time (see 0001): the business data of design §5 — catalogue, stock, orders and what
// hangs off them, attachments, and the stored files themselves (in the database, design §5).
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  const flag = (value: boolean) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(pg ? value : value ? 1 : 0);
  const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

  // Bytes of every uploaded file, written in the same transaction as the row that owns it.
  await id(db.schema.createTable('stored_files'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('products'))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('category', 'varchar(100)', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo('шт'))
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('is_active', 'boolean', flag(true))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await index('products_category', 'products', ['category', 'name']);
  await index('products_name', 'products', ['name']);

  await id(db.schema.createTable('store_items'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('warehouse', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0).check(sql`reserved >= 0`))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('store_items_product_warehouse', ['product_id', 'warehouse'])
    .execute();
  await index('store_items_warehouse', 'store_items', ['warehouse']);

  await id(db.schema.createTable('orders'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('dealer_id', 'integer', (c) => c.notNull().references('dealers.id').onDelete('restrict'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new')
      .check(sql`status in ('new', 'confirmed', 'shipped', 'completed', 'cancelled')`))
    .addColumn('total_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'text', text)
    .addColumn('document_id', 'integer', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await index('orders_dealer_created', 'orders', ['dealer_id', 'created_at']);
  await index('orders_status_created', 'orders', ['status', 'created_at']);
  await index('orders_created', 'orders', ['created_at']);

  await id(db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .execute();
  await index('order_items_order', 'order_items', ['order_id']);
  await index('order_items_product', 'order_items', ['product_id']);

  await id(db.schema.createTable('order_deletion_requests'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending')
      .check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('decided_at', timestamp)
    .execute();
  await index('order_deletion_requests_order', 'order_deletion_requests', ['order_id']);
  await index('order_deletion_requests_status', 'order_deletion_requests', ['status', 'created_at']);

  await id(db.schema.createTable('shippings'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'varchar(100)', text)
    .addColumn('tracking_number', 'varchar(100)', text)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('preparing')
      .check(sql`status in ('preparing', 'in_transit', 'delivered')`))
    .addColumn('shipped_at', timestamp)
    .addColumn('document_id', 'integer', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await index('shippings_order', 'shippings', ['order_id']);
  await index('shippings_status', 'shippings', ['status', 'created_at']);

  await id(db.schema.createTable('claims'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new')
      .check(sql`status in ('new', 'in_review', 'accepted', 'rejected', 'closed')`))
    .addColumn('resolution', 'text', text)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await index('claims_order', 'claims', ['order_id']);
  await index('claims_status', 'claims', ['status', 'created_at']);

  await id(db.schema.createTable('attachments'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('restrict'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('dealer_id', 'integer', (c) => c.references('dealers.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await index('attachments_dealer', 'attachments', ['dealer_id', 'created_at']);
  await index('attachments_uploaded_by', 'attachments', ['uploaded_by']);

  // A decided registration request keeps its decision: when, why (a rejection's reason, mailed to
  // the applicant) and the dealer an approval created.
  await db.schema.alterTable('registration_requests').addColumn('decided_at', timestamp).execute();
  await db.schema.alterTable('registration_requests').addColumn('decision_reason', 'text', text).execute();
  await db.schema.alterTable('registration_requests').addColumn('dealer_id', 'integer', (c) => c.references('dealers.id').onDelete('set null')).execute();
  await index('registration_requests_created', 'registration_requests', ['created_at']);
  await index('dealers_name', 'dealers', ['name']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dealers_name').execute();
  await db.schema.dropIndex('registration_requests_created').execute();
  for (const column of ['dealer_id', 'decision_reason', 'decided_at']) await db.schema.alterTable('registration_requests').dropColumn(column).execute();
  for (const table of ['attachments', 'claims', 'shippings', 'order_deletion_requests', 'order_items', 'orders', 'store_items', 'products', 'stored_files']) {
    await db.schema.dropTable(table).execute();
  }
}
