import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** Text that may not reach the database: PostgreSQL's text type cannot hold a NUL character. */
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** The path before the query, NUL written raw or percent-encoded. */
function pathHasNul(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return hasNul(path) || /%00/.test(path);
}

function headersHaveNul(req: FastifyRequest): boolean {
  // Node's parser refuses a NUL in a header on the wire; an injected request or a proxy may not.
  return req.raw.rawHeaders.some(hasNul);
}

/**
 * Refuses, before any feature sees it, a request whose address path or headers carry a NUL
 * character: they reach the domain lookup, the login activity and the settings files. A NUL in the
 * query or the body is refused by each route's decode (define-route.ts), naming the field.
 */
export const requestGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req) => {
      if (pathHasNul(req.url)) throw new AppError('BAD_REQUEST', 'The address contains a NUL character.');
      if (headersHaveNul(req))
        throw new AppError('BAD_REQUEST', 'A request header contains a NUL character.');
    });
  },
  { name: 'request-guard' },
);
