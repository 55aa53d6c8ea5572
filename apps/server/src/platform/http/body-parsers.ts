import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/**
 * How request bodies are read, for every route at once.
 *
 * - JSON is parsed as Fastify does (prototype poisoning refused), but an **empty** JSON body is no
 *   body at all, not an error.
 * - Any other content type with an **empty** body is no body at all too: the family's clients post
 *   bodyless calls with axios and `null` data, which sends `Content-Type:
 *   application/x-www-form-urlencoded` and nothing after the headers.
 * - Any other content type **with** a body is refused with the envelope (400): the API speaks JSON.
 *
 * A route that takes no body then ignores what was (not) sent; a route that takes one refuses a
 * missing body with 400 `VALIDATION_FAILED` when its schema parses `undefined` (define-route.ts).
 * Fastify's own text/plain parser stays: a text body reaches the schema and is refused there.
 */
export const bodyParsers = fp(
  async (app: FastifyInstance) => {
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '') {
        done(null, undefined);
        return;
      }
      json(req, text, done);
    });
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
      if (body.length === 0) done(null, undefined);
      else done(new AppError('BAD_REQUEST', 'Send the request body as application/json.'), undefined);
    });
  },
  { name: 'body-parsers' },
);

/** Whether a request's body was declared as an HTML form (what the family's axios clients send). */
export function isFormPost(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}
