import type { ImageType } from '../images';

/*
 * An image's width and height from its header, read before the OCR decodes it: 5 MB of PNG can
 * hold a picture of a billion pixels, which would take the OCR worker's memory and minutes.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** The largest picture read: a long scrolling screenshot fits (1440 x 10,000). */
export const MAX_OCR_PIXELS = 16_000_000;
export const MAX_OCR_SIDE = 12_000;

export function imageSize(bytes: Buffer, type: ImageType): ImageSize | null {
  switch (type) {
    case 'image/png':
      // The IHDR chunk comes first: width and height at 16 and 20.
      return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
  }
}

/** Whether the OCR may read a picture of this size. */
export function readableSize(size: ImageSize | null): size is ImageSize {
  return (
    !!size &&
    size.width > 0 &&
    size.height > 0 &&
    size.width <= MAX_OCR_SIDE &&
    size.height <= MAX_OCR_SIDE &&
    size.width * size.height <= MAX_OCR_PIXELS
  );
}

/** The first start-of-frame marker's size, walking the segments after SOI. */
function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0-15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): ImageSize | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    // The key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}
