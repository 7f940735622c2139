// Reading users and turning rows into the API's User (never the table row itself).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';
import { toBool, toIso } from '../db/dialect';
import type { UsersTable } from '../db/tables/users';
import type { Static } from 'typebox';
import type { UserSchema } from '../schemas/users';

export type User = Static<typeof UserSchema>;
export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    is_staff: row.role !== 'dealer',
    dealer: row.dealer_id,
    is_active: toBool(row.is_active),
    contract_signed: toBool(row.contract_signed),
    date_joined: toIso(row.date_joined),
    last_login: toIso(row.last_login),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}
