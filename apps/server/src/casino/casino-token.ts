import { createVerifier } from 'fast-jwt';
import { VerifiedTokens } from '../auth';

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
  /**
   * Signature (HS256 only), issuer and audience, `exp` and `sub` required (fast-jwt, as the auth
   * module's TokenService). Expiry and not-before are judged apart, on the call's own clock and grace.
   */
  private readonly check: (token: string) => Record<string, unknown>;
  /**
   * Tokens already verified: a provider sends the same token with every bet, win and rollback of a
   * player's session, and each check was an HMAC of the whole token (issue 18). A hit
   * is judged on the token's own expiry with the call's grace, as jose judges it; a casinoToken is
   * not revoked before its expiry.
   */
  private readonly verified = new VerifiedTokens<Verified>();

  constructor(secret: string) {
    this.check = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  /**
   * The player and domain a casinoToken names. `graceSeconds` takes a token that far past its
   * expiry (a win or a rollback that comes after a long round or hours of retries still pays).
   */
  async verify(token: string, now: Date, graceSeconds = 0): Promise<CasinoTokenVerdict> {
    const fingerprint = VerifiedTokens.fingerprint(token);
    const known = this.verified.get(fingerprint);
    if (known) return judge(known, now, graceSeconds);
    let payload: Record<string, unknown>;
    try {
      payload = this.check(token);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const userId = Number(payload.sub);
    const { dom, exp, nbf } = payload;
    if (
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof dom !== 'number' ||
      !Number.isSafeInteger(dom) ||
      typeof exp !== 'number' ||
      (nbf !== undefined &&
        (typeof nbf !== 'number' || Math.floor(now.getTime() / 1000) + graceSeconds < nbf))
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const verified: Verified = { claims: { userId, domainId: dom }, exp };
    // A token with a not-before would need it judged on each call too: not kept (ours have none).
    if (nbf === undefined) this.verified.set(fingerprint, verified);
    return judge(verified, now, graceSeconds);
  }
}

/** The rule for `exp` (RFC 7519 4.1.4, as jose judges it): expired once the current second, less the tolerance, reaches it. */
function judge(known: Verified, now: Date, graceSeconds: number): CasinoTokenVerdict {
  if (Math.floor(now.getTime() / 1000) - graceSeconds >= known.exp) return { ok: false, reason: 'expired' };
  return { ok: true, claims: known.claims, expiresAt: new Date(known.exp * 1000) };
}
