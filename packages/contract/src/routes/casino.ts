import * as C from '../casino';
import { route } from './route-def';

/*
 * The casino's seamless wallet (server: casino/): the games providers' calls, one path per provider
 * and call (`/api/casino/wallet/{provider}/{call}`, no path parameter: the table stays literal).
 * No Authorization header: each call is signed with the provider's secret (X-Casino-Timestamp and
 * X-Casino-Signature: sha256=HMAC-SHA256(secret, "<timestamp>.<raw body>")) and names the player by
 * the casinoToken it got at launch. apps/server/src/casino/README.md is the protocol in full.
 */

const SIGNED =
  'Signed by the provider (X-Casino-Timestamp, X-Casino-Signature: sha256=HMAC-SHA256(secret, "<timestamp>.<raw body>"), within 300 s); no Authorization header.';

const CALLS = {
  balance: {
    body: C.CasinoBalanceInputSchema,
    result: C.CasinoBalanceResultSchema,
    summary: `The player's balance (cash they can stake; bonus money is never staked). ${SIGNED}`,
  },
  bet: {
    body: C.CasinoBetInputSchema,
    result: C.CasinoTransactionResultSchema,
    summary: `Take a stake from the player's cash, once per transactionId (a replay answers the first answer; other details 409). Refused with the balance when short, and when a rollback came first. ${SIGNED}`,
  },
  win: {
    body: C.CasinoWinInputSchema,
    result: C.CasinoTransactionResultSchema,
    summary: `Pay a win on a bet named by referenceTransactionId, once per transactionId; several wins per bet. ${SIGNED}`,
  },
  rollback: {
    body: C.CasinoRollbackInputSchema,
    result: C.CasinoRollbackResultSchema,
    summary: `Reverse a bet exactly once; safe to repeat. A bet never seen is tombstoned and refused if it comes later; a bet with a win is not reversed (409). ${SIGNED}`,
  },
} as const;

function walletRoute<K extends C.CasinoWalletCall>(provider: C.CasinoProviderId, call: K) {
  const { body, result, summary } = CALLS[call];
  return route({
    method: 'POST',
    path: C.casinoWalletPath(provider, call),
    auth: 'none',
    tag: 'Casino wallet',
    summary: `${provider}: ${summary}`,
    query: undefined,
    body: body as (typeof CALLS)[K]['body'],
    result: result as (typeof CALLS)[K]['result'],
  });
}

function walletRoutesOf(provider: C.CasinoProviderId) {
  return {
    balance: walletRoute(provider, 'balance'),
    bet: walletRoute(provider, 'bet'),
    win: walletRoute(provider, 'win'),
    rollback: walletRoute(provider, 'rollback'),
  };
}

/** The wallet's routes by provider and call, for the server that binds them. */
export const casinoWalletRoutes = {
  international: walletRoutesOf('international'),
  dream: walletRoutesOf('dream'),
  king: walletRoutesOf('king'),
  mac: walletRoutesOf('mac'),
  udan: walletRoutesOf('udan'),
} as const satisfies Record<C.CasinoProviderId, unknown>;

export const casinoRoutes = {
  getInternationalGames: route({
    method: 'GET',
    path: '/api/InternationalCasino/GetGames',
    auth: 'optional',
    tag: 'Casino',
    summary:
      "The international provider's games by category (empty when the site's casino is off). 503 CASINO_PROVIDER_UNAVAILABLE when the provider does not answer its list.",
    query: undefined,
    body: undefined,
    result: C.CasinoGamesResultSchema,
  }),
  getCasinoGames: route({
    method: 'GET',
    path: '/api/casino/games',
    auth: 'optional',
    tag: 'Casino',
    summary:
      "A provider's games by category (empty when the site's casino is off). 503 CASINO_PROVIDER_UNAVAILABLE, naming the provider, when it does not answer its list: the lobby shows the others.",
    query: C.CasinoGamesQuerySchema,
    body: undefined,
    result: C.CasinoGamesResultSchema,
  }),
  casinoInternationalBalance: casinoWalletRoutes.international.balance,
  casinoInternationalBet: casinoWalletRoutes.international.bet,
  casinoInternationalWin: casinoWalletRoutes.international.win,
  casinoInternationalRollback: casinoWalletRoutes.international.rollback,
  casinoDreamBalance: casinoWalletRoutes.dream.balance,
  casinoDreamBet: casinoWalletRoutes.dream.bet,
  casinoDreamWin: casinoWalletRoutes.dream.win,
  casinoDreamRollback: casinoWalletRoutes.dream.rollback,
  casinoKingBalance: casinoWalletRoutes.king.balance,
  casinoKingBet: casinoWalletRoutes.king.bet,
  casinoKingWin: casinoWalletRoutes.king.win,
  casinoKingRollback: casinoWalletRoutes.king.rollback,
  casinoMacBalance: casinoWalletRoutes.mac.balance,
  casinoMacBet: casinoWalletRoutes.mac.bet,
  casinoMacWin: casinoWalletRoutes.mac.win,
  casinoMacRollback: casinoWalletRoutes.mac.rollback,
  casinoUdanBalance: casinoWalletRoutes.udan.balance,
  casinoUdanBet: casinoWalletRoutes.udan.bet,
  casinoUdanWin: casinoWalletRoutes.udan.win,
  casinoUdanRollback: casinoWalletRoutes.udan.rollback,
} as const;
