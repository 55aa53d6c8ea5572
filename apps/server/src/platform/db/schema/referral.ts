/** Referrals: who brought whom, the qualifying progress, the fraud flags, and the reward. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';

export const REFERRAL_STATUS_VALUES = ['PENDING', 'CLAIMABLE', 'CLAIMED', 'REJECTED'] as const;

export const referrals = pgTable(
  'referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    referrerUserId: id('referrer_user_id')
      .notNull()
      .references(() => users.id),
    referredUserId: id('referred_user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    /** The reward as the programme stood when the referred player joined. */
    rewardPaise: money('reward_paise').notNull(),
    status: text('status', { enum: REFERRAL_STATUS_VALUES }).notNull(),
    /** SameDevice, SameAddress, SamePayoutAccount, FarmDevice: held for the operator while any is set and undecided. */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The operator's decision on a flagged referral. */
    decision: text('decision', { enum: ['approve', 'reject'] }),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    decidedAt: at('decided_at'),
    qualifiedAt: at('qualified_at'),
    journalId: id('journal_id').references(() => journals.id),
    createdAt: createdAt(),
    claimedAt: at('claimed_at'),
  },
  (t) => [
    index('referrals_referrer').on(t.referrerUserId),
    index('referrals_domain_flagged')
      .on(t.domainId)
      .where(sql`cardinality(${t.flags}) > 0`),
  ],
);
