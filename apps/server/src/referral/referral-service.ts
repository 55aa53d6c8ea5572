import type {
  ReferralDetail,
  ReferralDetails,
  ReferralFlag,
  ReferralSettings,
  ReferralStatus,
} from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import type { z } from 'zod';
import type { OperatorReferralSchema } from '@backlay/contract';
import type { Ledger } from '../ledger';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { OperatorAction } from '../platform/http/auth-user';
import { formatRupees } from '../platform/money';
import { refuseIfBarred } from '../responsible-gaming';
import * as repo from './referral-repository';

type OperatorReferral = z.infer<typeof OperatorReferralSchema>;
type Audit = (executor: Executor, action: OperatorAction) => Promise<void>;

/*
 * The referral programme (section C3). A referred player's row is made when they verify (PENDING,
 * the reward as the programme stood then). It turns CLAIMABLE once the player's credited deposits
 * and settled matched stake reach the programme's figures, unless something ties the player to the
 * referrer (same device, address or payout account, or a device shared with another player the
 * same referrer brought): then it waits for an operator, who approves or rejects it. The referrer
 * claims a claimable reward once, within the programme's monthly cap, as one ledger journal.
 */

const STATUS: Record<repo.ReferralRow['status'], ReferralStatus> = {
  PENDING: 'Pending',
  CLAIMABLE: 'Claimable',
  CLAIMED: 'Claimed',
  REJECTED: 'Rejected',
};

/** India has no daylight saving: its months start at 18:30 UTC on the day before the 1st. */
const IST_OFFSET_MS = 330 * 60_000;

/** When the calendar month (India time) that `now` falls in began. */
export function istMonthStart(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS);
}

/** "ra****l": the first two letters and the last, so a referrer knows whom without the full name. */
export function maskUserName(name: string): string {
  if (name.length <= 3) return `${name.slice(0, 1)}****`;
  return `${name.slice(0, 2)}****${name.slice(-1)}`;
}

