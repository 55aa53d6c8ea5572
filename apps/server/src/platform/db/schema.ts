/**
 * The whole database, as Drizzle tables. Money is integer paise in bigint columns (read as JS
 * numbers: 2^53 paise is far beyond any wallet). Nothing is hard-deleted except expired demo data.
 * Invariants the database itself enforces live in the custom migration beside the generated one
 * (balanced journals, account balances maintained from journal lines).
 */
import { MARKET_TYPES } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'number' });
const id = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();

// ---------------------------------------------------------------- domains (white-label)
export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  /** The settings file name: 'test' for the demo domain, else the main host name. */
  name: text('name').notNull().unique(),
  /** DomainSettings of the contract, less domainName. */
  settings: jsonb('settings').notNull(),
  /** Operator pages keyed by page name: { title, sections }. */
  content: jsonb('content').notNull().default({}),
  commissionBps: integer('commission_bps').notNull().default(0),
  demoBalancePaise: money('demo_balance_paise').notNull().default(1_500_000),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const domainHosts = pgTable('domain_hosts', {
  host: text('host').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id),
});

// ---------------------------------------------------------------- users and sessions
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    userName: text('user_name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['pending', 'active', 'locked', 'closed'] }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    referralCode: text('referral_code').notNull(),
    referredByUserId: id('referred_by_user_id'),
    football: boolean('football').notNull().default(true),
    tennis: boolean('tennis').notNull().default(true),
    cricket: boolean('cricket').notNull().default(true),
    /** Self-exclusion: no betting until this time. */
    excludedUntil: at('excluded_until'),
    createdAt: createdAt(),
    verifiedAt: at('verified_at'),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_domain_user_name').on(t.domainId, sql`lower(${t.userName})`),
    uniqueIndex('users_domain_email')
      .on(t.domainId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_domain_mobile')
      .on(t.domainId, t.mobile)
      .where(sql`${t.mobile} is not null and not ${t.isDemo}`),
    uniqueIndex('users_referral_code').on(t.referralCode),
    index('users_demo_created')
      .on(t.createdAt)
      .where(sql`${t.isDemo}`),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stakes: jsonb('stakes').notNull(),
  confirmBeforePlaceBet: boolean('confirm_before_place_bet').notNull().default(false),
  oneClickBetting: boolean('one_click_betting').notNull().default(false),
  oneClickStake: integer('one_click_stake').notNull().default(100),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Set when the code was used, voided by a resend, or burnt by too many wrong tries. */
    endedAt: at('ended_at'),
    endReason: text('end_reason', { enum: ['verified', 'resent', 'too_many_tries'] }),
  },
  (t) => [
    index('otp_user_open')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    index('refresh_tokens_user').on(t.userId),
    // Every server reads the sessions revoked in the last access-token lifetime (at start and then
    // every half minute); live sessions, the most rows, stay out of this index.
    index('refresh_tokens_revoked_at')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userNameOrEmail: text('user_name_or_email').notNull(),
    ip: text('ip').notNull(),
    browser: text('browser').notNull(),
    clientName: text('client_name').notNull(),
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_user_time').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- ledger (double entry)
export const LEDGER_ACCOUNT_CODES = [
  'PLAYER_CASH',
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
    /** Maintained by a trigger from journal_lines: never written by application code. */
    balance: money('balance').notNull().default(0),
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
  ],
);

export const JOURNAL_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_reversal',
  'bet_settlement',
  'bonus',
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
    /** The account's balance after this line: the running balance of a statement. */
    balanceAfter: money('balance_after').notNull().default(0),
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
    exposure: money('exposure').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('exposure_not_negative', sql`${t.exposure} >= 0`)],
);

// ---------------------------------------------------------------- sports, markets, bets
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
    status: text('status', { enum: ['MATCHED', 'SETTLED', 'VOID'] }).notNull(),
    isCashOut: boolean('is_cash_out').notNull().default(false),
    placedAt: at('placed_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    resultPaise: money('result_paise'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    uniqueIndex('bets_user_request').on(t.userId, t.requestId),
    index('bets_user_status').on(t.userId, t.status, t.placedAt),
    index('bets_market_status').on(t.marketId, t.status),
    // The bet path reads the user's open position in one market on every bet.
    index('bets_user_market_open')
      .on(t.userId, t.marketId)
      .where(sql`${t.status} = 'MATCHED'`),
  ],
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
    commissionPaise: money('commission_paise').notNull().default(0),
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

// ---------------------------------------------------------------- money movements
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

// ---------------------------------------------------------------- bonuses and referrals
export const bonuses = pgTable('bonuses', {
  id: serial('id').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  kind: text('kind', { enum: ['fixed', 'deposit_percent'] }).notNull(),
  amountPaise: money('amount_paise').notNull().default(0),
  percentBps: integer('percent_bps').notNull().default(0),
  maxAmountPaise: money('max_amount_paise').notNull().default(0),
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

// ---------------------------------------------------------------- casino
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

// ---------------------------------------------------------------- dev SMS outbox
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    code: text('code').notNull(),
    sentAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sms_outbox_mobile').on(t.mobile, t.id)],
);
