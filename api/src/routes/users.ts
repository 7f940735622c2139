// The current user, one user by id (a dealer or manager sees only itself, an admin anyone) and the
// admin's list of every user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../lib/api-error';
import { findUserById, toUser } from '../repositories/users';
import { Type } from 'typebox';
import { list } from '../lib/list';
import { errorResponses, IdParams, ListQuery, Page, RowId } from '../schemas/common';
import { RoleSchema, UserSchema } from '../schemas/users';

const UsersQuery = ListQuery({
  role: Type.Optional(RoleSchema),
  dealer: Type.Optional(RowId),
  is_active: Type.Optional(Type.Boolean()),
});

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every user: the admin's only (design §4); others get 404.
  app.get('/users/', {
    config: { permission: { area: 'users', action: 'list' } },
    schema: { querystring: UsersQuery, response: { 200: Page(UserSchema), ...errorResponses } },
  }, async (request) => {
    const { role, dealer, is_active: isActive } = request.query;
    let query = app.db.selectFrom('users').selectAll('users');
    if (role !== undefined) query = query.where('users.role', '=', role);
    if (dealer !== undefined) query = query.where('users.dealer_id', '=', dealer);
    if (isActive !== undefined) query = query.where('users.is_active', '=', isActive);
    return list(request, query, request.query, {
      orderable: { id: 'users.id', email: 'users.email', last_name: 'users.last_name', date_joined: 'users.date_joined', last_login: 'users.last_login' },
      nullable: ['users.last_login'],
      defaultOrdering: 'email',
      idColumn: 'users.id',
      searchable: ['users.email', 'users.first_name', 'users.last_name'],
      map: toUser,
    });
  });

  app.get('/users/me/', {
    config: { permission: { area: 'me', action: 'read' } },
    schema: { response: { 200: UserSchema, ...errorResponses } },
  }, async (request) => {
    const row = await findUserById(app.db, request.user!.user_id);
    if (!row) throw notFound();
    return toUser(row);
  });

  app.get('/users/:id/', {
    config: { permission: { area: 'users', action: 'read' } },
    schema: { params: IdParams, response: { 200: UserSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    if (request.scope === 'own' && id !== request.user!.user_id) throw notFound();
    const row = await findUserById(app.db, id);
    if (!row) throw notFound();
    return toUser(row);
  });
};

export default userRoutes;
