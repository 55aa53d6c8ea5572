import {
  SPORT_IDS,
  SPORT_NAMES,
  TRADING_MARKET_STATUSES,
  TradingSportSchema,
  type MarketResult,
  type MarketType,
  type RouteBody,
  type TradingBet,
  type TradingMarket,
  type TradingMarketStatus,
} from '@backlay/contract';
import type { Paise } from '@backlay/exchange';
import { formatMoney } from '@/shared/format';

/** A result as POST /admin/markets/settle takes it (and the preview, as JSON text). */
export type SettleResult = RouteBody<'adminSettleMarket'>['result'];
export type TradingSport = TradingMarket['sport'];

export const TRADING_SPORTS: readonly TradingSport[] = TradingSportSchema.options;
export { TRADING_MARKET_STATUSES };

/** `closed` is a market the feed no longer offers and nobody has recorded a result for: a trader's job. */
export const STATUS_LABELS: Record<TradingMarketStatus, string> = {
  open: 'Open',
  suspended: 'Suspended',
  closed: 'Awaiting result',
  settled: 'Settled',
  voided: 'Voided',
};

export const TYPE_LABELS: Record<MarketType, string> = {
  MATCH_ODDS: 'Match odds',
  OVER_UNDER: 'Over/under',
  WIN: 'Win',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
  TOSS: 'Toss',
};

export const BET_STATUS_LABELS: Record<TradingBet['status'], string> = {
  MATCHED: 'Matched',
  UNMATCHED: 'Unmatched',
  SETTLED: 'Settled',
  VOID: 'Void',
  CANCELLED: 'Cancelled',
  LAPSED: 'Lapsed',
};

export const SIDE_LABELS: Record<TradingBet['side'], string> = {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
};

export function sportName(sport: TradingSport): string {
  return SPORT_NAMES[SPORT_IDS[sport]];
}

/** A fancy market settles on a runs total; every other type on a winning runner (the server's rule). */
export function settlesOnRuns(type: MarketType): boolean {
  return type === 'FANCY';
}

/** Exchange markets are priced in decimal odds; bookmaker, toss and fancy in a per-100 rate. */
export function pricedInOdds(type: MarketType): boolean {
  return type === 'MATCH_ODDS' || type === 'OVER_UNDER' || type === 'WIN';
}

/** A decided or proposed result in words: the winner's name, the runs, or void with its reason. */
export function describeResult(
  result: MarketResult | SettleResult,
  runners: readonly { id: number; name: string }[],
): string {
  switch (result.kind) {
    case 'winner':
      return `${runners.find((r) => r.id === result.runnerId)?.name ?? `runner #${result.runnerId}`} won`;
    case 'runs':
      return `${result.runs} run${result.runs === 1 ? '' : 's'}`;
    case 'void':
      return result.reason ? `Void: ${result.reason}` : 'Void';
  }
}

/** Money with its sign shown either way (+₹10.00, −₹10.00): a result, not a balance. */
export function formatSigned(amount: Paise): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}

/** The class that colours a signed amount: gain, loss or nothing for zero. */
export function signClass(amount: number): string | undefined {
  return amount > 0 ? 'trading__gain' : amount < 0 ? 'trading__loss' : undefined;
}
