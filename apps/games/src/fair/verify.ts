import { GamesError } from '../errors';
import { floats } from './floats';
import { commitment, isServerSeed } from './seeds';

/** A revealed server seed with the round it should reproduce. */
export interface RoundReveal {
  readonly serverSeed: string;
  /** The hash shown before the round: the reveal only counts if the seed hashes to it. */
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** Does the revealed seed hash to the commitment shown before play? */
export function verifyCommitment(serverSeed: string, serverSeedHash: string): boolean {
  return isServerSeed(serverSeed) && commitment(serverSeed) === serverSeedHash.toLowerCase();
}

/**
 * The round's floats recomputed from a reveal, refusing a seed that does not match its commitment
 * (a wrong seed would "verify" some other outcome and prove nothing).
 */
export function revealedFloats(reveal: RoundReveal, count: number): number[] {
  if (!verifyCommitment(reveal.serverSeed, reveal.serverSeedHash)) {
    throw new GamesError('COMMITMENT_MISMATCH', 'the revealed server seed does not hash to the commitment');
  }
  return floats(reveal.serverSeed, reveal.clientSeed, reveal.nonce, count);
}
