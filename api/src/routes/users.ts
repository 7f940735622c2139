// The current user and one user by id: a dealer or manager sees only itself, an admin anyone.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../lib/api-error';
import { findUserById, toUser } from '../repositories/users';
import { errorResponses, IdParams } from '../schemas/common';
import { UserSchema } from '../schemas/users';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
