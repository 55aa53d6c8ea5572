import * as L from '../login-link';
import * as O from '../operator';
import { route } from './route-def';

/** Operator calls carrying the X-Admin-Key header (server: operator/). */
export const operatorRoutes = {
  adminAdjustWallet: route({
    method: 'POST',
    path: '/admin/wallets/adjust',
    auth: 'operator',
    tag: 'Operator',
    summary: "Credit or debit a player's wallet with a reason (a balanced journal against the house)",
    query: undefined,
    body: O.WalletAdjustmentInputSchema,
    result: O.WalletAdjustmentResultSchema,
  }),
  issueLoginLink: route({
    method: 'POST',
    path: '/admin/login-links',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "A one-time sign-in link for a player of the request's site: single use, short-lived, stored as a hash",
    query: undefined,
    body: L.LoginLinkIssueInputSchema,
    result: L.LoginLinkIssueResultSchema,
  }),
} as const;
