import * as B from '../backoffice';
import { route } from './route-def';

/**
 * The operators' console, Dashboard and Players (server: backoffice/): an operator's bearer token
 * for the request's site; the roles each call admits are declared where the server binds it.
 */
export const backofficeRoutes = {
  adminDashboard: route({
    method: 'GET',
    path: '/admin/dashboard',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The site at a glance: pending deposits and withdrawals with their age, today's money and GGR (IST days), players online, markets awaiting a result, the last 14 days",
    query: undefined,
    body: undefined,
    result: B.DashboardSchema,
  }),
  adminPlayers: route({
    method: 'GET',
    path: '/admin/players',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The site's players, by a user name's beginning or digits of the mobile number, newest first, with cash and exposure",
    query: B.PlayerListQuerySchema,
    body: undefined,
    result: B.PlayerListSchema,
  }),
  adminPlayerDetail: route({
    method: 'GET',
    path: '/admin/players/detail',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "One player of the site: account, wallet, latest ledger lines, bets, payment requests, bonuses, referrals and sign-ins; another site's player is 404",
    query: B.PlayerDetailQuerySchema,
    body: undefined,
    result: B.PlayerDetailSchema,
  }),
  adminLockPlayer: route({
    method: 'POST',
    path: '/admin/players/lock',
    auth: 'operator',
    tag: 'Operator',
    summary:
      'Locks a player (signed out on every server at once) or unlocks a locked one, with a reason; audited with before and after',
    query: undefined,
    body: B.PlayerLockInputSchema,
    result: B.PlayerLockResultSchema,
  }),
} as const;
