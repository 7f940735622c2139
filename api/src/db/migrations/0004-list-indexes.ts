// Frozen in time (see 0001): an index for each list filter and ordering that had none, so that
// every list the API offers (areas/*.ts: `filters`, `orderable`) is answered from an index.
import type { Kysely } from 'kysely';

const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['products_price', 'products', ['price_cents']],
  ['products_created', 'products', ['created_at']],
  ['products_active', 'products', ['is_active', 'name']],
  ['store_items_quantity', 'store_items', ['quantity']],
  ['store_items_updated', 'store_items', ['updated_at']],
  ['orders_total', 'orders', ['total_cents']],
  ['orders_updated', 'orders', ['updated_at']],
  ['order_deletion_requests_created', 'order_deletion_requests', ['created_at']],
  ['order_deletion_requests_decided', 'order_deletion_requests', ['decided_at']],
  ['shippings_created', 'shippings', ['created_at']],
  ['shippings_shipped', 'shippings', ['shipped_at']],
  ['claims_created', 'claims', ['created_at']],
  ['claims_product', 'claims', ['product_id']],
  ['claims_quantity', 'claims', ['quantity']],
  ['attachments_created', 'attachments', ['created_at']],
  ['attachments_name', 'attachments', ['name']],
  ['attachments_file', 'attachments', ['file_id']],
  ['newsletters_audience', 'newsletters', ['audience_group_id']],
  ['newsletters_title', 'newsletters', ['title']],
  ['newsletters_created', 'newsletters', ['created_at']],
  ['newsletters_published_at_only', 'newsletters', ['published_at']],
  ['stored_files_size', 'stored_files', ['size']],
  ['stored_files_content_type', 'stored_files', ['content_type']],
  ['registration_requests_company', 'registration_requests', ['company_name']],
  ['dealers_created', 'dealers', ['created_at']],
  ['dealers_active', 'dealers', ['is_active', 'name']],
  ['dealer_groups_discount', 'dealer_groups', ['discount_percent']],
  ['users_role', 'users', ['role', 'email']],
  ['users_active', 'users', ['is_active']],
  ['users_last_name', 'users', ['last_name']],
  ['users_date_joined', 'users', ['date_joined']],
  ['users_last_login', 'users', ['last_login']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
