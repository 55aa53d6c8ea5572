/** Players and how they sign in: users, their settings, one-time codes, sessions (refresh tokens), sign-in attempts. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { domains } from './settings';

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
    /** Where the player signed up from (the device cookie, the address): referral checks compare them. */
    signupDeviceId: text('signup_device_id'),
    signupIp: text('signup_ip'),
    football: boolean('football').notNull().default(true),
    tennis: boolean('tennis').notNull().default(true),
    cricket: boolean('cricket').notNull().default(true),
    /** Self-exclusion (responsible-gaming/): no play and no deposit until this time. */
    excludedUntil: at('excluded_until'),
    /** A time-out the player took (responsible-gaming/): no play and no deposit until this time. */
    timedOutUntil: at('timed_out_until'),
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
    /** The browser's device cookie, when it sent one: sign-in limits count per device too. */
    deviceId: text('device_id'),
    browser: text('browser').notNull(),
    clientName: text('client_name').notNull(),
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_user_time').on(t.userId, t.createdAt),
    // Sign-in limits for names no account has (they answer exactly as real accounts do).
    index('login_attempts_domain_login_time')
      .on(t.domainId, sql`lower(${t.userNameOrEmail})`, t.createdAt)
      .where(sql`${t.userId} is null`),
  ],
);
