import { z } from 'zod';
import { IsoDateTimeSchema, PagingQuerySchema, pagedOf } from './envelope';
import { MoneySchema } from './money';
import {
  intField,
  nonNegativeIntField,
  positiveIntField,
  nullableIntField,
  nullableStringField,
} from './fields';

/*
 * The operators' console, Dashboard and Players screens (issue 16; server: backoffice/). Operator
 * calls: an operator's bearer token for the request's site, every figure and every player of that
 * site only. Money is rupees on the wire, paise inside; times are ISO 8601 in UTC, except the
 * dashboard's days, which are calendar days in India (IST, UTC+05:30: India keeps no daylight time).
 */

// ---------------------------------------------------------------- dashboard

const PendingQueueSchema = z.object({
  /** Requests waiting for finance. */
  count: nonNegativeIntField,
  /** When the oldest of them was made (its age is now minus this); null when none waits. */
  oldestAt: IsoDateTimeSchema.nullable(),
});

const DayFiguresSchema = z.object({
  /** The IST calendar day, `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** Deposits credited that day (manual ones when approved, gateway ones when paid). */
  deposits: MoneySchema,
  /** Withdrawals paid out that day (approved with their payout UTR). */
  withdrawals: MoneySchema,
  /**
   * Gross gaming revenue: what players lost to the house that day, from the ledger's journals (see
   * the server's backoffice/README.md): exchange settlements against the house (commission
   * included) plus casino stakes minus casino wins and refunds. Negative when players won. Demo
   * accounts' play money never counts.
   */
  ggr: MoneySchema,
});

