import { paise, type Paise } from '@backlay/exchange';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';

/*
 * Raw SQL results differ by driver: node-postgres answers bigint as text, PGlite as a number, and
 * both answer timestamps as text. The betting queries therefore select times as epoch milliseconds
 * and read every number through `num`, so the two backends give the same values.
 */

export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A number from the database. Integers (ids, counts, bigint columns, which node-postgres answers as
 * text) must be safe integers: one past 2^53 would silently become another number, so it throws.
 * Fractions (epoch milliseconds selected as float8) pass as they are.
 */
export function num(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'bigint') n = Number(value);
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  else n = Number.NaN;
  const exact = !Number.isInteger(n) || Number.isSafeInteger(n);
  if (!Number.isFinite(n) || !exact || (typeof value === 'bigint' && BigInt(n) !== value)) {
    throw new Error(`expected a number from the database, got ${String(value)}`);
  }
  return n;
}

/** Money from the database: integer paise within ±MAX_PAISE, else it throws. */
export function paiseOf(value: unknown): Paise {
  return paise(num(value));
}

export function paiseOrNull(value: unknown): Paise | null {
  return value === null || value === undefined ? null : paiseOf(value);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

/** Epoch milliseconds (selected as `extract(epoch from t) * 1000`) as ISO 8601 in UTC. */
export function isoOf(epochMs: unknown): string {
  return new Date(Math.round(num(epochMs))).toISOString();
}

/** SQL for a timestamp column as epoch milliseconds. */
export const EPOCH_MS = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
