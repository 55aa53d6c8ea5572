/** The feed's events, markets and runners, as bets and settlement need them in the database. */
import { MARKET_TYPES } from '@backlay/contract';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, money } from './columns';

export const events = pgTable(
  'events',
  {
    id: id('id').primaryKey(),
    sportId: integer('sport_id').notNull(),
    title: text('title').notNull(),
    competition: text('competition').notNull(),
    venue: text('venue').notNull().default(''),
    team1: text('team1').notNull().default(''),
    team2: text('team2').notNull().default(''),
    startTime: at('start_time').notNull(),
    status: text('status', { enum: ['UPCOMING', 'IN_PLAY', 'CLOSED'] }).notNull(),
    score: jsonb('score'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('events_sport_status').on(t.sportId, t.status, t.startTime)],
);

export const markets = pgTable(
  'markets',
  {
    /** The feed's market id (a string, as exchanges number them: '1.234567'). */
    id: text('id').primaryKey(),
    eventId: id('event_id')
      .notNull()
      .references(() => events.id),
    type: text('type', { enum: MARKET_TYPES }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['OPEN', 'SUSPENDED', 'BALL_RUNNING', 'CLOSED'] }).notNull(),
    betDelayMs: integer('bet_delay_ms').notNull().default(0),
    minStakePaise: money('min_stake_paise').notNull(),
    maxStakePaise: money('max_stake_paise').notNull(),
    maxProfitPaise: money('max_profit_paise').notNull(),
    /** Settlement result: { winnerRunnerId } | { runs } | { void: true }. */
    result: jsonb('result'),
    closedAt: at('closed_at'),
    settledAt: at('settled_at'),
  },
  (t) => [index('markets_event').on(t.eventId)],
);

export const runners = pgTable(
  'runners',
  {
    marketId: text('market_id')
      .notNull()
      .references(() => markets.id),
    /** The feed's runner id: unique within its market (the same team keeps its id across markets). */
    id: id('id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.id] })],
);

/**
 * The world the feed owner's simulator plays, one row per feed: the settings it was made with, its
 * clock's origin and its latest checkpoint, so a restarted server carries on the same events and
 * markets (`sports/feed/simulator-world.ts`). Times are simulated epoch ms.
 */
export const feedWorlds = pgTable('feed_worlds', {
  name: text('name').primaryKey(),
  /** Seed, step, time scale, quote activity, schedules: what the world was drawn with. */
  settings: jsonb('settings').notNull(),
  /** The real time its clock started: simulated time = origin + (now − origin) × time scale. */
  clockOrigin: bigint('clock_origin', { mode: 'number' }).notNull(),
  checkpoint: jsonb('checkpoint').notNull(),
  checkpointAt: bigint('checkpoint_at', { mode: 'number' }).notNull(),
  /** The last step a run of the world is known to have played (written every few seconds). */
  lastStepAt: bigint('last_step_at', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
