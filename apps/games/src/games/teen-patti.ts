import { freshDeck, type Card } from '../fair/cards';
import { shuffle, floatsToShuffle } from '../fair/shuffle';
import { assertBet, marketInfo, settleFixedOdds, type Bet, type BetResult } from './bets';
import type { FixedOddsGame } from './game';
import { DEFAULT_LIMITS, type StakeLimits } from './money';
import { compareHands, evaluateHand, type HandValue } from './teen-patti-hands';

export type TeenPattiMarket = 'playerA' | 'playerB';

export interface TeenPattiOutcome {
  readonly playerA: readonly Card[];
  readonly playerB: readonly Card[];
  readonly handA: HandValue;
  readonly handB: HandValue;
  readonly winner: 'playerA' | 'playerB' | 'tie';
}

const RULES = [
  'A full 52-card deck is shuffled from the round’s floats; cards are dealt alternately, A first: A gets cards 1, 3, 5 and B gets 2, 4, 6.',
  'Hands rank: trail (three of a kind) > pure sequence > sequence > colour > pair > high card.',
  'Sequences: A-K-Q is the highest, A-2-3 the second highest, then K-Q-J down to 4-3-2; K-A-2 is not a sequence.',
  'Within a category the higher cards win (a pair by its rank, then the odd card); suits never break a tie.',
  'A tie (equal ranks) returns the stake of every Player A and Player B bet.',
];

export const TEEN_PATTI_MARKETS = [
  marketInfo(
    'playerA' as const,
    'Player A',
    198,
    'Wins when A’s hand beats B’s (1.98: 2% commission on the even chance)',
  ),
  marketInfo('playerB' as const, 'Player B', 198, 'Wins when B’s hand beats A’s'),
];

export function teenPattiFromDeck(deck: readonly Card[]): TeenPattiOutcome {
  const playerA = [deck[0]!, deck[2]!, deck[4]!];
  const playerB = [deck[1]!, deck[3]!, deck[5]!];
  const handA = evaluateHand(playerA);
  const handB = evaluateHand(playerB);
  const cmp = compareHands(handA, handB);
  return { playerA, playerB, handA, handB, winner: cmp > 0 ? 'playerA' : cmp < 0 ? 'playerB' : 'tie' };
}

export const teenPatti: FixedOddsGame<TeenPattiMarket, TeenPattiOutcome> = {
  id: 'teen-patti-2020',
  name: 'Teen Patti 20-20',
  floatsPerRound: floatsToShuffle(52),
  markets: TEEN_PATTI_MARKETS,
  outcome: (floats) => teenPattiFromDeck(shuffle(freshDeck(), floats)),
  describe: (limits: StakeLimits = DEFAULT_LIMITS) => ({
    id: 'teen-patti-2020',
    name: 'Teen Patti 20-20',
    rules: RULES,
    markets: TEEN_PATTI_MARKETS,
    limits,
  }),
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is Bet<TeenPattiMarket> {
    assertBet(bet, TEEN_PATTI_MARKETS, limits);
  },
  settle: (bets: readonly Bet<TeenPattiMarket>[], outcome: TeenPattiOutcome): BetResult<TeenPattiMarket>[] =>
    settleFixedOdds(bets, TEEN_PATTI_MARKETS, (market) =>
      outcome.winner === 'tie' ? 'push' : outcome.winner === market ? 'won' : 'lost',
    ),
};
