import * as L from '../login-link';
import * as O from '../operator';
import { route } from './route-def';

/**
 * Operator calls (server: operator/): an operator's bearer token from `adminLogin` (no shared key);
 * the roles each call admits are declared where the server binds it.
 */
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
  adminLogin: route({
    method: 'POST',
    path: '/admin/auth/login',
    auth: 'none',
    tag: 'Operator',
    summary:
      "An operator signs in on a site's host with a password and the authenticator's 6-digit code: a short-lived operator token for that site",
    query: undefined,
    body: O.OperatorLoginInputSchema,
    result: O.OperatorLoginResultSchema,
  }),
  adminRefreshSession: route({
    method: 'POST',
    path: '/admin/auth/refresh',
    auth: 'operator',
    tag: 'Operator',
    summary:
      'A fresh 15-minute token for the signed-in operator, from the same sign-in: a session is renewed while the operator works and ends 12 hours after the password and code (401 TOKEN_EXPIRED)',
    query: undefined,
    body: undefined,
    result: O.OperatorLoginResultSchema,
  }),
  adminCreateOperator: route({
    method: 'POST',
    path: '/admin/operators',
    auth: 'operator',
    tag: 'Operator',
    summary: "The owner adds an operator with one role on the owner's site; the TOTP secret is shown once",
    query: undefined,
    body: O.CreateOperatorInputSchema,
    result: O.OperatorEnrolmentSchema,
  }),
  adminResetOperatorTotp: route({
    method: 'POST',
    path: '/admin/operators/reset-totp',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The owner gives an operator of its site a new TOTP secret (shown once); the operator's tokens stop at once",
    query: undefined,
    body: O.ResetOperatorTotpInputSchema,
    result: O.OperatorEnrolmentSchema,
  }),
  adminAuditLog: route({
    method: 'GET',
    path: '/admin/audit-log',
    auth: 'operator',
    tag: 'Operator',
    summary: "The site's operator audit log, newest first: who did what, when, from where, before and after",
    query: O.AuditLogQuerySchema,
    body: undefined,
    result: O.AuditLogListSchema,
  }),
} as const;
