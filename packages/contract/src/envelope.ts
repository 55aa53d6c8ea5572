import { z } from 'zod';
import { intField, nonNegativeIntField, optionalStringField } from './fields';

/** One validation problem on one field, as the client shows it beside the field. */
export const ValidationErrorSchema = z.object({ field: z.string(), message: z.string() });

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: optionalStringField,
  validationErrors: z.array(ValidationErrorSchema).optional(),
  /**
   * What is stored now, on a refusal that says the caller's copy is out of date (SETTINGS_STALE:
   * `{ settings, version, updatedAt }`), so a form can show the newer values instead of losing them.
   */
  current: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The envelope every API answer travels in: `{ success, result, error }`. */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return z.union([
    z.object({ success: z.literal(true), result, error: z.null().optional() }),
    z.object({ success: z.literal(false), result: z.null(), error: ErrorBodySchema }),
  ]);
}

export type Envelope<T> =
  { success: true; result: T; error?: null } | { success: false; result: null; error: ErrorBody };

/**
 * A paging number from a query string (text) or a JSON body (a number). Plain coercion would also
 * take `true` as 1 and `[]` as 0, so only numeric text is turned into a number; anything else must
 * already be one.
 */
const pagingNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);

/** ABP-style paging, in and out. */
export const PagingQuerySchema = z.object({
  MaxResultCount: pagingNumber(intField.min(1).max(100)).default(10),
  SkipCount: pagingNumber(intField.min(0).max(1_000_000)).default(0),
  Sorting: z.string().max(64).optional(),
});

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ totalCount: nonNegativeIntField, items: z.array(item) });
}
export type Paged<T> = { totalCount: number; items: T[] };

/** Time on the wire: ISO 8601 in UTC. */
export const IsoDateTimeSchema = z.iso.datetime();

/*
 * A range's bounds (statements, bet history, profit and loss): an ISO instant in UTC, or a date alone
 * (`2026-11-24`, as the family's V1 client sends them), read as that whole UTC day, both bounds
 * inclusive: a start date from 00:00:00.000Z, an end date to 23:59:59.999Z. UTC, as every time on
 * the wire is (api-shapes.md part B): a client that means another day (a player's local one) sends
 * the instants, as our web client does (docs/v1-compatibility.md).
 */
const DateOnlySchema = z.iso.date();
export const RangeStartSchema = z.union([
  IsoDateTimeSchema,
  DateOnlySchema.transform((day) => `${day}T00:00:00.000Z`),
]);
export const RangeEndSchema = z.union([
  IsoDateTimeSchema,
  DateOnlySchema.transform((day) => `${day}T23:59:59.999Z`),
]);
