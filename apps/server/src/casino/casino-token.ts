import { errors, jwtVerify } from 'jose';

/*
 * The casinoToken a player's client hands a provider at launch: signed at sign-in by the auth
 * module's TokenService.signCasino (HS256 with the app's token secret, issuer `backlay`, audience
 * `casino`, subject the user id, `dom` the domain, six hours). Checked here with the same key; an
 * access token (audience `api`) is not a casinoToken.
 */

export interface CasinoTokenClaims {
  userId: number;
  domainId: number;
}

export type CasinoTokenVerdict =
  { ok: true; claims: CasinoTokenClaims; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

const ISSUER = 'backlay';
const AUDIENCE = 'casino';

export class CasinoTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * The player and domain a casinoToken names. `graceSeconds` takes a token that far past its
   * expiry (a win or a rollback that comes after a long round or hours of retries still pays).
   */
  async verify(token: string, now: Date, graceSeconds = 0): Promise<CasinoTokenVerdict> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
        clockTolerance: graceSeconds,
        requiredClaims: ['exp', 'sub'],
      });
      const userId = Number(payload.sub);
      const dom = (payload as { dom?: unknown }).dom;
      if (
        !Number.isSafeInteger(userId) ||
        userId <= 0 ||
        typeof dom !== 'number' ||
        !Number.isSafeInteger(dom)
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { userId, domainId: dom }, expiresAt: new Date((payload.exp ?? 0) * 1000) };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
