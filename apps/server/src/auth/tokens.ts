import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { hmacKey, VerifiedTokens } from './verified-tokens';

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

/** Short-lived HS256 access tokens and opaque refresh tokens stored only as hashes. */
export class TokenService {
  /** Imported once (verified-tokens.ts). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    private readonly revokedSessions: RevokedSessions = { has: () => false },
  ) {
    this.key = hmacKey(secret);
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expireInSeconds: number }> {
    const token = await new SignJWT({ dom: claims.domainId, sid: claims.sessionId, demo: claims.isDemo })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience('api')
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(await this.key);
    return { token, expireInSeconds: this.accessTtlSeconds };
  }

  /**
   * Verified tokens, so a player's stream of calls pays the signature check once. A token is only
   * served from here until its own expiry, and never once its session is revoked (checked on every
   * hit, so a revocation heard on the bus takes effect on the next call). Kept small, as every
   * connection of the realtime hub holds one: the expiry as a number.
   */
  private readonly verified = new VerifiedTokens<{ claims: AccessClaims; expiresAtMs: number }>();

  async verifyAccess(token: string): Promise<VerifyResult> {
    const key = VerifiedTokens.fingerprint(token);
    const hit = this.verified.get(key);
    if (hit) {
      if (this.revokedSessions.has(hit.claims.sessionId)) {
        this.verified.delete(key);
        return { ok: false, reason: 'revoked' };
      }
      if (hit.expiresAtMs > Date.now())
        return { ok: true, claims: hit.claims, expiresAt: new Date(hit.expiresAtMs) };
      this.verified.delete(key);
    }
    const result = await this.verifyUncached(token);
    // Checked after the signature's await, so callers act on an answer no older than this turn.
    if (result.ok && this.revokedSessions.has(result.claims.sessionId))
      return { ok: false, reason: 'revoked' };
    if (result.ok) this.verified.set(key, { claims: result.claims, expiresAtMs: result.expiresAt.getTime() });
    return result;
  }

  private async verifyUncached(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: 'api',
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      const { dom, sid, demo } = payload as { dom?: unknown; sid?: unknown; demo?: unknown };
      if (
        !Number.isSafeInteger(userId) ||
        typeof dom !== 'number' ||
        typeof sid !== 'number' ||
        !payload.exp
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: { userId, domainId: dom, sessionId: sid, isDemo: demo === true },
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  /** A token the casino providers' launch calls carry: identifies the player, nothing more. */
  async signCasino(userId: number, domainId: number): Promise<string> {
    return new SignJWT({ dom: domainId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience('casino')
      .setIssuedAt()
      .setExpirationTime('6h')
      .sign(await this.key);
  }
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
