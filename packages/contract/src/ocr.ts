import { z } from 'zod';

/*
 * OCR of a UPI payment screenshot (section C1 of shared/spec/api-shapes.md): `POST
 * api/ocr/payment-slip` reads the picture and answers what it found, to pre-fill the deposit form
 * that the player then confirms. It decides nothing.
 *
 * The wire: the image as the multipart field `image`, or JSON `{ image }` with a base64 data URL
 * (PNG, JPEG or WebP by content, at most 5 MB), no Authorization header. The answer is the envelope
 * whose `result` is `{ data, text }`, with the same `data` and `text` also at its top level:
 * `{ success: true, result: { data, text }, error: null, data, text }`, so the family's V1 client,
 * which takes an answer whose `data.data` is an array as a success, reads it as well as ours.
 */

export const OCR_FIELDS = ['utr', 'amount', 'date', 'payee'] as const;
export type OcrFieldName = (typeof OCR_FIELDS)[number];

/**
 * One candidate value read from the slip. `value`: a `utr` is its 12 digits; an `amount` is rupees
 * with two decimals and no grouping (`2500.00`); a `date` is the day printed on the slip
 * (`YYYY-MM-DD`, as the UPI app showed it, in India's time); a `payee` is the name or UPI id paid.
 * `confidence` runs from 0 to 1 (how sure the reading and the layout make us). A field may have
 * several candidates, best first; a field not found has none.
 */
export const OcrFieldSchema = z.object({
  field: z.enum(OCR_FIELDS),
  value: z.string(),
  confidence: z.number().min(0).max(1),
});
export type OcrField = z.infer<typeof OcrFieldSchema>;

export const OcrInputSchema = z.object({
  /** `data:image/png;base64,…` (JSON); the multipart upload sends the file as the field `image`. */
  image: z.string({ error: 'The image is a base64 data URL' }).min(1, 'The image is a base64 data URL'),
});

export const OcrResultSchema = z.object({
  data: z.array(OcrFieldSchema),
  /** All the text read, line by line. */
  text: z.string(),
});
export type OcrResult = z.infer<typeof OcrResultSchema>;

/** The OCR answer on the wire: the envelope, with the V1 client's `data` and `text` beside it. */
export function ocrAnswer(result: OcrResult) {
  return { success: true as const, result, error: null, data: result.data, text: result.text };
}
