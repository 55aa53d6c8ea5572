import { MAX_IMAGE_DATA_URL_LENGTH, PAYMENT_IMAGE_PATH, routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import type { Executor } from '../platform/db/database';
import type { AuthOperator, OperatorAction } from '../platform/http/auth-user';
import { defineRoute } from '../platform/http/define-route';
import type { CashierService, OperatorDecision } from './cashier-service';
import { CashierSettingsService } from './cashier-settings';

/** The player's cashier calls, and the screenshots served to their owner. */
export async function cashierRoutes(app: FastifyInstance, opts: { cashier: CashierService }) {
  const { cashier } = opts;
  defineRoute(app, routes.paymentInfo, ({ user }) => cashier.paymentInfo(user.domainId));
  defineRoute(app, routes.storeImage, ({ body, user }) => cashier.storeImage(user, body.image), {
    // A 5 MB image is about 6.7 MB of base64: this route alone takes a body that large.
    bodyLimit: MAX_IMAGE_DATA_URL_LENGTH + 64 * 1024,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  defineRoute(app, routes.createDeposit, ({ body, user }) => cashier.createDeposit(user, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  defineRoute(app, routes.createWithdrawal, ({ body, user }) => cashier.createWithdrawal(user, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  defineRoute(app, routes.createRequestV1, ({ body, user }) => cashier.createV1Request(user, body), {
    // A V1 deposit carries its screenshot as a data URL: as large a body as StoreImage takes.
    bodyLimit: MAX_IMAGE_DATA_URL_LENGTH + 64 * 1024,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  defineRoute(app, routes.cancelRequest, ({ body, user }) => cashier.cancel(user, body.id));
  defineRoute(app, routes.depositWithdrawals, ({ body, user }) => cashier.list(user, body));
  defineRoute(app, routes.playerRequests, ({ body, user }) => cashier.list(user, body));
  defineRoute(app, routes.withdrawalHistory, ({ query, user }) =>
    cashier.list(user, { ...query, type: 2, status: 0 }),
  );

  // The screenshot itself: its bytes, not the envelope, to its owner's token, or to a finance
  // operator (or owner) of the image's site.
  app.get<{ Params: { imageId: string } }>(`${PAYMENT_IMAGE_PATH}/:imageId`, async (req, reply) => {
    const role = req.authOperator?.role;
    const operator = role === 'owner' || role === 'finance';
    const user = req.authUser;
    if (!operator && !user) throw req.authError ?? new AppError('UNAUTHENTICATED');
    const id = /^\d{1,15}$/.test(req.params.imageId) ? Number(req.params.imageId) : null;
    const image =
      id === null
        ? null
        : await cashier.image(id, operator ? { operatorOfDomain: req.domain.id } : { userId: user!.userId });
    if (!image) throw new AppError('NOT_FOUND', 'No such image.');
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
}

/** A decision by this operator, audited as `action` in the decision's transaction. */
function decisionOf(
  operator: AuthOperator,
  audit: (executor: Executor, action: OperatorAction) => Promise<void>,
  action: string,
): OperatorDecision {
  return { by: operator.userName, audit: (tx, change) => audit(tx, { action, ...change }) };
}

/** The finance operators' decisions on their site's deposits and withdrawals (owners may too). */
export async function cashierOperatorRoutes(app: FastifyInstance, opts: { cashier: CashierService }) {
  const { cashier } = opts;
  const finance = { roles: ['finance'] } as const;
  defineRoute(
    app,
    routes.adminPaymentRequests,
    ({ query, operator }) => cashier.operatorList(operator.domainId, query),
    finance,
  );
  defineRoute(
    app,
    routes.adminApproveDeposit,
    ({ body, operator, audit }) =>
      cashier.approveDeposit(
        operator.domainId,
        body.id,
        decisionOf(operator, audit, 'payment.approve_deposit'),
        body.utr,
      ),
    finance,
  );
  defineRoute(
    app,
    routes.adminApproveWithdrawal,
    ({ body, operator, audit }) =>
      cashier.approveWithdrawal(
        operator.domainId,
        body.id,
        body.utr,
        decisionOf(operator, audit, 'payment.approve_withdrawal'),
      ),
    finance,
  );
  defineRoute(
    app,
    routes.adminRejectRequest,
    ({ body, operator, audit }) =>
      cashier.reject(operator.domainId, body.id, body.reason, decisionOf(operator, audit, 'payment.reject')),
    finance,
  );

  // The site's cashier: finance reads it, the owner alone replaces it (audited).
  const settings = new CashierSettingsService(app.db);
  defineRoute(app, routes.adminCashierSettings, ({ operator }) => settings.read(operator.domainId), finance);
  defineRoute(app, routes.adminReplaceCashierSettings, ({ body, operator, audit }) =>
    settings.replace(operator.domainId, body, audit),
  );
}
