import { paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { expectLedgerBalanced } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified, type Answer } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * The cashier end to end through the HTTP API (section C1): payment info, screenshots, manual
 * deposits an operator approves or rejects, withdrawals held at once and paid, cancelled or
 * rejected, the request lists and the cash statement. Every bad input is refused with a code and
 * changes nothing; the books balance after every test.
 */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14, 1),
]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

interface Item {
  id: number;
  type: string;
  amount: number;
  paymentMethod: string;
  status: number;
  statusName: string;
  utr: string | null;
  accountNumber: string | null;
  upiId: string | null;
  creationTime: string;
  processedTime: string | null;
  reason: string | null;
}

describe.each(backends)('the cashier (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(ctx.database.db);
  });

  /** The demo site's finance operator, signed in once (operatorHeaders keeps the token). */
  let finance: { authorization: string };
  beforeEach(async () => {
    finance = await operatorHeaders(ctx.app, 'finance');
  });
  const admin = () => finance;
  /** The owner, for manual adjustments (theirs alone). */
  let owner: { authorization: string };
  beforeEach(async () => {
    owner = await operatorHeaders(ctx.app, 'owner');
  });
  let seq = 0;
  let utrSeq = 0;
  /** A UTR no other test in this run has used. */
  const newUtr = () => `${String(Date.now()).slice(-7)}${String(++utrSeq).padStart(5, '0')}`;

  async function player() {
    const { login } = await registerVerified(ctx.app);
    return { token: login.accessToken, userId: login.userId };
  }
  async function fund(userId: number, rupees: number) {
    expectOk(
      await call(ctx.app, {
        url: '/admin/wallets/adjust',
        body: { userId, amount: rupees, reason: 'test funds', reference: `cashier-${backend}-${++seq}` },
        headers: owner,
      }),
    );
  }
  const balance = async (userId: number) => (await ctx.app.ledger.wallet(userId)).balancePaise;
  const held = (userId: number) => ctx.app.ledger.transaction((money) => money.heldBalance(userId));
  const post = <T = Item>(token: string, url: string, body: unknown) =>
    call<T>(ctx.app, { url, body, token });
  const storeImage = (token: string, image: unknown) =>
    post<{ imageId: number; url: string }>(token, '/Setting/StoreImage', { image });
  async function imageOf(token: string) {
    // Distinct bytes per call: each deposit gets its own screenshot.
    const bytes = Buffer.concat([PNG, Buffer.from(`#${++seq}`)]);
    return expectOk(await storeImage(token, dataUrl(bytes))).imageId;
  }
  async function deposit(who: { token: string }, body: Record<string, unknown> = {}) {
    const imageId = 'imageId' in body ? body.imageId : await imageOf(who.token);
    return post(who.token, '/DepositWithdrawal/CreateDeposit', {
      amount: 500,
      paymentMethod: 'Upi',
      utr: newUtr(),
      ...body,
      imageId,
    });
  }
  const bank = { accountNumber: '123456789012', accountHolderName: 'Ravi Kumar', ifscCode: 'SBIN0001234' };
  const withdraw = (token: string, body: Record<string, unknown>) =>
    post(token, '/DepositWithdrawal/CreateWithdrawal', { amount: 300, paymentMethod: 'Imps', ...body });
  const operator = <T = Item>(url: string, body: unknown) =>
    call<T>(ctx.app, { url: `/admin/payment-requests/${url}`, body, headers: admin() });
  const list = (token: string, body: Record<string, unknown> = {}) =>
    post<{ totalCount: number; items: Item[] }>(token, '/DepositWithdrawal/GetDepositWithdrawals', body);
  const counts = async () => {
    const [row] = await queryRows<{ r: unknown; i: unknown; j: unknown }>(
      ctx.database.db,
      sql`select (select count(*) from payment_requests) as r, (select count(*) from payment_images) as i,
            (select count(*) from journals) as j`,
    );
    return { requests: num(row?.r), images: num(row?.i), journals: num(row?.j) };
  };
  const outcome = (a: Answer) => (a.body.success ? 'ok' : (a.body.error?.code ?? String(a.status)));

  describe('payment info', () => {
    it("answers the domain's cashier in rupees, to a signed-in player only", async () => {
      const p = await player();
      const info = expectOk(await call(ctx.app, { url: '/Account/GetPaymentInfo', token: p.token }));
      expect(info).toEqual({
        methods: ['Upi', 'Imps', 'PhonePay', 'Paytm', 'Gpay'].map((method) => ({
          method,
          deposit: true,
          withdrawal: true,
        })),
        upi: { vpa: 'backlay.demo@okaxis', payeeName: 'Backlay Demo' },
        bank: {
          accountHolderName: 'Backlay Demo Payments',
          accountNumber: '50100123456789',
          ifscCode: 'HDFC0001234',
          bankName: 'HDFC Bank',
        },
        minDeposit: 100,
        maxDeposit: 100000,
        minWithdrawal: 200,
        maxWithdrawal: 50000,
        gatewayEnabled: true,
      });
      expectRefused(await call(ctx.app, { url: '/Account/GetPaymentInfo' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('screenshots', () => {
    it('stores PNG, JPEG and WebP by their bytes and serves each only to its owner and the operator', async () => {
      const p = await player();
      const other = await player();
      const png = expectOk(await storeImage(p.token, dataUrl(PNG)));
      expect(png.url).toBe(`/Setting/Image/${png.imageId}`);
      // The declared type is not what decides: a JPEG declared as text is a JPEG.
      const jpeg = expectOk(await storeImage(p.token, dataUrl(JPEG, 'text/plain')));
      const webp = expectOk(await storeImage(p.token, dataUrl(WEBP, 'image/png')));
      // The same screenshot again is the same image.
      expect(expectOk(await storeImage(p.token, dataUrl(PNG))).imageId).toBe(png.imageId);

      const get = (url: string, headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url, headers });
      for (const [stored, type, bytes] of [
        [png, 'image/png', PNG],
        [jpeg, 'image/jpeg', JPEG],
        [webp, 'image/webp', WEBP],
      ] as const) {
        const res = await get(stored.url, { authorization: `Bearer ${p.token}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
      const stranger = await get(png.url, { authorization: `Bearer ${other.token}` });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect((await get(png.url, {})).statusCode).toBe(401);
      expect((await get(png.url, { 'x-admin-key': 'wrong-key-wrong-key-wrong-key' })).statusCode).toBe(401);
      // The owner sees them too, as finance does (below).
      expect((await get(png.url, await operatorHeaders(ctx.app, 'owner'))).statusCode).toBe(200);
      expect((await get(png.url, admin())).statusCode).toBe(200);
      expect((await get('/Setting/Image/abc', admin())).statusCode).toBe(404);
    });

    it('refuses what is not a PNG, JPEG or WebP, or is larger than 5 MB, and stores nothing', async () => {
      const p = await player();
      const before = await counts();
      const text = Buffer.from('this is not an image, just text that claims to be one');
      expectRefused(await storeImage(p.token, dataUrl(text)), 400, 'IMAGE_INVALID');
      // A GIF and a truncated PNG signature are not among the accepted kinds.
      expectRefused(
        await storeImage(p.token, dataUrl(Buffer.from('GIF89a\x01\0\x01\0'))),
        400,
        'IMAGE_INVALID',
      );
      expectRefused(await storeImage(p.token, dataUrl(PNG.subarray(0, 10))), 400, 'IMAGE_INVALID');
      expectRefused(await storeImage(p.token, 'not a data url'), 400, 'IMAGE_INVALID');
      expectRefused(await storeImage(p.token, 'data:image/png;base64,@@@@'), 400, 'IMAGE_INVALID');
      expectRefused(await storeImage(p.token, 12345), 400, 'VALIDATION_FAILED');
      expectRefused(await storeImage(p.token, ''), 400, 'VALIDATION_FAILED');
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length + 1)]);
      expectRefused(await storeImage(p.token, dataUrl(big)), 413, 'IMAGE_TOO_LARGE');
      const huge = Buffer.alloc(7 * 1024 * 1024);
      expectRefused(await storeImage(p.token, dataUrl(huge)), 413, 'PAYLOAD_TOO_LARGE');
      expectRefused(await storeImage('', dataUrl(PNG)), 401, 'UNAUTHENTICATED');
      expect(await counts()).toEqual(before);
      // Exactly 5 MB is taken.
      const max = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      expectOk(await storeImage(p.token, dataUrl(max)));
    });
  });

  describe('manual deposits', () => {
    it('creates a pending request and moves nothing until an operator approves; then credits once and pushes the balance', async () => {
      const p = await player();
      const utr = newUtr();
      const created = expectOk(await deposit(p, { amount: 1234.5, utr }));
      expect(created).toMatchObject({
        type: 'Deposit',
        amount: 1234.5,
        status: 1,
        statusName: 'Pending',
        utr,
        processedTime: null,
        reason: null,
      });
      expect(await balance(p.userId)).toBe(0);

      const queue = expectOk(
        await call<{ items: (Item & { userId: number; imageUrl: string })[] }>(ctx.app, {
          url: '/admin/payment-requests',
          headers: admin(),
        }),
      );
      const mine = queue.items.find((i) => i.id === created.id);
      expect(mine).toMatchObject({ userId: p.userId, statusName: 'Pending', utr });
      expect(mine?.imageUrl).toMatch(/^\/Setting\/Image\/\d+$/);

      const pushed = vi.spyOn(ctx.app.walletNotifier, 'changed');
      const approved = expectOk(await operator('approve-deposit', { id: created.id }));
      expect(approved).toMatchObject({ statusName: 'Approved', status: 2 });
      expect(approved.processedTime).not.toBeNull();
      expect(await balance(p.userId)).toBe(1234_50);
      expect(pushed).toHaveBeenCalledWith(p.userId);

      // Approving again: refused, and nothing moves twice.
      expectRefused(await operator('approve-deposit', { id: created.id }), 409, 'REQUEST_NOT_PENDING');
      expectRefused(
        await operator('reject', { id: created.id, reason: 'too late' }),
        409,
        'REQUEST_NOT_PENDING',
      );
      expect(await balance(p.userId)).toBe(1234_50);

      // The cash statement shows it with the running balance.
      const statement = expectOk(
        await call<{ items: { kind: string; credit: number; balance: number; description: string }[] }>(
          ctx.app,
          { url: '/Transaction/GetHistory', token: p.token },
        ),
      );
      expect(statement.items[0]).toMatchObject({ kind: 'deposit', credit: 1234.5, balance: 1234.5 });
      expect(statement.items[0]?.description).toContain(utr);
    });

    it('two approvals at once credit once: one wins, the other is refused 409', async () => {
      const p = await player();
      const { id } = expectOk(await deposit(p, { amount: 700 }));
      const outcomes = await Promise.all([
        operator('approve-deposit', { id }),
        operator('approve-deposit', { id }),
      ]);
      expect(outcomes.map(outcome).sort()).toEqual(['REQUEST_NOT_PENDING', 'ok']);
      expect(await balance(p.userId)).toBe(700_00);
    });

    it('a rejected deposit carries its reason to the player and moves nothing', async () => {
      const p = await player();
      const { id } = expectOk(await deposit(p));
      const before = await counts();
      expectRefused(await operator('reject', { id, reason: '' }), 400, 'VALIDATION_FAILED');
      expectRefused(await operator('reject', { id }), 400, 'VALIDATION_FAILED');
      const rejected = expectOk(await operator('reject', { id, reason: 'No such payment received' }));
      expect(rejected).toMatchObject({ statusName: 'Rejected', reason: 'No such payment received' });
      expectRefused(await operator('approve-deposit', { id }), 409, 'REQUEST_NOT_PENDING');
      const mine = expectOk(await list(p.token)).items.find((i) => i.id === id);
      expect(mine).toMatchObject({ statusName: 'Rejected', reason: 'No such payment received' });
      expect(mine?.processedTime).not.toBeNull();
      expect(await balance(p.userId)).toBe(0);
      expect((await counts()).journals).toBe(before.journals);
    });

    it('refuses every bad field with a coded error and stores nothing', async () => {
      const p = await player();
      const other = await player();
      const imageId = await imageOf(p.token);
      const othersImage = await imageOf(other.token);
      const before = await counts();
      const bad = async (body: Record<string, unknown>, status: number, code: string, message?: RegExp) =>
        expectRefused(await deposit(p, { imageId, ...body }), status, code, message);
      await bad({ amount: '500' }, 400, 'VALIDATION_FAILED', /numbers of rupees/);
      await bad({ amount: null }, 400, 'VALIDATION_FAILED');
      await bad({ amount: -500 }, 400, 'VALIDATION_FAILED', /more than zero/);
      await bad({ amount: 0 }, 400, 'VALIDATION_FAILED', /more than zero/);
      await bad({ amount: 500.001 }, 400, 'VALIDATION_FAILED', /two decimals/);
      await bad({ amount: 99.99 }, 422, 'AMOUNT_OUT_OF_RANGE', /from ₹100 to ₹1,00,000/);
      await bad({ amount: 100000.01 }, 422, 'AMOUNT_OUT_OF_RANGE');
      await bad({ amount: 1e30 }, 400, 'VALIDATION_FAILED');
      await bad({ paymentMethod: 'Usdt' }, 400, 'VALIDATION_FAILED');
      await bad({ paymentMethod: 7 }, 400, 'VALIDATION_FAILED');
      await bad({ utr: '12345678901' }, 400, 'VALIDATION_FAILED', /12-digit/);
      await bad({ utr: '1234567890123' }, 400, 'VALIDATION_FAILED', /12-digit/);
      await bad({ utr: '12345678901a' }, 400, 'VALIDATION_FAILED', /12-digit/);
      await bad({ utr: 123456789012 }, 400, 'VALIDATION_FAILED');
      await bad({ imageId: undefined }, 400, 'VALIDATION_FAILED');
      await bad({ imageId: 1.5 }, 400, 'VALIDATION_FAILED');
      await bad({ imageId: othersImage }, 404, 'NOT_FOUND', /screenshot/);
      await bad({ imageId: 99_999_999 }, 404, 'NOT_FOUND');
      expectRefused(
        await call(ctx.app, { url: '/DepositWithdrawal/CreateDeposit', body: { amount: 500 } }),
        401,
        'UNAUTHENTICATED',
      );
      // A method the domain's operator has switched off for deposits.
      await ctx.database.db.execute(
        sql`update cashier_settings set methods = '[{"method":"Upi","deposit":false,"withdrawal":true}]'::jsonb
            where domain_id = ${(await ctx.app.ledger.wallet(p.userId)).domainId}`,
      );
      try {
        await bad({}, 422, 'PAYMENT_METHOD_UNAVAILABLE', /Upi is not available for deposits/);
      } finally {
        await ctx.database.db.execute(
          sql`update cashier_settings set methods = ${JSON.stringify(
            ['Upi', 'Imps', 'PhonePay', 'Paytm', 'Gpay'].map((method) => ({
              method,
              deposit: true,
              withdrawal: true,
            })),
          )}::jsonb`,
        );
      }
      expect(await counts()).toEqual(before);
      expect(await balance(p.userId)).toBe(0);
    });

    it('a UTR is claimed once per domain, even by two claims at once', async () => {
      const p = await player();
      const other = await player();
      const utr = newUtr();
      expectOk(await deposit(p, { utr }));
      expectRefused(await deposit(p, { utr }), 409, 'UTR_ALREADY_USED', /claimed once/);
      expectRefused(await deposit(other, { utr }), 409, 'UTR_ALREADY_USED');
      // Spaces around it are the same UTR.
      expectRefused(await deposit(other, { utr: ` ${utr} ` }), 409, 'UTR_ALREADY_USED');

      const raced = newUtr();
      const [a, b] = await Promise.all([imageOf(p.token), imageOf(other.token)]);
      const outcomes = await Promise.all([
        deposit(p, { utr: raced, imageId: a }),
        deposit(other, { utr: raced, imageId: b }),
      ]);
      expect(outcomes.map(outcome).sort()).toEqual(['UTR_ALREADY_USED', 'ok']);
      const [row] = await queryRows<{ n: unknown }>(
        ctx.database.db,
        sql`select count(*) as n from payment_requests where utr = ${raced}`,
      );
      expect(num(row?.n)).toBe(1);
    });

    it('a demo account cannot deposit, withdraw or upload', async () => {
      const demo = expectOk(
        await call<{ accessToken: string; userId: number }>(ctx.app, { url: '/Account/LoginAsDemoUser' }),
      );
      expectRefused(await storeImage(demo.accessToken, dataUrl(PNG)), 403, 'DEMO_NOT_ALLOWED');
      expectRefused(await deposit({ token: demo.accessToken }, { imageId: 1 }), 403, 'DEMO_NOT_ALLOWED');
      expectRefused(await withdraw(demo.accessToken, { ...bank }), 403, 'DEMO_NOT_ALLOWED');
    });
  });

  describe('withdrawals', () => {
    it('holds the amount at once; the operator pays it with a UTR the player then sees', async () => {
      const p = await player();
      await fund(p.userId, 1000);
      const pushed = vi.spyOn(ctx.app.walletNotifier, 'changed');
      const created = expectOk(await withdraw(p.token, { amount: 300, ...bank, ifscCode: 'sbin0001234' }));
      expect(created).toMatchObject({
        type: 'Withdrawal',
        statusName: 'Pending',
        amount: 300,
        accountNumber: '********9012',
        ifscCode: 'SBIN0001234',
        utr: null,
      });
      expect(pushed).toHaveBeenCalledWith(p.userId);
      expect(await balance(p.userId)).toBe(700_00);
      expect(await held(p.userId)).toBe(300_00);

      expectRefused(await operator('approve-withdrawal', { id: created.id }), 400, 'VALIDATION_FAILED');
      expectRefused(
        await operator('approve-withdrawal', { id: created.id, utr: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expectRefused(
        await operator('approve-deposit', { id: created.id }),
        400,
        'BAD_REQUEST',
        /withdrawal, not a deposit/,
      );
      const paid = expectOk(
        await operator<Item>('approve-withdrawal', { id: created.id, utr: 'IMPS12345678' }),
      );
      expect(paid).toMatchObject({
        statusName: 'Approved',
        utr: 'IMPS12345678',
        accountNumber: '123456789012',
      });
      expect(await held(p.userId)).toBe(0);
      expect(await balance(p.userId)).toBe(700_00);
      expectRefused(
        await operator('approve-withdrawal', { id: created.id, utr: 'IMPS12345679' }),
        409,
        'REQUEST_NOT_PENDING',
      );
      expectRefused(
        await post(p.token, '/DepositWithdrawal/CancelRequest', { id: created.id }),
        409,
        'REQUEST_NOT_PENDING',
      );
      expect(await held(p.userId)).toBe(0);

      const history = expectOk(
        await call<{ totalCount: number; items: Item[] }>(ctx.app, {
          url: '/DepositWithdrawal/GetUserWithdrawalHistory',
          token: p.token,
        }),
      );
      expect(history.totalCount).toBe(1);
      expect(history.items[0]).toMatchObject({ statusName: 'Approved', utr: 'IMPS12345678' });
      expect(history.items[0]?.processedTime).not.toBeNull();

      // On the cash statement: the withdrawal once, when it was asked for, with the running balance.
      const statement = expectOk(
        await call<{ items: { kind: string; debit: number; balance: number }[] }>(ctx.app, {
          url: '/Transaction/GetHistory',
          token: p.token,
          query: { kind: 'withdrawal' },
        }),
      );
      expect(statement.items).toEqual([
        expect.objectContaining({ kind: 'withdrawal', debit: 300, balance: 700 }),
      ]);
    });

    it('a cancelled or rejected withdrawal returns the money and shows why', async () => {
      const p = await player();
      await fund(p.userId, 1000);
      const a = expectOk(
        await withdraw(p.token, { amount: 400, paymentMethod: 'Gpay', upiId: 'ravi.kumar@okicici' }),
      );
      expect(a.upiId).toBe('ra********@okicici');
      const b = expectOk(await withdraw(p.token, { amount: 250, ...bank }));
      expect(await balance(p.userId)).toBe(350_00);

      const other = await player();
      expectRefused(
        await post(other.token, '/DepositWithdrawal/CancelRequest', { id: a.id }),
        404,
        'NOT_FOUND',
      );
      const cancelled = expectOk(await post(p.token, '/DepositWithdrawal/CancelRequest', { id: a.id }));
      expect(cancelled).toMatchObject({ statusName: 'Cancelled', status: 4 });
      expectRefused(
        await post(p.token, '/DepositWithdrawal/CancelRequest', { id: a.id }),
        409,
        'REQUEST_NOT_PENDING',
      );
      expect(await balance(p.userId)).toBe(750_00);

      expectOk(await operator('reject', { id: b.id, reason: 'The account name does not match' }));
      expect(await balance(p.userId)).toBe(1000_00);
      expect(await held(p.userId)).toBe(0);
      const rejected = expectOk(await list(p.token, { type: 2, status: 3 }));
      expect(rejected.items).toEqual([
        expect.objectContaining({ id: b.id, reason: 'The account name does not match' }),
      ]);

      const statement = expectOk(
        await call<{ items: { kind: string; credit: number; debit: number; balance: number }[] }>(ctx.app, {
          url: '/Transaction/GetHistory',
          token: p.token,
        }),
      );
      expect(statement.items.map((l) => [l.kind, l.credit || -l.debit, l.balance])).toEqual([
        ['withdrawal_reversal', 250, 1000],
        ['withdrawal_reversal', 400, 750],
        ['withdrawal', -250, 350],
        ['withdrawal', -400, 600],
        ['adjustment', 1000, 1000],
      ]);
      const reversals = expectOk(
        await call<{ totalCount: number }>(ctx.app, {
          url: '/Transaction/GetHistory',
          token: p.token,
          query: { kind: 'withdrawal_reversal' },
        }),
      );
      expect(reversals.totalCount).toBe(2);

      // A deposit is not the player's to cancel.
      const d = expectOk(await deposit(p));
      expectRefused(
        await post(p.token, '/DepositWithdrawal/CancelRequest', { id: d.id }),
        400,
        'BAD_REQUEST',
      );
    });

    it('never more than the withdrawable amount (balance less exposure), even two at once', async () => {
      const p = await player();
      await fund(p.userId, 1000);
      // Open bets hold ₹300 of it.
      await ctx.app.ledger.transaction(async (money) => {
        await money.wallet(p.userId, { forUpdate: true });
        await money.reserveExposure(p.userId, paise(300_00));
      });
      const before = await counts();
      expectRefused(await withdraw(p.token, { amount: 701, ...bank }), 422, 'INSUFFICIENT_FUNDS', /₹700/);
      expect(await counts()).toEqual(before);
      const outcomes = await Promise.all([
        withdraw(p.token, { amount: 400, ...bank }),
        withdraw(p.token, { amount: 400, ...bank }),
      ]);
      expect(outcomes.map(outcome).sort()).toEqual(['INSUFFICIENT_FUNDS', 'ok']);
      expect(await balance(p.userId)).toBe(600_00);
      expect(await held(p.userId)).toBe(400_00);
      await ctx.app.ledger.transaction((money) => money.releaseExposure(p.userId, paise(300_00)));
    });

    it('an approval racing a cancellation: one wins, the money moves once', async () => {
      for (let round = 0; round < 3; round++) {
        const p = await player();
        await fund(p.userId, 500);
        const { id } = expectOk(await withdraw(p.token, { amount: 500, ...bank }));
        const [paid, cancelled] = await Promise.all([
          operator('approve-withdrawal', { id, utr: `UTR${String(round).padStart(9, '0')}` }),
          post(p.token, '/DepositWithdrawal/CancelRequest', { id }),
        ]);
        const results = [outcome(paid), outcome(cancelled)];
        expect(results.filter((r) => r === 'ok')).toHaveLength(1);
        expect(results.filter((r) => r === 'REQUEST_NOT_PENDING')).toHaveLength(1);
        expect(await held(p.userId)).toBe(0);
        expect(await balance(p.userId)).toBe(outcome(paid) === 'ok' ? 0 : 500_00);
      }
    });

    it('refuses every bad field with a coded error and holds nothing', async () => {
      const p = await player();
      await fund(p.userId, 100_000);
      const before = await counts();
      const bad = async (body: Record<string, unknown>, status: number, code: string, message?: RegExp) =>
        expectRefused(await withdraw(p.token, body), status, code, message);
      await bad({ ...bank, amount: 'all' }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, amount: -300 }, 400, 'VALIDATION_FAILED', /more than zero/);
      await bad({ ...bank, amount: 0 }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, amount: 300.555 }, 400, 'VALIDATION_FAILED', /two decimals/);
      await bad({ ...bank, amount: 199.99 }, 422, 'AMOUNT_OUT_OF_RANGE', /from ₹200 to ₹50,000/);
      await bad({ ...bank, amount: 50000.01 }, 422, 'AMOUNT_OUT_OF_RANGE');
      await bad({ ...bank, ifscCode: 'SBIN1001234' }, 400, 'VALIDATION_FAILED', /IFSC/);
      await bad({ ...bank, ifscCode: 'SBI0001234' }, 400, 'VALIDATION_FAILED', /IFSC/);
      await bad({ ...bank, accountNumber: '12345678' }, 400, 'VALIDATION_FAILED', /9 to 18 digits/);
      await bad({ ...bank, accountNumber: '1234567890123456789' }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, accountNumber: '12345678901x' }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, accountNumber: 123456789012 }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, accountHolderName: '' }, 400, 'VALIDATION_FAILED');
      await bad({ ...bank, accountHolderName: undefined }, 400, 'VALIDATION_FAILED', /needed/);
      await bad({ upiId: 'ravi' }, 400, 'VALIDATION_FAILED', /name@bank/);
      await bad({ upiId: 'ravi@' }, 400, 'VALIDATION_FAILED');
      await bad({ upiId: 'ravi@ok', ...bank }, 400, 'VALIDATION_FAILED', /not both/);
      await bad({}, 400, 'VALIDATION_FAILED', /UPI id or bank details/);
      await bad({ ...bank, paymentMethod: 'Cash' }, 400, 'VALIDATION_FAILED');
      expect(await counts()).toEqual(before);
      expect(await balance(p.userId)).toBe(100_000_00);
      expect(await held(p.userId)).toBe(0);
    });
  });

  describe('lists', () => {
    it("pages the player's own requests by type and status, newest first, and refuses bad filters", async () => {
      const p = await player();
      const other = await player();
      await fund(p.userId, 1000);
      await fund(other.userId, 1000);
      const d1 = expectOk(await deposit(p, { amount: 100 }));
      const w1 = expectOk(await withdraw(p.token, { amount: 200, ...bank }));
      const d2 = expectOk(await deposit(p, { amount: 300 }));
      expectOk(await deposit(other));
      expectOk(await operator('approve-deposit', { id: d2.id }));

      const all = expectOk(await list(p.token));
      expect(all.totalCount).toBe(3);
      expect(all.items.map((i) => i.id)).toEqual([d2.id, w1.id, d1.id]);
      for (const item of all.items) {
        expect(Object.keys(item).sort()).toEqual(
          [
            'id',
            'type',
            'amount',
            'paymentMethod',
            'status',
            'statusName',
            'utr',
            'accountNumber',
            'accountHolderName',
            'ifscCode',
            'upiId',
            'creationTime',
            'processedTime',
            'reason',
          ].sort(),
        );
      }
      expect(expectOk(await list(p.token, { type: 1 })).items.map((i) => i.id)).toEqual([d2.id, d1.id]);
      expect(expectOk(await list(p.token, { type: 2 })).items.map((i) => i.id)).toEqual([w1.id]);
      expect(expectOk(await list(p.token, { status: 2 })).items.map((i) => i.id)).toEqual([d2.id]);
      expect(expectOk(await list(p.token, { type: '1', status: '1' })).items.map((i) => i.id)).toEqual([
        d1.id,
      ]);
      const page = expectOk(await list(p.token, { MaxResultCount: 1, SkipCount: 1 }));
      expect(page).toMatchObject({ totalCount: 3, items: [expect.objectContaining({ id: w1.id })] });
      const same = expectOk(
        await post<{ totalCount: number }>(p.token, '/DepositWithdrawal/PlayerRequests', { type: 0 }),
      );
      expect(same.totalCount).toBe(3);

      for (const body of [
        { type: 3 },
        { status: 5 },
        { type: true },
        { status: [] },
        { MaxResultCount: 0 },
      ]) {
        expectRefused(await list(p.token, body), 400, 'VALIDATION_FAILED');
      }
      expectRefused(
        await call(ctx.app, { url: '/DepositWithdrawal/GetDepositWithdrawals', body: {} }),
        401,
        'UNAUTHENTICATED',
      );
      // The operator's queue needs an operator (a token, or the key): without one, 401.
      expectRefused(await call(ctx.app, { url: '/admin/payment-requests' }), 401, 'UNAUTHENTICATED');
      expectRefused(
        await call(ctx.app, { url: '/admin/payment-requests/approve-deposit', body: { id: d1.id } }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });
});
