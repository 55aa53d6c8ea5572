import type { ExpectedProfitLoss, OpenBet } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { t } from '../i18n';

/** What the player wins (+) or loses (−) on one outcome of a market. */
export interface OutcomePosition {
  key: string;
  /** The runner's name, a run range of a fancy market, or "Any other" for the runners not bet on. */
  label: string;
  amount: Paise;
}

/** One market's open position: the net per outcome, then the matched and the unmatched bets under it. */
export interface MarketPosition {
  marketId: string;
  eventId: number;
  eventName: string;
  marketName: string;
  marketTypeName: OpenBet['marketTypeName'];
  /** The market's worst case held against the balance (matched and unmatched); null before P/L loads. */
  exposure: Paise | null;
  outcomes: OutcomePosition[];
  matched: OpenBet[];
  unmatched: OpenBet[];
}

/** A fancy market's buckets by their lowest runs: "0–49 runs", "50–54 runs", "55+ runs". */
function fancyOutcomes(runners: ExpectedProfitLoss['runners']): OutcomePosition[] {
  const sorted = [...runners].sort((a, b) => a.runnerId - b.runnerId);
  return sorted.map((r, i) => {
    const next = sorted[i + 1];
    const label = next
      ? next.runnerId - 1 === r.runnerId
        ? t('betting.positions.runs', { runs: String(r.runnerId) })
        : t('betting.positions.runRange', { from: String(r.runnerId), to: String(next.runnerId - 1) })
      : t('betting.positions.runsOrMore', { runs: String(r.runnerId) });
    return { key: `b${r.runnerId}`, label, amount: r.amount };
  });
}

/**
 * Runner markets: each runner the player bet on by name, in the order of the P/L answer. Runners
 * with no bet all win or lose the same (none of the player's bets is on them), so they are one line,
 * "Any other"; should their amounts ever differ, each keeps a line of its own.
 */
function runnerOutcomes(runners: ExpectedProfitLoss['runners'], bets: OpenBet[]): OutcomePosition[] {
  const names = new Map<number, string>();
  for (const b of bets) if (b.runnerId != null) names.set(b.runnerId, b.runnerName);
  const named = runners.filter((r) => names.has(r.runnerId));
  const others = runners.filter((r) => !names.has(r.runnerId));
  const outcomes: OutcomePosition[] = named.map((r) => ({
    key: `r${r.runnerId}`,
    label: names.get(r.runnerId) ?? '',
    amount: r.amount,
  }));
  const first = others[0];
  if (first && others.every((r) => r.amount === first.amount)) {
    outcomes.push({
      key: 'others',
      label: others.length === 1 ? t('betting.positions.theOther') : t('betting.positions.anyOther'),
      amount: first.amount,
    });
  } else {
    for (const r of others)
      outcomes.push({
        key: `r${r.runnerId}`,
        label: t('betting.positions.runner', { id: String(r.runnerId) }),
        amount: r.amount,
      });
  }
  return outcomes;
}

/**
 * Open bets grouped by market, in the order their markets first appear (the server lists the newest
 * first), each with its net position per outcome from Bet/GetUserExpectedProfitLoss.
 */
export function groupPositions(
  bets: OpenBet[],
  pnl: readonly ExpectedProfitLoss[] | undefined,
): MarketPosition[] {
  const markets = new Map<string, MarketPosition>();
  for (const b of bets) {
    let m = markets.get(b.marketId);
    if (!m) {
      m = {
        marketId: b.marketId,
        eventId: b.eventId,
        eventName: b.eventName,
        marketName: b.marketName,
        marketTypeName: b.marketTypeName,
        exposure: null,
        outcomes: [],
        matched: [],
        unmatched: [],
      };
      markets.set(b.marketId, m);
    }
    (b.status === 'UNMATCHED' ? m.unmatched : m.matched).push(b);
  }
  for (const m of markets.values()) {
    const p = pnl?.find((x) => x.marketId === m.marketId);
    if (!p) continue;
    m.exposure = p.exposure;
    const all = [...m.matched, ...m.unmatched];
    m.outcomes = m.marketTypeName === 'fancy2' ? fancyOutcomes(p.runners) : runnerOutcomes(p.runners, all);
  }
  return [...markets.values()];
}
