// The OpenAPI description to browse: Swagger UI at /api/docs/ over the spec @fastify/swagger builds
// from the route schemas (the same as /api/schema/). Registered outside the /api scope: its routes
// are the UI's pages and files, not an API area, so the permission hook (which wants
// `config.permission` on every route) does not apply; like /api/schema/ they are public.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The docs' pages and files run only the Swagger UI's own scripts, from the portal's origin: no
 * inline script, nothing from elsewhere, framed by no one (issue 30 item 8). The page is HTML on the
 * portal's origin, where the users' tokens are.
 */
export const DOCS_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const docs: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_POLICY });
};

export default docs;
