import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { OcrPool } from '../src/money';
import type { OcrPage } from '../src/money/ocr/ocr-pool';
import { AppError } from '../src/platform/http/app-error';
import { expectLedgerBalanced } from './betting-helpers';
import { SLIPS } from './fixtures/slips/slips';
import { backends, createTestApp, testConfig, type TestContext } from './harness';
import { call, expectOk, registerVerified } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * A deposit's screenshot read by the OCR in the background, for the finance operator's queue
 * (GET /admin/payment-requests): the typed values beside what the OCR read, with the mismatches
 * flagged. The player's CreateDeposit never waits for the OCR, nor fails with it; what a busy pool
 * or a restart left unread is read by the sweep the next start runs. Real PNG slips, few of them
 * (the OCR is CPU-heavy), generous timeouts.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'slips');
const slip = (name: string) => readFileSync(join(FIXTURES, `${name}.png`));
const expected = (name: string) => SLIPS.find((s) => s.name === name)!.expected;
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
/** A real 1×1 PNG: a picture, with nothing written on it. */
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LONG = 300_000;

interface QueueItem {
  id: number;
  type: string;
  amount: number;
  utr: string | null;
  imageUrl: string | null;
  ocr: 'pending' | 'read' | 'unreadable' | null;
  ocrNote: string | null;
  ocrFields: { field: string; value: string; confidence: number }[];
  suggestedUtr: string | null;
  utrMismatch: boolean;
  amountMismatch: boolean;
  payeeMismatch: boolean;
}

