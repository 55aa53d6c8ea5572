// The fairness stream in the browser: Web Crypto (crypto.subtle) instead of node:crypto, the same
// bytes and the same floats as src/fair/floats.ts (tested equal in floats.test.ts), so the
// verification page recomputes a round with nothing of ours but the rules.
import { bytesToFloat } from '../fair/floats';

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[A-Za-z0-9_.-]{1,64}$/;
/** The same bound as the node stream's MAX_FLOATS. */
const MAX_FLOATS = 1024;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the seed's ASCII text, as hex: the commitment shown before play. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** A reason the inputs cannot make a stream, or undefined when they can. */
export function streamInputProblem(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): string | undefined {
  if (!SERVER_SEED.test(serverSeed)) return 'The server seed is 64 lowercase hex characters.';
  if (!CLIENT_SEED.test(clientSeed)) {
    return 'The client seed is 1 to 64 letters, digits, dots, dashes or underscores.';
  }
  if (!Number.isSafeInteger(nonce) || nonce < 0) return 'The nonce is a whole number from 0.';
  return undefined;
}

/** HMAC-SHA256(key = serverSeed as text, message = `${clientSeed}:${nonce}:${round}`), for each round. */
export async function browserFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): Promise<number[]> {
  const problem = streamInputProblem(serverSeed, clientSeed, nonce);
  if (problem) throw new Error(problem);
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_FLOATS) {
    throw new Error(`count must be a whole number from 1 to ${MAX_FLOATS}`);
  }
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const bytes = new Uint8Array(
      await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${round}`)),
    );
    for (let at = 0; at < bytes.length && out.length < count; at += 4) {
      out.push(bytesToFloat(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!));
    }
  }
  return out;
}
