import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ERRORS, OcrResultSchema } from '@backlay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OcrPool } from '../src/money';
import { ENGLISH_DATA_DIR, tesseractWorkerOptions } from '../src/money/ocr/ocr-pool';
import { OCR_RATE_LIMIT } from '../src/money/ocr/routes';
import { SLIPS } from './fixtures/slips/slips';
import { createTestApp, type TestContext } from './harness';
import { call, expectRefused, nextIp, type Answer } from './helpers';

/*
 * OCR of payment screenshots end to end: real PNG slips (rendered in Chromium by
 * fixtures/slips/make-slips.ts) uploaded to `POST api/ocr/payment-slip` without a token, read by
 * Tesseract in the worker pool with the English model from its npm package. The OCR touches no
 * database, so this suite runs on PGlite alone. Few and small images: the OCR is CPU-heavy.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'slips');
const slip = (name: string) => readFileSync(join(FIXTURES, `${name}.png`));
const expected = (name: string) => SLIPS.find((s) => s.name === name)!.expected;
const PATH = '/api/ocr/payment-slip';

interface OcrAnswer {
  success: boolean;
  result: { data: { field: string; value: string; confidence: number }[]; text: string };
  error: null;
  data: { field: string; value: string; confidence: number }[];
  text: string;
}

function multipart(field: string, bytes: Buffer, filename = 'slip.png', type = 'image/png') {
  const boundary = `----backlay${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG header claiming the given size, then nothing a decoder could use. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  return Buffer.concat([header, size, Buffer.from([8, 6, 0, 0, 0]), Buffer.alloc(64, 7)]);
}

describe('OCR of payment screenshots (pglite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const upload = async (field: string, bytes: Buffer, ip = nextIp()): Promise<Answer> => {
    const { payload, contentType } = multipart(field, bytes);
    const res = await ctx.app.inject({
      method: 'POST',
      url: PATH,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it('reads the UTR, the amount, the date and the payee of a PhonePe slip uploaded as multipart, with no token', async () => {
    const answer = await upload('image', slip('phonepe'));
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as OcrAnswer;
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    const result = OcrResultSchema.parse(body.result);
    // The V1 client's shape beside the envelope: data.data is the array.
    expect(body.data).toEqual(result.data);
    expect(body.text).toBe(result.text);
    const best = (field: string) => result.data.find((f) => f.field === field);
    const want = expected('phonepe');
    expect(best('utr')).toMatchObject({ value: want.utr });
    expect(best('utr')!.confidence).toBeGreaterThan(0.8);
    expect(best('amount')).toMatchObject({ value: want.amount });
    expect(best('date')).toMatchObject({ value: '2025-11-24' });
    expect(result.data.filter((f) => f.field === 'payee').map((f) => f.value)).toContain(want.payee);
    expect(result.text).toMatch(/Transaction Successful/);
  }, 300_000);

  it('reads a Google Pay slip sent as a base64 data URL in JSON, while the event loop keeps turning', async () => {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const answer = await call<OcrAnswer['result']>(ctx.app, {
      url: PATH,
      body: { image: `data:image/png;base64,${slip('gpay').toString('base64')}` },
    });
    loop.disable();
    expect(answer.status).toBe(200);
    const want = expected('gpay');
    const best = (field: string) => answer.body.result.data.find((f) => f.field === field);
    expect(best('utr')).toMatchObject({ value: want.utr });
    expect(best('amount')).toMatchObject({ value: want.amount });
    expect(best('payee')).toMatchObject({ value: want.payee });
    // A figure, not a timed assertion: bench/ocr measures it properly.
    console.log(`OCR of one slip: longest event-loop stall ${(loop.max / 1e6).toFixed(1)} ms`);
  }, 300_000);

  it('refuses what is no readable image with a code, before the OCR sees it', async () => {
    const recognize = vi.spyOn(OcrPool.prototype, 'recognize');
    expectRefused(await upload('image', Buffer.from('%PDF-1.7 not a picture')), 400, 'IMAGE_INVALID');
    // A picture of 100,000 x 100,000 pixels: its header alone is read.
    expectRefused(
      await upload('image', pngClaiming(100_000, 100_000)),
      400,
      'IMAGE_INVALID',
      /too large to read/,
    );
    // One byte past 5 MB: a real PNG with trailing bytes.
    const big = Buffer.concat([slip('phonepe'), Buffer.alloc(5 * 1024 * 1024 + 1 - slip('phonepe').length)]);
    expectRefused(await upload('image', big), 413, 'IMAGE_TOO_LARGE');
    expectRefused(
      await call(ctx.app, { url: PATH, body: { image: `data:image/png;base64,${big.toString('base64')}` } }),
      413,
      'IMAGE_TOO_LARGE',
    );
    const wrongField = await upload('picture', slip('phonepe'));
    expectRefused(wrongField, 400, 'VALIDATION_FAILED');
    expect(wrongField.body.error?.validationErrors?.[0]?.field).toBe('image');
    expectRefused(await call(ctx.app, { url: PATH, body: {} }), 400, 'VALIDATION_FAILED');
    expectRefused(await call(ctx.app, { url: PATH, method: 'POST' }), 400, 'VALIDATION_FAILED');
    expectRefused(
      await call(ctx.app, { url: PATH, body: { image: 'not a data url' } }),
      400,
      'IMAGE_INVALID',
    );
    expectRefused(
      await call(ctx.app, { url: PATH, raw: { payload: 'image=1', contentType: 'text/csv' } }),
      400,
      'BAD_REQUEST',
    );
    const broken = await ctx.app.inject({
      method: 'POST',
      url: PATH,
      payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(recognize).not.toHaveBeenCalled();
  }, 300_000);

  it('bytes that only begin like a PNG fail in the OCR as IMAGE_INVALID, and the pool reads the next slip', async () => {
    const truncated = slip('phonepe').subarray(0, 400);
    expectRefused(await upload('image', truncated), 400, 'IMAGE_INVALID');
    const next = await upload('image', slip('phonepe'));
    expect(next.status).toBe(200);
    expect((next.body as unknown as OcrAnswer).data.find((f) => f.field === 'utr')?.value).toBe(
      expected('phonepe').utr,
    );
  }, 300_000);

  it('is rate limited per address: it carries no token', async () => {
    const ip = nextIp();
    // Refused uploads count as well, and cost no OCR.
    for (let i = 0; i < OCR_RATE_LIMIT.max; i++) {
      expectRefused(await call(ctx.app, { url: PATH, body: {}, ip }), 400, 'VALIDATION_FAILED');
    }
    expectRefused(await call(ctx.app, { url: PATH, body: {}, ip }), 429, 'RATE_LIMITED');
    expectRefused(await call(ctx.app, { url: PATH, body: {} }), 400, 'VALIDATION_FAILED');
  }, 300_000);
});

describe('the OCR pool', () => {
  it('reads the English model from the package on disk, with no cache and nothing downloaded', () => {
    const options = tesseractWorkerOptions();
    expect(options.langPath).toBe(ENGLISH_DATA_DIR);
    expect(options.langPath).not.toMatch(/^[a-z]+:\/\//i);
    expect(existsSync(join(ENGLISH_DATA_DIR, 'eng.traineddata.gz'))).toBe(true);
    expect(options.gzip).toBe(true);
    expect(options.cacheMethod).toBe('none');
  });

  it('starts on its first job, refuses jobs past its queue with OCR_BUSY, and stops when closed', async () => {
    const pool = new OcrPool({ workers: 1, maxQueued: 0 });
    try {
      expect(pool.started).toBe(false);
      const first = pool.recognize(slip('gpay'));
      expect(pool.started).toBe(true);
      await expect(pool.recognize(slip('gpay'))).rejects.toMatchObject({ code: 'OCR_BUSY' });
      expect(ERRORS.OCR_BUSY.status).toBe(503);
      const page = await first;
      expect(page.text).toContain(expected('gpay').utr);
      expect(page.lines.length).toBeGreaterThan(5);
      for (const line of page.lines) expect(line.confidence).toBeGreaterThanOrEqual(0);
    } finally {
      await pool.close();
    }
    expect(pool.started).toBe(false);
    await expect(pool.recognize(slip('gpay'))).rejects.toMatchObject({ code: 'OCR_BUSY' });
  }, 300_000);

  it('a job in flight when the pool closes fails at once instead of hanging', async () => {
    // Its own timeout far off: only the close may end the job.
    const pool = new OcrPool({ workers: 1, jobTimeoutMs: 600_000 });
    await pool.recognize(slip('gpay')); // the worker is up
    const job = pool.recognize(slip('phonepe'));
    await new Promise((resolve) => setTimeout(resolve, 30)); // and reading
    await pool.close();
    const hung = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 30_000).unref());
    await expect(Promise.race([job, hung])).rejects.toMatchObject({ code: 'OCR_BUSY' });
  }, 300_000);
});
