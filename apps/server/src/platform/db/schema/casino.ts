/**
 * The casino's seamless wallet: every call a provider made that was taken (a bet, a win, a
 * rollback), once each, append-only. Refused calls leave no row (nothing changed), except a
 * rollback of a bet never seen, which leaves its tombstone here so the late bet is refused.
 * Beside it, the providers each site's owner switched off (or back on).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { journals } from './ledger';
import { operators } from './operators';
import { domains } from './settings';

export const CASINO_TRANSACTION_TYPES = ['bet', 'win', 'rollback'] as const;
/**
 * bet: `accepted`; win: `paid`; rollback: `reversed` (it gave the stake back), `already_reversed`
 * (another rollback had), `tombstone` (no such bet: a late one is refused).
 */
export const CASINO_OUTCOMES = ['accepted', 'paid', 'reversed', 'already_reversed', 'tombstone'] as const;

export const casinoTransactions = pgTable(
  'casino_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['international', 'dream', 'king', 'mac', 'udan'] }).notNull(),
    /** The provider's id of this call: unique per provider (the idempotency key). */
    transactionId: text('transaction_id').notNull(),
    type: text('type', { enum: CASINO_TRANSACTION_TYPES }).notNull(),
    outcome: text('outcome', { enum: CASINO_OUTCOMES }).notNull(),
    roundId: text('round_id').notNull(),
    /** A bet's game. */
    gameCode: text('game_code'),
    /** A win's or a rollback's bet. */
    referenceTransactionId: text('reference_transaction_id'),
    /** A bet's stake, a win's payment, a rollback's refund (0 unless reversed). */
    amountPaise: money('amount_paise').notNull(),
    /** The balance answered (cash minus exposure right after): a replay answers it again. */
    balanceAfterPaise: money('balance_after_paise').notNull(),
    /** The ledger journal of the movement; null when nothing moved (a win of 0, a tombstone). */
    journalId: id('journal_id').references(() => journals.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('casino_txn_once').on(t.provider, t.transactionId),
    index('casino_txn_reference').on(t.provider, t.referenceTransactionId),
    index('casino_txn_user').on(t.userId, t.id),
    // A bet is given back once, whatever ids its rollbacks carry.
    uniqueIndex('casino_bet_reversed_once')
      .on(t.provider, t.referenceTransactionId)
      .where(sql`${t.outcome} = 'reversed'`),
    check('casino_txn_amount_not_negative', sql`${t.amountPaise} >= 0`),
    check(
      'casino_txn_shape',
      sql`(${t.type} = 'bet' and ${t.outcome} = 'accepted' and ${t.referenceTransactionId} is null and ${t.gameCode} is not null and ${t.amountPaise} > 0)
        or (${t.type} = 'win' and ${t.outcome} = 'paid' and ${t.referenceTransactionId} is not null)
        or (${t.type} = 'rollback' and ${t.outcome} in ('reversed', 'already_reversed', 'tombstone') and ${t.referenceTransactionId} is not null)`,
    ),
  ],
);

/**
 * A casino provider switched on or off for a site by its owner (PUT /admin/casino-providers). No
 * row: on. Off, its games leave the site's lobby and sport tree and its wallet takes no new stake
 * and answers no balance (so no launch), while rounds already staked still pay.
 */
export const casinoProviderSettings = pgTable(
  'casino_provider_settings',
  {
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    provider: text('provider', { enum: ['international', 'dream', 'king', 'mac', 'udan'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** The operator who switched it last; null for the bootstrap operator key. */
    updatedBy: id('updated_by').references(() => operators.id),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.provider] })],
);
