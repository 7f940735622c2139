// Users (design §4): the admin lists and reads every user; anyone else reads only itself by id.
// The current user is also at /api/users/me/ (routes/users.ts).
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { defineArea } from '../lib/area';
import { toUser } from '../repositories/users';
import { RowId } from '../schemas/common';
import { RoleSchema, UserSchema } from '../schemas/users';

export const users = defineArea({
  area: 'users',
  path: '/users/',
  table: 'users',
  item: UserSchema,
  select: (db: Kysely<Database>) => db.selectFrom('users').selectAll('users'),
  own: (query, user) => query.where('users.id', '=', user.user_id),
  filters: {
    role: { schema: RoleSchema, column: 'users.role' },
    dealer: { schema: RowId, column: 'users.dealer_id' },
    is_active: { schema: Type.Boolean(), column: 'users.is_active' },
  },
  orderable: { id: 'users.id', email: 'users.email', last_name: 'users.last_name', date_joined: 'users.date_joined', last_login: 'users.last_login' },
  nullable: ['users.last_login'],
  defaultOrdering: 'email',
  searchable: ['users.email', 'users.first_name', 'users.last_name'],
  toItem: toUser,
  // The admin's writes (create, change, send a link) have rules of their own and are routes/users.ts's:
  // no body, no `remove` here, so this area makes no POST, PUT or DELETE route.
});
