import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { WalletAdjustments } from './wallet-adjustments';

/**
 * The operators' calls (no player screen). Until operator accounts exist (the cashier issue), they
 * are served only when an operator key is configured, and answer only that key.
 */
export async function operatorRoutes(app: FastifyInstance, opts: { adjustments: WalletAdjustments }) {
  defineRoute(app, routes.adminAdjustWallet, ({ body }) => opts.adjustments.adjust(body));
}
