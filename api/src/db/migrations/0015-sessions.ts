// Frozen in time (see 0001): sessions that end when they should (issue 17 items 1 and 2).
// - `users.sessions_valid_after`: the moment the user's sessions last ended (password reset,
//   deactivation, a new role or dealer, reuse of a spent refresh token); an access or refresh token
//   issued before it is refused by every API process (lib/tokens.ts). Null: never ended.
// - `refresh_tokens.replacement`: on a spent refresh token, the pair it was exchanged for (encrypted
//   with a key derived from the JWT secret), answered again to a second tab that presents the same
//   token within REFRESH_REUSE_GRACE_SECONDS.
// - a `sessions` counter in data_versions (0003), bumped by triggers whenever what a session depends
//   on changes, whoever writes: a user's activity, role, dealer, signed agreement or
//   sessions_valid_after, a dealer's activity, and either's deletion. Every process keeps the users'
//   states it read while the counter is unchanged.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The tables and the columns whose change bumps the `sessions` counter. */
const WATCHED: Array<[table: string, columns: string[]]> = [
  ['users', ['is_active', 'role', 'dealer_id', 'contract_signed', 'sessions_valid_after']],
  ['dealers', ['is_active']],
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('users').addColumn('sessions_valid_after', timestamp).execute();
  await db.schema.alterTable('refresh_tokens').addColumn('replacement', 'text').execute();
  await db.insertInto('data_versions').values({ name: 'sessions', version: 0 }).execute();

  if (pg) {
    await sql`create function bump_sessions_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = 'sessions';
        return null;
      end $$`.execute(db);
    for (const [table, columns] of WATCHED) {
      await sql`create trigger ${sql.id(`${table}_sessions_version`)} after update of ${sql.join(columns.map((c) => sql.id(c)))} or delete on ${sql.table(table)}
        for each statement execute function bump_sessions_version()`.execute(db);
    }
    return;
  }
  const bump = sql`update data_versions set version = version + 1 where name = 'sessions';`;
  for (const [table, columns] of WATCHED) {
    await sql`create trigger ${sql.id(`${table}_sessions_version_update`)} after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.table(table)}
      begin ${bump} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_sessions_version_delete`)} after delete on ${sql.table(table)} begin ${bump} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table] of WATCHED) {
    if (pg) await sql`drop trigger ${sql.id(`${table}_sessions_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ['update', 'delete']) await sql`drop trigger ${sql.id(`${table}_sessions_version_${event}`)}`.execute(db);
  }
  if (pg) await sql`drop function bump_sessions_version()`.execute(db);
  await db.deleteFrom('data_versions').where('name', '=', 'sessions').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('replacement').execute();
  await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
}
