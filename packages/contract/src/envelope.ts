import { z } from 'zod';

/** One validation problem on one field, as the client shows it beside the field. */
export const ValidationErrorSchema = z.object({ field: z.string(), message: z.string() });

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().optional(),
  validationErrors: z.array(ValidationErrorSchema).optional(),
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
  MaxResultCount: pagingNumber(z.number().int().min(1).max(100)).default(10),
  SkipCount: pagingNumber(z.number().int().min(0).max(1_000_000)).default(0),
  Sorting: z.string().max(64).optional(),
});

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ totalCount: z.number().int().nonnegative(), items: z.array(item) });
}
export type Paged<T> = { totalCount: number; items: T[] };

/** Time on the wire: ISO 8601 in UTC. */
export const IsoDateTimeSchema = z.iso.datetime();
