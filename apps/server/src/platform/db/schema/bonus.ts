/** Bonuses a domain offers and the ones players have claimed. */
import { ZERO_PAISE } from '@backlay/exchange';
import { bigserial, boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';

export const bonuses = pgTable('bonuses', {
  id: serial('id').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  kind: text('kind', { enum: ['fixed', 'deposit_percent'] }).notNull(),
  amountPaise: money('amount_paise').notNull().default(ZERO_PAISE),
  percentBps: integer('percent_bps').notNull().default(0),
  maxAmountPaise: money('max_amount_paise').notNull().default(ZERO_PAISE),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at'),
  active: boolean('active').notNull().default(true),
});

export const userBonuses = pgTable(
  'user_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id),
    amountPaise: money('amount_paise').notNull(),
    journalId: id('journal_id').references(() => journals.id),
    claimedAt: createdAt(),
  },
  (t) => [uniqueIndex('user_bonuses_once').on(t.userId, t.bonusId)],
);
