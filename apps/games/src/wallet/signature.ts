import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './wire';

/**
 * The signing headers of a wallet call (README, "Signing"): the timestamp is Unix seconds, and the
 * signature is `sha256=` and the hex of HMAC-SHA256(secret, "<timestamp>.<raw body>"), computed
 * over the very string sent as the body.
 */
export function signWalletCall(secret: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  const hex = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `sha256=${hex}` };
}
