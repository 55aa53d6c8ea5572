/**
 * Responsible gaming (api-shapes C6): each player's deposit and loss limits and reality check as
 * they apply now, and every change asked for (applied, pending or cancelled), never deleted. The
 * time-out and self-exclusion are the players' own columns (`users.timed_out_until`,
 * `users.excluded_until`): every bet, stake and deposit reads them with the user.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id, money } from './columns';
import { domains } from './settings';

export const RG_CHANGE_KINDS = [
  'deposit_limit',
  'loss_limit',
  'reality_check',
  'time_out',
  'self_exclusion',
] as const;
export const RG_CHANGE_STATUSES = ['applied', 'pending', 'cancelled'] as const;
export const RG_PERIOD_VALUES = ['day', 'week', 'month'] as const;

/** The limits that apply now (paise; null: none) and the reality check: one row per player who set any. */
export const responsibleGamingLimits = pgTable(
  'responsible_gaming_limits',
  {
    userId: id('user_id')
      .primaryKey()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    depositDayPaise: money('deposit_day_paise'),
    depositWeekPaise: money('deposit_week_paise'),
    depositMonthPaise: money('deposit_month_paise'),
    lossDayPaise: money('loss_day_paise'),
    lossWeekPaise: money('loss_week_paise'),
    lossMonthPaise: money('loss_month_paise'),
    /** Minutes between session reminders; null: off. */
    realityCheckMinutes: integer('reality_check_minutes'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'rg_limits_not_negative',
      sql`coalesce(${t.depositDayPaise}, 0) >= 0 and coalesce(${t.depositWeekPaise}, 0) >= 0
        and coalesce(${t.depositMonthPaise}, 0) >= 0 and coalesce(${t.lossDayPaise}, 0) >= 0
        and coalesce(${t.lossWeekPaise}, 0) >= 0 and coalesce(${t.lossMonthPaise}, 0) >= 0`,
    ),
  ],
);

/**
 * Every change a player asked for. A limit's increase or removal waits here `pending` (at most one
 * per limit) until the player confirms it after `effective_at`; a decrease, a first limit, the
 * reality check, a time-out and a self-exclusion are recorded `applied` as they apply.
 */
export const responsibleGamingChanges = pgTable(
  'responsible_gaming_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    kind: text('kind', { enum: RG_CHANGE_KINDS }).notNull(),
    /** A limit's period; null for the other kinds. */
    period: text('period', { enum: RG_PERIOD_VALUES }),
    /** Before and after: paise (a limit), minutes (the reality check), an ISO time (a time-out or exclusion); null: none. */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    requestedAt: at('requested_at').notNull(),
    /** When it applied, or (pending) when the player may confirm it. */
    effectiveAt: at('effective_at').notNull(),
    status: text('status', { enum: RG_CHANGE_STATUSES }).notNull(),
    /** When a pending change was confirmed or cancelled. */
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('rg_changes_user').on(t.userId, t.id),
    uniqueIndex('rg_changes_one_pending')
      .on(t.userId, t.kind, t.period)
      .where(sql`${t.status} = 'pending'`),
    check(
      'rg_changes_period',
      sql`(${t.kind} in ('deposit_limit', 'loss_limit')) = (${t.period} is not null)`,
    ),
  ],
);
