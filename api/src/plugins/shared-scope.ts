// What fastify-plugin does, without the dependency: a plugin marked this way is not encapsulated,
// so its decorators and hooks reach the whole application (Fastify's `skip-override`).
import type { FastifyPluginAsync } from 'fastify';

export function sharedScope<Options extends Record<string, unknown>>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
