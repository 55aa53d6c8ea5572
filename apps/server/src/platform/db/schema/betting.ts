/** Bets, each user's settled result per market, and the exposure held per user and market. */
import { ZERO_PAISE } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';
import { events, markets } from './sports';

export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    requestId: text('request_id').notNull(),
    eventId: id('event_id')
      .notNull()
      .references(() => events.id),
    marketId: text('market_id')
      .notNull()
      .references(() => markets.id),
    runnerId: id('runner_id'),
    side: text('side', { enum: ['back', 'lay', 'yes', 'no'] }).notNull(),
    /** Decimal odds in hundredths (match odds, toss, over/under); null for rate-priced bets. */
    priceHundredths: integer('price_hundredths'),
    /** Per-100 rate (bookmaker, fancy). */
    rate: integer('rate'),
    /** Fancy runs line. */
    line: integer('line'),
    stakePaise: money('stake_paise').notNull(),
    liabilityPaise: money('liability_paise').notNull(),
    profitIfWinPaise: money('profit_if_win_paise').notNull(),
    /**
     * MATCHED: a part of an order matched at `price` (open until settled: SETTLED or VOID).
     * UNMATCHED: the part of an order resting in the book at the asked price (at most one per order);
     * taken off it, it becomes CANCELLED (by the player) or LAPSED (by the market).
     */
    status: text('status', {
      enum: ['MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED'],
    }).notNull(),
    /** The order this row belongs to: the id of the order's first row (that row's own id). */
    orderId: id('order_id').notNull(),
    /** What the unmatched part does when the market turns in play: 'cancel' (lapses) or 'keep'. */
    persistence: text('persistence', { enum: ['cancel', 'keep'] })
      .notNull()
      .default('cancel'),
    /**
     * A resting part: the feed's odds version (of the market's event) at which the matcher last
     * filled part of it, so a second matcher that saw the same prices fills nothing more.
     */
    matchedVersion: id('matched_version'),
    isCashOut: boolean('is_cash_out').notNull().default(false),
    placedAt: at('placed_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    resultPaise: money('result_paise'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    // Every row of an order carries its request id; the order's first row holds it unique.
    uniqueIndex('bets_user_request')
      .on(t.userId, t.requestId)
      .where(sql`${t.id} = ${t.orderId}`),
    index('bets_user_status').on(t.userId, t.status, t.placedAt),
    index('bets_market_status').on(t.marketId, t.status),
    index('bets_order').on(t.orderId),
    // The bet path reads the user's open position (matched and resting) in one market on every bet.
    index('bets_user_market_open')
      .on(t.userId, t.marketId)
      .where(sql`${t.status} in ('MATCHED', 'UNMATCHED')`),
    // The matcher and the lapses read a market's resting orders.
    index('bets_market_resting')
      .on(t.marketId)
      .where(sql`${t.status} = 'UNMATCHED'`),
    check(
      'bets_status_known',
      sql`${t.status} in ('MATCHED', 'UNMATCHED', 'SETTLED', 'VOID', 'CANCELLED', 'LAPSED')`,
    ),
    check('bets_persistence_known', sql`${t.persistence} in ('cancel', 'keep')`),
  ],
);

/**
 * Bet/CancelBet and Bet/UpdateBet by request id: the first call's answer is stored in the action's
 * own transaction, and a replay is answered with it (nothing done twice).
 */
export const betActions = pgTable(
  'bet_actions',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    kind: text('kind', { enum: ['cancel', 'update'] }).notNull(),
    orderId: id('order_id').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

/** A user's settled result per market: one journal each, and the idempotency of settlement. */
export const marketSettlements = pgTable(
  'market_settlements',
  {
    marketId: text('market_id')
      .notNull()
      .references(() => markets.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    journalId: id('journal_id').references(() => journals.id),
    netPaise: money('net_paise').notNull(),
    commissionPaise: money('commission_paise').notNull().default(ZERO_PAISE),
    settledAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.userId] })],
);

/** Exposure held per user and market, so account exposure is a sum and never recomputed whole. */
export const marketExposures = pgTable(
  'market_exposures',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    marketId: text('market_id')
      .notNull()
      .references(() => markets.id),
    exposurePaise: money('exposure_paise').notNull(),
    /**
     * How many bets the user has placed in the market, bumped in the bet's own transaction: the bet
     * path's one-round-trip guard compares it instead of counting the user's bets on every bet.
     */
    betsPlaced: integer('bets_placed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.marketId] }),
    check('market_exposure_not_negative', sql`${t.exposurePaise} >= 0`),
  ],
);
