import {
  normaliseMobile,
  type Dashboard,
  type PlayerDetail,
  type PlayerLockResult,
  type PlayerSummary,
} from '@backlay/contract';
import { ZERO_PAISE } from '@backlay/exchange';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { OperatorAction } from '../platform/http/auth-user';
import * as repo from './backoffice-repository';
import { ONLINE_WINDOW_MS, type PresenceBoard } from './presence';

/** How many of each of a player's lists the detail shows (the latest). */
const DETAIL_LIST_LENGTH = 20;
/** The dashboard's chart: this many IST days, today the last. */
const DASHBOARD_DAYS = 14;
const DAY_SECONDS = 86_400;

/** What the dashboard asks the market feed about a market (null: this server runs no feed). */
export interface FeedView {
  marketStatus(marketId: string): string | undefined;
  eventStatus(eventId: number): string | undefined;
}

/** The IST day number (days since 1970-01-01 in India) of an instant. */
const istDay = (ms: number) => Math.floor((Math.floor(ms / 1000) + repo.IST_OFFSET_SECONDS) / DAY_SECONDS);
/** When an IST day begins, as an instant. */
const istDayStart = (day: number) => new Date((day * DAY_SECONDS - repo.IST_OFFSET_SECONDS) * 1000);
/** An IST day number as its calendar date, `YYYY-MM-DD`. */
const istDate = (day: number) => new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);

type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

/**
 * The console's Dashboard and Players (README.md beside this file). Every call takes the operator's
 * domain and reads or changes nothing of another: a player of another domain is not found.
 */
