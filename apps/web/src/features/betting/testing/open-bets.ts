import type { OpenBet } from '@backlay/contract';
import { rupeesToPaise } from '@backlay/exchange';

/** Tests only: an open bet (₹300 back on India at 2.1, matched, in India v Australia's match odds), with what a test needs changed. */
export function openBet(over: Partial<OpenBet> = {}): OpenBet {
  return {
    betId: 1,
    orderId: 1,
    status: 'MATCHED',
    isCashOut: false,
    eventName: 'India v Australia',
    eventId: 7,
    marketId: '1.7001',
    runnerId: 11,
    betTitle: 'India v Australia',
    betType: 'Back',
    runnerName: 'India',
    odds: 2.1,
    fancyValue: null,
    stake: rupeesToPaise(300),
    expectedProfit: rupeesToPaise(330),
    liability: rupeesToPaise(300),
    marketName: 'Match Odds',
    marketTypeName: 'match_odd',
    placeTime: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}
