import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { SignInDelayed, type LoginLinkService } from '../account';
import { defineRoute } from '../platform/http/define-route';
import { issueLoginLink } from './login-links';
import type { OperatorService } from './operator-service';
import type { WalletAdjustments } from './wallet-adjustments';

/** Operators' sign-in: per address, on top of the per-name guard (operator-service.ts). */
const SIGN_IN_PER_IP = { max: 10, timeWindow: 60_000 } as const;

/**
 * The operators' calls (no player screen). Each takes an operator's token for the request's site
 * and admits the roles named here besides the owner (see README.md).
 */
export async function operatorRoutes(
  app: FastifyInstance,
  opts: { adjustments: WalletAdjustments; loginLinks: LoginLinkService; operators: OperatorService },
) {
  const { operators } = opts;
  defineRoute(
    app,
    routes.adminLogin,
    async ({ body, req, reply }) => {
      try {
        return await operators.login(req.domain.id, body, { requestId: req.id, ip: req.ip });
      } catch (err) {
        if (err instanceof SignInDelayed) void reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
    { rateLimit: SIGN_IN_PER_IP },
  );
  // Every role renews its own session.
  defineRoute(app, routes.adminRefreshSession, ({ operator }) => operators.refresh(operator), {
    roles: ['finance', 'trader', 'support'],
  });
  defineRoute(app, routes.adminCreateOperator, ({ body, operator, audit }) =>
    operators.create(operator, body, audit),
  );
  defineRoute(app, routes.adminResetOperatorTotp, ({ body, operator, audit }) =>
    operators.resetTotp(operator, body.userName, audit),
  );
  defineRoute(app, routes.adminAuditLog, ({ query, operator }) =>
    operators.auditLog(operator.domainId, query),
  );

  defineRoute(
    app,
    routes.adminAdjustWallet,
    ({ body, operator, audit }) =>
      opts.adjustments.adjust(body, {
        domainId: operator.domainId,
        audit: (tx, change) => audit(tx, { action: 'wallet.adjust', ...change }),
      }),
    // A manual adjustment is the owner's alone (issue 16): money made or taken by hand, audited.
    { roles: [] },
  );
  defineRoute(
    app,
    routes.issueLoginLink,
    ({ body, req, operator, audit }) => issueLoginLink(opts.loginLinks, body, req, operator, audit),
    { roles: ['support'] },
  );
}
