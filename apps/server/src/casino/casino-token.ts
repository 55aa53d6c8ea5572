import type { webcrypto } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { hmacKey, VerifiedTokens } from '../auth';

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

/** A token whose signature and claims were checked once: what its later calls are judged on. */
interface Verified {
  claims: CasinoTokenClaims;
  /** Its `exp`, in seconds since the epoch. */
  exp: number;
}

export class CasinoTokens {
  /** Imported once, as the auth module's TokenService does. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens already verified: a provider sends the same token with every bet, win and rollback of a
   * player's session, and each check was a WebCrypto HMAC job on the thread pool (issue 18). A hit
   * is judged on the token's own expiry with the call's grace, as jose judges it; a casinoToken is
   * not revoked before its expiry.
   */
  private readonly verified = new VerifiedTokens<Verified>();

  constructor(secret: string) {
    this.key = hmacKey(secret);
  }

  /**
   * The player and domain a casinoToken names. `graceSeconds` takes a token that far past its
   * expiry (a win or a rollback that comes after a long round or hours of retries still pays).
   */
  async verify(token: string, now: Date, graceSeconds = 0): Promise<CasinoTokenVerdict> {
    const fingerprint = VerifiedTokens.fingerprint(token);
    const known = this.verified.get(fingerprint);
    if (known) return judge(known, now, graceSeconds);
    try {
      const { payload } = await jwtVerify(token, await this.key, {
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
      const verified: Verified = { claims: { userId, domainId: dom }, exp: payload.exp ?? 0 };
      // A token with a not-before would need it judged on each call too: not kept (ours have none).
      if (payload.nbf === undefined) this.verified.set(fingerprint, verified);
      return { ok: true, claims: verified.claims, expiresAt: new Date(verified.exp * 1000) };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** jose's rule for `exp`: expired once the current second, less the tolerance, reaches it. */
function judge(known: Verified, now: Date, graceSeconds: number): CasinoTokenVerdict {
  if (Math.floor(now.getTime() / 1000) - graceSeconds >= known.exp) return { ok: false, reason: 'expired' };
  return { ok: true, claims: known.claims, expiresAt: new Date(known.exp * 1000) };
}
