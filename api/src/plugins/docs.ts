// The OpenAPI description to browse: Swagger UI at /api/docs/ over the spec @fastify/swagger builds
// from the route schemas (the same as /api/schema/). Registered outside the /api scope: its routes
// are the UI's pages and files, not an API area, so the permission hook (which wants
// `config.permission` on every route) does not apply; like /api/schema/ they are public.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

const docs: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
};

export default docs;
