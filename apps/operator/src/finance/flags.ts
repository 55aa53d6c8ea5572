import type { PlayerDetail } from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { formatAge, formatDateTime, formatMoney } from '@/shared/format';
import type { QueueItem } from './types';

/*
 * What an operator should know about a player before deciding one of their requests, read from
 * the player's detail (GET /admin/players/detail: the account, the wallet and the latest 20 of each
 * list). Each flag says in plain words what the data shows, never more: where a list is cut at 20
 * and the answer could lie beyond it, no flag is raised.
 */

/** The server sends the latest 20 of each list: a list this long may have more behind it. */
export const LIST_LIMIT = 20;
/** How far back a rejected request still counts as recent. */
export const RECENT_REJECTION_MS = 7 * 24 * 60 * 60_000;
/** A withdrawal asked this soon after a deposit was credited is read against the betting since. */
export const SOON_AFTER_DEPOSIT_MS = 72 * 60 * 60_000;
/** Distinct devices, or IP addresses, over the listed successful sign-ins that count as many. */
export const MANY_DEVICES = 3;
export const MANY_ADDRESSES = 5;
/** A forfeited bonus ended within this of the withdrawal was forfeited by it (same transaction). */
const FORFEIT_MATCH_MS = 2 * 60_000;

export type FlagLevel = 'bad' | 'warn' | 'info';
export type FlagKey =
  | 'locked'
  | 'closed'
  | 'unverified'
  | 'self-excluded'
  | 'referral-flagged'
  | 'referred-flagged'
  | 'bonus-wagering'
  | 'recent-rejection'
  | 'many-devices'
  | 'deposit-and-withdraw'
  | 'first-deposit';

export interface PlayerFlag {
  key: FlagKey;
  level: FlagLevel;
  /** A short name: "Account locked". */
  title: string;
  /** What the data shows, with its figures. */
  detail: string;
}

export type FlaggedRequest = Pick<QueueItem, 'id' | 'type' | 'creationTime'>;
type Payment = PlayerDetail['payments'][number];

/** The referral checks' flags (referral/README.md), in words. */
const REFERRAL_FLAG_WORDS: Record<string, string> = {
  SameDevice: 'same device',
  SameAddress: 'same IP address',
  SamePayoutAccount: 'same payout account',
  FarmDevice: 'a device shared with another player of the same referrer (device farm)',
};

export function referralFlagWords(flags: readonly string[]): string {
  return flags.map((f) => REFERRAL_FLAG_WORDS[f] ?? f).join(', ');
}

