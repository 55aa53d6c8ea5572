import { createHash } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@backlay/contract';
import { AppError } from '../platform/http/app-error';

/*
 * Payment screenshots arrive as base64 data URLs. What they are is read from their bytes (the
 * magic numbers and the first chunk), never from the type the client declares.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes are, or null when they are none of PNG, JPEG or WebP. */
export function detectImageType(bytes: Buffer): ImageType | null {
  // PNG: the signature, then the IHDR chunk first.
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'image/png';
  }
  // JPEG: start of image, then a marker.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // WebP: a RIFF container of type WEBP whose first chunk is VP8, VP8L or VP8X.
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16))
  ) {
    return 'image/webp';
  }
  return null;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface DecodedImage {
  contentType: ImageType;
  bytes: Buffer;
  sha256: string;
}

/** A data URL's image: refused (coded) when it is not base64, not an image, or larger than 5 MB. */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) {
    throw new AppError('IMAGE_INVALID', 'Send the image as a base64 data URL (data:image/png;base64,…).');
  }
  const payload = dataUrl.slice(prefix[0].length);
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new AppError('IMAGE_INVALID', 'The image data is not valid base64.');
  }
  // Judged on the decoded size (base64 makes 3 bytes of 4 characters, less the padding).
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  const bytes = Buffer.from(payload, 'base64');
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AppError('IMAGE_INVALID');
  return { contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
