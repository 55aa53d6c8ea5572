import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_LINK_PATH, type LoginLinkIssueResult, type LoginResult } from '@backlay/contract';
import type { SessionRevocationAnnouncer, TokenService } from '../auth';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { Domain } from '../settings';
import { loginAttemptOf, recordLoginAttempt } from './login-attempt-repository';
import {
  consumeLoginLink,
  findLoginLinkByHash,
  insertLoginLink,
  recordLoginLinkSession,
  revokeSession,
  type LoginLinkRow,
} from './login-link-repository';
import type { SignInClient } from './account-service';
import type { SessionService } from './session-service';
import { findUserById, findUserByName, type UserRow } from './user-repository';

/** The code's hash as stored: the code is 256 random bits, so a plain SHA-256 cannot be reversed. */
export function hashLoginCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * One-time sign-in links (section 7's authorization-code sign-in). An operator issues a link for a
 * player of the site the request is for; the link's code is single-use, short-lived and stored only
 * as a hash; the exchange opens an ordinary session (refresh token and access token). A code shown
 * twice is a code someone else may hold: the second exchange is refused and the session the first
 * one opened is signed out.
 */
export class LoginLinkService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly revocations: SessionRevocationAnnouncer,
  ) {}

  async issue(
    domain: Domain,
    input: { userName: string; expiresInMinutes: number },
    from: { origin: string; ip: string; issuedBy: string },
    /** The operator audit row, written in the same transaction as the link. */
    audit?: (tx: Executor, issued: { userId: number; expiresAt: Date }) => Promise<void>,
  ): Promise<LoginLinkIssueResult & { userId: number }> {
    const user = await findUserByName(this.db, domain.id, input.userName);
    if (!user || user.isDemo) throw new AppError('NOT_FOUND', 'No player of this site has that user name.');
    assertCanSignIn(user);
    const code = randomBytes(32).toString('base64url');
    const redirectUri = `${from.origin.replace(/\/+$/, '')}${LOGIN_LINK_PATH}`;
    const expiresAt = new Date(Date.now() + input.expiresInMinutes * 60_000);
    await this.db.transaction(async (tx) => {
      await insertLoginLink(tx, {
        domainId: domain.id,
        userId: user.id,
        codeHash: hashLoginCode(code),
        redirectUri,
        expiresAt,
        issuedBy: from.issuedBy,
        issuedIp: from.ip,
      });
      await audit?.(tx, { userId: user.id, expiresAt });
    });
    const query = new URLSearchParams({ code, user: user.userName });
    return {
      userId: user.id,
      userName: user.userName,
      link: `${redirectUri}?${query.toString()}`,
      code,
      redirectUri,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async exchange(
    domain: Domain,
    input: { client_user: string; redirect_uri: string; code: string },
    client: SignInClient,
  ): Promise<LoginResult> {
    const link = await findLoginLinkByHash(this.db, hashLoginCode(input.code));
    // Another site's code reads as no code at all: nothing says it exists elsewhere.
    if (!link || link.domainId !== domain.id) throw new AppError('LOGIN_LINK_INVALID');
    const user = await findUserById(this.db, link.userId);
    if (!user || user.domainId !== domain.id) throw new AppError('LOGIN_LINK_INVALID');
    if (user.userName.toLowerCase() !== input.client_user.trim().toLowerCase()) {
      throw new AppError('LOGIN_LINK_INVALID', 'This sign-in link is for another player.');
    }
    if (input.redirect_uri !== link.redirectUri) {
      throw new AppError('LOGIN_LINK_INVALID', 'This sign-in link was issued for another address.');
    }
    if (link.usedAt) return this.replayed(link);
    if (link.expiresAt.getTime() <= Date.now()) throw new AppError('LOGIN_LINK_EXPIRED');
    assertCanSignIn(user);

    const consumed = await consumeLoginLink(this.db, link.id, domain.id);
    if (!consumed) {
      // Another exchange took it a moment ago, or it expired in between.
      const now = await findLoginLinkByHash(this.db, link.codeHash);
      if (now?.usedAt) return this.replayed(now);
      throw new AppError('LOGIN_LINK_EXPIRED');
    }
    const result = await this.sessions.open(user, domain, { remember: false, client });
    const verified = await this.tokens.verifyAccess(result.accessToken);
    if (verified.ok) await recordLoginLinkSession(this.db, link.id, verified.claims.sessionId);
    await recordLoginAttempt(this.db, {
      ...loginAttemptOf(domain.id, user.id, user.userName, client),
      result: 'Success',
    });
    return result;
  }

  /** A used code shown again: refused, and the session its first use opened is signed out. */
  private async replayed(link: LoginLinkRow): Promise<never> {
    if (link.sessionId != null) {
      const revoked = await revokeSession(this.db, link.sessionId);
      await this.revocations.announce(revoked);
    }
    throw new AppError('LOGIN_LINK_USED');
  }
}

function assertCanSignIn(user: UserRow): void {
  if (user.status === 'pending') throw new AppError('USER_NOT_VERIFIED');
  if (user.status !== 'active') throw new AppError('USER_LOCKED');
}
