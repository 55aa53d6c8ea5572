import { GamesError } from '../errors';
import { revealedFloats, type RoundReveal } from '../fair/verify';
import { andarBahar } from './andar-bahar';
import { dice } from './dice';
import { dragonTiger } from './dragon-tiger';
import type { FairGame, GameId } from './game';
import { lucky7 } from './lucky7';
import { teenPatti } from './teen-patti';
import { sameValue } from './same-value';

export const GAMES: Readonly<Record<GameId, FairGame<unknown>>> = {
  'teen-patti-2020': teenPatti,
  'andar-bahar': andarBahar,
  'dragon-tiger': dragonTiger,
  'lucky-7': lucky7,
  dice,
};

export function gameById(id: string): FairGame<unknown> {
  // Own keys only: 'toString' and friends are not games.
  if (!Object.hasOwn(GAMES, id)) throw new GamesError('UNKNOWN_GAME', `unknown game ${JSON.stringify(id)}`);
  return GAMES[id as GameId];
}

export interface Recomputed {
  readonly gameId: GameId;
  readonly floats: readonly number[];
  readonly outcome: unknown;
}

/**
 * Recomputes a round from its revealed seeds, as the verification page does: checks the seed
 * against the commitment shown before play, reads the game's floats and replays its rules.
 */
export function recomputeRound(gameId: string, reveal: RoundReveal): Recomputed {
  const game = gameById(gameId);
  const floats = revealedFloats(reveal, game.floatsPerRound);
  return { gameId: game.id, floats, outcome: game.outcome(floats) };
}

/** Did the round record the outcome its seeds make? `recorded` may come from JSON, keys in any order. */
export function verifyRound(
  gameId: string,
  reveal: RoundReveal,
  recorded: unknown,
): { ok: boolean; recomputed: Recomputed } {
  const recomputed = recomputeRound(gameId, reveal);
  return { ok: sameValue(recomputed.outcome, recorded), recomputed };
}
