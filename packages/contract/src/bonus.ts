import { ZERO_PAISE } from '@backlay/exchange';
import { z } from 'zod';
import { IsoDateTimeSchema, PagingQuerySchema } from './envelope';
import { MoneySchema, NonNegativeMoneySchema } from './money';
import {
  intField,
  nonNegativeIntField,
  positiveIntField,
  nullableIntField,
  nullableStringField,
} from './fields';

/*
 * Bonuses and referrals (sections C2 and C3 of shared/spec/api-shapes.md). Money is rupees on the
 * wire, paise once parsed. Bonus money sits in its own balance beside cash: it is never staked, it
 * turns into cash in one journal when its wagering is met, and it is forfeited (only it) when it
 * expires or the player withdraws while it is active. The player's cash is never locked by a bonus.
 * docs/bonuses-and-referrals.md tells the rules in full.
 */

export const BONUS_KINDS = ['FirstDeposit', 'Reload', 'Cashback', 'Free'] as const;
export const BonusKindSchema = z.enum(BONUS_KINDS, { error: `The kind is one of ${BONUS_KINDS.join(', ')}` });
export type BonusKind = z.infer<typeof BonusKindSchema>;

export const BONUS_STATUSES = ['Available', 'Active', 'Completed', 'Expired', 'Forfeited'] as const;
export const BonusStatusSchema = z.enum(BONUS_STATUSES);
export type BonusStatus = z.infer<typeof BonusStatusSchema>;

/** The days a cashback bonus looks back over for net losses, when the operator sets none. */
export const DEFAULT_CASHBACK_PERIOD_DAYS = 7;

/**
 * A bonus as its domain's operator defines it. FirstDeposit and Reload pay `percent` of the
 * qualifying deposit (at least `minDeposit`) up to `maxAmount`; Cashback pays `percent` of the net
 * losses of settled bets over the last `cashbackPeriodDays` days, up to `maxAmount`, once a period;
 * Free pays `amount`. The wagering asked is `wageringMultiplier` times the bonus (0: cash at once);
 * the bonus expires `validDays` after the claim.
 */
export const BonusDefinitionInputSchema = z
  .object({
    title: z.string().trim().min(3, 'At least 3 characters').max(80),
    description: z.string().trim().max(300).default(''),
    kind: BonusKindSchema,
    /** Percent of the deposit or of the net losses: 1 to 500, whole or with two decimals at most. */
    percent: z
      .number()
      .positive('The percent must be more than zero')
      .max(500)
      .refine(
        (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
        {
          message: 'At most two decimals',
        },
      )
      .nullable()
      .default(null),
    /** A Free bonus's amount. */
    amount: MoneySchema.refine((p) => p > 0, { message: 'The amount must be more than zero' })
      .nullable()
      .default(null),
    maxAmount: MoneySchema.refine((p) => p > 0, { message: 'The most a bonus pays must be more than zero' }),
    minDeposit: NonNegativeMoneySchema.default(ZERO_PAISE),
    wageringMultiplier: z.number().int('A whole number').min(0).max(100),
    validDays: z.number().int('A whole number').min(1).max(365),
    cashbackPeriodDays: intField.min(1).max(31).default(DEFAULT_CASHBACK_PERIOD_DAYS),
    /** The full terms, shown next to Claim in plain words. */
    terms: z.string().trim().min(10, 'Write the terms in plain words').max(2000),
    /** Listed to visitors (the sport tree's bonuses) as well as to players. */
    visible: z.boolean().default(true),
    /** Claimable now; an inactive bonus stays with the players who claimed it. */
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'Free') {
      if (v.amount == null)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A Free bonus needs its amount' });
      if (v.percent != null)
        ctx.addIssue({
          code: 'custom',
          path: ['percent'],
          message: 'A Free bonus pays an amount, not a percent',
        });
      if (v.amount != null && v.amount > v.maxAmount)
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'The amount is more than the most the bonus pays',
        });
    } else {
      if (v.percent == null)
        ctx.addIssue({ code: 'custom', path: ['percent'], message: `A ${v.kind} bonus needs its percent` });
      if (v.amount != null)
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `A ${v.kind} bonus pays a percent, not an amount`,
        });
    }
  });
export type BonusDefinitionInput = z.input<typeof BonusDefinitionInputSchema>;
export type BonusDefinition = z.output<typeof BonusDefinitionInputSchema>;

/** The operator's view of a bonus: the definition, its id and how many players claimed it. */
export const OperatorBonusSchema = z.object({
  id: intField,
  title: z.string(),
  description: z.string(),
  kind: BonusKindSchema,
  percent: z.number().nullable(),
  amount: MoneySchema.nullable(),
  maxAmount: MoneySchema,
  minDeposit: MoneySchema,
  wageringMultiplier: intField,
  validDays: intField,
  cashbackPeriodDays: intField,
  terms: z.string(),
  visible: z.boolean(),
  active: z.boolean(),
  claims: intField,
  updatedAt: IsoDateTimeSchema,
});
export type OperatorBonus = z.infer<typeof OperatorBonusSchema>;
export const OperatorBonusListSchema = z.array(OperatorBonusSchema);
export const UpdateBonusInputSchema = z.intersection(
  z.object({ id: positiveIntField }),
  BonusDefinitionInputSchema,
);

/**
 * A bonus as a player sees it: the offer and, once claimed, the player's own. `amount` is what the
 * claim pays now (or paid); null when it cannot be known yet (a deposit bonus before the deposit).
 * `claimable` says whether Claim would work now, `reason` why not in plain words.
 */
