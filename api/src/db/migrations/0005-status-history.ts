// Frozen in time (see 0001): the status history of design §5. Every status change of an order,
// shipping, claim, registration request and order-deletion request is a row: from (null for the
// first status), to, who, when and a comment. One nullable reference per kind of item, each
// cascading, so that an item's history goes with it (an order takes its requests', shipping's and
// claims' too); exactly one is set. Rows that exist already get what can be known of their past:
// their first status at creation and, when it differs, their status now at their last change.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const SUBJECTS: Array<[column: string, table: string]> = [
  ['order_id', 'orders'],
  ['shipping_id', 'shippings'],
  ['claim_id', 'claims'],
  ['registration_request_id', 'registration_requests'],
  ['order_deletion_request_id', 'order_deletion_requests'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const columns = SUBJECTS.map(([column]) => sql.ref(column));
  const oneSubject = pg
    ? sql`num_nonnulls(${sql.join(columns)}) = 1`
    : sql`(${sql.join(columns.map((c) => sql`(${c} is not null)`), sql` + `)}) = 1`;
  let table = pg
    ? db.schema.createTable('status_changes').addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : db.schema.createTable('status_changes').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  for (const [column, subject] of SUBJECTS) table = table.addColumn(column, 'integer', (c) => c.references(`${subject}.id`).onDelete('cascade'));
  await table
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', timestamp, (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('status_changes_one_subject', oneSubject)
    .execute();
  for (const [column] of SUBJECTS) await db.schema.createIndex(`status_changes_${column}`).on('status_changes').columns([column, 'id']).execute();
  await db.schema.createIndex('status_changes_changed_by').on('status_changes').column('changed_by').execute();

  // The past of rows that exist already.
  const backfill = async (column: string, table: string, first: string, by: string, lastAt: string, lastComment = "''") => {
    await sql`insert into status_changes (${sql.ref(column)}, from_status, to_status, changed_by, changed_at, comment)
      select id, null, ${sql.lit(first)}, ${sql.raw(by)}, created_at, '' from ${sql.table(table)}`.execute(db);
    await sql`insert into status_changes (${sql.ref(column)}, from_status, to_status, changed_by, changed_at, comment)
      select id, ${sql.lit(first)}, status, null, ${sql.raw(lastAt)}, ${sql.raw(lastComment)} from ${sql.table(table)} where status <> ${sql.lit(first)}`.execute(db);
  };
  await backfill('order_id', 'orders', 'new', 'created_by', 'updated_at');
  await backfill('shipping_id', 'shippings', 'preparing', 'null', 'coalesce(shipped_at, created_at)');
  await backfill('claim_id', 'claims', 'new', 'created_by', 'created_at');
  await backfill('registration_request_id', 'registration_requests', 'new', 'null', 'coalesce(decided_at, created_at)', 'decision_reason');
  await backfill('order_deletion_request_id', 'order_deletion_requests', 'pending', 'created_by', 'coalesce(decided_at, created_at)');

  // Counted like every business table (0003), so that a kept list page never outlives a change.
  await db.insertInto('data_versions').values({ name: 'status_changes', version: 0 }).execute();
  if (pg) {
    await sql`create trigger status_changes_data_version after insert or update or delete on status_changes
      for each statement execute function bump_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.id(`status_changes_data_version_${event}`)} after ${sql.raw(event)} on status_changes
      begin update data_versions set version = version + 1 where name = 'status_changes'; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) await sql`drop trigger status_changes_data_version on status_changes`.execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`status_changes_data_version_${event}`)}`.execute(db);
  await db.deleteFrom('data_versions').where('name', '=', 'status_changes').execute();
  await db.schema.dropTable('status_changes').execute();
}
