/**
 * Operators (section C5): people who run a site, with accounts apart from players, a role per
 * domain, and the append-only audit log of what they do. The log's rows are never updated or
 * deleted: a trigger (migration 0012) raises on UPDATE and DELETE.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';
import { domains } from './settings';

export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One name across every domain (case-insensitive): an operator is one person. */
    userName: text('user_name').notNull(),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret, sealed with AES-256-GCM under a key derived from the server secret. */
    totpSecretSealed: text('totp_secret_sealed').notNull(),
    /** The last TOTP time step that signed in: a code is good once (replays are refused). */
    totpLastStep: id('totp_last_step'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** Tokens carry it; a TOTP reset adds one, so the operator's earlier tokens are refused at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    /** Who added the operator: an operator's user name, `operator-key`, or `seed`. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [uniqueIndex('operators_user_name').on(sql`lower(${t.userName})`)],
);

export const operatorRoles = pgTable(
  'operator_roles',
  {
    operatorId: id('operator_id')
      .notNull()
      .references(() => operators.id),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    role: text('role', { enum: ['owner', 'finance', 'trader', 'support'] }).notNull(),
    createdAt: createdAt(),
  },
  // One role per operator and domain.
  (t) => [uniqueIndex('operator_roles_operator_domain').on(t.operatorId, t.domainId)],
);

export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** Null for the bootstrap key and for a sign-in under a name no operator has. */
    operatorId: id('operator_id').references(() => operators.id),
    /** The operator's user name, `operator-key`, or the name a failed sign-in typed. */
    actor: text('actor').notNull(),
    role: text('role', { enum: ['owner', 'finance', 'trader', 'support'] }),
    /** What was done, `area.verb`: `payment.approve_deposit`, `auth.sign_in_failed`, … */
    action: text('action').notNull(),
    /** What it was done to: `payment_request:12`, `market:1.23`, `player:alice`, `operator:bob`. */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [
    index('operator_audit_log_domain_at').on(t.domainId, t.id),
    // The sign-in guard counts failures per name (on every domain: one person) and address.
    index('operator_audit_log_sign_ins')
      .on(sql`lower(${t.actor})`, t.at)
      .where(sql`${t.action} in ('auth.sign_in', 'auth.sign_in_failed')`),
  ],
);
