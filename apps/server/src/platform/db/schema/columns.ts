/** Column builders every feature's tables share. */
import { paise, type Paise } from '@backlay/exchange';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Money: integer paise in a bigint column, read as the `Paise` brand through a guarded reader: a
 * value outside ±MAX_PAISE (far below 2^53, so it survives a JS number exactly) throws instead of
 * drifting. node-postgres answers bigint as text, PGlite as a number.
 */
const paiseColumn = customType<{ data: Paise; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => paise(typeof value === 'string' ? Number(value) : value),
  toDriver: (value) => paise(value),
});
export const money = (name: string) => paiseColumn(name);
export const id = (name: string) => bigint(name, { mode: 'number' });
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
