import type { MarketType } from '@backlay/contract';
import type { Paise } from '@backlay/exchange';

/**
 * A price the player tapped on a market page. The sports feature emits it as the app event
 * 'betslip:select'; the betting feature's betslip opens with it. Prices are what the cell showed:
 * decimal odds for exchange markets, a per-100 rate for bookmaker, toss and fancy.
 */
export interface PriceSelection {
  eventId: number;
  eventTitle: string;
  marketId: string;
  marketName: string;
  marketType: MarketType;
  /** back and lay for runners; yes and no for fancy. */
  side: 'back' | 'lay' | 'yes' | 'no';
  /** Null for fancy. */
  runnerId: number | null;
  /** The runner's name, or the fancy market's name. */
  selectionName: string;
  /** Decimal odds (match odds, over/under, win) or rate per 100 (bookmaker, toss, fancy). */
  rate: number;
  /** The runs line of a fancy selection; null otherwise. */
  fancyValue: number | null;
  /** The market's in-play bet delay, for the slip's countdown. */
  betDelayMs: number;
  /** The market's stake limits, as the odds carry them. */
  minStake: Paise;
  maxStake: Paise;
}
