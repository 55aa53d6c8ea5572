// Game sessions: what a launch hands the iframe. In memory, 6 hours, bounded (the oldest goes first).
import { randomBytes } from 'node:crypto';
import type { ProviderId } from '../catalogue/catalogue';
import type { GameId } from '../games/game';
import type { Paise } from '../games/money';

export const SESSION_MS = 6 * 60 * 60 * 1000;
const MAX_SESSIONS = 20_000;
/** A session's own bets kept for its page (this round's and the last few rounds'). */
const MAX_SESSION_BETS = 30;

export interface SessionBet {
  readonly id: string;
  readonly roundId: string;
  readonly market: string;
  readonly stake: Paise;
}

export interface Session {
  readonly id: string;
  readonly provider: ProviderId;
  readonly gameCode: GameId;
  readonly casinoToken: string;
  readonly playerId: string;
  readonly lobbyUrl: string | undefined;
  readonly platform: 'desktop' | 'mobile' | undefined;
  readonly expiresAt: number;
  readonly bets: SessionBet[];
}

export class Sessions {
  private readonly byId = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  create(init: Omit<Session, 'id' | 'expiresAt' | 'bets'>): Session {
    this.sweep();
    // 128 random bits: the session id is the page's only credential.
    const session: Session = {
      ...init,
      id: randomBytes(16).toString('base64url'),
      expiresAt: this.now() + SESSION_MS,
      bets: [],
    };
    this.byId.set(session.id, session);
    while (this.byId.size > MAX_SESSIONS) this.byId.delete(this.byId.keys().next().value!);
    return session;
  }

  /** The live session of this provider, or undefined (unknown, expired or another provider's). */
  get(provider: ProviderId, id: string): Session | undefined {
    const session = this.byId.get(id);
    if (!session || session.provider !== provider) return undefined;
    if (session.expiresAt <= this.now()) {
      this.byId.delete(id);
      return undefined;
    }
    return session;
  }

  addBet(session: Session, bet: SessionBet): void {
    session.bets.push(bet);
    if (session.bets.length > MAX_SESSION_BETS) session.bets.shift();
  }

  /** Drops expired sessions; Map order is creation order, so they are at the front. */
  private sweep(): void {
    const now = this.now();
    for (const [id, session] of this.byId) {
      if (session.expiresAt > now) break;
      this.byId.delete(id);
    }
  }
}
