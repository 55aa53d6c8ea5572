import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '../log/logger';
import { AppError } from './app-error';

/** Every failure leaves as the envelope with an honest status; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const appError = toAppError(err);
    // Only a fault (INTERNAL) is an error, logged here with the error. Everything else is a refusal,
    // a 503 by design among them (a site under maintenance, prices not coming in): the request's
    // one line (platform/log/logger.ts), with its code.
    if (appError.code === 'INTERNAL') {
      req.log.error({ err, method: req.method, path: req.url.split('?')[0] }, 'request failed');
      req.failureLogged = true;
    } else req.refusedWith = appError.code;
    return reply.status(appError.status).send({ success: false, result: null, error: appError.toBody() });
  });
});

/**
 * What the router refuses before any route or hook runs (Fastify's `frameworkErrors`): an address
 * whose percent-escapes are not UTF-8 is a bad request; a path segment past the router's length
 * limit names nothing we serve. Both answer the envelope, as every other failure does.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const appError =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('ROUTE_NOT_FOUND')
      : err.code === 'FST_ERR_BAD_URL'
        ? new AppError('BAD_REQUEST', 'The address is not valid.')
        : toAppError(err);
  req.refusedWith = appError.code;
  void reply.status(appError.status).send({ success: false, result: null, error: appError.toBody() });
}

function toAppError(err: FastifyError | AppError): AppError {
  if (err instanceof AppError) return err;
  const code = (err as FastifyError).code;
  const status = (err as FastifyError).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('BAD_REQUEST', 'Send the request body as application/json.');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('BAD_REQUEST', 'The request body is empty.');
  if (code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError)
    return new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 404) return new AppError('ROUTE_NOT_FOUND');
  if (status && status >= 400 && status < 500) return new AppError('BAD_REQUEST', err.message);
  return new AppError('INTERNAL');
}
