// Frozen in time (see 0001): saved list views (issue 18 item 8, design §6 `GET|POST /api/views/`):
// a name for a list's query string (its filters, search and ordering), kept per user and list, so
// that it comes back after logout and on another computer. `shared` (staff only) shows the view to
// all staff. A name is unique per user and list; a user's views go with the user.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema.createTable('saved_views')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('query', 'varchar(2000)', (c) => c.notNull())
    .addColumn('shared', 'boolean', (c) => c.notNull().defaultTo(pg ? false : 0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_user_list_name').on('saved_views').columns(['user_id', 'list', 'name']).unique().execute();
  await db.schema.createIndex('saved_views_list_shared').on('saved_views').columns(['list', 'shared']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