/** The rule and the progress in plain words: "Deposit ₹500 (done) and bet ₹1,000 (₹250 so far)". */
export function requirementText(p: repo.Progress, programme: repo.Programme): string {
  const part = (verb: string, need: Paise, have: Paise) =>
    need <= 0
      ? null
      : `${verb} ${formatRupees(need)} (${have >= need ? 'done' : `${formatRupees(have)} so far`})`;
  const parts = [
    part('Deposit', programme.qualifyingDeposit, p.deposited),
    part('bet', programme.qualifyingTurnover, p.turnover),
  ].filter((s): s is string => s !== null);
  if (parts.length === 0) return 'Nothing to do: the reward is earned on sign-up';
  const text = parts.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isQualified = (p: repo.Progress, programme: repo.Programme) =>
  p.deposited >= programme.qualifyingDeposit && p.turnover >= programme.qualifyingTurnover;

/** Held for an operator: flagged, not decided, not yet paid or rejected. */
const underReview = (r: Pick<repo.ReferralRow, 'status' | 'flags' | 'decision'>) =>
  r.status === 'PENDING' && r.flags.length > 0 && r.decision === null;

/**
 * Looks for what ties the referred player to the referrer and records it. At verification a device
 * shared with other players of the same referrer flags theirs too (the farm is the group, not its
 * newest member); later checks flag only their own row (each peer finds the farm itself), so two
 * servers sweeping different rows never wait on each other's.
 */
async function reviewTies(
  tx: Executor,
  r: Pick<repo.ReferralRow, 'id' | 'referrerUserId' | 'referredUserId'>,
  opts: { flagPeers: boolean },
): Promise<void> {
  const ties = await repo.findTies(tx, r);
  await repo.addFlags(tx, r.id, ties.flags);
  if (opts.flagPeers) for (const peer of ties.farmPeers) await repo.addFlags(tx, peer, ['FarmDevice']);
}

/**
 * A referred player has verified their account: they are recorded as the referrer's, PENDING,
 * with the programme's reward as it stands now, and checked for ties to the referrer. Runs in the
 * caller's transaction (the verification's), so a verification that rolls back records nothing.
 * A site whose programme is off records no new referrals. No money moves here.
 */
export async function recordVerifiedReferral(
  tx: Executor,
  referral: { domainId: number; referrerUserId: number; referredUserId: number },
): Promise<void> {
  const programme = await repo.findProgramme(tx, referral.domainId);
  if (!programme.enabled) return;
  const id = await repo.insertReferral(tx, { ...referral, rewardPaise: programme.reward, status: 'PENDING' });
  if (id !== null) await reviewTies(tx, { id, ...referral }, { flagPeers: true });
}

/**
 * A locked PENDING referral whose player has qualified: ties are looked for again (a payout
 * account exists only once they withdraw), and it turns CLAIMABLE unless it is held for review.
 * Answers whether it turned claimable.
 */
async function qualifyLocked(tx: Executor, row: repo.ReferralRow): Promise<boolean> {
  if (row.status !== 'PENDING') return false;
  const programme = await repo.findProgramme(tx, row.domainId);
  const progress = (await repo.progressOf(tx, [row.referredUserId])).get(row.referredUserId);
  if (!progress || !isQualified(progress, programme)) return false;
  await reviewTies(tx, row, { flagPeers: false });
  const after = await repo.lockReferral(tx, { id: row.id });
  if (!after || after.status !== 'PENDING') return false;
  const held = after.flags.length > 0 && after.decision !== 'approve';
  await repo.updateReferral(tx, row.id, {
    qualifiedAt: after.qualifiedAt ?? new Date(),
    ...(held ? {} : { status: 'CLAIMABLE' as const }),
  });
  return !held;
}

export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  // ------------------------------------------------------------ players

  /** The player's code and the sign-up link on this site that carries it. */
  async referrerCode(userId: number, origin: string): Promise<{ code: string; link: string }> {
    const me = await repo.findReferrer(this.db, userId);
    if (!me) throw new AppError('NOT_FOUND', 'No such player.');
    if (me.isDemo) throw new AppError('DEMO_NOT_ALLOWED', 'Demo accounts cannot refer players.');
    const code = me.referralCode;
    return { code, link: `${origin}/auth/signup?referral=${encodeURIComponent(code)}` };
  }

  /** The players this player referred (a page, newest first) with their progress, and the programme. */
  async details(
    user: { userId: number; domainId: number },
    page: { MaxResultCount: number; SkipCount: number },
    now = new Date(),
  ): Promise<ReferralDetails> {
    const programme = await repo.findProgramme(this.db, user.domainId);
    const { totalCount, rows } = await repo.pageReferrals(
      this.db,
      { domainId: user.domainId, referrerUserId: user.userId },
      { skip: page.SkipCount, take: page.MaxResultCount },
    );
    const progress = await repo.progressOf(
      this.db,
      rows.map((r) => r.referredUserId),
    );
    const items = rows.map((r): ReferralDetail => {
      const p = progress.get(r.referredUserId) ?? { deposited: paise(0), turnover: paise(0) };
      return {
        userReferDetailId: r.id,
        userName: maskUserName(r.referredUserName),
        joinedAt: r.createdAt.toISOString(),
        qualified: r.qualifiedAt !== null || isQualified(p, programme),
        requirement: requirementText(p, programme),
        deposited: p.deposited,
        depositRequired: programme.qualifyingDeposit,
        turnover: p.turnover,
        turnoverRequired: programme.qualifyingTurnover,
        reward: r.rewardPaise,
        status: STATUS[r.status],
        underReview: underReview(r),
        claimedAt: r.claimedAt?.toISOString() ?? null,
      };
    });
    return {
      totalCount,
      items,
      reward: programme.reward,
      depositRequired: programme.qualifyingDeposit,
      turnoverRequired: programme.qualifyingTurnover,
      monthlyCap: programme.monthlyCap,
      claimedThisMonth: await repo.claimsSince(this.db, user.userId, istMonthStart(now)),
    };
  }

  /**
   * Pays a claimable reward into the referrer's cash: one journal (HOUSE_REFERRAL → cash, reference
   * `referral:{id}`) with the row marked CLAIMED in the same transaction. The referrer's wallet is
   * locked first, so their claims run one at a time and the monthly cap holds; the referral row is
   * locked too, so a claim sent twice at once pays once (the second finds it claimed).
   */
  async claim(
    user: { userId: number; domainId: number },
    referralId: number,
    now = new Date(),
  ): Promise<{ userReferDetailId: number; reward: Paise; balance: Paise }> {
    return this.ledger.transaction(async (money) => {
      const wallet = await money.findWallet(user.userId, { forUpdate: true });
      const row = wallet
        ? await repo.lockReferral(money.tx, {
            id: referralId,
            domainId: user.domainId,
            referrerUserId: user.userId,
          })
        : null;
      if (!wallet || !row) throw new AppError('NOT_FOUND', 'No such referral of yours.');
      // Responsible gaming: no reward claimed while the player takes a time-out or is excluded from play.
      await refuseIfBarred(money.tx, user.userId);
      if (row.status !== 'CLAIMABLE' || (row.flags.length > 0 && row.decision !== 'approve')) {
        throw new AppError(
          'REFERRAL_NOT_CLAIMABLE',
          row.status === 'CLAIMED'
            ? 'This referral reward was already claimed.'
            : row.status === 'REJECTED'
              ? 'This referral reward will not be paid.'
              : 'This referral reward cannot be claimed yet: your friend has not met the deposit and betting rule.',
        );
      }
      const programme = await repo.findProgramme(money.tx, user.domainId);
      if ((await repo.claimsSince(money.tx, user.userId, istMonthStart(now))) >= programme.monthlyCap) {
        throw new AppError('REFERRAL_CAP_REACHED');
      }
      const { journalId } = await money.post({
        domainId: user.domainId,
        kind: 'referral_reward',
        reference: `referral:${row.id}`,
        description: `Referral reward #${row.id}`,
        lines: [
          {
            account: await money.houseAccount(user.domainId, 'HOUSE_REFERRAL'),
            amount: paise(-row.rewardPaise),
          },
          { account: wallet.cash, amount: row.rewardPaise },
        ],
      });
      await repo.updateReferral(money.tx, row.id, { status: 'CLAIMED', claimedAt: now, journalId });
      return {
        userReferDetailId: row.id,
        reward: row.rewardPaise,
        balance: paise(wallet.balancePaise + row.rewardPaise),
      };
    });
  }

  // ------------------------------------------------------------ qualification

  /**
   * The referred player's money moved (a deposit credited, bets settled): their referral turns
   * claimable if they now qualify. Waits for a row another server holds: it is checked after.
   */
  async checkReferred(referredUserId: number): Promise<boolean> {
    // Most players who bet or deposit were referred by nobody: no transaction for them.
    if (!(await repo.isPendingReferred(this.db, referredUserId))) return false;
    return this.db.transaction(async (tx) => {
      const row = await repo.lockReferral(tx, { referredUserId });
      return row ? qualifyLocked(tx, row) : false;
    });
  }

  /**
   * Checks every pending referral, a batch per transaction; rows another server is checking are
   * skipped (it does them). Catches what an event missed (a crash after a commit, another server's
   * write). Idempotent: a referral turns claimable once.
   */
  async sweep(
    stop: () => boolean = () => false,
    batch = 100,
  ): Promise<{ checked: number; promoted: number }> {
    let afterId = 0;
    let checked = 0;
    let promoted = 0;
    while (!stop()) {
      const done = await this.db.transaction(async (tx) => {
        const rows = await repo.lockPendingBatch(tx, afterId, batch);
        let up = 0;
        for (const row of rows) if (await qualifyLocked(tx, row)) up++;
        return { rows, up };
      });
      checked += done.rows.length;
      promoted += done.up;
      const last = done.rows.at(-1);
      if (!last || done.rows.length < batch) break;
      afterId = last.id;
    }
    return { checked, promoted };
  }

  // ------------------------------------------------------------ operators

  async settings(domainId: number): Promise<ReferralSettings> {
    return toSettings(await repo.findProgramme(this.db, domainId));
  }

  /** Replaces the programme, audited (`referral.update_settings`) in the same transaction. */
  async replaceSettings(domainId: number, input: ReferralSettings, audit: Audit): Promise<ReferralSettings> {
    const next: repo.Programme = {
      enabled: input.enabled,
      reward: input.reward,
      qualifyingDeposit: input.qualifyingDeposit,
      qualifyingTurnover: input.qualifyingTurnover,
      monthlyCap: input.monthlyCap,
    };
    await this.db.transaction(async (tx) => {
      const before = await repo.findProgramme(tx, domainId, { lock: true });
      await repo.updateProgramme(tx, domainId, next);
      await audit(tx, {
        action: 'referral.update_settings',
        target: 'referral_settings',
        before: summary(before),
        after: summary(next),
      });
    });
    return toSettings(next);
  }

  /** The domain's referrals (a page, newest first); `flagged` keeps those held for review. */
  async operatorList(
    domainId: number,
    query: { MaxResultCount: number; SkipCount: number; flagged?: boolean | undefined },
  ): Promise<{ totalCount: number; items: OperatorReferral[] }> {
    const programme = await repo.findProgramme(this.db, domainId);
    const { totalCount, rows } = await repo.pageReferrals(
      this.db,
      { domainId, ...(query.flagged !== undefined ? { underReview: query.flagged } : {}) },
      { skip: query.SkipCount, take: query.MaxResultCount },
    );
    const progress = await repo.progressOf(
      this.db,
      rows.map((r) => r.referredUserId),
    );
    return { totalCount, items: rows.map((r) => toOperatorReferral(r, progress, programme)) };
  }

  /**
   * An operator's decision on a referral held for review: approve (claimable once qualified, now
   * if already) or reject (never paid), with the reason; audited as `referral.decide` in the
   * decision's transaction. A referral not held for review answers 409 and changes nothing.
   */
  async decide(
    domainId: number,
    input: { id: number; decision: 'approve' | 'reject'; reason: string },
    by: string,
    audit: Audit,
  ): Promise<OperatorReferral> {
    await this.db.transaction(async (tx) => {
      const row = await repo.lockReferral(tx, { id: input.id, domainId });
      if (!row) throw new AppError('NOT_FOUND', 'No such referral on this site.');
      if (!underReview(row)) {
        throw new AppError(
          'REQUEST_NOT_PENDING',
          'This referral is not held for review: it was decided already or is not flagged.',
        );
      }
      const decided = {
        decision: input.decision,
        decidedBy: by,
        decisionReason: input.reason,
        decidedAt: new Date(),
      };
      await repo.updateReferral(tx, row.id, {
        ...decided,
        ...(input.decision === 'reject' ? { status: 'REJECTED' as const } : {}),
      });
      let status = input.decision === 'reject' ? 'REJECTED' : 'PENDING';
      if (input.decision === 'approve' && (await qualifyLocked(tx, { ...row, ...decided })))
        status = 'CLAIMABLE';
      await audit(tx, {
        action: 'referral.decide',
        target: `referral:${row.id}`,
        before: { status: row.status, flags: row.flags },
        after: { status, decision: input.decision, reason: input.reason },
      });
    });
    const listed = await repo.findListedReferral(this.db, domainId, input.id);
    if (!listed) throw new Error(`referral ${input.id} vanished`);
    const programme = await repo.findProgramme(this.db, domainId);
    const progress = await repo.progressOf(this.db, [listed.referredUserId]);
    return toOperatorReferral(listed, progress, programme);
  }
}

