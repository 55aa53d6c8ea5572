/*
 * Cash-out offer for a match-odds (or bookmaker) market.
 *
 * The hedge is one bet on one runner s at the current best opposite price: a lay of s at its best
 * lay price when the customer is better off if s wins (D = P_s − P_other > 0), a back of s at its
 * best back price when worse off (D < 0). A lay of h at odds q moves P_s by −h(q − 1) and every other
 * runner by +h, so D moves by −h·q; a back moves it by +h·q. The exact hedge stake is |D|/q.
 *
 * Stake: whole rupees. Taking the offer places the hedge through the normal bet path, whose stakes
 * are whole rupees on the wire; and |D|/q is usually not exact even in paise (₹300 at 2.80 is
 * ₹107.142857…), so a paise stake would not make P equal either. The stake is |D|/q rounded to the
 * nearest rupee, ties to the smaller stake. With Q the hedge price in hundredths, the hedge moves D
 * by h·Q paise, so after it the outcomes differ by at most Q/2 paise (half the odds in rupees:
 * ≤ ₹1 at 2.00, ≤ ₹5 at 10.00), and they are exactly equal whenever Q divides |D|. When the
 * rounded stake is 0 the position is already within that bound and no offer is made.
 *
 * Several runners: a single bet on s adds the same amount to every runner other than s, so it can
 * equalise all P_i only when every runner other than s already has the same P. When no runner s
 * qualifies (e.g. backs on two runners of a three-way market with different results), there is no
 * single-bet cash-out and the answer says so ('no-single-hedge') rather than offering a partial hedge
 * that would not lock in one result. In a two-runner market both runners qualify; the hedge that
 * guarantees the customer more is chosen, ties going to the runner listed first.
 *
 * Bet limits: the hedge is a normal bet, so one below the market's minimum stake, above its maximum
 * stake, or able to win more than its maximum profit would only be refused. Such a hedge is not
 * offered; when every hedge that would even the runners is outside the limits the answer says why:
 * 'below-min-stake' (the position cannot be cashed out until it grows or the prices move) or
 * 'above-bet-limits' (it is larger than one bet on the market may be).
 */
import { betPotentialProfit, type OddsBet, type RunnerId } from './bets';
import type { Hundredths } from './ladder';
import { ZERO_PAISE, maxPaise, minPaise, subPaise, wholeRupees, type Paise } from './money';
import { runnerPnl, type RunnerPnl } from './pnl';

/** The best price currently offered on each side of a runner, null when that side is empty. */
export interface BestPrices {
  readonly back: Hundredths | null;
  readonly lay: Hundredths | null;
}

export type CashOutOffer =
  | {
      readonly kind: 'offer';
      /** The bet to place; its stake is whole rupees. */
      readonly hedge: OddsBet;
      readonly pnlBefore: readonly RunnerPnl[];
      readonly pnlAfter: readonly RunnerPnl[];
      /** What the customer is guaranteed after the hedge: min over runners of P_i after. */
      readonly guaranteed: Paise;
      /** max − min of P_i after the hedge; at most floor(hedge price / 2) paise. */
      readonly spread: Paise;
    }
  | {
      readonly kind: 'none';
      readonly reason:
        'no-position' | 'balanced' | 'no-single-hedge' | 'no-price' | 'below-min-stake' | 'above-bet-limits';
      readonly pnlBefore: readonly RunnerPnl[];
    };

/** The market's limits on one bet; each is no limit when left out. */
export interface HedgeLimits {
  readonly minStake?: Paise;
  readonly maxStake?: Paise;
  readonly maxProfit?: Paise;
}

/** |D|/Q rounded to the nearest integer, ties down, in exact integer arithmetic. */
function roundedStakeRupees(imbalance: number, price: number): number {
  const whole = Math.floor(imbalance / price);
  const rest = imbalance - whole * price;
  return 2 * rest > price ? whole + 1 : whole;
}

function lowest(pnl: readonly RunnerPnl[]): Paise {
  return pnl.reduce((m, r) => minPaise(m, r.pnl), pnl[0]?.pnl ?? ZERO_PAISE);
}

function spreadOf(pnl: readonly RunnerPnl[]): Paise {
  const highest = pnl.reduce((m, r) => maxPaise(m, r.pnl), pnl[0]?.pnl ?? ZERO_PAISE);
  return subPaise(highest, lowest(pnl));
}

export function cashOutOffer(
  runnerIds: readonly RunnerId[],
  bets: readonly OddsBet[],
  bestPrices: ReadonlyMap<RunnerId, BestPrices>,
  /** The market's limits on one bet; none by default. */
  limits: HedgeLimits = {},
): CashOutOffer {
  const pnlBefore = runnerPnl(runnerIds, bets);
  if (bets.length === 0) return { kind: 'none', reason: 'no-position', pnlBefore };
  if (spreadOf(pnlBefore) === 0) return { kind: 'none', reason: 'balanced', pnlBefore };

  let best: Extract<CashOutOffer, { kind: 'offer' }> | null = null;
  let sawCandidate = false;
  let sawPrice = false;
  let sawLevel = false;
  let sawAbove = false;
  for (const { runnerId, pnl } of pnlBefore) {
    const others = pnlBefore.filter((r) => r.runnerId !== runnerId).map((r) => r.pnl);
    if (others.some((p) => p !== others[0])) continue;
    sawCandidate = true;
    const imbalance = pnl - (others[0] ?? pnl);
    const side = imbalance > 0 ? 'lay' : 'back';
    const prices = bestPrices.get(runnerId);
    const price = side === 'lay' ? prices?.lay : prices?.back;
    if (price == null) continue;
    sawPrice = true;
    const stakeRupees = roundedStakeRupees(Math.abs(imbalance), price);
    if (stakeRupees === 0) {
      sawLevel = true;
      continue;
    }
    const stakePaise = wholeRupees(stakeRupees);
    if (stakePaise < (limits.minStake ?? ZERO_PAISE)) continue;
    const hedge: OddsBet = { side, runnerId, price, stakePaise };
    if (
      (limits.maxStake !== undefined && stakePaise > limits.maxStake) ||
      (limits.maxProfit !== undefined && betPotentialProfit(hedge) > limits.maxProfit)
    ) {
      sawAbove = true;
      continue;
    }
    const pnlAfter = runnerPnl(runnerIds, [...bets, hedge]);
    const guaranteed = lowest(pnlAfter);
    if (best === null || guaranteed > best.guaranteed) {
      best = { kind: 'offer', hedge, pnlBefore, pnlAfter, guaranteed, spread: spreadOf(pnlAfter) };
    }
  }
  if (best !== null) return best;
  const reason = !sawCandidate
    ? 'no-single-hedge'
    : !sawPrice
      ? 'no-price'
      : sawLevel
        ? 'balanced'
        : sawAbove
          ? 'above-bet-limits'
          : 'below-min-stake';
  return { kind: 'none', reason, pnlBefore };
}
