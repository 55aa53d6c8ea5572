import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** Every failure leaves as the envelope with an honest status; never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const appError = toAppError(err);
    // A site under maintenance answers 503 by design; only real faults are errors.
    if (appError.status >= 500 && appError.code !== 'SITE_SUSPENDED')
      req.log.error({ err }, 'request failed');
    else req.log.info({ code: appError.code, status: appError.status }, 'request refused');
    return reply.status(appError.status).send({ success: false, result: null, error: appError.toBody() });
  });
});

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
