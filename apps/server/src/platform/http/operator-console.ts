import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output: its name changes with its content, so a browser may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the console lives on every site's host. */
export const OPERATOR_CONSOLE_PATH = '/operator/';

/**
 * The operators' console (apps/operator), its own bundle apart from the players' client, served at
 * /operator/ on every site's host: its files, and index.html for any of its client routes. Nothing
 * of it is secret (every call it makes needs an operator's token); it asks search engines to keep
 * out and is never cached stale. Without a build (tests, a server that serves no clients) nothing
 * is registered and /operator/ answers like any unknown path.
 */
export async function registerOperatorConsole(app: FastifyInstance, dist: string): Promise<boolean> {
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) return false;
  const page = readFileSync(indexFile, 'utf8');
  const assets = join(resolve(dist), 'assets') + sep;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
    await scope.register(fastifyStatic, {
      root: dist,
      prefix: OPERATOR_CONSOLE_PATH,
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
    const sendIndex = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html').send(page);
    scope.get('/operator', sendIndex);
    scope.get(`${OPERATOR_CONSOLE_PATH}*`, sendIndex);
  });
  return true;
}
