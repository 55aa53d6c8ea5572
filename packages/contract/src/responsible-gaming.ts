import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';
import { MoneySchema, NonNegativeMoneySchema } from './money';
import { intField, nullableIntField, nullableStringField } from './fields';

/*
 * Responsible gaming (api-shapes C6): deposit and net-loss limits per day, week and month, a
 * reality check every N minutes, a time-out (24 hours to 6 weeks) and self-exclusion (6 months to
 * 5 years). A period is a rolling window ending now: the last 24 hours, 7 days or 30 days; the
 * lowest applicable limit is the one that binds. A decrease (or a first limit) applies at once; an
 * increase (or a removal) waits 24 hours and then needs a second confirmation from the player.
 */

export const RG_PERIODS = ['day', 'week', 'month'] as const;
export const RgPeriodSchema = z.enum(RG_PERIODS);
export type RgPeriod = z.infer<typeof RgPeriodSchema>;

export const RG_LIMIT_KINDS = ['deposit', 'loss'] as const;
export const RgLimitKindSchema = z.enum(RG_LIMIT_KINDS);
export type RgLimitKind = z.infer<typeof RgLimitKindSchema>;

/** Bounds of the reality check, the time-out and self-exclusion. */
export const REALITY_CHECK_MINUTES = { min: 10, max: 240 } as const;
export const TIME_OUT_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
/** How long an increase (or removal) of a limit waits before the player may confirm it. */
export const RG_INCREASE_DELAY_HOURS = 24;

/**
 * `months` calendar months after `from` (UTC), on the month's last day when it is shorter: how the
 * self-exclusion's months are counted, on the server and in the client alike.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A limit in rupees on the wire, or null for none. */
const LimitAmountSchema = NonNegativeMoneySchema.nullable();

/** One limit per period; a period left out of a request keeps its limit. */
export const RgLimitsInputSchema = z
  .object({
    day: LimitAmountSchema.optional(),
    week: LimitAmountSchema.optional(),
    month: LimitAmountSchema.optional(),
  })
  .strict();

/** A change asked for that does not apply yet: an increase or a removal. */
export const RgPendingSchema = z.object({
  /** The new limit (null: no limit). */
  amount: MoneySchema.nullable(),
  requestedAt: IsoDateTimeSchema,
  /** When the player may confirm it (24 hours after the request). */
  effectiveAt: IsoDateTimeSchema,
  /** True once effectiveAt has passed: it applies when the player confirms it. */
  awaitingConfirmation: z.boolean(),
});
export type RgPending = z.output<typeof RgPendingSchema>;

/** A limit as it stands: the amount that applies now, what was used of it, any pending change. */
export const RgLimitStateSchema = z.object({
  amount: MoneySchema.nullable(),
  /** Deposited (deposit limit) or net lost (loss limit) in this period's window, up to now. */
  used: MoneySchema,
  pending: RgPendingSchema.nullable(),
});
export type RgLimitState = z.output<typeof RgLimitStateSchema>;

const RgLimitsStateSchema = z.object({
  day: RgLimitStateSchema,
  week: RgLimitStateSchema,
  month: RgLimitStateSchema,
});

/** A recorded change: when it was asked for and when it took (or takes) effect. */
export const RgChangeSchema = z.object({
  id: intField,
  kind: z.enum(['deposit_limit', 'loss_limit', 'reality_check', 'time_out', 'self_exclusion']),
  period: RgPeriodSchema.nullable(),
  /** Limits in rupees; minutes for the reality check; an ISO time for a time-out or exclusion. */
  from: nullableStringField,
  to: nullableStringField,
  requestedAt: IsoDateTimeSchema,
  effectiveAt: IsoDateTimeSchema,
  status: z.enum(['applied', 'pending', 'cancelled']),
});
export type RgChange = z.output<typeof RgChangeSchema>;

export const ResponsibleGamingSchema = z.object({
  depositLimit: RgLimitsStateSchema,
  lossLimit: RgLimitsStateSchema,
  realityCheckMinutes: nullableIntField,
  timeOutUntil: IsoDateTimeSchema.nullable(),
  selfExcludedUntil: IsoDateTimeSchema.nullable(),
  /** The signed-in session, for the reality check: since when, and the net result of bets and casino settled since. */
  session: z.object({ startedAt: IsoDateTimeSchema, netResult: MoneySchema }),
  /** The latest changes, newest first (up to 50). */
  history: z.array(RgChangeSchema),
});
export type ResponsibleGaming = z.output<typeof ResponsibleGamingSchema>;

/**
 * A change: every field may be left out (kept as it is). `confirmIncreases` applies the pending
 * increases whose 24 hours have passed. A time-out or self-exclusion, once set, cannot be shortened
 * or lifted; it may be lengthened.
 */
export const ResponsibleGamingInputSchema = z
  .object({
    depositLimit: RgLimitsInputSchema.optional(),
    lossLimit: RgLimitsInputSchema.optional(),
    realityCheckMinutes: z
      .number()
      .int()
      .min(REALITY_CHECK_MINUTES.min)
      .max(REALITY_CHECK_MINUTES.max)
      .nullable()
      .optional(),
    timeOutUntil: IsoDateTimeSchema.optional(),
    selfExcludedUntil: IsoDateTimeSchema.optional(),
    confirmIncreases: z.literal(true).optional(),
  })
  .strict();
export type ResponsibleGamingInput = z.output<typeof ResponsibleGamingInputSchema>;

/** Development control for the journeys: moves one player's responsible-gaming times back. */
export const DevAgeResponsibleGamingInputSchema = z
  .object({
    userName: z.string().min(1).max(50),
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 400),
  })
  .strict();
export const DevAgeResponsibleGamingResultSchema = z.object({ changed: intField });