export const DashboardSchema = z.object({
  pendingDeposits: PendingQueueSchema,
  pendingWithdrawals: PendingQueueSchema,
  /** Today, the IST calendar day of the call. Real players only (no demo play money). */
  today: z.object({
    deposits: MoneySchema,
    withdrawals: MoneySchema,
    /** Exchange orders placed today that matched at least in part. */
    betsCount: nonNegativeIntField,
    /** The stake matched on those orders. */
    betsStake: MoneySchema,
    /** Casino stakes taken today (a stake later rolled back still counts here; its refund lowers GGR). */
    casinoWagers: MoneySchema,
    ggr: MoneySchema,
  }),
  /**
   * Players of this site with a connection to the realtime hub, on any server: each server notes
   * the players whose connections registered or sent their 20-second heartbeat, and shares them on
   * the message bus (Redis when scaled out). A player counts while seen within `seenWithinSeconds`.
   */
  playersOnline: z.object({
    count: nonNegativeIntField,
    seenWithinSeconds: positiveIntField,
  }),
  /**
   * Markets with open (matched) bets of this site's players, no result, their event started, and
   * either finished (the event over, or the market closed) or no longer on the feed: a trader
   * settles or voids them by hand.
   */
  marketsAwaitingResult: nonNegativeIntField,
  /** The last 14 IST days, oldest first, today last; days without movement are zeros. */
  days: z.array(DayFiguresSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

// ---------------------------------------------------------------- players

export const PLAYER_STATUSES = ['pending', 'active', 'locked', 'closed'] as const;
export const PlayerStatusSchema = z.enum(PLAYER_STATUSES);

export const PlayerListQuerySchema = PagingQuerySchema.omit({ Sorting: true }).extend({
  /**
   * A user name's beginning (any case), or digits found anywhere in the mobile number (spaces and a
   * +91 prefix are ignored). Empty: every player, newest first.
   */
  search: z.string().trim().max(64).optional().default(''),
});

export const PlayerSummarySchema = z.object({
  id: intField,
  userName: z.string(),
  /** Shown in full: finding and calling a player is support's job (README.md). */
  mobile: nullableStringField,
  status: PlayerStatusSchema,
  createdAt: IsoDateTimeSchema,
  lastLoginAt: IsoDateTimeSchema.nullable(),
  cash: MoneySchema,
  exposure: MoneySchema,
  isDemo: z.boolean(),
});
export type PlayerSummary = z.infer<typeof PlayerSummarySchema>;
export const PlayerListSchema = pagedOf(PlayerSummarySchema);

export const PlayerDetailQuerySchema = z.object({
  userId: z.coerce.number().int().positive(),
});

const LedgerLineSchema = z.object({
  journalId: intField,
  at: IsoDateTimeSchema,
  /** The journal's kind: deposit, bet_settlement, casino_debit, adjustment… */
  kind: z.string(),
  description: z.string(),
  /** Which of the player's accounts the line moved. */
  account: z.enum(['cash', 'held', 'bonus']),
  amount: MoneySchema,
  balanceAfter: MoneySchema,
});

const PlayerBetSchema = z.object({
  id: intField,
  orderId: intField,
  placedAt: IsoDateTimeSchema,
  eventTitle: z.string(),
  marketName: z.string(),
  side: z.enum(['back', 'lay', 'yes', 'no']),
  /** Decimal odds (exchange markets), else null. */
  odds: z.number().nullable(),
  /** Per-100 rate (bookmaker, fancy), else null. */
  rate: nullableIntField,
  /** A fancy bet's runs line, else null. */
  line: nullableIntField,
  stake: MoneySchema,
  liability: MoneySchema,
  status: z.enum(['MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED']),
  /** The bet's result once settled (positive: won). */
  result: MoneySchema.nullable(),
  settledAt: IsoDateTimeSchema.nullable(),
});

const PlayerPaymentSchema = z.object({
  id: intField,
  type: z.enum(['deposit', 'withdrawal']),
  amount: MoneySchema,
  paymentMethod: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']),
  utr: nullableStringField,
  payoutUtr: nullableStringField,
  reason: nullableStringField,
  createdAt: IsoDateTimeSchema,
  decidedAt: IsoDateTimeSchema.nullable(),
});

const PlayerBonusSchema = z.object({
  id: intField,
  title: z.string(),
  kind: z.string(),
  status: z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED']),
  amount: MoneySchema,
  wagered: MoneySchema,
  wageringRequired: MoneySchema,
  claimedAt: IsoDateTimeSchema,
  expiresAt: IsoDateTimeSchema,
  endedAt: IsoDateTimeSchema.nullable(),
});

const ReferralStatusSchema = z.enum(['PENDING', 'CLAIMABLE', 'CLAIMED', 'REJECTED']);

const PlayerReferralSchema = z.object({
  referredUserId: intField,
  referredUserName: z.string(),
  status: ReferralStatusSchema,
  /** SameDevice, SameAddress, SamePayoutAccount, FarmDevice: what the referral checks flagged. */
  flags: z.array(z.string()),
  reward: MoneySchema,
  joinedAt: IsoDateTimeSchema,
  qualifiedAt: IsoDateTimeSchema.nullable(),
  claimedAt: IsoDateTimeSchema.nullable(),
});

const SignInSchema = z.object({
  at: IsoDateTimeSchema,
  ip: z.string(),
  /** The browser as the client named it, and the device cookie when one was sent. */
  browser: z.string(),
  clientName: z.string(),
  deviceId: nullableStringField,
  /** Success, InvalidUserNameOrPassword, UserIsLocked, UserIsNotVerified… */
  result: z.string(),
});

export const PlayerDetailSchema = z.object({
  player: PlayerSummarySchema.omit({ cash: true, exposure: true }).extend({
    email: nullableStringField,
    referralCode: z.string(),
    /** Who referred this player, when someone did. */
    referrer: z.object({ userId: intField, userName: z.string() }).nullable(),
    /** This player's own referral (as the referred one): its status and the checks' flags. */
    referral: z
      .object({
        status: ReferralStatusSchema,
        flags: z.array(z.string()),
        decision: z.enum(['approve', 'reject']).nullable(),
      })
      .nullable(),
    signupIp: nullableStringField,
    signupDeviceId: nullableStringField,
    verifiedAt: IsoDateTimeSchema.nullable(),
  }),
  wallet: z.object({
    cash: MoneySchema,
    bonus: MoneySchema,
    exposure: MoneySchema,
    /** Withdrawals requested and not yet paid or given back. */
    held: MoneySchema,
  }),
  /** Each list below is the latest 20, newest first. */
  ledger: z.array(LedgerLineSchema),
  bets: z.array(PlayerBetSchema),
  payments: z.array(PlayerPaymentSchema),
  bonuses: z.array(PlayerBonusSchema),
  referrals: z.array(PlayerReferralSchema),
  /** Sign-in attempts on this account (successful or not), with the address and the device. */
  signIns: z.array(SignInSchema),
  responsibleGaming: z.object({
    /** Self-exclusion: no betting until then; null when none. */
    excludedUntil: IsoDateTimeSchema.nullable(),
  }),
});
export type PlayerDetail = z.infer<typeof PlayerDetailSchema>;

export const PlayerLockInputSchema = z.object({
  userId: positiveIntField,
  /** true locks the player (signed out everywhere at once); false unlocks a locked one. */
  locked: z.boolean(),
  /** Why: kept in the audit log. */
  reason: z.string().trim().min(3).max(500),
});

export const PlayerLockResultSchema = z.object({
  userId: intField,
  status: PlayerStatusSchema,
  /** False when the player already was in the state asked for: nothing was written. */
  changed: z.boolean(),
  /** Sign-in sessions ended by this lock (0 for an unlock or no change). */
  sessionsRevoked: nonNegativeIntField,
});
export type PlayerLockResult = z.infer<typeof PlayerLockResultSchema>;
