import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin so its hooks and decorators apply to the whole app rather than an
 * encapsulated child context (what `fastify-plugin` does, without the extra dependency).
 */
export function globalPlugin<T extends Record<string, unknown>>(plugin: FastifyPluginAsync<T>): FastifyPluginAsync<T> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
