import { freshDeck, type Card } from '../fair/cards';
import { floatsToShuffle, shuffle } from '../fair/shuffle';
import { GamesError } from '../errors';
import { assertBet, marketInfo, settleFixedOdds, type Bet, type BetResult } from './bets';
import type { FixedOddsGame } from './game';
import { DEFAULT_LIMITS, type StakeLimits } from './money';

export type AndarBaharMarket = 'andar' | 'bahar';

export interface AndarBaharOutcome {
  readonly joker: Card;
  /** The cards dealt to each side in order; the winning side's last card matches the joker's rank. */
  readonly andar: readonly Card[];
  readonly bahar: readonly Card[];
  readonly winner: AndarBaharMarket;
}

const RULES = [
  'A full 52-card deck is shuffled from the round’s floats; its first card is the joker.',
  'The other 51 are dealt in order, alternately, the first always to Andar, until a card matches the joker’s rank.',
  'The side that receives the matching card wins. Andar pays 1.90 and Bahar 2.00, because Andar, dealt first, wins slightly more often (about 51.5%).',
];

export const ANDAR_BAHAR_MARKETS = [
  marketInfo('andar' as const, 'Andar', 190, 'The first card matching the joker falls on Andar'),
  marketInfo('bahar' as const, 'Bahar', 200, 'The first card matching the joker falls on Bahar'),
];

/** Deals from a deck whose first card is the joker. */
export function andarBaharFromDeck(deck: readonly Card[]): AndarBaharOutcome {
  const [joker, ...rest] = deck;
  if (joker === undefined) throw new GamesError('INVALID_CARD', 'an empty deck');
  const andar: Card[] = [];
  const bahar: Card[] = [];
  for (const [i, c] of rest.entries()) {
    // The classic first-card rule chosen here: the first card always goes to Andar.
    const side = i % 2 === 0 ? andar : bahar;
    side.push(c);
    if (c.rank === joker.rank) return { joker, andar, bahar, winner: side === andar ? 'andar' : 'bahar' };
  }
  // A full deck holds three more cards of the joker's rank, so this is only reached with a bad deck.
  throw new GamesError('INVALID_CARD', 'no card matches the joker');
}

export const andarBahar: FixedOddsGame<AndarBaharMarket, AndarBaharOutcome> = {
  id: 'andar-bahar',
  name: 'Andar Bahar',
  floatsPerRound: floatsToShuffle(52),
  markets: ANDAR_BAHAR_MARKETS,
  outcome: (floats) => andarBaharFromDeck(shuffle(freshDeck(), floats)),
  describe: (limits: StakeLimits = DEFAULT_LIMITS) => ({
    id: 'andar-bahar',
    name: 'Andar Bahar',
    rules: RULES,
    markets: ANDAR_BAHAR_MARKETS,
    limits,
  }),
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is Bet<AndarBaharMarket> {
    assertBet(bet, ANDAR_BAHAR_MARKETS, limits);
  },
  settle: (
    bets: readonly Bet<AndarBaharMarket>[],
    outcome: AndarBaharOutcome,
  ): BetResult<AndarBaharMarket>[] =>
    settleFixedOdds(bets, ANDAR_BAHAR_MARKETS, (market) => (market === outcome.winner ? 'won' : 'lost')),
};
