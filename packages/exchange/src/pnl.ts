import { assertFancyBet, fancyBetPnl, oddsBetPnl, type FancyBet, type OddsBet, type RunnerId } from './bets';
import { ExchangeError } from './errors';
import { ZERO_PAISE, addPaise, maxPaise, minPaise, negPaise, subPaise, sumPaise, type Paise } from './money';

export interface RunnerPnl {
  readonly runnerId: RunnerId;
  /** P_i: the customer's net on the market if this runner wins. */
  readonly pnl: Paise;
}

/** One bucket of the fancy book: every runs total k with from ≤ k < to (to null: no upper end) pays `pnl`. */
export interface FancyBucket {
  readonly from: number;
  readonly to: number | null;
  readonly pnl: Paise;
}

/** E = max(0, −min P): what the market can cost the customer at worst, never negative. */
export function exposureOf(outcomes: readonly Paise[]): Paise {
  const [first, ...rest] = outcomes;
  if (first === undefined) return ZERO_PAISE;
  return maxPaise(ZERO_PAISE, negPaise(minPaise(first, ...rest)));
}

function assertRunners(runnerIds: readonly RunnerId[]): void {
  if (runnerIds.length === 0) throw new ExchangeError('INVALID_BET', 'a market needs at least one runner');
  if (new Set(runnerIds).size !== runnerIds.length) {
    throw new ExchangeError('INVALID_BET', 'runner ids of a market must be distinct');
  }
}

/**
 * P_i for every runner of a match-odds, toss, winner, over/under or bookmaker market, in the order of
 * `runnerIds`. A bet on a runner not in the list is refused rather than silently counted as a loser.
 */
export function runnerPnl(runnerIds: readonly RunnerId[], bets: readonly OddsBet[]): RunnerPnl[] {
  assertRunners(runnerIds);
  const known = new Set(runnerIds);
  for (const bet of bets) {
    if (!known.has(bet.runnerId)) {
      throw new ExchangeError(
        'UNKNOWN_RUNNER',
        `bet on runner ${String(bet.runnerId)} which is not in the market`,
      );
    }
  }
  return runnerIds.map((runnerId) => ({
    runnerId,
    pnl: sumPaise(bets.map((bet) => oddsBetPnl(bet, runnerId))),
  }));
}

/**
 * The worst case of a position with unmatched (resting) bets: for every runner i,
 * P_i = Σ over matched bets of pnl_i + Σ over unmatched bets of min(0, pnl_i). Any part of any resting
 * bet may still match, and each one's P&L is linear in its matched stake, so the worst case for runner i
 * is every unmatched bet that loses on i matched in full and every one that wins on i left unmatched.
 * With no unmatched bets this is `runnerPnl`. Not for expected P&L or cash out: those use matched bets.
 */
export function worstCaseRunnerPnl(
  runnerIds: readonly RunnerId[],
  bets: readonly OddsBet[],
  unmatched: readonly OddsBet[] = [],
): RunnerPnl[] {
  const matched = runnerPnl(runnerIds, bets);
  if (unmatched.length === 0) return matched;
  runnerPnl(runnerIds, unmatched); // the same refusals as for matched bets (unknown runner, bad bet)
  return matched.map(({ runnerId, pnl }) => ({
    runnerId,
    pnl: addPaise(pnl, sumPaise(unmatched.map((bet) => minPaise(ZERO_PAISE, oddsBetPnl(bet, runnerId))))),
  }));
}

/**
 * E = max(0, −min_i P_i) over the runners. With `unmatched` (resting bets) P_i is the worst case of
 * `worstCaseRunnerPnl`, which equals the largest exposure of the matched bets with any subset of the
 * unmatched ones matched in full. Without, it is the exposure of the matched bets as before.
 */
export function oddsExposure(
  runnerIds: readonly RunnerId[],
  bets: readonly OddsBet[],
  unmatched: readonly OddsBet[] = [],
): Paise {
  return exposureOf(worstCaseRunnerPnl(runnerIds, bets, unmatched).map((r) => r.pnl));
}

/**
 * The fancy book: with m distinct lines L1 < … < Lm, the m + 1 buckets k < L1, L1 ≤ k < L2, …, k ≥ Lm
 * (runs are never negative, so the first bucket starts at 0; it is empty and left out when L1 = 0).
 * P only changes at a line, so each bucket's P is exact for every k in it. Built as a sweep: below
 * every line each YES loses its stake and each NO wins its stake; crossing a bet's line swaps that
 * bet's amount for its other outcome.
 */
export function fancyBook(bets: readonly FancyBet[]): FancyBucket[] {
  bets.forEach(assertFancyBet);
  const lines = [...new Set(bets.map((b) => b.line))].sort((a, b) => a - b);
  const crossing = new Map<number, Paise>();
  for (const bet of bets) {
    // fancyBetPnl carries the rounding, so the buckets equal the per-bet sum at every k.
    const delta = subPaise(fancyBetPnl(bet, bet.line), fancyBetPnl(bet, bet.line - 1));
    crossing.set(bet.line, addPaise(crossing.get(bet.line) ?? ZERO_PAISE, delta));
  }
  const buckets: FancyBucket[] = [];
  let pnl = sumPaise(bets.map((bet) => fancyBetPnl(bet, -1)));
  let from = 0;
  for (const line of lines) {
    if (line > from) buckets.push({ from, to: line, pnl });
    pnl = addPaise(pnl, crossing.get(line) ?? ZERO_PAISE);
    from = line;
  }
  buckets.push({ from, to: null, pnl });
  return buckets;
}

/** The customer's net on the fancy market if `runs` runs are scored, read from the book. */
export function fancyPnlAt(book: readonly FancyBucket[], runs: number): Paise {
  const bucket = book.find((b) => runs >= b.from && (b.to === null || runs < b.to));
  if (bucket === undefined) throw new ExchangeError('INVALID_BET', `no bucket holds ${String(runs)} runs`);
  return bucket.pnl;
}

/** Fancy exposure from the buckets alone: lines on opposite sides offset only where the buckets say so. */
export function fancyExposure(bets: readonly FancyBet[]): Paise {
  return exposureOf(fancyBook(bets).map((b) => b.pnl));
}