describe.each(backends)('deposit screenshots read for the finance queue (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  }, LONG);
  afterAll(async () => {
    await ctx?.close();
  }, LONG);
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(ctx.database.db);
  });

  let seq = 0;
  const newUtr = () => `${String(Date.now()).slice(-7)}${String(++seq).padStart(5, '0')}`;
  async function player() {
    const { login } = await registerVerified(ctx.app);
    return login.accessToken;
  }
  async function storeImage(token: string, bytes: Buffer): Promise<number> {
    return expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: dataUrl(bytes) },
        token,
      }),
    ).imageId;
  }
  async function deposit(token: string, bytes: Buffer, body: { amount: number; utr: string }) {
    const imageId = await storeImage(token, bytes);
    return expectOk(
      await call<{ id: number }>(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { paymentMethod: 'Upi', imageId, ...body },
        token,
      }),
    );
  }
  async function queue(app = ctx.app): Promise<QueueItem[]> {
    return expectOk(
      await call<{ items: QueueItem[] }>(app, {
        url: '/admin/payment-requests?type=1&MaxResultCount=100',
        headers: await operatorHeaders(app, 'finance'),
      }),
    ).items;
  }
  async function item(id: number, app = ctx.app): Promise<QueueItem> {
    const found = (await queue(app)).find((i) => i.id === id);
    if (!found) throw new Error(`request ${id} is not in the queue`);
    return found;
  }
  /** The queue's item once the OCR has had its say (read or unreadable). */
  async function settled(id: number, app = ctx.app): Promise<QueueItem> {
    const until = Date.now() + 240_000;
    for (;;) {
      const found = await item(id, app);
      if (found.ocr !== 'pending') return found;
      if (Date.now() > until) throw new Error(`request ${id} still unread: ${found.ocrNote}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const best = (i: QueueItem, field: string) => i.ocrFields.find((f) => f.field === field)?.value;

  it(
    'a deposit whose typed UTR and amount are those of its slip: read, the candidates shown, nothing flagged',
    async () => {
      const want = expected('phonepe');
      const created = await deposit(await player(), slip('phonepe'), { amount: 2500, utr: want.utr });
      const read = await settled(created.id);
      expect(read).toMatchObject({
        type: 'Deposit',
        amount: 2500,
        utr: want.utr,
        imageUrl: expect.stringMatching(/^\/Setting\/Image\/\d+$/),
        ocr: 'read',
        ocrNote: null,
        suggestedUtr: null,
        utrMismatch: false,
        amountMismatch: false,
        payeeMismatch: false,
      });
      expect(best(read, 'utr')).toBe(want.utr);
      expect(best(read, 'amount')).toBe(want.amount);
      expect(read.ocrFields.filter((f) => f.field === 'payee').map((f) => f.value)).toContain(want.payee);
    },
    LONG,
  );

  it(
    'a typed UTR and amount other than the slip says are flagged; the payee, the site own, is not',
    async () => {
      const want = expected('gpay');
      const typedUtr = newUtr();
      const created = await deposit(await player(), slip('gpay'), { amount: 1300, utr: typedUtr });
      const read = await settled(created.id);
      expect(read).toMatchObject({
        utr: typedUtr,
        ocr: 'read',
        utrMismatch: true,
        amountMismatch: true,
        payeeMismatch: false,
      });
      expect(best(read, 'utr')).toBe(want.utr);
      expect(best(read, 'amount')).toBe(want.amount);
    },
    LONG,
  );

  it(
    'a screenshot the OCR cannot read (a broken picture, a blank one) is unreadable, with a note, and flags nothing',
    async () => {
      const token = await player();
      const broken = await deposit(token, slip('phonepe').subarray(0, 400), { amount: 500, utr: newUtr() });
      const blank = await deposit(token, BLANK_PNG, { amount: 500, utr: newUtr() });
      for (const id of [broken.id, blank.id]) {
        const read = await settled(id);
        expect(read).toMatchObject({
          ocr: 'unreadable',
          ocrNote: expect.stringMatching(/could not read|no picture|found no/),
          utrMismatch: false,
          amountMismatch: false,
          payeeMismatch: false,
        });
      }
    },
    LONG,
  );

  it(
    "the player's CreateDeposit is answered while the OCR is held, and the screenshot is read after",
    async () => {
      const original = OcrPool.prototype.recognize;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const reached = new Promise<void>((resolve) => (asked = resolve));
      vi.spyOn(OcrPool.prototype, 'recognize').mockImplementation(async function (
        this: OcrPool,
        image: Buffer,
      ): Promise<OcrPage> {
        asked();
        await gate;
        return original.call(this, image);
      });
      const typedUtr = newUtr();
      const answer = deposit(await player(), slip('gpay'), { amount: 1250.5, utr: typedUtr });
      const held = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('CreateDeposit waited for the OCR')), 30_000).unref(),
      );
      const created = await Promise.race([answer, held]).catch((err: unknown) => {
        release(); // so that the app can close
        throw err;
      });
      // Answered while the OCR is held.
      await reached;
      expect(await item(created.id)).toMatchObject({ ocr: 'pending', ocrFields: [], utrMismatch: false });
      release();
      expect(await settled(created.id)).toMatchObject({
        ocr: 'read',
        utrMismatch: true,
        amountMismatch: false,
        payeeMismatch: false,
      });
    },
    LONG,
  );

  it(
    'a busy pool fails no deposit: it waits pending with a note, and the next start reads it (the sweep)',
    async () => {
      // This server's pool stays busy to the end (its own retries fail too); another's reads.
      const original = OcrPool.prototype.recognize;
      const pools: OcrPool[] = [];
      vi.spyOn(OcrPool.prototype, 'recognize').mockImplementation(function (this: OcrPool, image: Buffer) {
        if (pools.length === 0) pools.push(this);
        return pools.includes(this) ? Promise.reject(new AppError('OCR_BUSY')) : original.call(this, image);
      });
      const want = expected('phonepe');
      const token = await player();
      const typedUtr = newUtr();
      const created = await deposit(token, slip('phonepe'), { amount: 2500, utr: typedUtr });
      const until = Date.now() + 60_000;
      let waiting = await item(created.id);
      while (!waiting.ocrNote && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        waiting = await item(created.id);
      }
      expect(waiting).toMatchObject({ ocr: 'pending', ocrNote: expect.stringMatching(/busy/) });

      // A server started on the same database (a restart) reads what was left unread.
      const next = await buildApp({ config: testConfig(), database: ctx.database });
      try {
        await next.ready();
        const read = await settled(created.id, next);
        expect(read).toMatchObject({ ocr: 'read', ocrNote: null, utrMismatch: true, amountMismatch: false });
        expect(best(read, 'utr')).toBe(want.utr);
      } finally {
        await next.close();
      }
    },
    LONG,
  );

  it(
    'a V1 deposit (no UTR) is offered the UTR its slip shows, and the operator approves it with that UTR',
    async () => {
      const want = expected('gpay');
      const token = await player();
      const created = expectOk(
        await call<{ id: number; utr: string | null }>(ctx.app, {
          url: '/DepositWithdrawal/CreateRequestForDepositWithdrawal',
          body: { type: 1, amount: 1250.5, paymentMethod: 'Upi', imageUrl: dataUrl(slip('gpay')) },
          token,
        }),
      );
      expect(created.utr).toBeNull();
      const read = await settled(created.id);
      expect(read).toMatchObject({
        utr: null,
        ocr: 'read',
        suggestedUtr: want.utr,
        utrMismatch: false,
        amountMismatch: false,
      });
      const approved = expectOk(
        await call<QueueItem & { statusName: string }>(ctx.app, {
          url: '/admin/payment-requests/approve-deposit',
          body: { id: created.id, utr: read.suggestedUtr },
          headers: await operatorHeaders(ctx.app, 'finance'),
        }),
      );
      expect(approved).toMatchObject({ statusName: 'Approved', utr: want.utr, ocr: 'read' });
    },
    LONG,
  );
});
