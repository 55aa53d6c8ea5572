/** Bonuses a domain offers, the ones players claimed, and what counted towards their wagering. */
import { ZERO_PAISE } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';

export const BONUS_KIND_VALUES = ['FirstDeposit', 'Reload', 'Cashback', 'Free'] as const;

/** The catalogue, kept by the domain's operator. */
export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: BONUS_KIND_VALUES }).notNull(),
    /** FirstDeposit, Reload, Cashback: the percent in basis points (10000 = 100 %). */
    percentBps: integer('percent_bps'),
    /** Free: the amount. */
    amountPaise: money('amount_paise'),
    maxAmountPaise: money('max_amount_paise').notNull().default(ZERO_PAISE),
    minDepositPaise: money('min_deposit_paise').notNull().default(ZERO_PAISE),
    wageringMultiplier: integer('wagering_multiplier').notNull().default(0),
    validDays: integer('valid_days').notNull().default(7),
    cashbackPeriodDays: integer('cashback_period_days').notNull().default(7),
    terms: text('terms').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bonuses_domain').on(t.domainId)],
);

export const USER_BONUS_STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED'] as const;

/**
 * A player's claim of a bonus: the amount granted, the wagering asked and done, and how it ended.
 * `periodKey` makes a claim once-only: 'once' for FirstDeposit and Free, the deposit's reference
 * for Reload, the period's start day for Cashback.
 */
export const userBonuses = pgTable(
  'user_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id),
    periodKey: text('period_key').notNull().default('once'),
    status: text('status', { enum: USER_BONUS_STATUSES }).notNull().default('ACTIVE'),
    amountPaise: money('amount_paise').notNull(),
    wageringRequiredPaise: money('wagering_required_paise').notNull().default(ZERO_PAISE),
    wageredPaise: money('wagered_paise').notNull().default(ZERO_PAISE),
    /** The grant's journal. */
    journalId: id('journal_id').references(() => journals.id),
    /** The conversion's, expiry's or forfeit's journal. */
    endJournalId: id('end_journal_id').references(() => journals.id),
    claimedAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('user_bonuses_once').on(t.userId, t.bonusId, t.periodKey),
    // One active bonus a player: claiming a second one while one runs is refused by the database too.
    uniqueIndex('user_bonuses_one_active')
      .on(t.userId)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('user_bonuses_active_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ACTIVE'`),
    check('user_bonuses_amount_positive', sql`${t.amountPaise} > 0`),
    check('user_bonuses_wagered_not_negative', sql`${t.wageredPaise} >= 0`),
  ],
);

/**
 * What counted towards a claim's wagering, one row per settled bet or casino wager: the audit trail
 * of the progress bar. Unique per (claim, source, reference), so a market settled again or an event
 * heard twice counts once.
 */
export const bonusWagers = pgTable(
  'bonus_wagers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userBonusId: id('user_bonus_id')
      .notNull()
      .references(() => userBonuses.id),
    source: text('source', { enum: ['bet', 'casino'] }).notNull(),
    /** The bet's id, or `provider:transactionId` of a casino wager. */
    reference: text('reference').notNull(),
    amountPaise: money('amount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bonus_wagers_once').on(t.userBonusId, t.source, t.reference),
    check('bonus_wagers_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
