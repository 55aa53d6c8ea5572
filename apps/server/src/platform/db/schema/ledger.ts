/** The double-entry ledger: accounts, journals and their lines, and each player's wallet. */
import { ZERO_PAISE } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, money } from './columns';
import { domains } from './settings';

export const LEDGER_ACCOUNT_CODES = [
  'PLAYER_CASH',
  /** Funds held out of a player's cash (withdrawals waiting to be paid). */
  'PLAYER_HELD',
  /** A player's bonus money: apart from cash, never staked; turns into cash when its wagering is met. */
  'PLAYER_BONUS',
  'HOUSE_CASH',
  'HOUSE_PLAY_MONEY',
  'HOUSE_BONUS',
  'HOUSE_REFERRAL',
  'HOUSE_CASINO',
  'PAYMENTS_CLEARING',
] as const;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    userId: id('user_id').references(() => users.id),
    code: text('code', { enum: LEDGER_ACCOUNT_CODES }).notNull(),
    /**
     * Maintained by a trigger from journal_lines: never written by application code. A player's
     * account holds its balance here; a house account's stays 0 (checked): its balance is the sum
     * of its stripes (`ledger_account_stripes`), read through `ledger_account_balances`.
     */
    balance: money('balance').notNull().default(ZERO_PAISE),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_house')
      .on(t.domainId, t.code)
      .where(sql`${t.userId} is null`),
    uniqueIndex('ledger_accounts_user')
      .on(t.userId, t.code)
      .where(sql`${t.userId} is not null`),
    check('player_cash_not_negative', sql`${t.code} <> 'PLAYER_CASH' or ${t.balance} >= 0`),
    check('player_held_not_negative', sql`${t.code} <> 'PLAYER_HELD' or ${t.balance} >= 0`),
    check('player_bonus_not_negative', sql`${t.code} <> 'PLAYER_BONUS' or ${t.balance} >= 0`),
    check('house_balance_in_stripes', sql`${t.userId} is not null or ${t.balance} = 0`),
  ],
);

/** How many stripes a house account's balance is spread over (migration 0020 makes them). */
export const HOUSE_ACCOUNT_STRIPES = 16;

/**
 * A house account's balance, spread over a fixed set of rows so that the journals of many players
 * posting to one house account at once (a site's casino calls, its settlements) do not queue on one
 * row lock. The journal-line trigger adds a house line to the first stripe no other transaction
 * holds (FOR UPDATE SKIP LOCKED), so the stripes' sum is always exactly the sum of the account's
 * lines. Maintained by triggers only (drizzle/0020_house_account_stripes.sql).
 */
export const ledgerAccountStripes = pgTable(
  'ledger_account_stripes',
  {
    accountId: id('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    stripe: smallint('stripe').notNull(),
    balance: money('balance').notNull().default(ZERO_PAISE),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.stripe] })],
);

/** Every account's balance: a player's as stored, a house account's summed over its stripes. */
export const ledgerAccountBalances = pgView('ledger_account_balances', {
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  balance: money('balance').notNull(),
}).existing();

export const JOURNAL_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  /** Cash held for a withdrawal, and held cash given back. */
  'funds_hold',
  'funds_release',
  'bet_settlement',
  'bonus',
  /** A bonus's wagering met: its money moves from the bonus balance to cash. */
  'bonus_conversion',
  /** A bonus expired or forfeited: its money goes back to the house. */
  'bonus_forfeit',
  'referral_reward',
  'casino_debit',
  'casino_credit',
  'demo_funding',
  'adjustment',
] as const;

export const journals = pgTable(
  'journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    kind: text('kind', { enum: JOURNAL_KINDS }).notNull(),
    /** Idempotency: one journal per (kind, reference), e.g. 'market:123:user:9'. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('journals_kind_reference').on(t.kind, t.reference)],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: id('journal_id')
      .notNull()
      .references(() => journals.id),
    accountId: id('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed paise: positive raises the account's balance. A journal's lines sum to zero. */
    amount: money('amount').notNull(),
    /**
     * The account's balance after this line: the running balance of a player's statement. Null on a
     * house account's line: its balance is summed over stripes, so no line knows the total after it.
     */
    balanceAfter: money('balance_after'),
  },
  (t) => [
    index('journal_lines_account').on(t.accountId, t.id),
    index('journal_lines_journal').on(t.journalId),
    check('journal_line_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** A player's wallet: the cash ledger account (balance) and the exposure held by open bets. */
export const wallets = pgTable(
  'wallets',
  {
    userId: id('user_id')
      .primaryKey()
      .references(() => users.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    cashAccountId: id('cash_account_id')
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id),
    exposure: money('exposure').notNull().default(ZERO_PAISE),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('exposure_not_negative', sql`${t.exposure} >= 0`)],
);
