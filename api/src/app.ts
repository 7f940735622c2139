// The application as a plugin (fastify/demo layout): external setup, the database, auth, the API
// routes under /api with their permission check, the built portal at `/`, one error handler.
// `buildApp` makes a ready Fastify instance from a configuration; tests call it with their own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveConfig, type AppConfig } from './config';
import { createMailer, type Mailer } from './lib/mailer';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import { errorHandler, installErrorHandling } from './plugins/error-handler';
import externalPlugins from './plugins/external';
import { installPermissions } from './plugins/permissions';
import portalStatic from './plugins/portal-static';
import releasesPlugin from './plugins/releases';
import securityHeaders from './plugins/security-headers';
import requestQueue from './plugins/request-queue';
import { sharedScope } from './plugins/shared-scope';
import { validatorCompiler } from './plugins/validation';
import areaRoutes from './areas';
import { registrationRoutes } from './areas/regreq';
import { profileRoutes } from './routes/profile';
import { userRoutes } from './areas/users';
import authRoutes from './routes/auth';
import categoryRoutes from './routes/categories';
import contractRoutes from './routes/contract';
import exchangeRoutes from './routes/exchange';
import healthRoutes from './routes/health';
import remotesRoutes from './routes/remotes';
import restoreRoutes from './routes/restore';
import settingsRoutes from './routes/settings';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    mailer: Mailer;
  }
}

export const application = sharedScope<{ config: AppConfig }>(async (app, { config }) => {
  app.decorate('config', config);
  app.decorate('mailer', createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (msg, err) => app.log.warn({ err }, msg),
  }));
  if (config.smtpUrl) {
    // Mail SMTP refused waits in the outbox until a later try gets it through; the timer never holds the process.
    const retry = setInterval(() => {
      app.mailer.flushOutbox().catch((err) => app.log.warn({ err }, 'outbox flush failed'));
    }, config.mailRetrySeconds * 1000).unref();
    app.addHook('onClose', async () => clearInterval(retry));
  }
  installErrorHandling(app);
  await app.register(securityHeaders);
  await app.register(requestQueue, { queueLimit: config.requestQueue.limit, concurrency: config.requestQueue.concurrency });
  await app.register(externalPlugins, { config });
  await app.register(swagger, {
    openapi: { info: { title: 'Dealer portal API', version: '1.0.0' } },
  });
  await app.register(docsPlugin);
  await app.register(databasePlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(releasesPlugin, { config });

  await app.register(async (api) => {
    installPermissions(api);
    api.get('/schema/', { config: { permission: { area: 'health', action: 'read' } }, schema: { hide: true } }, async () => app.swagger());
    await api.register(healthRoutes);
    await api.register(authRoutes, { config });
    await api.register(restoreRoutes, { config, mailer: app.mailer });
    await api.register(registrationRoutes, { config });
    await api.register(profileRoutes);
    await api.register(userRoutes);
    await api.register(contractRoutes);
    await api.register(settingsRoutes);
    await api.register(categoryRoutes);
    await api.register(areaRoutes);
    await api.register(remotesRoutes);
    await api.register(exchangeRoutes, { config });
  }, { prefix: '/api' });

  if (config.portalDist && existsSync(path.join(config.portalDist, 'index.html'))) {
    await app.register(portalStatic, { root: config.portalDist, remotesRegistry: config.remotesRegistry });
  }
});

/** Fastify's serializer compiler (fast-json-stringify), each serializer compiled on its first use. */
function lazySerializers(...factory: Parameters<ReturnType<typeof SerializerSelector>>) {
  const compile = SerializerSelector()(...factory);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ReturnType<typeof compile> | undefined;
    return (data: unknown) => (serialize ??= compile(route))(data);
  };
}

/** A ready application; the caller listens (server.ts) or injects requests (tests). */
export async function buildApp(options: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Errors the router raises before any route (a bad URL, an over-long path parameter) get the
    // same {message, code} answer as the rest.
    frameworkErrors: errorHandler,
    schemaErrorFormatter: (errors, dataVar) => new Error(`${dataVar}: ${errors.length} problem(s)`),
    // The application starts as one plugin, migrations and demo data included: on a large database
    // a migration (0018 writes an opening correction per store item) takes what it takes, and a
    // start cut short after Fastify's default 10 s would leave the portal down, not safer.
    pluginTimeout: 0,
    // Each response serializer is made (fast-json-stringify, Fastify's own) when its route first
    // answers with that status, not at start: a process pays only for the answers it gives.
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(application, { config });
  await app.ready();
  return app;
}
