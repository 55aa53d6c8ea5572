import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_SIGNATURE_TOLERANCE_SECONDS,
  CASINO_TIMESTAMP_HEADER,
} from '@backlay/contract';

/*
 * The seamless wallet's signature (README.md beside this file): `X-Casino-Timestamp: <unix seconds>`
 * and `X-Casino-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. The time is
 * inside the signed text, so a captured call cannot be given a fresh time; one outside the window
 * is refused as stale. The bytes are judged as sent, before any JSON parsing.
 */

export type SignatureVerdict = { ok: true } | { ok: false; reason: 'signature' | 'stale' };

type Headers = Record<string, string | string[] | undefined>;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

function hmac(secret: string, timestamp: string, rawBody: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]))
    .digest();
}

/** Judges a wallet call's signing headers against the provider's secret and our clock. */
export function verifyWalletSignature(
  secret: string,
  headers: Headers,
  rawBody: Buffer,
  now: Date,
): SignatureVerdict {
  const timestamp = headers[CASINO_TIMESTAMP_HEADER];
  const signature = headers[CASINO_SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return { ok: false, reason: 'signature' };
  const given = typeof signature === 'string' ? SIGNATURE.exec(signature.trim())?.[1] : undefined;
  if (!given) return { ok: false, reason: 'signature' };
  if (!timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), hmac(secret, timestamp, rawBody))) {
    return { ok: false, reason: 'signature' };
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CASINO_SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}

/** The signing headers of a call (what a provider sends): for our own games provider and the tests. */
export function signWalletCall(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [CASINO_TIMESTAMP_HEADER]: timestamp,
    [CASINO_SIGNATURE_HEADER]: `sha256=${hmac(secret, timestamp, Buffer.from(rawBody)).toString('hex')}`,
  };
}
