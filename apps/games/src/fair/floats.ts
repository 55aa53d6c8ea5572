import { createHmac } from 'node:crypto';
import { GamesError } from '../errors';
import { assertClientSeed, assertNonce, assertServerSeed, type ServerSeed } from './seeds';

/** Each HMAC-SHA256 gives 32 bytes, and each float takes 4 of them. */
export const FLOATS_PER_HMAC = 8;
const BYTES_PER_FLOAT = 4;
/** Far beyond any game here (a full shuffle takes 51); a bound so a bad caller cannot spin the CPU. */
export const MAX_FLOATS = 1024;

/**
 * The bytes of one round of the stream: HMAC_SHA256(key = the server seed's 64 ASCII hex characters,
 * message = `${clientSeed}:${nonce}:${round}`).
 */
export function hmacBytes(serverSeed: ServerSeed, clientSeed: string, nonce: number, round: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
}

/**
 * Four bytes as a float in [0, 1): Σ byte_i / 256^(i+1), i.e. the big-endian uint32 / 2^32. Every
 * such value is exact in a double, as is its product with any n < 2^21, so floor(f × n) equals the
 * integer floor(u × n / 2^32) on every platform.
 */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/**
 * The first `count` floats of the stream for one (serverSeed, clientSeed, nonce): HMAC round 0 gives
 * floats 0–7, round 1 floats 8–15, and so on (Stake's scheme).
 */
export function floats(serverSeed: ServerSeed, clientSeed: string, nonce: number, count: number): number[] {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  assertNonce(nonce);
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_FLOATS) {
    throw new GamesError('INVALID_COUNT', `count must be a whole number from 1 to ${MAX_FLOATS}`);
  }
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const bytes = hmacBytes(serverSeed, clientSeed, nonce, round);
    for (let at = 0; at < bytes.length && out.length < count; at += BYTES_PER_FLOAT) {
      out.push(bytesToFloat(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!));
    }
  }
  return out;
}

/** floor(f × n): the index in [0, n) that a float picks. */
export function pick(f: number, n: number): number {
  if (!(f >= 0 && f < 1)) throw new GamesError('INVALID_FLOAT', `not a float in [0, 1): ${f}`);
  return Math.floor(f * n);
}
