import { card, type Card } from '../fair/cards';
import { assertBet, marketInfo, settleFixedOdds, type Bet, type BetResult, type BetStatus } from './bets';
import type { FixedOddsGame } from './game';
import { DEFAULT_LIMITS, type StakeLimits } from './money';

export type DragonTigerMarket = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerOutcome {
  readonly dragon: Card;
  readonly tiger: Card;
  readonly winner: DragonTigerMarket;
}

const RULES = [
  'Dragon gets card(float 0) and Tiger card(float 1), each drawn independently as from an endless shoe (like the table game’s 8-deck shoe), so both may even be the same card.',
  'The higher rank wins; the ace is low (A = 1, K = 13). Suits do not count.',
  'Equal ranks are a tie: Tie pays 11.00, and Dragon and Tiger bets lose half their stake (half is returned, rounded down to the paisa).',
];

export const DRAGON_TIGER_MARKETS = [
  marketInfo('dragon' as const, 'Dragon', 198, 'Dragon’s card is higher; half the stake back on a tie'),
  marketInfo('tiger' as const, 'Tiger', 198, 'Tiger’s card is higher; half the stake back on a tie'),
  marketInfo('tie' as const, 'Tie', 1100, 'Both cards have the same rank'),
];

/** Dragon Tiger counts the ace as 1, the lowest card. */
function value(c: Card): number {
  return c.rank === 14 ? 1 : c.rank;
}

export function dragonTigerFromCards(dragon: Card, tiger: Card): DragonTigerOutcome {
  const diff = value(dragon) - value(tiger);
  return { dragon, tiger, winner: diff > 0 ? 'dragon' : diff < 0 ? 'tiger' : 'tie' };
}

function statusOf(market: DragonTigerMarket, outcome: DragonTigerOutcome): BetStatus {
  if (market === outcome.winner) return 'won';
  // Losing half on a tie (rather than all) is the usual casino rule and keeps Dragon/Tiger near a 5% edge.
  return outcome.winner === 'tie' ? 'half-lost' : 'lost';
}

export const dragonTiger: FixedOddsGame<DragonTigerMarket, DragonTigerOutcome> = {
  id: 'dragon-tiger',
  name: 'Dragon Tiger',
  floatsPerRound: 2,
  markets: DRAGON_TIGER_MARKETS,
  outcome: (floats) => dragonTigerFromCards(card(floats[0]!), card(floats[1]!)),
  describe: (limits: StakeLimits = DEFAULT_LIMITS) => ({
    id: 'dragon-tiger',
    name: 'Dragon Tiger',
    rules: RULES,
    markets: DRAGON_TIGER_MARKETS,
    limits,
  }),
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is Bet<DragonTigerMarket> {
    assertBet(bet, DRAGON_TIGER_MARKETS, limits);
  },
  settle: (
    bets: readonly Bet<DragonTigerMarket>[],
    outcome: DragonTigerOutcome,
  ): BetResult<DragonTigerMarket>[] =>
    settleFixedOdds(bets, DRAGON_TIGER_MARKETS, (market) => statusOf(market, outcome)),
};
