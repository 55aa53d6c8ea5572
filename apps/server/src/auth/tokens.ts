import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { VerifiedTokens } from './verified-tokens';

export interface AccessClaims {
  userId: number;
  domainId: number;
  /** The refresh-token row this access token descends from: one sign-in session. */
  sessionId: number;
  isDemo: boolean;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'invalid' | 'revoked' };

/** The sign-in sessions that have been revoked while tokens naming them may still be unexpired. */
export interface RevokedSessions {
  has(sessionId: number): boolean;
}

const ISSUER = 'backlay';

/** What the cache of verified tokens keeps of one: its claims and its expiry (JWT exp, seconds). */
interface VerifiedToken extends AccessClaims {
  expiresAtSeconds: number;
}

/**
 * Short-lived HS256 access tokens and opaque refresh tokens stored only as hashes.
 *
 * Signed and checked with fast-jwt, which computes the HMAC with node:crypto in the calling turn:
 * about 8 µs a check where jose's WebCrypto job took about 85 (issue 18: every connect of a
 * reconnecting crowd checks a token the new process has not seen).
 */
export class TokenService {
  private readonly signAccessToken: (payload: Record<string, unknown>) => string;
  private readonly signCasinoToken: (payload: Record<string, unknown>) => string;
  /** Signature (HS256 only), issuer, audience `api`, expiry; `sub` and `exp` required. */
  private readonly verifyToken: (token: string) => Record<string, unknown>;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    private readonly revokedSessions: RevokedSessions = { has: () => false },
  ) {
    const signer = (aud: string, expiresInSeconds: number) =>
      createSigner({
        key: secret,
        algorithm: 'HS256',
        iss: ISSUER,
        aud,
        expiresIn: expiresInSeconds * 1000,
      });
    this.signAccessToken = signer('api', accessTtlSeconds);
    this.signCasinoToken = signer('casino', 6 * 60 * 60);
    this.verifyToken = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: 'api',
      requiredClaims: ['sub', 'exp'],
    });
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expireInSeconds: number }> {
    const token = this.signAccessToken({
      sub: String(claims.userId),
      dom: claims.domainId,
      sid: claims.sessionId,
      demo: claims.isDemo,
    });
    return { token, expireInSeconds: this.accessTtlSeconds };
  }

  /**
   * Verified tokens, so a player's stream of calls pays the signature check once. A token is only
   * served from here until its own expiry, and never once its session is revoked (checked on every
   * hit, so a revocation heard on the bus takes effect on the next call). Kept small, as every
   * connection of the realtime hub holds one: one flat record of small integers, the expiry in
   * seconds (claims, a wrapper and a boxed millisecond expiry took 112 bytes; this takes 64).
   */
  private readonly verified = new VerifiedTokens<VerifiedToken>();

  async verifyAccess(token: string): Promise<VerifyResult> {
    const key = VerifiedTokens.fingerprint(token);
    const hit = this.verified.get(key);
    if (hit) {
      if (this.revokedSessions.has(hit.sessionId)) {
        this.verified.delete(key);
        return { ok: false, reason: 'revoked' };
      }
      if (hit.expiresAtSeconds * 1000 > Date.now()) {
        const { userId, domainId, sessionId, isDemo } = hit;
        return {
          ok: true,
          claims: { userId, domainId, sessionId, isDemo },
          expiresAt: new Date(hit.expiresAtSeconds * 1000),
        };
      }
      this.verified.delete(key);
    }
    const result = this.verifyUncached(token);
    if (result.ok && this.revokedSessions.has(result.claims.sessionId))
      return { ok: false, reason: 'revoked' };
    if (result.ok) {
      const { userId, domainId, sessionId, isDemo } = result.claims;
      this.verified.set(key, {
        userId,
        domainId,
        sessionId,
        isDemo,
        expiresAtSeconds: Math.floor(result.expiresAt.getTime() / 1000),
      });
    }
    return result;
  }

  private verifyUncached(token: string): VerifyResult {
    let payload: Record<string, unknown>;
    try {
      payload = this.verifyToken(token);
    } catch (err) {
      return { ok: false, reason: tokenFailure(err) };
    }
    const userId = Number(payload.sub);
    const { dom, sid, demo, exp } = payload;
    if (
      !Number.isSafeInteger(userId) ||
      typeof dom !== 'number' ||
      typeof sid !== 'number' ||
      typeof exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: { userId, domainId: dom, sessionId: sid, isDemo: demo === true },
      expiresAt: new Date(exp * 1000),
    };
  }

  /** A token the casino providers' launch calls carry: identifies the player, nothing more. */
  async signCasino(userId: number, domainId: number): Promise<string> {
    return this.signCasinoToken({ sub: String(userId), dom: domainId });
  }
}

/** Why fast-jwt refused a token: it ran out, or it is no token of ours. */
export function tokenFailure(err: unknown): 'expired' | 'invalid' {
  return err instanceof TokenError && err.code === TokenError.codes.expired ? 'expired' : 'invalid';
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
