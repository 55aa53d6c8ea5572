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

export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') {
    const n = Number(value);
    if (Number.isSafeInteger(n) || Number.isFinite(n)) return n;
  }
  throw new Error(`expected a number from the database, got ${String(value)}`);
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