export const PlayerBonusSchema = z.object({
  /** The bonus (the catalogue's id): `Bonus/Claim?id=` takes it. */
  id: intField,
  /** The player's claim of it, once claimed. */
  userBonusId: nullableIntField,
  title: z.string(),
  description: z.string(),
  kind: BonusKindSchema,
  percent: z.number().nullable(),
  maxAmount: MoneySchema,
  minDeposit: MoneySchema,
  wageringMultiplier: intField,
  validDays: intField,
  terms: z.string(),
  status: BonusStatusSchema,
  claimable: z.boolean(),
  reason: nullableStringField,
  amount: MoneySchema.nullable(),
  wagered: MoneySchema,
  wageringRequired: MoneySchema,
  claimedAt: IsoDateTimeSchema.nullable(),
  expiresAt: IsoDateTimeSchema.nullable(),
  /** When it turned into cash, expired or was forfeited. */
  endedAt: IsoDateTimeSchema.nullable(),
});
export type PlayerBonus = z.infer<typeof PlayerBonusSchema>;
export const PlayerBonusListSchema = z.array(PlayerBonusSchema);

export const BonusClaimQuerySchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'The bonus id is a number' }).int().positive().max(2_147_483_647),
  ),
});

/** What a bet or casino wager added to a bonus's wagering: the audit trail of its progress. */
export const BonusWagerSchema = z.object({
  source: z.enum(['bet', 'casino']),
  /** The bet's id, or the casino round's provider and transaction. */
  reference: z.string(),
  amount: MoneySchema,
  createdAt: IsoDateTimeSchema,
});

// ---------------------------------------------------------------- referrals (C3)

export const REFERRAL_STATUSES = ['Pending', 'Claimable', 'Claimed', 'Rejected'] as const;
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/**
 * Why a referral is held for the operator instead of paid: the referred player shares the
 * referrer's device (browser cookie), network address or payout account, or another referred
 * player's device (a farm).
 */
export const REFERRAL_FLAGS = ['SameDevice', 'SameAddress', 'SamePayoutAccount', 'FarmDevice'] as const;
export const ReferralFlagSchema = z.enum(REFERRAL_FLAGS);
export type ReferralFlag = z.infer<typeof ReferralFlagSchema>;

export const ReferrerCodeSchema = z.object({
  code: z.string(),
  /** Opens `/auth/signup?referral=CODE` on this site. */
  link: z.string(),
});

export const ReferralDetailsInputSchema = PagingQuerySchema;

/** One player this player referred, with the progress of the qualifying rule. */
export const ReferralDetailSchema = z.object({
  userReferDetailId: intField,
  /** Masked: the first two and the last letter. */
  userName: z.string(),
  joinedAt: IsoDateTimeSchema,
  qualified: z.boolean(),
  /** The rule and the progress in plain words, e.g. "Deposit ₹500 (done) and bet ₹1,000 (₹250 so far)". */
  requirement: z.string(),
  deposited: MoneySchema,
  depositRequired: MoneySchema,
  turnover: MoneySchema,
  turnoverRequired: MoneySchema,
  reward: MoneySchema,
  status: ReferralStatusSchema,
  /** Held for the operator's review (no reason is shown to the player). */
  underReview: z.boolean(),
  claimedAt: IsoDateTimeSchema.nullable(),
});
export type ReferralDetail = z.infer<typeof ReferralDetailSchema>;
export const ReferralDetailsSchema = z.object({
  totalCount: nonNegativeIntField,
  items: z.array(ReferralDetailSchema),
  /** The programme's rule, for the page's header. */
  reward: MoneySchema,
  depositRequired: MoneySchema,
  turnoverRequired: MoneySchema,
  monthlyCap: intField,
  claimedThisMonth: intField,
});
export type ReferralDetails = z.infer<typeof ReferralDetailsSchema>;

export const ClaimReferQuerySchema = z.object({
  userReferDetailId: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'The referral id is a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  ),
});
export const ClaimReferResultSchema = z.object({
  userReferDetailId: intField,
  reward: MoneySchema,
  balance: MoneySchema,
});

/** A domain's referral programme, set by its owner. */
export const ReferralSettingsSchema = z.object({
  enabled: z.boolean(),
  reward: MoneySchema.refine((p) => p >= 0, { message: 'The reward is zero or more' }),
  /** The referred player's credited deposits must reach this… */
  qualifyingDeposit: NonNegativeMoneySchema,
  /** …and what their settled bets risked (a back's stake, a lay's liability) this. */
  qualifyingTurnover: NonNegativeMoneySchema,
  /** Rewards one referrer may claim in a calendar month (India time). */
  monthlyCap: intField.min(0).max(1000),
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;

/** The operator's view of a referral: who, the progress, the flags, the status. */
export const OperatorReferralSchema = z.object({
  id: intField,
  referrerUserId: intField,
  referrerUserName: z.string(),
  referredUserId: intField,
  referredUserName: z.string(),
  joinedAt: IsoDateTimeSchema,
  deposited: MoneySchema,
  turnover: MoneySchema,
  qualified: z.boolean(),
  reward: MoneySchema,
  status: ReferralStatusSchema,
  flags: z.array(ReferralFlagSchema),
  /** Flagged and waiting for an operator's decision. */
  underReview: z.boolean(),
  decidedBy: nullableStringField,
  reason: nullableStringField,
});
export const OperatorReferralsQuerySchema = PagingQuerySchema.extend({
  /** Only the referrals held for review. */
  flagged: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
});
export const OperatorReferralsSchema = z.object({
  totalCount: nonNegativeIntField,
  items: z.array(OperatorReferralSchema),
});
export const DecideReferralInputSchema = z.object({
  id: positiveIntField,
  /** approve: claimable once qualified; reject: never paid. */
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().min(3, 'Give a reason').max(200),
});
