import { GamesError } from '../errors';
import { pick } from '../fair/floats';
import type { BetResult } from './bets';
import type { FairGame, GameId } from './game';
import {
  assertStake,
  DEFAULT_LIMITS,
  mulDivFloor,
  SETTLEMENT_BOUNDS,
  type Paise,
  type StakeLimits,
} from './money';

export type DiceDirection = 'over' | 'under';

export interface DiceBet {
  readonly id: string;
  readonly stake: Paise;
  readonly direction: DiceDirection;
  /** The target in hundredths: 50.00 → 5000. */
  readonly target: number;
}

/** The roll in hundredths, 0 (0.00) to 10000 (100.00): floor(f × 10001). */
export interface DiceOutcome {
  readonly roll: number;
}

export interface DiceQuote {
  /** How many of the 10,001 possible rolls win. */
  readonly winningRolls: number;
  readonly totalRolls: number;
  /** The multiplier in ten-thousandths (1.9801× → 19801), floored. */
  readonly multiplier: number;
  readonly multiplierText: string;
}

export type DiceResult = BetResult<DiceDirection> & { readonly target: number; readonly multiplier: number };

export const TOTAL_ROLLS = 10_001;
/** 1% house edge: the fair multiplier × 99/100. */
const RETURN_PERCENT = 99;
/** Every bet wins on 100 to 9,800 of the 10,001 rolls: about 1% to 98%, multipliers 1.0103× to 99.0099×. */
export const MIN_WINNING_ROLLS = 100;
export const MAX_WINNING_ROLLS = 9_800;

const RULES = [
  'The roll is floor(float 0 × 10001) / 100: 0.00 to 100.00 in steps of 0.01, 10,001 equally likely rolls.',
  'Under T wins when the roll is below T; Over T wins when the roll is above T (a roll equal to T loses).',
  'Multiplier = 0.99 × 10001 / winning rolls (the fair multiplier less a 1% house edge), floored to 4 decimals; the return is stake × multiplier floored to the paisa.',
  'Under takes T from 1.00 to 98.00; Over takes T from 2.00 to 99.00: each between about 1% and 98% to win.',
];

function winningRolls(direction: DiceDirection, target: number): number {
  return direction === 'under' ? target : TOTAL_ROLLS - 1 - target;
}

function assertTarget(direction: unknown, target: unknown): asserts direction is DiceDirection {
  if (direction !== 'over' && direction !== 'under') {
    throw new GamesError('INVALID_BET', `a dice bet is over or under, got ${JSON.stringify(direction)}`);
  }
  if (typeof target !== 'number' || !Number.isInteger(target)) {
    throw new GamesError('INVALID_TARGET', 'the target is a whole number of hundredths (50.00 → 5000)');
  }
  const wins = winningRolls(direction, target);
  if (wins < MIN_WINNING_ROLLS || wins > MAX_WINNING_ROLLS) {
    const [lo, hi] = direction === 'under' ? [100, 9800] : [200, 9900];
    throw new GamesError(
      'INVALID_TARGET',
      `${direction} takes a target from ${lo} to ${hi} hundredths, got ${target}`,
    );
  }
}

export function quote(direction: DiceDirection, target: number): DiceQuote {
  assertTarget(direction, target);
  const wins = winningRolls(direction, target);
  // 0.99 × 10001 / wins in ten-thousandths = 99 × 100 × 10001 / wins: exact integers, floored.
  const multiplier = Math.floor((RETURN_PERCENT * 100 * TOTAL_ROLLS) / wins);
  return {
    winningRolls: wins,
    totalRolls: TOTAL_ROLLS,
    multiplier,
    multiplierText: `${Math.floor(multiplier / 10_000)}.${String(multiplier % 10_000).padStart(4, '0')}`,
  };
}

export function validateDiceBet(bet: unknown, limits: StakeLimits = DEFAULT_LIMITS): asserts bet is DiceBet {
  if (typeof bet !== 'object' || bet === null) throw new GamesError('INVALID_BET', 'a bet is an object');
  const { id, stake, direction, target } = bet as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) {
    throw new GamesError('INVALID_BET', 'a bet needs an id of 1 to 128 characters');
  }
  assertTarget(direction, target);
  assertStake(stake, limits);
}

export function diceFromFloat(f: number): DiceOutcome {
  return { roll: pick(f, TOTAL_ROLLS) };
}

export function settleDice(bets: readonly DiceBet[], outcome: DiceOutcome): DiceResult[] {
  const seen = new Set<string>();
  for (const bet of bets) {
    validateDiceBet(bet, SETTLEMENT_BOUNDS);
    if (seen.has(bet.id)) throw new GamesError('INVALID_BET', `two bets share the id ${bet.id}`);
    seen.add(bet.id);
  }
  return bets.map((bet) => {
    const { multiplier } = quote(bet.direction, bet.target);
    const won = bet.direction === 'under' ? outcome.roll < bet.target : outcome.roll > bet.target;
    const payout = won ? mulDivFloor(bet.stake, multiplier, 10_000) : (0 as Paise);
    return {
      id: bet.id,
      market: bet.direction,
      stake: bet.stake,
      target: bet.target,
      multiplier,
      status: won ? 'won' : 'lost',
      payout,
      net: payout - bet.stake,
    };
  });
}

export interface DiceDescription {
  readonly id: GameId;
  readonly name: string;
  readonly rules: readonly string[];
  readonly targets: { readonly under: readonly [number, number]; readonly over: readonly [number, number] };
  readonly limits: StakeLimits;
}

/** An instant game: each bet is its own round on the player's own seed pair and nonce. */
export const dice: FairGame<DiceOutcome> & {
  describe(limits?: StakeLimits): DiceDescription;
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is DiceBet;
  quote: typeof quote;
  settle: typeof settleDice;
} = {
  id: 'dice',
  name: 'Dice',
  floatsPerRound: 1,
  outcome: (floats) => diceFromFloat(floats[0]!),
  describe: (limits: StakeLimits = DEFAULT_LIMITS) => ({
    id: 'dice',
    name: 'Dice',
    rules: RULES,
    targets: { under: [100, 9800], over: [200, 9900] },
    limits,
  }),
  validateBet(bet: unknown, limits?: StakeLimits): asserts bet is DiceBet {
    validateDiceBet(bet, limits);
  },
  quote,
  settle: settleDice,
};
