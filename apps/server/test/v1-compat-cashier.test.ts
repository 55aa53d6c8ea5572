import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { expectLedgerBalanced } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified } from './helpers';
import { demoOperatorTokens } from './operator-helpers';

/*
 * The family's V1 client asks for money in and out with one call,
 * POST DepositWithdrawal/CreateRequestForDepositWithdrawal (Part A of the API shapes): `type` 1 a
 * deposit with its payment screenshot as a base64 data URL in `imageUrl` and no UTR, `type` 2 a
 * withdrawal to a bank account. Sent here exactly as that client's axios sends it (a JSON body,
 * numbers as numbers). It is answered as CreateDeposit / CreateWithdrawal answer, under their
 * rules; a V1 deposit waits without a UTR, and the operator who approves it gives the UTR read from
 * the screenshot, claimed once per site as a typed one is. Bad input is refused with a code and
 * changes nothing; the books balance after every test.
 */

const V1_URL = '/DepositWithdrawal/CreateRequestForDepositWithdrawal';
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
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
  accountHolderName: string | null;
  ifscCode: string | null;
  upiId: string | null;
  creationTime: string;
  processedTime: string | null;
  reason: string | null;
}

describe.each(backends)('the V1 client of the family: CreateRequestForDepositWithdrawal (%s)', (backend) => {
  let ctx: TestContext;
  let finance: string;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    ({ finance, owner } = await demoOperatorTokens(ctx.app));
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  let seq = 0;
  /** Distinct screenshot bytes per call. */
  const screenshot = () => dataUrl(Buffer.concat([PNG, Buffer.from(`#v1-${backend}-${++seq}`)]));
  /** A UTR no other test in this run has used. */
  const newUtr = () => `${String(Date.now()).slice(-7)}${String(++seq).padStart(5, '0')}`;
  async function player() {
    const { login } = await registerVerified(ctx.app);
    return { token: login.accessToken, userId: login.userId };
  }
  const v1 = (token: string | undefined, body: unknown) => call<Item>(ctx.app, { url: V1_URL, body, token });
  const operator = <T = Item>(url: string, body?: unknown) =>
    call<T>(ctx.app, {
      url: `/admin/payment-requests${url}`,
      ...(body !== undefined ? { body } : {}),
      token: finance,
    });
  async function fund(userId: number, rupees: number) {
    expectOk(
      await call(ctx.app, {
        url: '/admin/wallets/adjust',
        body: { userId, amount: rupees, reason: 'test funds', reference: `v1-cashier-${backend}-${++seq}` },
        token: owner,
      }),
    );
  }
  const balance = async (userId: number) => (await ctx.app.ledger.wallet(userId)).balancePaise;
  const held = (userId: number) => ctx.app.ledger.transaction((money) => money.heldBalance(userId));
  const counts = async () => {
    const [row] = await queryRows<{ r: unknown; i: unknown; j: unknown }>(
      ctx.database.db,
      sql`select (select count(*) from payment_requests) as r, (select count(*) from payment_images) as i,
            (select count(*) from journals) as j`,
    );
    return { requests: num(row?.r), images: num(row?.i), journals: num(row?.j) };
  };
  const bank = { accountNumber: '123456789012', accountHolderName: 'Ravi Kumar', ifscCode: 'SBIN0001234' };

  it('type 1: a deposit with its screenshot as a data URL waits, Pending and without a UTR, as CreateDeposit answers', async () => {
    const p = await player();
    const image = screenshot();
    const created = expectOk(
      await v1(p.token, { type: 1, amount: 500, paymentMethod: 'Upi', imageUrl: image }),
    );
    expect(created).toMatchObject({
      type: 'Deposit',
      amount: 500,
      paymentMethod: 'Upi',
      status: 1,
      statusName: 'Pending',
      utr: null,
      processedTime: null,
      reason: null,
    });
    expect(await balance(p.userId)).toBe(0);
    // In the player's list as any deposit, and in the operator's queue with the screenshot.
    const mine = expectOk(
      await call<{ items: Item[] }>(ctx.app, {
        url: '/DepositWithdrawal/GetDepositWithdrawals',
        body: {},
        token: p.token,
      }),
    );
    expect(mine.items).toEqual([created]);
    const queue = expectOk(await operator<{ items: (Item & { imageUrl: string | null })[] }>(''));
    const queued = queue.items.find((i) => i.id === created.id);
    expect(queued).toMatchObject({ userId: p.userId, utr: null, statusName: 'Pending' });
    const served = await ctx.app.inject({
      method: 'GET',
      url: queued?.imageUrl ?? '',
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(image.split(',')[1] ?? '', 'base64'))).toBe(true);
  });

  it('approving a V1 deposit takes the UTR read from the screenshot, claimed once per site, and credits once', async () => {
    const p = await player();
    const { id } = expectOk(
      await v1(p.token, { type: 1, amount: 750, paymentMethod: 'PhonePay', imageUrl: screenshot() }),
    );
    const before = await counts();
    // Without the UTR: refused, still pending, nothing moved.
    expectRefused(await operator('/approve-deposit', { id }), 400, 'BAD_REQUEST', /without a UTR/);
    expectRefused(await operator('/approve-deposit', { id, utr: '12345' }), 400, 'VALIDATION_FAILED');
    // A UTR another deposit already claims: refused, still pending.
    const other = await player();
    const claimed = newUtr();
    const imageId = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: screenshot() },
        token: other.token,
      }),
    ).imageId;
    expectOk(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: 100, paymentMethod: 'Upi', utr: claimed, imageId },
        token: other.token,
      }),
    );
    const afterOther = await counts();
    expectRefused(await operator('/approve-deposit', { id, utr: claimed }), 409, 'UTR_ALREADY_USED');
    expect(await counts()).toEqual(afterOther);
    expect(afterOther.journals).toBe(before.journals);
    expect(await balance(p.userId)).toBe(0);

    const utr = newUtr();
    const approved = expectOk(await operator('/approve-deposit', { id, utr: ` ${utr} ` }));
    expect(approved).toMatchObject({ id, statusName: 'Approved', utr });
    expect(await balance(p.userId)).toBe(750_00);
    expectRefused(await operator('/approve-deposit', { id, utr }), 409, 'REQUEST_NOT_PENDING');
    expect(await balance(p.userId)).toBe(750_00);
    // The player sees the UTR; the same payment cannot be claimed again by hand.
    const mine = expectOk(
      await call<{ items: Item[] }>(ctx.app, {
        url: '/DepositWithdrawal/GetDepositWithdrawals',
        body: { type: 1 },
        token: p.token,
      }),
    );
    expect(mine.items[0]).toMatchObject({ id, utr, statusName: 'Approved' });
    const again = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: screenshot() },
        token: p.token,
      }),
    ).imageId;
    expectRefused(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: 750, paymentMethod: 'Upi', utr, imageId: again },
        token: p.token,
      }),
      409,
      'UTR_ALREADY_USED',
    );
    // A typed deposit keeps its own UTR: an operator cannot give it another.
    const typed = await call<Item>(ctx.app, {
      url: '/DepositWithdrawal/CreateDeposit',
      body: { amount: 100, paymentMethod: 'Upi', utr: newUtr(), imageId: again },
      token: p.token,
    });
    const typedId = expectOk(typed).id;
    expectRefused(
      await operator('/approve-deposit', { id: typedId, utr: newUtr() }),
      400,
      'BAD_REQUEST',
      /not changed/,
    );
    expectOk(await operator('/approve-deposit', { id: typedId, utr: typed.body.result.utr }));
    expect(await balance(p.userId)).toBe(850_00);
  });

  it('the same screenshot sent twice: its UTR credits one of the two, the other is left for the operator to reject', async () => {
    const p = await player();
    const image = screenshot();
    const body = { type: 1, amount: 300, paymentMethod: 'Gpay', imageUrl: image };
    const first = expectOk(await v1(p.token, body));
    const second = expectOk(await v1(p.token, body));
    const utr = newUtr();
    expectOk(await operator('/approve-deposit', { id: first.id, utr }));
    expectRefused(await operator('/approve-deposit', { id: second.id, utr }), 409, 'UTR_ALREADY_USED');
    expectOk(await operator('/reject', { id: second.id, reason: 'The same payment was claimed twice' }));
    expect(await balance(p.userId)).toBe(300_00);
  });

  it("imageUrl may be the url Setting/StoreImage answered, the player's own only", async () => {
    const p = await player();
    const stored = expectOk(
      await call<{ imageId: number; url: string }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: screenshot() },
        token: p.token,
      }),
    );
    const before = await counts();
    const created = expectOk(
      await v1(p.token, { type: 1, amount: 200, paymentMethod: 'Paytm', imageUrl: stored.url }),
    );
    expect(created).toMatchObject({ statusName: 'Pending', utr: null });
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1 });
    const absolute = `http://localhost${stored.url}`;
    expectOk(await v1(p.token, { type: 1, amount: 200, paymentMethod: 'Paytm', imageUrl: absolute }));
    const other = await player();
    const after = await counts();
    expectRefused(
      await v1(other.token, { type: 1, amount: 200, paymentMethod: 'Upi', imageUrl: stored.url }),
      404,
      'NOT_FOUND',
      /screenshot/,
    );
    expect(await counts()).toEqual(after);
  });

  it('type 2: a withdrawal to a bank account is held at once, as CreateWithdrawal answers', async () => {
    const p = await player();
    await fund(p.userId, 1000);
    const created = expectOk(
      await v1(p.token, { type: 2, amount: 300, paymentMethod: 'Imps', ...bank, ifscCode: 'sbin0001234' }),
    );
    expect(created).toMatchObject({
      type: 'Withdrawal',
      amount: 300,
      paymentMethod: 'Imps',
      statusName: 'Pending',
      accountNumber: '********9012',
      accountHolderName: 'Ravi Kumar',
      ifscCode: 'SBIN0001234',
      utr: null,
    });
    expect(await balance(p.userId)).toBe(700_00);
    expect(await held(p.userId)).toBe(300_00);
    // An imageUrl a V1 form sends along with a withdrawal is not read.
    expectOk(await v1(p.token, { type: 2, amount: 200, paymentMethod: 'Imps', ...bank, imageUrl: '' }));
    expect(await held(p.userId)).toBe(500_00);
    // Cancelled as any withdrawal: the money comes back.
    expectOk(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CancelRequest',
        body: { id: created.id },
        token: p.token,
      }),
    );
    expect(await balance(p.userId)).toBe(800_00);
    expect(await held(p.userId)).toBe(200_00);
  });

  it('refuses every bad field with a coded error and changes nothing', async () => {
    const p = await player();
    await fund(p.userId, 1000);
    // A demo account (its play money is a journal of its own, written before the count).
    const demo = expectOk(
      await call<{ accessToken: string }>(ctx.app, { url: '/Account/LoginAsDemoUser' }),
    ).accessToken;
    const before = await counts();
    const deposit = { type: 1, amount: 500, paymentMethod: 'Upi', imageUrl: screenshot() };
    const withdrawal = { type: 2, amount: 300, paymentMethod: 'Imps', ...bank };
    const bad = async (body: unknown, status: number, code: string, message?: RegExp) =>
      expectRefused(await v1(p.token, body), status, code, message);
    // The type.
    await bad({ ...deposit, type: 3 }, 400, 'VALIDATION_FAILED', /type is 1 .* or 2/);
    await bad({ ...deposit, type: 0 }, 400, 'VALIDATION_FAILED');
    await bad({ ...deposit, type: '1' }, 400, 'VALIDATION_FAILED');
    await bad({ ...deposit, type: null }, 400, 'VALIDATION_FAILED');
    const { type: _type, ...untyped } = deposit;
    await bad(untyped, 400, 'VALIDATION_FAILED');
    await bad([deposit], 400, 'VALIDATION_FAILED');
    // The amount.
    for (const body of [deposit, withdrawal]) {
      await bad({ ...body, amount: '500' }, 400, 'VALIDATION_FAILED');
      await bad({ ...body, amount: -500 }, 400, 'VALIDATION_FAILED', /more than zero/);
      await bad({ ...body, amount: 0 }, 400, 'VALIDATION_FAILED', /more than zero/);
      await bad({ ...body, amount: 500.001 }, 400, 'VALIDATION_FAILED', /two decimals/);
      await bad({ ...body, amount: 1e30 }, 400, 'VALIDATION_FAILED');
      await bad({ ...body, paymentMethod: 'Usdt' }, 400, 'VALIDATION_FAILED');
    }
    await bad({ ...deposit, amount: 99.99 }, 422, 'AMOUNT_OUT_OF_RANGE', /from ₹100 to ₹1,00,000/);
    await bad({ ...deposit, amount: 100000.01 }, 422, 'AMOUNT_OUT_OF_RANGE');
    await bad({ ...withdrawal, amount: 199.99 }, 422, 'AMOUNT_OUT_OF_RANGE', /from ₹200 to ₹50,000/);
    await bad({ ...withdrawal, amount: 50000.01 }, 422, 'AMOUNT_OUT_OF_RANGE');
    await bad({ ...withdrawal, amount: 1000.01 }, 422, 'INSUFFICIENT_FUNDS');
    // The screenshot.
    await bad({ ...deposit, imageUrl: undefined }, 400, 'VALIDATION_FAILED', /screenshot/);
    await bad({ ...deposit, imageUrl: '' }, 400, 'VALIDATION_FAILED', /screenshot/);
    await bad({ ...deposit, imageUrl: 12345 }, 400, 'VALIDATION_FAILED');
    await bad(
      { ...deposit, imageUrl: dataUrl(Buffer.from('plain text, not a picture of a payment'), 'image/png') },
      400,
      'IMAGE_INVALID',
    );
    await bad({ ...deposit, imageUrl: 'https://example.com/slip.png' }, 400, 'IMAGE_INVALID');
    await bad({ ...deposit, imageUrl: '/Setting/Image/99999999' }, 404, 'NOT_FOUND');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length + 1)]);
    await bad({ ...deposit, imageUrl: dataUrl(big) }, 413, 'IMAGE_TOO_LARGE');
    await bad({ ...deposit, imageUrl: dataUrl(Buffer.alloc(7 * 1024 * 1024)) }, 413, 'PAYLOAD_TOO_LARGE');
    // An image that is fine with an amount out of range is refused before it is stored.
    await bad({ ...deposit, amount: 50 }, 422, 'AMOUNT_OUT_OF_RANGE');
    // The bank account.
    await bad({ ...withdrawal, ifscCode: 'SBIN1001234' }, 400, 'VALIDATION_FAILED', /IFSC/);
    await bad({ ...withdrawal, accountNumber: '12345678' }, 400, 'VALIDATION_FAILED', /9 to 18 digits/);
    await bad({ ...withdrawal, accountNumber: 123456789012 }, 400, 'VALIDATION_FAILED');
    await bad({ ...withdrawal, accountHolderName: undefined }, 400, 'VALIDATION_FAILED', /needed/);
    await bad({ type: 2, amount: 300, paymentMethod: 'Imps' }, 400, 'VALIDATION_FAILED', /bank details/);
    // Who asks.
    expectRefused(await v1(undefined, deposit), 401, 'UNAUTHENTICATED');
    expectRefused(await v1(demo, deposit), 403, 'DEMO_NOT_ALLOWED');
    expectRefused(await v1(demo, withdrawal), 403, 'DEMO_NOT_ALLOWED');

    expect(await counts()).toEqual(before);
    expect(await balance(p.userId)).toBe(1000_00);
    expect(await held(p.userId)).toBe(0);
  });
});
