// Frozen in time (see 0001): a user's own profile (issue 19 item 5, design §6 `GET|PUT /api/users/me/`):
// a phone, the interface language and theme kept on the server so they follow the user to another
// computer, and which kinds of notification mail the user wants (JSON {kind: bool}; a kind not named
// is on). Every existing user starts in Russian, the default theme and every notification on.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('ru').check(sql`language in ('ru', 'en')`)).execute();
  await db.schema.alterTable('users')
    .addColumn('theme', 'varchar(16)', (c) => c.notNull().defaultTo('default').check(sql`theme in ('default', 'dark')`)).execute();
  await db.schema.alterTable('users').addColumn('notifications', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['notifications', 'theme', 'language', 'phone']) await db.schema.alterTable('users').dropColumn(column).execute();
}
