import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthSchema } from '../schemas/health';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health/', {
    config: { permission: { area: 'health', action: 'read' } },
    schema: { response: { 200: HealthSchema, 503: HealthSchema } },
  }, async (_request, reply) => {
    const database = app.dialect;
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database };
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error' as const, database });
    }
  });
};

export default healthRoutes;
