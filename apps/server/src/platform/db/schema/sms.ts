/** The development SMS outbox: codes a test or a developer reads instead of a phone. */
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    /** The code sealed with AES-256-GCM under a key derived from the server secret: never plain text at rest. */
    sealedCode: text('sealed_code').notNull(),
    sentAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sms_outbox_mobile').on(t.mobile, t.id)],
);
