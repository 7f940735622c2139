// Frozen in time (see 0001): rate-limit counts that every API process shares (issue 9). One row per
// counted key (a route and client address, or a login email): the hits in the current window and
// when that window ends. A hit is one upsert, which PostgreSQL serialises per key, so many
// processes and many requests at once never count past the limit; ended windows are deleted by
// the processes now and then (lib/rate-limit-store.ts). SQLite serves one process, which counts in
// memory; the table is made there too so that both databases have the same schema.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
