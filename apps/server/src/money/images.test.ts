import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/app-error';
import { maskAccountNumber, maskUpiId } from './cashier-service';
import { decodeImageDataUrl, detectImageType } from './images';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const code = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('payment screenshots are judged by their bytes', () => {
  it('knows PNG, JPEG and WebP by their magic numbers, and nothing else', () => {
    expect(detectImageType(PNG)).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8X'), Buffer.alloc(10)]);
    expect(detectImageType(webp)).toBe('image/webp');
    // A WAV is a RIFF too; a GIF, a PDF and an SVG are not accepted.
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt \0\0\0\0'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(PNG.subarray(0, 8))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('reads a base64 data URL whatever type it declares, and refuses the rest with a code', () => {
    const decoded = decodeImageDataUrl(`data:application/octet-stream;base64,${PNG.toString('base64')}`);
    expect(decoded.contentType).toBe('image/png');
    expect(decoded.bytes.equals(PNG)).toBe(true);
    expect(decoded.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(code(() => decodeImageDataUrl(PNG.toString('base64')))).toBe('IMAGE_INVALID');
    expect(code(() => decodeImageDataUrl('data:image/png,plain'))).toBe('IMAGE_INVALID');
    expect(code(() => decodeImageDataUrl('data:image/png;base64,abc'))).toBe('IMAGE_INVALID');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(code(() => decodeImageDataUrl(`data:image/png;base64,${big.toString('base64')}`))).toBe(
      'IMAGE_TOO_LARGE',
    );
  });
});

describe('payout accounts shown to the player', () => {
  it('masks all but the last four digits, and a UPI name but its first two letters', () => {
    expect(maskAccountNumber('123456789012')).toBe('********9012');
    expect(maskAccountNumber('1234')).toBe('1234');
    expect(maskUpiId('ravi.kumar@okicici')).toBe('ra********@okicici');
    expect(maskUpiId('ab@ybl')).toBe('ab*@ybl');
  });
});
