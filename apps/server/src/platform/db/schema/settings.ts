/** White-label domains: each site's settings, operator pages and host names. */
import { paise } from '@backlay/exchange';
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from './columns';

export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  /** The settings file name: 'test' for the demo domain, else the main host name. */
  name: text('name').notNull().unique(),
  /** DomainSettings of the contract, less domainName. */
  settings: jsonb('settings').notNull(),
  /**
   * Bumped by every change of `settings` through the operators' console (PUT /admin/site-settings):
   * a form saved over a newer version is refused (optimistic concurrency).
   */
  settingsVersion: integer('settings_version').notNull().default(1),
  /** Operator pages keyed by page name: { title, sections }. */
  content: jsonb('content').notNull().default({}),
  commissionBps: integer('commission_bps').notNull().default(0),
  demoBalancePaise: money('demo_balance_paise').notNull().default(paise(1_500_000)),
  /**
   * The referral programme: a referrer is owed `referralRewardPaise` for each player they bring once
   * that player's credited deposits reach the qualifying deposit and their settled matched stake the
   * qualifying turnover; at most `referralMonthlyCap` rewards are claimed a calendar month (IST).
   */
  referralEnabled: boolean('referral_enabled').notNull().default(true),
  referralRewardPaise: money('referral_reward_paise').notNull().default(paise(10_000)),
  referralQualifyingDepositPaise: money('referral_qualifying_deposit_paise').notNull().default(paise(50_000)),
  referralQualifyingTurnoverPaise: money('referral_qualifying_turnover_paise')
    .notNull()
    .default(paise(100_000)),
  referralMonthlyCap: integer('referral_monthly_cap').notNull().default(10),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const domainHosts = pgTable('domain_hosts', {
  host: text('host').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id),
});
