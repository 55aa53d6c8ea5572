/** Referrals: who brought whom, and the reward. */
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';

export const referrals = pgTable(
  'referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerUserId: id('referrer_user_id')
      .notNull()
      .references(() => users.id),
    referredUserId: id('referred_user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    rewardPaise: money('reward_paise').notNull(),
    status: text('status', { enum: ['PENDING', 'CLAIMABLE', 'CLAIMED'] }).notNull(),
    journalId: id('journal_id').references(() => journals.id),
    createdAt: createdAt(),
    claimedAt: at('claimed_at'),
  },
  (t) => [index('referrals_referrer').on(t.referrerUserId)],
);
