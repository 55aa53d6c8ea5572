import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { WalletService } from '../ledger/wallet-service';

/** Operator calls (no player screen). Served only when an operator key is configured. */
export async function adminRoutes(app: FastifyInstance, opts: { wallets: WalletService }) {
  defineRoute(app, routes.adminAdjustWallet, ({ body }) => opts.wallets.adjust(body));
}
