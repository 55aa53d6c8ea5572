import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. helmet() works its header values out once, here;
 * @fastify/helmet would rebuild them (parsing the whole policy) on every request, a cost each bet paid.
 */
const plugin: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => {
      done(err === undefined || err instanceof Error ? err : new Error(String(err)));
    });
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
