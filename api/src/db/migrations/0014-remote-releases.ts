// Frozen in time (see 0001): the registry of the remotes' releases (issue 15, design §3
// "Releases"). A release is one immutable build of one remote, its files under
// RELEASES_DIR/<remote>/<id>/; a remote's live release is one pointer, moved by a conditional
// update, and every move is kept as an activation (for "the release live before"). `revision`
// grows with every change of a remote, so that one small sum tells a process whether the registry
// it keeps in memory is still current. Deploy keys are kept as sha256 hashes only.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  const flag = (value: boolean) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(pg ? value : value ? 1 : 0);
  const serial = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema.createTable('remotes')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('base_path', 'varchar(200)', (c) => c.notNull())
    .addColumn('live_release', 'varchar(40)')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema.createTable('remote_releases')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('remote', 'varchar(64)', (c) => c.notNull().references('remotes.name').onDelete('cascade'))
    .addColumn('contract_version', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'varchar(100)')
    .addColumn('git_sha', 'varchar(40)')
    .addColumn('remote_entry', 'varchar(500)', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('files_kept', 'boolean', flag(true))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('created_by', 'varchar(300)', (c) => c.notNull())
    .addColumn('activated_at', timestamp)
    .addColumn('activated_by', 'varchar(300)')
    .execute();
  await db.schema.createIndex('remote_releases_remote_created').on('remote_releases').columns(['remote', 'created_at']).execute();

  await db.schema.createTable('release_activations')
    .addColumn('id', 'integer', serial)
    .addColumn('remote', 'varchar(64)', (c) => c.notNull().references('remotes.name').onDelete('cascade'))
    .addColumn('release', 'varchar(40)', (c) => c.notNull().references('remote_releases.id').onDelete('cascade'))
    .addColumn('previous_release', 'varchar(40)', (c) => c.references('remote_releases.id').onDelete('set null'))
    .addColumn('activated_at', timestamp, (c) => c.notNull())
    .addColumn('activated_by', 'varchar(300)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('release_activations_remote').on('release_activations').columns(['remote', 'id']).execute();

  await db.schema.createTable('deploy_keys')
    .addColumn('id', 'integer', serial)
    .addColumn('remote', 'varchar(64)', (c) => c.notNull().references('remotes.name').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('created_by', 'varchar(300)', (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .addColumn('last_used_at', timestamp)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deploy_keys').execute();
  await db.schema.dropTable('release_activations').execute();
  await db.schema.dropTable('remote_releases').execute();
  await db.schema.dropTable('remotes').execute();
}
