// Frozen in time: never edit a migration that has shipped, add a new one. Takes Kysely<any> and
// imports nothing of the application, so later changes to the code cannot change its meaning.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite keeps ISO-8601 text; PostgreSQL a real timestamp with time zone.
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  const flag = (value: boolean) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(pg ? value : value ? 1 : 0);

  await id(db.schema.createTable('dealer_groups'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('discount_percent', 'numeric(5, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', text)
    .execute();

  await id(db.schema.createTable('dealers'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legal_name', 'varchar(300)', text)
    .addColumn('tax_id', 'varchar(32)', text)
    .addColumn('group_id', 'integer', (c) => c.references('dealer_groups.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', text)
    .addColumn('phone', 'varchar(40)', text)
    .addColumn('address', 'text', text)
    .addColumn('is_active', 'boolean', flag(true))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dealers_group_id').on('dealers').column('group_id').execute();

  await id(db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(300)', text)
    .addColumn('first_name', 'varchar(150)', text)
    .addColumn('last_name', 'varchar(150)', text)
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('dealer', 'manager', 'admin')`))
    .addColumn('dealer_id', 'integer', (c) => c.references('dealers.id').onDelete('restrict'))
    .addColumn('is_active', 'boolean', flag(true))
    .addColumn('contract_signed', 'boolean', flag(false))
    .addColumn('contract_signed_at', timestamp)
    .addColumn('date_joined', timestamp, (c) => c.notNull())
    .addColumn('last_login', timestamp)
    .execute();
  await db.schema.createIndex('users_dealer_id').on('users').column('dealer_id').execute();

  await id(db.schema.createTable('newsletters'))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', text)
    .addColumn('audience_group_id', 'integer', (c) => c.references('dealer_groups.id').onDelete('cascade'))
    .addColumn('published', 'boolean', flag(false))
    .addColumn('published_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletters_published_at').on('newsletters').columns(['published', 'published_at']).execute();

  await id(db.schema.createTable('variables'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('value', 'text', text)
    .addColumn('description', 'text', text)
    .execute();

  await id(db.schema.createTable('refresh_tokens'))
    .addColumn('jti', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
  await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();

  await id(db.schema.createTable('restore_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('restore_tokens_user_id').on('restore_tokens').column('user_id').execute();

  await id(db.schema.createTable('registration_requests'))
    .addColumn('company_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('tax_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('comment', 'text', text)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'approved', 'rejected')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registration_requests_status').on('registration_requests').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['registration_requests', 'restore_tokens', 'refresh_tokens', 'variables', 'newsletters', 'users', 'dealers', 'dealer_groups']) {
    await db.schema.dropTable(table).execute();
  }
}
