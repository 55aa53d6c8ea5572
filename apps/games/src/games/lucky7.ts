import { card, isRed, type Card } from '../fair/cards';
import { assertBet, marketInfo, settleFixedOdds, type Bet, type BetResult, type BetStatus } from './bets';
import type { FixedOddsGame } from './game';
import { DEFAULT_LIMITS, type StakeLimits } from './money';

export type Lucky7Market = 'low' | 'high' | 'seven' | 'red' | 'black';

export interface Lucky7Outcome {
  readonly card: Card;
  /** The card's value with the ace low: A = 1 … K = 13. */
  readonly value: number;
  readonly band: 'low' | 'seven' | 'high';
  readonly colour: 'red' | 'black';
}

const RULES = [
  'One card: card(float 0), as from an endless shoe. The ace counts 1.',
  'Low is A to 6 and High is 8 to K, each at 2.00; a 7 loses both and pays Seven at 11.00.',
  'Red (♦ ♥) and Black (♠ ♣) pay 1.95 whatever the rank, a 7 included.',
];

export const LUCKY7_MARKETS = [
  marketInfo('low' as const, 'Low (A–6)', 200, 'The card is A, 2, 3, 4, 5 or 6'),
  marketInfo('high' as const, 'High (8–K)', 200, 'The card is 8, 9, 10, J, Q or K'),
  marketInfo('seven' as const, 'Seven', 1100, 'The card is a 7'),
  marketInfo('red' as const, 'Red', 195, 'The card is a diamond or a heart'),
  marketInfo('black' as const, 'Black', 195, 'The card is a spade or a club'),
];

export function lucky7FromCard(c: Card): Lucky7Outcome {
  const value = c.rank === 14 ? 1 : c.rank;
  return {
    card: c,
    value,
    band: value < 7 ? 'low' : value === 7 ? 'seven' : 'high',
    colour: isRed(c) ? 'red' : 'black',
  };
}

function statusOf(market: Lucky7Market, outcome: Lucky7Outcome): BetStatus {
  const hit = market === 'red' || market === 'black' ? outcome.colour === market : outcome.band === market;
  return hit ? 'won' : 'lost';
}

export const lucky7: FixedOddsGame<Lucky7Market, Lucky7Outcome> = {
  id: 'lucky-7',
  name: 'Lucky 7',
  floatsPerRound: 1,
  markets: LUCKY7_MARKETS,
  outcome: (floats) => lucky7FromCard(card(floats[0]!)),
  describe: (limits: StakeLimits = DEFAULT_LIMITS) => ({
    id: 'lucky-7',
    name: 'Lucky 7',
    rules: RULES,
    markets: LUCKY7_MARKETS,
    limits,
  }),
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is Bet<Lucky7Market> {
    assertBet(bet, LUCKY7_MARKETS, limits);
  },
  settle: (bets: readonly Bet<Lucky7Market>[], outcome: Lucky7Outcome): BetResult<Lucky7Market>[] =>
    settleFixedOdds(bets, LUCKY7_MARKETS, (market) => statusOf(market, outcome)),
};
