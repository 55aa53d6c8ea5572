import { rupeesToPaise } from '@backlay/exchange';
import type { PriceSelection } from './selection';

/**
 * Tests only: a tapped price (India to back at 2.1 in India v Australia's match odds, no bet delay,
 * stakes ₹100 to ₹5,00,000), with what a test needs changed.
 */
export function priceSelection(over: Partial<PriceSelection> = {}): PriceSelection {
  return {
    eventId: 7,
    eventTitle: 'India v Australia',
    marketId: '1.7001',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    side: 'back',
    runnerId: 11,
    selectionName: 'India',
    rate: 2.1,
    fancyValue: null,
    betDelayMs: 0,
    minStake: rupeesToPaise(100),
    maxStake: rupeesToPaise(500_000),
    ...over,
  };
}
