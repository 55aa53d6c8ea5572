import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

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
  private readonly key: Uint8Array;
  constructor(
    serverSecret: string,
    readonly ttlSeconds = OPERATOR_TOKEN_TTL_SECONDS,
  ) {
    this.key = createHmac('sha256', serverSecret).update('backlay:operator-access-tokens').digest();
  }

  async sign(
    operatorId: number,
    domainId: number,
    version: number,
    signedInAt = Math.floor(Date.now() / 1000),
  ): Promise<{ token: string; expireInSeconds: number }> {
    const token = await new SignJWT({ dom: domainId, ver: version, sat: signedInAt, kind: 'operator' })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE })
      .setSubject(String(operatorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
    return { token, expireInSeconds: this.ttlSeconds };
  }

  async verify(token: string): Promise<OperatorTokenResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        typ: TYPE,
      });
      const operatorId = Number(payload.sub);
      const { dom, ver, sat, kind } = payload as {
        dom?: unknown;
        ver?: unknown;
        sat?: unknown;
        kind?: unknown;
      };
      if (
        !Number.isSafeInteger(operatorId) ||
        typeof dom !== 'number' ||
        typeof ver !== 'number' ||
        typeof sat !== 'number' ||
        kind !== 'operator'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { operatorId, domainId: dom, version: ver, signedInAt: sat } };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