function toSettings(p: repo.Programme): ReferralSettings {
  return {
    enabled: p.enabled,
    reward: p.reward,
    qualifyingDeposit: p.qualifyingDeposit,
    qualifyingTurnover: p.qualifyingTurnover,
    monthlyCap: p.monthlyCap,
  };
}

function summary(p: repo.Programme) {
  return {
    enabled: p.enabled,
    reward: formatRupees(p.reward),
    qualifyingDeposit: formatRupees(p.qualifyingDeposit),
    qualifyingTurnover: formatRupees(p.qualifyingTurnover),
    monthlyCap: p.monthlyCap,
  };
}

function toOperatorReferral(
  r: repo.ListedReferral,
  progress: Map<number, repo.Progress>,
  programme: repo.Programme,
): OperatorReferral {
  const p = progress.get(r.referredUserId) ?? { deposited: paise(0), turnover: paise(0) };
  return {
    id: r.id,
    referrerUserId: r.referrerUserId,
    referrerUserName: r.referrerUserName,
    referredUserId: r.referredUserId,
    referredUserName: r.referredUserName,
    joinedAt: r.createdAt.toISOString(),
    deposited: p.deposited,
    turnover: p.turnover,
    qualified: r.qualifiedAt !== null || isQualified(p, programme),
    reward: r.rewardPaise,
    status: STATUS[r.status],
    flags: repo.orderFlags(r.flags) satisfies ReferralFlag[],
    underReview: underReview(r),
    decidedBy: r.decidedBy,
    reason: r.decisionReason,
  };
}
