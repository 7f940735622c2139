// The current user. The admin's list of users and one user by id are an area (areas/users.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../lib/api-error';
import { findUserById, toUser } from '../repositories/users';
import { errorResponses } from '../schemas/common';
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
};

export default userRoutes;
