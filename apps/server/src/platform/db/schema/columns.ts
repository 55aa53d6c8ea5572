/**
 * Column builders every feature's tables share. Money is integer paise in bigint columns, read as
 * JS numbers: 2^53 paise is far beyond any wallet.
 */
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const money = (name: string) => bigint(name, { mode: 'number' });
export const id = (name: string) => bigint(name, { mode: 'number' });
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
