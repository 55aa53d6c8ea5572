import { createHmac } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { tokenFailure } from '../auth';

/*
 * Operators' access tokens: HS256 like the players', but under a key of their own (derived from the
 * server secret for this use alone) and with their own audience and token type, so a player's token
 * never verifies as an operator's and an operator's never as a player's, whichever check a future
 * change might drop.
 */

const ISSUER = 'backlay';
const AUDIENCE = 'backlay-operator';
const TYPE = 'operator+jwt';
/** Short-lived: a token works 15 minutes; the console renews it while the operator is at work. */
export const OPERATOR_TOKEN_TTL_SECONDS = 900;
/** However often renewed, a session ends 12 hours after the password and code were given. */
export const OPERATOR_SESSION_MAX_SECONDS = 12 * 60 * 60;

export interface OperatorClaims {
  operatorId: number;
  domainId: number;
  /** The operator's token version when it was signed: a TOTP reset makes it stale. */
  version: number;
  /** Epoch seconds of the sign-in (password and code) this token descends from. */
  signedInAt: number;
}

export type OperatorTokenResult =
  { ok: true; claims: OperatorClaims } | { ok: false; reason: 'expired' | 'invalid' };

export class OperatorTokens {
  private readonly signToken: (payload: Record<string, unknown>) => string;
  /** Signature (HS256 only), issuer, audience, expiry; `sub` and `exp` required; header and payload. */
  private readonly verifyToken: (token: string) => {
    header: { typ?: unknown };
    payload: Record<string, unknown>;
  };

  constructor(
    serverSecret: string,
    readonly ttlSeconds = OPERATOR_TOKEN_TTL_SECONDS,
  ) {
    const key = createHmac('sha256', serverSecret).update('backlay:operator-access-tokens').digest();
    // fast-jwt, as the players' TokenService: node:crypto's HMAC in the calling turn.
    this.signToken = createSigner({
      key,
      algorithm: 'HS256',
      iss: ISSUER,
      aud: AUDIENCE,
      expiresIn: ttlSeconds * 1000,
      header: { alg: 'HS256', typ: TYPE },
    });
    this.verifyToken = createVerifier({
      key,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['sub', 'exp'],
      complete: true,
    });
  }

  async sign(
    operatorId: number,
    domainId: number,
    version: number,
    signedInAt = Math.floor(Date.now() / 1000),
  ): Promise<{ token: string; expireInSeconds: number }> {
    const token = this.signToken({
      sub: String(operatorId),
      dom: domainId,
      ver: version,
      sat: signedInAt,
      kind: 'operator',
    });
    return { token, expireInSeconds: this.ttlSeconds };
  }

  async verify(token: string): Promise<OperatorTokenResult> {
    let verified: { header: { typ?: unknown }; payload: Record<string, unknown> };
    try {
      verified = this.verifyToken(token);
    } catch (err) {
      return { ok: false, reason: tokenFailure(err) };
    }
    const { header, payload } = verified;
    const operatorId = Number(payload.sub);
    const { dom, ver, sat, kind } = payload;
    if (
      header.typ !== TYPE ||
      !Number.isSafeInteger(operatorId) ||
      typeof dom !== 'number' ||
      typeof ver !== 'number' ||
      typeof sat !== 'number' ||
      kind !== 'operator'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { operatorId, domainId: dom, version: ver, signedInAt: sat } };
  }
}
