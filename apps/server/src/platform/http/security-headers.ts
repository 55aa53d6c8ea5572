import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. helmet() works its header values out once, here;
 * @fastify/helmet would rebuild them (parsing the whole policy) on every request, a cost each bet paid.
 */
/**
 * Browser features no page of ours uses, off for the page and every frame it opens (helmet sets no
 * Permissions-Policy).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

const plugin: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    apply(request.raw, reply.raw, (err?: unknown) => {
      done(err === undefined || err instanceof Error ? err : new Error(String(err)));
    });
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
