import { randomBytes } from 'node:crypto';
import { GamesError } from '../errors';
import { assertClientSeed, commitment, newServerSeed, type RandomSource, type ServerSeed } from './seeds';

/**
 * A seed pair in play. The server seed stays secret until rotation; its hash was shown before the
 * first nonce was used, so the server cannot pick outcomes after seeing bets.
 */
export interface ActiveSeeds {
  readonly serverSeed: ServerSeed;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** The nonce the next round will use; each round takes one and never reuses it. */
  readonly nextNonce: number;
}

/**
 * The state kept per player (instant games) or per table (shared rounds): the active pair and the
 * next server seed, already committed to, so a player sees the next hash before rotating.
 */
export interface SeedState {
  readonly active: ActiveSeeds;
  readonly next: { readonly serverSeed: ServerSeed; readonly serverSeedHash: string };
}

/** What may be shown at any time: hashes and the client seed, never a live server seed. */
export interface PublicSeeds {
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nextNonce: number;
  readonly nextServerSeedHash: string;
}

/** Everything needed to recompute one round: what the round's record keeps. */
export interface RoundSeeds {
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** A retired pair, revealed so every round it played can be recomputed. */
export interface RevealedSeeds {
  readonly serverSeed: ServerSeed;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** Rounds played under this pair used nonces 0 … noncesUsed − 1. */
  readonly noncesUsed: number;
}

function committed(random: RandomSource): SeedState['next'] {
  const serverSeed = newServerSeed(random);
  return { serverSeed, serverSeedHash: commitment(serverSeed) };
}

export function createSeedState(clientSeed: string, random: RandomSource = randomBytes): SeedState {
  assertClientSeed(clientSeed);
  return { active: { ...committed(random), clientSeed, nextNonce: 0 }, next: committed(random) };
}

export function publicSeeds(state: SeedState): PublicSeeds {
  return {
    serverSeedHash: state.active.serverSeedHash,
    clientSeed: state.active.clientSeed,
    nextNonce: state.active.nextNonce,
    nextServerSeedHash: state.next.serverSeedHash,
  };
}

/** Takes the next nonce for a round: the round's seeds to record, and the state to keep. */
export function takeNonce(state: SeedState): { state: SeedState; round: RoundSeeds } {
  const nonce = state.active.nextNonce;
  if (!Number.isSafeInteger(nonce + 1))
    throw new GamesError('INVALID_NONCE', 'nonces exhausted: rotate the seed');
  return {
    state: { ...state, active: { ...state.active, nextNonce: nonce + 1 } },
    round: { serverSeedHash: state.active.serverSeedHash, clientSeed: state.active.clientSeed, nonce },
  };
}

/**
 * Retires the active pair: reveals its server seed, makes the already-committed next seed active
 * with the new client seed and nonce 0, and commits to a fresh next seed.
 */
export function rotate(
  state: SeedState,
  newClientSeed: string,
  random: RandomSource = randomBytes,
): { state: SeedState; revealed: RevealedSeeds } {
  assertClientSeed(newClientSeed);
  return {
    revealed: {
      serverSeed: state.active.serverSeed,
      serverSeedHash: state.active.serverSeedHash,
      clientSeed: state.active.clientSeed,
      noncesUsed: state.active.nextNonce,
    },
    state: {
      active: { ...state.next, clientSeed: newClientSeed, nextNonce: 0 },
      next: committed(random),
    },
  };
}
