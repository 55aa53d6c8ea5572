import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import type { LoginLinkService } from '../account';
import { defineRoute } from '../platform/http/define-route';
import { issueLoginLink } from './login-links';
import type { WalletAdjustments } from './wallet-adjustments';

/**
 * The operators' calls (no player screen). Until operator accounts exist (the cashier issue), they
 * are served only when an operator key is configured, and answer only that key.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  opts: { adjustments: WalletAdjustments; loginLinks: LoginLinkService },
) {
  defineRoute(app, routes.adminAdjustWallet, ({ body }) => opts.adjustments.adjust(body));
  defineRoute(app, routes.issueLoginLink, ({ body, req }) => issueLoginLink(opts.loginLinks, body, req));
}