export class BackofficeService {
  constructor(
    private readonly db: Db,
    private readonly presence: PresenceBoard,
    private readonly feed: () => FeedView | null,
    /** Tells every server that sessions ended (auth's SessionRevocations). */
    private readonly revocations: { announce(sessionIds: readonly number[]): Promise<void> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async dashboard(domainId: number): Promise<Dashboard> {
    const now = this.now();
    const today = istDay(now.getTime());
    const first = today - (DASHBOARD_DAYS - 1);
    const todayFrom = istDayStart(today);
    const todayTo = istDayStart(today + 1);
    const [queues, byDay, orders, casino, candidates, online] = await Promise.all([
      repo.pendingQueues(this.db, domainId),
      repo.moneyByDay(this.db, domainId, istDayStart(first), todayTo),
      repo.ordersPlaced(this.db, domainId, todayFrom, todayTo),
      repo.casinoStakes(this.db, domainId, todayFrom, todayTo),
      repo.unsettledStartedMarkets(this.db, domainId, now),
      repo.countDomainUsers(this.db, domainId, this.presence.online()),
    ]);
    const queue = (type: 'deposit' | 'withdrawal') => {
      const row = queues.find((q) => q.type === type);
      return { count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
    };
    const found = new Map(byDay.map((d) => [d.day, d]));
    const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const day = found.get(first + i);
      return {
        date: istDate(first + i),
        deposits: day?.deposits ?? ZERO_PAISE,
        withdrawals: day?.withdrawals ?? ZERO_PAISE,
        ggr: day?.ggr ?? ZERO_PAISE,
      };
    });
    const last = days[days.length - 1] as (typeof days)[number];
    return {
      pendingDeposits: queue('deposit'),
      pendingWithdrawals: queue('withdrawal'),
      today: {
        deposits: last.deposits,
        withdrawals: last.withdrawals,
        betsCount: orders.count,
        betsStake: orders.stake,
        casinoWagers: casino,
        ggr: last.ggr,
      },
      playersOnline: { count: online, seenWithinSeconds: ONLINE_WINDOW_MS / 1000 },
      marketsAwaitingResult: candidates.filter((c) => this.awaitsResult(c)).length,
      days,
    };
  }

  /**
   * A started market with open bets and no result waits for one when the feed no longer offers it
   * (or this server runs no feed), the feed closed it, or its event is over. A market suspended
   * during play is not waiting: it reopens.
   */
  private awaitsResult(c: repo.AwaitingCandidateRow): boolean {
    const feed = this.feed();
    const status = feed?.marketStatus(c.marketId);
    if (!feed || status === undefined || status === 'CLOSED') return true;
    return c.eventFinished || feed.eventStatus(c.eventId) === 'CLOSED';
  }

  async players(
    domainId: number,
    q: { search: string; MaxResultCount: number; SkipCount: number },
  ): Promise<{ totalCount: number; items: PlayerSummary[] }> {
    const text = q.search.trim();
    // Digits typed as a mobile number (spaces, dashes, a +91 prefix) search the mobile numbers too.
    const digits = /^[+\d\s-]+$/.test(text) ? normaliseMobile(text.replace(/-/g, '')).replace(/\D/g, '') : '';
    return repo.searchPlayers(
      this.db,
      domainId,
      { namePrefix: text, mobileDigits: digits === '' ? null : digits },
      { limit: q.MaxResultCount, offset: q.SkipCount },
    );
  }

  async player(domainId: number, userId: number): Promise<PlayerDetail> {
    const player = await repo.findPlayer(this.db, domainId, userId);
    // Another site's player answers as no player at all: nothing says it exists.
    if (!player) throw new AppError('NOT_FOUND', 'No such player on this site.');
    const n = DETAIL_LIST_LENGTH;
    const [wallet, ledger, bets, payments, bonuses, referrals, signIns] = await Promise.all([
      repo.walletOf(this.db, userId),
      repo.latestLedgerLines(this.db, userId, n),
      repo.latestBets(this.db, userId, n),
      repo.latestPayments(this.db, userId, n),
      repo.latestBonuses(this.db, userId, n),
      repo.latestReferralsMade(this.db, userId, n),
      repo.latestSignIns(this.db, userId, n),
    ]);
    const { excludedUntil, ...account } = player;
    return {
      player: account,
      wallet,
      ledger,
      bets,
      payments,
      bonuses,
      referrals,
      signIns,
      responsibleGaming: { excludedUntil },
    };
  }

  /**
   * Locks a player (status locked; every sign-in session ended, on every server once committed) or
   * unlocks a locked one (status active), audited in the same transaction. Asking for the state
   * the player is in changes nothing and writes no audit row. A pending (unverified) or closed
   * account is refused: unlocking must never make an account active that was not.
   */
  async lock(
    domainId: number,
    input: { userId: number; locked: boolean; reason: string },
    audit: Audit,
  ): Promise<PlayerLockResult> {
    const done = await this.db.transaction(async (tx) => {
      const row = await repo.lockPlayerRow(tx, domainId, input.userId);
      if (!row) throw new AppError('NOT_FOUND', 'No such player on this site.');
      if (row.status === 'pending' || row.status === 'closed') throw new AppError('PLAYER_NOT_LOCKABLE');
      const wanted: 'locked' | 'active' = input.locked ? 'locked' : 'active';
      if (row.status === wanted) return { status: wanted, changed: false, revoked: [] as number[] };
      await repo.setPlayerStatus(tx, input.userId, wanted);
      const revoked = input.locked ? await repo.revokeAllSessions(tx, input.userId) : [];
      await audit(tx, {
        action: input.locked ? 'player.lock' : 'player.unlock',
        target: `player:${input.userId}`,
        before: { userName: row.userName, status: row.status },
        after: { status: wanted, reason: input.reason, sessionsRevoked: revoked.length },
      });
      return { status: wanted, changed: true, revoked };
    });
    // Only after the commit: a rolled-back lock must not sign anyone out.
    await this.revocations.announce(done.revoked);
    return {
      userId: input.userId,
      status: done.status,
      changed: done.changed,
      sessionsRevoked: done.revoked.length,
    };
  }
}
