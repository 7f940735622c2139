// Frozen in time (see 0001): the audit trail (issue 17 item 6, design §6 `GET /api/audit/`): one row
// per security-relevant action, who did it (a user, kept by id and by the email it had then, or a
// deploy key by its name; neither for a visitor), what, to which object, and when. Written in the
// same transaction as the change where the change has one (lib/audit.ts); the API only reads it
// (areas/audit.ts has no write route). `actor_id` has no foreign key: a row outlives its actor.
// Every insert bumps the list cache's counter (0003), so a kept page of the log is never stale.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const serial = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema.createTable('audit_log')
    .addColumn('id', 'integer', serial)
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(254)')
    .addColumn('actor_key', 'varchar(200)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(100)')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_target_type').on('audit_log').columns(['target_type', 'at']).execute();
  await db.schema.createIndex('audit_log_target_id').on('audit_log').columns(['target_id', 'target_type']).execute();

  await db.insertInto('data_versions').values({ name: 'audit_log', version: 0 }).execute();
  if (pg) {
    await sql`create trigger audit_log_data_version after insert or update or delete on audit_log
      for each statement execute function bump_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`audit_log_data_version_${event}`)} after ${sql.raw(event)} on audit_log
      begin update data_versions set version = version + 1 where name = 'audit_log'; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.deleteFrom('data_versions').where('name', '=', 'audit_log').execute();
}
