import { createHash, randomBytes } from 'node:crypto';
import { GamesError } from '../errors';

/** A server seed: 32 random bytes written as 64 lowercase hex characters. */
export type ServerSeed = string;

/** Where fresh randomness comes from; injectable so rotation can be tested without real entropy. */
export type RandomSource = (size: number) => Uint8Array;

const SERVER_SEED = /^[0-9a-f]{64}$/;
// Client seeds go into `${clientSeed}:${nonce}:${round}`; refusing ':' and anything outside a plain
// alphabet keeps that message unambiguous and easy to retype on a verification page.
const CLIENT_SEED = /^[A-Za-z0-9_.-]{1,64}$/;

export function newServerSeed(random: RandomSource = randomBytes): ServerSeed {
  const bytes = random(32);
  if (bytes.length !== 32) {
    throw new GamesError('INVALID_SEED', `a server seed needs 32 random bytes, got ${bytes.length}`);
  }
  return Buffer.from(bytes).toString('hex');
}

/** A client seed for a player who has not chosen one: 16 random bytes as 32 hex characters. */
export function newClientSeed(random: RandomSource = randomBytes): string {
  return Buffer.from(random(16)).toString('hex');
}

/**
 * The commitment shown before play: SHA-256 over the seed's 64 ASCII hex characters (not over the
 * decoded bytes), as hex. Hashing the text is what the crypto casinos do, so their verifiers agree.
 */
export function commitment(serverSeed: ServerSeed): string {
  assertServerSeed(serverSeed);
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

export function isServerSeed(value: unknown): value is ServerSeed {
  return typeof value === 'string' && SERVER_SEED.test(value);
}

export function assertServerSeed(value: unknown): asserts value is ServerSeed {
  if (!isServerSeed(value)) {
    throw new GamesError('INVALID_SEED', 'a server seed is 64 lowercase hex characters');
  }
}

export function assertClientSeed(value: unknown): asserts value is string {
  if (typeof value !== 'string' || !CLIENT_SEED.test(value)) {
    throw new GamesError(
      'INVALID_SEED',
      'a client seed is 1 to 64 characters of letters, digits, dot, dash or underscore',
    );
  }
}

export function assertNonce(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new GamesError('INVALID_NONCE', `a nonce is a whole number from 0, got ${String(value)}`);
  }
}
