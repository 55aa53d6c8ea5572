import {
  assertFancyBet,
  assertOddsBet,
  fancyBetPnl,
  oddsBetPnl,
  type FancyBet,
  type OddsBet,
  type RunnerId,
} from './bets';
import { ExchangeError } from './errors';
import { ZERO_PAISE, addPaise, mulDivPaise, subPaise, type Paise } from './money';

/*
 * Settlement applies the same per-bet amounts as pnl.ts (including its rounding toward the house), so
 * a customer's gross for a market equals the P_i of the winning runner, or the fancy bucket holding the
 * runs total, to the paisa. Commission is then taken from a positive gross only.
 */

export type OddsResult = { readonly kind: 'winner'; readonly runnerId: RunnerId } | { readonly kind: 'void' };
export type FancyResult = { readonly kind: 'runs'; readonly runs: number } | { readonly kind: 'void' };

/** A bet as stored: who placed it and its id, so the outcome can be posted per bet and per user. */
export interface PlacedBet<B> {
  readonly betId: string;
  readonly userId: string;
  readonly bet: B;
}

export interface SettledBet {
  readonly betId: string;
  readonly userId: string;
  /** The customer's profit (> 0) or loss (< 0) on the bet; 0 when void. */
  readonly pnl: Paise;
}

export interface UserSettlement {
  readonly userId: string;
  /** Sum of the user's bets in the market. */
  readonly gross: Paise;
  /** Charged on a positive gross only, never on a loss. */
  readonly commission: Paise;
  /** gross − commission: what the user's balance moves by. */
  readonly net: Paise;
}

export interface MarketSettlement {
  readonly bets: readonly SettledBet[];
  /** One entry per user, in the order of each user's first bet. */
  readonly users: readonly UserSettlement[];
}

export interface SettlementOptions {
  /** Commission in basis points (100 = 1%) on a user's net winnings in the market; default 0. */
  readonly commissionBps?: number;
}

export function settleOddsBet(bet: OddsBet, result: OddsResult): Paise {
  assertOddsBet(bet);
  return result.kind === 'void' ? ZERO_PAISE : oddsBetPnl(bet, result.runnerId);
}

export function settleFancyBet(bet: FancyBet, result: FancyResult): Paise {
  assertFancyBet(bet);
  return result.kind === 'void' ? ZERO_PAISE : fancyBetPnl(bet, result.runs);
}

/** Commission on a market's gross: bps/10000 of winnings, rounded up (toward the house); 0 on a loss. */
export function commissionOn(gross: Paise, commissionBps = 0): Paise {
  if (!Number.isSafeInteger(commissionBps) || commissionBps < 0 || commissionBps > 10000) {
    throw new ExchangeError(
      'INVALID_COMMISSION',
      `commission must be 0..10000 basis points, got ${commissionBps}`,
    );
  }
  return gross > 0 ? mulDivPaise(gross, commissionBps, 10000, 'ceil') : ZERO_PAISE;
}

/** Settles a match-odds, toss, winner, over/under or bookmaker market for every user in it. */
export function settleOddsMarket(
  runnerIds: readonly RunnerId[],
  result: OddsResult,
  bets: readonly PlacedBet<OddsBet>[],
  options: SettlementOptions = {},
): MarketSettlement {
  const known = new Set(runnerIds);
  if (result.kind === 'winner' && !known.has(result.runnerId)) {
    throw new ExchangeError(
      'UNKNOWN_RUNNER',
      `winner ${String(result.runnerId)} is not a runner of the market`,
    );
  }
  for (const { bet } of bets) {
    if (!known.has(bet.runnerId)) {
      throw new ExchangeError(
        'UNKNOWN_RUNNER',
        `bet on runner ${String(bet.runnerId)} which is not in the market`,
      );
    }
  }
  return aggregate(
    bets.map(({ betId, userId, bet }) => ({ betId, userId, pnl: settleOddsBet(bet, result) })),
    options,
  );
}

/** Settles a fancy (session) market on a runs total, or void. */
export function settleFancyMarket(
  result: FancyResult,
  bets: readonly PlacedBet<FancyBet>[],
  options: SettlementOptions = {},
): MarketSettlement {
  if (result.kind === 'runs' && (!Number.isSafeInteger(result.runs) || result.runs < 0)) {
    throw new ExchangeError(
      'INVALID_BET',
      `runs total must be a non-negative whole number, got ${result.runs}`,
    );
  }
  return aggregate(
    bets.map(({ betId, userId, bet }) => ({ betId, userId, pnl: settleFancyBet(bet, result) })),
    options,
  );
}

function aggregate(settled: SettledBet[], options: SettlementOptions): MarketSettlement {
  const gross = new Map<string, Paise>();
  for (const { userId, pnl } of settled) gross.set(userId, addPaise(gross.get(userId) ?? ZERO_PAISE, pnl));
  const users = [...gross].map(([userId, total]) => {
    const commission = commissionOn(total, options.commissionBps);
    return { userId, gross: total, commission, net: subPaise(total, commission) };
  });
  return { bets: settled, users };
}
