// Frozen in time (see 0001): the dealer agreement's versions (design §5). Every change of the
// `contract_text` variable is a numbered version, and every signature names the version signed,
// so a change asks the dealers to sign again while who signed which version, and when, is kept.
// `users.contract_signed` stays as the token's quick answer, now meaning "signed the current version".
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    pg
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('contract_versions'))
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await id(db.schema.createTable('contract_signatures'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', (c) => c.notNull().references('contract_versions.id').onDelete('cascade'))
    .addColumn('signed_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('contract_signatures_user_version', ['user_id', 'version_id'])
    .execute();
  await db.schema.createIndex('contract_signatures_version').on('contract_signatures').columns(['version_id', 'signed_at']).execute();

  // The text already in place is version 1, and those who had signed signed it.
  const now = new Date().toISOString();
  const current = await db.selectFrom('variables').select('value').where('key', '=', 'contract_text').executeTakeFirst();
  if (!current) return;
  const version = await db.insertInto('contract_versions').values({ number: 1, text: current.value, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await sql`insert into contract_signatures (user_id, version_id, signed_at)
    select id, ${version.id}, coalesce(contract_signed_at, ${now}) from users where contract_signed = ${pg ? true : 1}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contract_signatures').execute();
  await db.schema.dropTable('contract_versions').execute();
}
