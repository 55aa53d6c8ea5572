import multipart from '@fastify/multipart';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_DATA_URL_LENGTH,
  ocrAnswer,
  OcrInputSchema,
  routes,
} from '@backlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { toValidationError } from '../../platform/http/define-route';
import { decodeImageDataUrl, detectImageType } from '../images';
import { extractSlipFields } from './extract';
import { imageSize, MAX_OCR_PIXELS, readableSize } from './image-size';
import { OcrPool, type OcrPoolOptions } from './ocr-pool';

/** Uploads a player may send to the OCR per address (it carries no token): a few a deposit. */
export const OCR_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

const IMAGE_FIELD_MESSAGE = 'Attach the screenshot as the form field "image".';

/**
 * `POST api/ocr/payment-slip`: the screenshot (multipart field `image`, or JSON `{ image }` as a
 * data URL), read by the OCR pool, answered with the candidates for the deposit form (contract
 * `ocr.ts`). Registered as a plugin of its own: the multipart parser serves this route alone, and
 * the pool (started on the first upload) stops when the app closes. `pool` lets a caller hand in
 * its own (tests, benchmarks), which it then closes itself.
 */
export async function ocrRoutes(
  app: FastifyInstance,
  opts: { pool?: OcrPool; poolOptions?: OcrPoolOptions } = {},
) {
  const pool =
    opts.pool ??
    new OcrPool({
      ...opts.poolOptions,
      onError: (err) => app.log.warn({ err }, 'OCR worker failed; the pool restarts'),
    });
  if (!opts.pool) app.addHook('onClose', () => pool.close());

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  const def = routes.ocrPaymentSlip;
  app.route({
    method: def.method,
    url: def.path,
    config: { rateLimit: OCR_RATE_LIMIT },
    bodyLimit: MAX_IMAGE_DATA_URL_LENGTH + 64 * 1024,
    handler: async (req) => {
      if (req.domain.settings.siteSuspended) throw new AppError('SITE_SUSPENDED');
      const bytes = req.isMultipart()
        ? await uploadedImage(req)
        : decodeImageDataUrl(jsonImage(req.body)).bytes;
      const type = detectImageType(bytes);
      if (!type) throw new AppError('IMAGE_INVALID');
      if (!readableSize(imageSize(bytes, type))) {
        throw new AppError(
          'IMAGE_INVALID',
          `The picture is too large to read: at most ${MAX_OCR_PIXELS / 1_000_000} million pixels.`,
        );
      }
      const page = await pool.recognize(bytes);
      const encoded = z.safeEncode(def.result, { data: extractSlipFields(page.lines), text: page.text });
      if (!encoded.success) {
        req.log.error(
          { issues: encoded.error.issues, route: def.path },
          'answer does not match the contract',
        );
        throw new AppError('INTERNAL');
      }
      return ocrAnswer(encoded.data);
    },
  });
}

function jsonImage(body: unknown): string {
  const parsed = OcrInputSchema.safeParse(body);
  if (parsed.success) return parsed.data.image;
  if (body === undefined) {
    throw new AppError('VALIDATION_FAILED', IMAGE_FIELD_MESSAGE, [
      { field: 'image', message: IMAGE_FIELD_MESSAGE },
    ]);
  }
  throw toValidationError(parsed.error);
}

/** The multipart upload's file `image`, read whole (at most 5 MB). */
async function uploadedImage(req: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    const file = await req.file();
    if (file && file.fieldname === 'image') bytes = await file.toBuffer();
    else if (file) file.file.resume(); // another field's file: drained, not read
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    throw new AppError('BAD_REQUEST', 'The upload is not a valid multipart form.');
  }
  if (!bytes) {
    throw new AppError('VALIDATION_FAILED', IMAGE_FIELD_MESSAGE, [
      { field: 'image', message: IMAGE_FIELD_MESSAGE },
    ]);
  }
  return bytes;
}
