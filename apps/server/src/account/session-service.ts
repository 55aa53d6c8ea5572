import type { LoginResult } from '@backlay/contract';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../auth';
import type { Config } from '../config';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import type { Domain } from '../settings';
import { findLiveSession, insertSession } from './session-repository';
import { loadStakes, recordLastLogin, type UserRow } from './user-repository';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Opens sign-in sessions: a refresh-token row, an access token that names it, the login result. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly config: Config,
  ) {}

  async open(
    user: UserRow,
    domain: Domain,
    opts: { remember: boolean; client: ClientInfo },
  ): Promise<LoginResult> {
    const ttl = opts.remember
      ? this.config.REMEMBERED_REFRESH_TOKEN_TTL_SECONDS
      : this.config.REFRESH_TOKEN_TTL_SECONDS;
    const refresh = newRefreshToken();
    const sessionId = await insertSession(this.db, {
      userId: user.id,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + ttl * 1000),
      ip: opts.client.ip,
      userAgent: opts.client.userAgent.slice(0, 512),
    });
    await recordLastLogin(this.db, user.id);
    const access = await this.tokens.signAccess({
      userId: user.id,
      domainId: domain.id,
      sessionId,
      isDemo: user.isDemo,
    });
    const [wallet, stakes, casinoToken] = await Promise.all([
      this.ledger.wallet(user.id),
      loadStakes(this.db, user.id),
      this.tokens.signCasino(user.id, domain.id),
    ]);
    return {
      accessToken: access.token,
      refreshToken: refresh.token,
      expireInSeconds: access.expireInSeconds,
      stakes,
      casinoToken,
      domain: domain.name,
      userId: user.id,
      userName: user.userName,
      isDemo: user.isDemo,
      balance: wallet.balancePaise,
      exposure: wallet.exposurePaise,
      football: user.football,
      tennis: user.tennis,
      cricket: user.cricket,
    };
  }

  /** A new access token for a live, unrevoked refresh token of an active user of this domain. */
  async refresh(
    refreshToken: string,
    domain: Domain,
  ): Promise<{ accessToken: string; expireInSeconds: number; casinoToken: string } | null> {
    const row = await findLiveSession(this.db, hashRefreshToken(refreshToken));
    if (!row || row.user.domainId !== domain.id || row.user.status !== 'active') return null;
    const access = await this.tokens.signAccess({
      userId: row.user.id,
      domainId: domain.id,
      sessionId: row.sessionId,
      isDemo: row.user.isDemo,
    });
    const casinoToken = await this.tokens.signCasino(row.user.id, domain.id);
    return { accessToken: access.token, expireInSeconds: access.expireInSeconds, casinoToken };
  }
}
