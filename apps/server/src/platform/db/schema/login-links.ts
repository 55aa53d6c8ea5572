/** One-time sign-in links an operator issues for a player: only the code's hash is kept. */
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id } from './columns';
import { domains } from './settings';

export const loginLinks = pgTable(
  'login_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code, hex: the code itself is shown once, to the operator who asked. */
    codeHash: text('code_hash').notNull().unique(),
    /** The sign-in page the link opens; the exchange must name the same one. */
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** Set by the one exchange that used the link. */
    usedAt: at('used_at'),
    /** The session that exchange opened: a replay of the code ends it. */
    sessionId: id('session_id'),
    /** Who issued it (the operator key today; an operator account once they exist) and from where. */
    issuedBy: text('issued_by').notNull(),
    issuedIp: text('issued_ip').notNull(),
  },
  (t) => [index('login_links_user').on(t.userId)],
);
