import { PAYMENT_ORDER_ID_PATTERN } from '@backlay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { isFormPost } from '../../platform/http/body-parsers';
import { sandboxOrderPage } from './sandbox-page';
import type { SandboxOutcome, SandboxProvider } from './sandbox-provider';

/**
 * The sandbox provider's own pages, as a real provider's site would serve them (never in
 * production): the order page, and Pay, Decline and "send the notice again" (forms on the page, or
 * JSON calls for tests and scripts; a Pay with `{ "notify": false }` loses its notice on the way).
 */
export async function sandboxRoutes(app: FastifyInstance, opts: { sandbox: SandboxProvider }) {
  const { sandbox } = opts;
  const orderIdOf = (req: FastifyRequest<{ Params: { orderId: string } }>): string => {
    const id = req.params.orderId;
    if (!PAYMENT_ORDER_ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', 'The sandbox has no such order.');
    return id;
  };

  app.get<{ Params: { orderId: string } }>('/sandbox/upi/:orderId', async (req, reply) => {
    const order = await sandbox.order(orderIdOf(req));
    if (!order) throw new AppError('NOT_FOUND', 'The sandbox has no such order.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(sandboxOrderPage({ ...order, status: order.state.status, utr: order.state.utr }));
  });

  const act =
    (action: (orderId: string) => Promise<SandboxOutcome>) =>
    async (req: FastifyRequest<{ Params: { orderId: string } }>, reply: FastifyReply) => {
      const orderId = orderIdOf(req);
      const outcome = await action(orderId);
      // The page's forms come back to the page; a script gets the outcome.
      if (isFormPost(req.headers['content-type'])) {
        return reply.redirect(`/sandbox/upi/${encodeURIComponent(orderId)}`, 303);
      }
      return { success: true, result: outcome, error: null };
    };
  app.post<{ Params: { orderId: string }; Body: unknown }>('/sandbox/upi/:orderId/pay', (req, reply) => {
    // { "notify": false } pays without telling the merchant now: a notice lost on the way.
    const body = req.body as { notify?: unknown } | undefined;
    const notify = !(body && typeof body === 'object' && body.notify === false);
    return act((id) => sandbox.pay(id, { notify }))(req, reply);
  });
  app.post(
    '/sandbox/upi/:orderId/decline',
    act((id) => sandbox.decline(id)),
  );
  app.post(
    '/sandbox/upi/:orderId/notify',
    act((id) => sandbox.resend(id)),
  );
}
