/** Casino providers' wallet calls, once each. */
import { bigserial, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, money } from './columns';
import { journals } from './ledger';

export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['international', 'dream', 'king', 'mac', 'udan'] }).notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    roundId: text('round_id').notNull(),
    type: text('type', { enum: ['debit', 'credit', 'rollback'] }).notNull(),
    amountPaise: money('amount_paise').notNull(),
    journalId: id('journal_id').references(() => journals.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('casino_txn_once').on(t.provider, t.providerTxnId)],
);