/** A self-referral is exactly a shared device or address (referral/README.md). */
function selfReferralMarks(flags: readonly string[]): string {
  return flags.includes('SameDevice') || flags.includes('SameAddress')
    ? ' (the marks of a self-referral)'
    : '';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** When a payment was decided (credited, paid, rejected); when it was asked if not decided. */
function decidedAt(p: Payment): number {
  return Date.parse(p.decidedAt ?? p.createdAt);
}

/** Successful sign-ins among those listed, with their distinct addresses and devices. */
export function signInSpread(signIns: PlayerDetail['signIns']) {
  const successful = signIns.filter((s) => s.result === 'Success');
  return {
    listed: signIns.length,
    successful: successful.length,
    failed: signIns.length - successful.length,
    addresses: new Set(successful.map((s) => s.ip)).size,
    devices: new Set(successful.map((s) => s.deviceId).filter((d): d is string => d != null)).size,
  };
}

/** The active bonuses that still need wagering, with what is left. */
export function bonusesWithWageringLeft(bonuses: PlayerDetail['bonuses']) {
  return bonuses
    .filter((b) => b.status === 'ACTIVE' && b.wagered < b.wageringRequired)
    .map((b) => ({ ...b, left: paise(b.wageringRequired - b.wagered) }));
}

function accountFlags(d: PlayerDetail, now: number): PlayerFlag[] {
  const flags: PlayerFlag[] = [];
  const { status } = d.player;
  if (status === 'locked') {
    flags.push({
      key: 'locked',
      level: 'bad',
      title: 'Account locked',
      detail: 'An operator locked this account: the player cannot sign in.',
    });
  } else if (status === 'closed') {
    flags.push({ key: 'closed', level: 'bad', title: 'Account closed', detail: 'This account is closed.' });
  } else if (status === 'pending') {
    flags.push({
      key: 'unverified',
      level: 'warn',
      title: 'Mobile number not verified',
      detail: 'The account is pending: its mobile number was never verified.',
    });
  }
  const excludedUntil = d.responsibleGaming.excludedUntil;
  if (excludedUntil != null && Date.parse(excludedUntil) > now) {
    flags.push({
      key: 'self-excluded',
      level: 'bad',
      title: 'Self-excluded',
      detail: `The player excluded themselves until ${formatDateTime(excludedUntil)}: no betting until then.`,
    });
  }
  return flags;
}

function referralFlags(d: PlayerDetail): PlayerFlag[] {
  const flags: PlayerFlag[] = [];
  const own = d.player.referral;
  if (own && (own.flags.length > 0 || own.status === 'REJECTED')) {
    const by = d.player.referrer ? ` by ${d.player.referrer.userName}` : '';
    const ties =
      own.flags.length > 0
        ? ` Ties to the referrer: ${referralFlagWords(own.flags)}${selfReferralMarks(own.flags)}.`
        : '';
    if (own.status === 'REJECTED' || own.decision === 'reject') {
      flags.push({
        key: 'referral-flagged',
        level: 'warn',
        title: 'Sign-up referral rejected',
        detail: `Their sign-up referral${by} was rejected.${ties}`,
      });
    } else if (own.decision === 'approve') {
      flags.push({
        key: 'referral-flagged',
        level: 'info',
        title: 'Sign-up referral flagged, approved',
        detail: `Their sign-up referral${by} was flagged and an operator approved it.${ties}`,
      });
    } else {
      flags.push({
        key: 'referral-flagged',
        level: 'warn',
        title: 'Sign-up referral held for review',
        detail: `Their sign-up referral${by} is held for review.${ties}`,
      });
    }
  }
  const flaggedMade = d.referrals.filter((r) => r.flags.length > 0);
  if (flaggedMade.length > 0) {
    const all = [...new Set(flaggedMade.flatMap((r) => r.flags))];
    flags.push({
      key: 'referred-flagged',
      level: 'warn',
      title: 'Referred players flagged',
      detail: `${plural(flaggedMade.length, 'player')} they referred ${flaggedMade.length === 1 ? 'is' : 'are'} flagged (${flaggedMade
        .map((r) => r.referredUserName)
        .join(', ')}): ${referralFlagWords(all)}${selfReferralMarks(all)}.`,
    });
  }
  return flags;
}

function bonusFlags(d: PlayerDetail, request: FlaggedRequest): PlayerFlag[] {
  if (request.type !== 'Withdrawal') return [];
  const asked = Date.parse(request.creationTime);
  const active = bonusesWithWageringLeft(d.bonuses);
  // The cashier forfeits an active bonus in the withdrawal's own transaction (the player confirms).
  const forfeited = d.bonuses.filter(
    (b) =>
      b.status === 'FORFEITED' &&
      b.endedAt != null &&
      Math.abs(Date.parse(b.endedAt) - asked) <= FORFEIT_MATCH_MS &&
      b.wagered < b.wageringRequired,
  );
  const parts = [
    ...active.map(
      (b) =>
        `${b.title} (${formatMoney(b.amount)}) is active with ${formatMoney(b.left)} of ${formatMoney(b.wageringRequired)} still to wager`,
    ),
    ...forfeited.map(
      (b) =>
        `${b.title} (${formatMoney(b.amount)}) was forfeited by this withdrawal with ${formatMoney(paise(b.wageringRequired - b.wagered))} of ${formatMoney(b.wageringRequired)} still to wager`,
    ),
  ];
  if (parts.length === 0) return [];
  return [
    {
      key: 'bonus-wagering',
      level: 'warn',
      title: 'Withdrawal with bonus wagering unmet',
      detail: `${parts.join('; ')}.`,
    },
  ];
}

function rejectionFlags(d: PlayerDetail, request: FlaggedRequest, now: number): PlayerFlag[] {
  const recent = d.payments.filter(
    (p) => p.id !== request.id && p.status === 'REJECTED' && now - decidedAt(p) <= RECENT_REJECTION_MS,
  );
  const latest = recent[0];
  if (!latest) return [];
  return [
    {
      key: 'recent-rejection',
      level: 'warn',
      title: 'Rejected request in the last 7 days',
      detail: `${plural(recent.length, 'request')} of theirs rejected in the last 7 days; the latest: ${latest.type} #${latest.id} of ${formatMoney(latest.amount)} on ${formatDateTime(latest.decidedAt ?? latest.createdAt)}${latest.reason ? ` (“${latest.reason}”)` : ''}.`,
    },
  ];
}

function signInFlags(d: PlayerDetail): PlayerFlag[] {
  const spread = signInSpread(d.signIns);
  if (spread.devices < MANY_DEVICES && spread.addresses < MANY_ADDRESSES) return [];
  return [
    {
      key: 'many-devices',
      level: 'warn',
      title: 'Many devices or addresses',
      detail: `${plural(spread.devices, 'device')} and ${plural(spread.addresses, 'IP address', 'IP addresses')} in their latest ${plural(spread.successful, 'successful sign-in')}.`,
    },
  ];
}

/**
 * Money in and straight out: a withdrawal asked soon after a deposit was credited, with less bet
 * since (exchange bets risked, casino stakes) than the deposit. Judged only when the bets and the
 * ledger listed reach back to the deposit; a list cut at 20 after it could hide more betting.
 */
function depositAndWithdrawFlags(d: PlayerDetail, request: FlaggedRequest): PlayerFlag[] {
  if (request.type !== 'Withdrawal') return [];
  const asked = Date.parse(request.creationTime);
  const credited = d.payments
    .filter((p) => p.type === 'deposit' && p.status === 'APPROVED' && p.id !== request.id)
    .filter((p) => decidedAt(p) <= asked)
    .sort((a, b) => decidedAt(b) - decidedAt(a));
  const deposit = credited[0];
  if (!deposit) return [];
  const since = decidedAt(deposit);
  if (asked - since > SOON_AFTER_DEPOSIT_MS) return [];
  const reachesBack = <T>(list: T[], at: (t: T) => number) =>
    list.length < LIST_LIMIT || list.some((t) => at(t) < since);
  if (!reachesBack(d.bets, (b) => Date.parse(b.placedAt))) return [];
  if (!reachesBack(d.ledger, (l) => Date.parse(l.at))) return [];
  const within = (iso: string) => Date.parse(iso) >= since && Date.parse(iso) <= asked;
  // What a bet risked, as the referral's turnover counts it: a back's stake, a lay's liability.
  const exchange = d.bets
    .filter((b) => (b.status === 'MATCHED' || b.status === 'SETTLED') && within(b.placedAt))
    .reduce((sum, b) => sum + Math.min(b.stake, b.liability), 0);
  const casino = d.ledger
    .filter((l) => l.kind === 'casino_debit' && l.amount < 0 && within(l.at))
    .reduce((sum, l) => sum - l.amount, 0);
  const bet = paise(exchange + casino);
  if (bet >= deposit.amount) return [];
  // The first deposit only when the requests listed are all there are.
  const first = d.payments.length < LIST_LIMIT && credited.length === 1;
  return [
    {
      key: 'deposit-and-withdraw',
      level: 'warn',
      title: 'Deposit and withdraw with little betting',
      detail: `Asked ${formatAge(new Date(since).toISOString(), asked)} after ${
        first ? 'their first deposit' : 'a deposit'
      } of ${formatMoney(deposit.amount)} (#${deposit.id}) was credited, with ${formatMoney(bet)} bet since: less than the deposit.`,
    },
  ];
}

function firstDepositFlags(d: PlayerDetail, request: FlaggedRequest): PlayerFlag[] {
  if (request.type !== 'Deposit' || d.payments.length >= LIST_LIMIT) return [];
  const earlier = d.payments.some(
    (p) => p.type === 'deposit' && p.status === 'APPROVED' && p.id !== request.id,
  );
  if (earlier) return [];
  return [
    {
      key: 'first-deposit',
      level: 'info',
      title: 'First deposit',
      detail: 'No deposit of theirs was approved before this one.',
    },
  ];
}

/** Every flag the player's data supports for this request, the gravest first. */
export function playerFlags(d: PlayerDetail, request: FlaggedRequest, now: number): PlayerFlag[] {
  const flags = [
    ...accountFlags(d, now),
    ...depositAndWithdrawFlags(d, request),
    ...bonusFlags(d, request),
    ...rejectionFlags(d, request, now),
    ...referralFlags(d),
    ...signInFlags(d),
    ...firstDepositFlags(d, request),
  ];
  const rank: Record<FlagLevel, number> = { bad: 0, warn: 1, info: 2 };
  return flags.sort((a, b) => rank[a.level] - rank[b.level]);
}

/** The latest payment requests listed, counted by status, and the approved money each way. */
export function paymentTotals(payments: PlayerDetail['payments']) {
  const count = (status: Payment['status']) => payments.filter((p) => p.status === status).length;
  const approved = (type: Payment['type']): Paise =>
    paise(
      payments.filter((p) => p.type === type && p.status === 'APPROVED').reduce((s, p) => s + p.amount, 0),
    );
  return {
    listed: payments.length,
    approved: count('APPROVED'),
    rejected: count('REJECTED'),
    pending: count('PENDING'),
    cancelled: count('CANCELLED'),
    depositsApproved: approved('deposit'),
    withdrawalsApproved: approved('withdrawal'),
  };
}
