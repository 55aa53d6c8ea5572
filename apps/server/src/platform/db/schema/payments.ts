/** Deposit and withdrawal requests. */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { domains } from './settings';

export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    type: text('type', { enum: ['deposit', 'withdrawal'] }).notNull(),
    amountPaise: money('amount_paise').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] }).notNull(),
    details: jsonb('details').notNull().default({}),
    imageUrl: text('image_url'),
    /** UPI order reference for gateway deposits. */
    gatewayReference: text('gateway_reference'),
    journalId: id('journal_id').references(() => journals.id),
    createdAt: createdAt(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('payment_requests_user').on(t.userId, t.createdAt),
    uniqueIndex('payment_requests_gateway_ref')
      .on(t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    check('payment_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
