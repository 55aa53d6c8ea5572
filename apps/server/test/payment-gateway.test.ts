import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { signSandboxNotice } from '../src/money';
import { expectLedgerBalanced, demoPlayer } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, register, registerVerified, verify, type Answer } from './helpers';

/*
 * Gateway deposits end to end through the HTTP API (section C1), on the sandbox provider: an order
 * (its UPI link and QR code), paid or declined on the sandbox's page, the signed notice to our
 * webhook, Check, and a credit exactly once whichever sees the payment first. Forged, replayed and
 * mismatched notices are refused with a code and change nothing; the books balance after each test.
 */

interface Order {
  orderId: string;
  upiUri: string;
  qrSvg: string;
  qrDataUrl: string;
  sandboxUrl?: string;
  amount: number;
  expiresAt: string;
}
interface Checked {
  orderId: string;
  status: 'Pending' | 'Success' | 'Failed' | 'Expired';
  amount: number;
  utr: string | null;
}
interface Outcome {
  orderId: string;
  status: string;
  utr: string | null;
  noticeStatus: number | null;
}

const WEBHOOK = '/api/Payment/Webhook/sandbox';
/** A real 1×1 PNG, for a manual deposit's screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The QR code's SVG (qrcode's path of dark runs) drawn as pixels and read back with jsQR. */
function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === 'M') [x, y] = [n, Number(b)];
    else if (cmd === 'm') [x, y] = [x + n, y + Number(b)];
    else {
      for (let i = 0; i < n; i++) dark.add(`${x + i},${Math.floor(y)}`);
      x += n;
    }
  }
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      if (dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`)) {
        const at = (py * width + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe.each(backends)('gateway deposits (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  const secret = () => ctx.config.paymentWebhookSecret ?? '';
  async function player() {
    const { login } = await registerVerified(ctx.app);
    return { token: login.accessToken, userId: login.userId };
  }
  const balance = async (userId: number) => (await ctx.app.ledger.wallet(userId)).balancePaise;
  const generate = (token: string | undefined, body: unknown) =>
    call<Order>(ctx.app, { url: '/api/Payment/Generate', body, token });
  const check = (token: string, orderId: unknown) =>
    call<Checked>(ctx.app, { url: '/api/Payment/Check', body: { orderId }, token });
  const sandbox = (orderId: string, action: 'pay' | 'decline' | 'notify', body?: unknown) =>
    call<Outcome>(ctx.app, {
      url: `/sandbox/upi/${orderId}/${action}`,
      method: 'POST',
      ...(body !== undefined ? { body } : {}),
    });
  async function order(who: { token: string }, amount = 500) {
    return expectOk(await generate(who.token, { amount }));
  }
  const notice = (
    fields: Partial<{
      noticeId: string;
      orderId: string;
      status: string;
      amountPaise: number;
      utr: string | null;
    }>,
    opts: { secret?: string; at?: Date } = {},
  ) =>
    signSandboxNotice(
      opts.secret ?? secret(),
      {
        noticeId: `ntc_test_${Math.random().toString(36).slice(2)}`,
        orderId: '',
        status: 'Success',
        amountPaise: 50_000,
        utr: '123456789012',
        sentAt: new Date().toISOString(),
        ...fields,
      } as never,
      opts.at ?? new Date(),
    );
  const deliver = (n: { headers: Record<string, string>; body: string }) =>
    call<{ orderId: string; status: string }>(ctx.app, {
      url: WEBHOOK,
      raw: { payload: n.body, contentType: 'application/json' },
      headers: n.headers,
    });
  /** The order's row, its notices and its journals: what a refused call must leave as it was. */
  async function stateOf(orderId: string) {
    const [row] = await queryRows<{
      status: string;
      utr: string | null;
      late: boolean;
      n: unknown;
      j: unknown;
    }>(
      ctx.database.db,
      sql`select o.status, o.utr, o.late_success as late,
            (select count(*) from payment_notices where order_id = o.id) as n,
            (select count(*) from journals where reference = ${`gateway:${orderId}`}) as j
          from payment_orders o where o.id = ${orderId}`,
    );
    return (
      row && { status: row.status, utr: row.utr, late: row.late, notices: num(row.n), journals: num(row.j) }
    );
  }
  async function expire(orderId: string) {
    await ctx.database.db.execute(
      sql`update payment_orders set expires_at = now() - interval '1 minute' where id = ${orderId}`,
    );
    await ctx.database.db.execute(
      sql`update sandbox_upi_orders set expires_at = now() - interval '1 minute' where order_id = ${orderId}`,
    );
  }
  async function withCashier(change: ReturnType<typeof sql>, work: () => Promise<void>) {
    const [before] = await queryRows<{ payee: string; gateway: boolean }>(
      ctx.database.db,
      sql`select upi_payee_name as payee, gateway_enabled as gateway from cashier_settings
          where domain_id = (select id from domains where name = 'test')`,
    );
    await ctx.database.db.execute(
      sql`update cashier_settings set ${change} where domain_id = (select id from domains where name = 'test')`,
    );
    try {
      await work();
    } finally {
      await ctx.database.db.execute(
        sql`update cashier_settings set upi_payee_name = ${before?.payee ?? ''}, gateway_enabled = ${before?.gateway ?? true}
            where domain_id = (select id from domains where name = 'test')`,
      );
    }
  }
  const credits = async (orderId: string) => (await stateOf(orderId))?.journals;

  it('Generate answers the UPI link of a 15-minute order and its QR code, which decodes to the link', async () => {
    const p = await player();
    const before = Date.now();
    const o = await order(p, 1234.5);
    expect(o.orderId).toMatch(/^[A-Z0-9]{10,35}$/);
    expect(o.amount).toBe(1234.5);
    expect(o.upiUri).toBe(
      `upi://pay?pa=backlay.demo@okaxis&pn=Backlay%20Demo&am=1234.50&cu=INR&tr=${o.orderId}&tn=Wallet%20deposit`,
    );
    const expires = Date.parse(o.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 60_000);
    expect(o.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(decodeQrSvg(o.qrSvg)).toBe(o.upiUri);
    // The same QR as a data URL for an <img> (a client stripping HTML from answers keeps it whole).
    const [, base64] = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/]+={0,2})$/.exec(o.qrDataUrl) ?? [];
    expect(Buffer.from(base64 ?? '', 'base64').toString('utf8')).toBe(o.qrSvg);
    // The sandbox says where a tester pays it; that page is the sandbox's order page.
    expect(o.sandboxUrl).toBe(`/sandbox/upi/${o.orderId}`);
    const page = await ctx.app.inject({ method: 'GET', url: o.sandboxUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(o.orderId);
    expect(expectOk(await check(p.token, o.orderId))).toEqual({
      orderId: o.orderId,
      status: 'Pending',
      amount: 1234.5,
      utr: null,
    });
  });

  it('a payee name with spaces and an & is percent-encoded: %20 and %26, never +', async () => {
    const p = await player();
    await withCashier(sql`upi_payee_name = 'Backlay & Sons+Co Pvt'`, async () => {
      const o = await order(p, 100);
      expect(o.upiUri).toContain('pn=Backlay%20%26%20Sons%2BCo%20Pvt&');
      expect(o.upiUri.split('?')[1]).not.toMatch(/[ +]/);
      expect(decodeQrSvg(o.qrSvg)).toBe(o.upiUri);
    });
  });

  it('paid in the sandbox: the signed notice credits the wallet once, and Check then answers Success with the UTR', async () => {
    const p = await player();
    const credited: unknown[] = [];
    const stop = ctx.app.domainEvents.on('DepositCredited', (e) => void credited.push(e));
    try {
      const o = await order(p, 750);
      const paid = expectOk(await sandbox(o.orderId, 'pay'));
      expect(paid).toMatchObject({ orderId: o.orderId, status: 'Success', noticeStatus: 200 });
      expect(paid.utr).toMatch(/^[1-9]\d{11}$/);
      expect(await balance(p.userId)).toBe(75_000);
      const checked = expectOk(await check(p.token, o.orderId));
      expect(checked).toEqual({ orderId: o.orderId, status: 'Success', amount: 750, utr: paid.utr });
      // The notice again, resent as a new notice, and more Checks: no second credit.
      expect(expectOk(await sandbox(o.orderId, 'notify')).noticeStatus).toBe(200);
      expectOk(await check(p.token, o.orderId));
      expect(await balance(p.userId)).toBe(75_000);
      expect(await stateOf(o.orderId)).toMatchObject({
        status: 'SUCCESS',
        utr: paid.utr,
        journals: 1,
        notices: 2,
      });
      expect(credited).toEqual([
        expect.objectContaining({ type: 'DepositCredited', userId: p.userId, amountPaise: 75_000 }),
      ]);
    } finally {
      stop?.();
    }
  });

  it("a credited order is an approved deposit in the player's list, and its UTR cannot be claimed again by hand", async () => {
    const p = await player();
    const o = await order(p, 600);
    const paid = expectOk(await sandbox(o.orderId, 'pay'));
    const list = expectOk(
      await call<{ totalCount: number; items: Record<string, unknown>[] }>(ctx.app, {
        url: '/DepositWithdrawal/GetDepositWithdrawals',
        body: {},
        token: p.token,
      }),
    );
    expect(list.totalCount).toBe(1);
    expect(list.items[0]).toMatchObject({
      type: 'Deposit',
      amount: 600,
      paymentMethod: 'Upi',
      statusName: 'Approved',
      utr: paid.utr,
    });
    const image = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: `data:image/png;base64,${PNG.toString('base64')}` },
        token: p.token,
      }),
    );
    expectRefused(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: 600, paymentMethod: 'Upi', utr: paid.utr, imageId: image.imageId },
        token: p.token,
      }),
      409,
      'UTR_ALREADY_USED',
    );
    expect(await balance(p.userId)).toBe(60_000);
  });

  it('a UTR a manual deposit claimed first: the gateway still credits its order, and the claim stays for the operator', async () => {
    const p = await player();
    const utr = `7${String(Date.now()).slice(-11)}`;
    const image = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(utr)]).toString('base64')}` },
        token: p.token,
      }),
    );
    const manual = expectOk(
      await call<{ id: number }>(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: 500, paymentMethod: 'Upi', utr, imageId: image.imageId },
        token: p.token,
      }),
    );
    const o = await order(p, 500);
    expect(expectOk(await deliver(notice({ orderId: o.orderId, amountPaise: 50_000, utr }))).status).toBe(
      'Success',
    );
    expect(await balance(p.userId)).toBe(50_000);
    const rows = await queryRows<{ id: unknown; utr: string | null; status: string }>(
      ctx.database.db,
      sql`select id, utr, status from payment_requests where user_id = ${p.userId} order by id`,
    );
    expect(rows.map((r) => ({ id: num(r.id), utr: r.utr, status: r.status }))).toEqual([
      { id: manual.id, utr, status: 'PENDING' },
      { id: expect.any(Number), utr: null, status: 'APPROVED' },
    ]);
  });

  it('a notice lost on the way: Check sees Success first and credits, the late notice credits nothing', async () => {
    const p = await player();
    const o = await order(p, 300);
    const paid = expectOk(await sandbox(o.orderId, 'pay', { notify: false }));
    expect(paid.noticeStatus).toBeNull();
    expect(await balance(p.userId)).toBe(0);
    expect(expectOk(await check(p.token, o.orderId))).toMatchObject({ status: 'Success', utr: paid.utr });
    expect(await balance(p.userId)).toBe(30_000);
    expect(expectOk(await sandbox(o.orderId, 'notify')).noticeStatus).toBe(200);
    expect(await balance(p.userId)).toBe(30_000);
    expect(await credits(o.orderId)).toBe(1);
  });

  it('a notice and Checks at once credit once', async () => {
    const p = await player();
    const o = await order(p, 400);
    expectOk(await sandbox(o.orderId, 'pay', { notify: false }));
    const [n1, c1, n2, c2, c3] = await Promise.all([
      sandbox(o.orderId, 'notify'),
      check(p.token, o.orderId),
      sandbox(o.orderId, 'notify'),
      check(p.token, o.orderId),
      check(p.token, o.orderId),
    ]);
    // Each notice was taken (200): a new notice of a paid order is no replay and credits nothing more.
    for (const n of [n1, n2]) expect(expectOk(n).noticeStatus).toBe(200);
    for (const c of [c1, c2, c3]) expect(expectOk(c).status).toBe('Success');
    expect(await balance(p.userId)).toBe(40_000);
    expect(await credits(o.orderId)).toBe(1);
    // Paying (with its notice) racing Checks too.
    const o2 = await order(p, 100);
    await Promise.all([sandbox(o2.orderId, 'pay'), check(p.token, o2.orderId), check(p.token, o2.orderId)]);
    expect(expectOk(await check(p.token, o2.orderId)).status).toBe('Success');
    expect(await balance(p.userId)).toBe(50_000);
    expect(await credits(o2.orderId)).toBe(1);
  });

  it('declined in the sandbox: Failed, no credit, and it can no longer be paid', async () => {
    const p = await player();
    const o = await order(p, 200);
    expect(expectOk(await sandbox(o.orderId, 'decline'))).toMatchObject({
      status: 'Failed',
      noticeStatus: 200,
    });
    expect(expectOk(await check(p.token, o.orderId))).toMatchObject({ status: 'Failed', utr: null });
    expectRefused(await sandbox(o.orderId, 'pay'), 409, 'PAYMENT_ORDER_CLOSED');
    expectRefused(await sandbox(o.orderId, 'decline'), 409, 'PAYMENT_ORDER_CLOSED');
    expect(await balance(p.userId)).toBe(0);
    expect(await stateOf(o.orderId)).toMatchObject({ status: 'FAILED', journals: 0 });
  });

  it('an order past its 15 minutes is Expired and cannot be paid', async () => {
    const p = await player();
    const o = await order(p, 200);
    await expire(o.orderId);
    expect(expectOk(await check(p.token, o.orderId))).toMatchObject({ status: 'Expired', utr: null });
    expectRefused(await sandbox(o.orderId, 'pay'), 409, 'PAYMENT_ORDER_CLOSED', /expired/);
    expect(expectOk(await check(p.token, o.orderId)).status).toBe('Expired');
    expect(await balance(p.userId)).toBe(0);
  });

  it('a Success the provider reports after expiry is still credited, once, and marked late', async () => {
    const p = await player();
    const o = await order(p, 500);
    await expire(o.orderId);
    expect(expectOk(await check(p.token, o.orderId)).status).toBe('Expired');
    const late = notice({ orderId: o.orderId, amountPaise: 50_000, utr: '987654321098' });
    expect(expectOk(await deliver(late))).toEqual({ orderId: o.orderId, status: 'Success' });
    expect(await balance(p.userId)).toBe(50_000);
    expect(await stateOf(o.orderId)).toMatchObject({
      status: 'SUCCESS',
      late: true,
      utr: '987654321098',
      journals: 1,
    });
    expect(expectOk(await check(p.token, o.orderId))).toMatchObject({
      status: 'Success',
      utr: '987654321098',
    });
  });

  it('a forged or tampered notice is refused and changes nothing', async () => {
    const p = await player();
    const o = await order(p, 500);
    const before = await stateOf(o.orderId);
    const forged = notice({ orderId: o.orderId }, { secret: 'not-the-provider-secret-0123456789abcdef' });
    expectRefused(await deliver(forged), 401, 'PAYMENT_NOTICE_INVALID');
    const good = notice({ orderId: o.orderId, amountPaise: 50_000 });
    const tampered = { ...good, body: good.body.replace('50000', '5000000') };
    expectRefused(await deliver(tampered), 401, 'PAYMENT_NOTICE_INVALID');
    const unsigned = { headers: { 'content-type': 'application/json' }, body: good.body };
    expectRefused(await deliver(unsigned), 401, 'PAYMENT_NOTICE_INVALID');
    const signedJunk = signSandboxNotice(secret(), { hello: 'world' } as never, new Date());
    expectRefused(await deliver(signedJunk), 401, 'PAYMENT_NOTICE_INVALID', /not a notice/);
    expect(await stateOf(o.orderId)).toEqual(before);
    expect(await balance(p.userId)).toBe(0);
  });

  it('a replayed notice, or one signed too long ago, is refused and changes nothing', async () => {
    const p = await player();
    const o = await order(p, 500);
    const declined = notice({ orderId: o.orderId, status: 'Failed', utr: null });
    expect(expectOk(await deliver(declined)).status).toBe('Failed');
    const after = await stateOf(o.orderId);
    expectRefused(await deliver(declined), 409, 'PAYMENT_NOTICE_REPLAYED');
    const old = notice(
      { orderId: o.orderId, utr: '111122223333' },
      { at: new Date(Date.now() - 10 * 60_000) },
    );
    expectRefused(await deliver(old), 409, 'PAYMENT_NOTICE_REPLAYED', /too old/);
    expect(await stateOf(o.orderId)).toEqual(after);
    expect(await balance(p.userId)).toBe(0);
  });

  it("a Success notice that does not match the order's amount credits nothing", async () => {
    const p = await player();
    const o = await order(p, 500);
    expectRefused(
      await deliver(notice({ orderId: o.orderId, amountPaise: 5_000_000 })),
      422,
      'PAYMENT_NOTICE_MISMATCH',
    );
    expect(await stateOf(o.orderId)).toMatchObject({ status: 'PENDING', notices: 0, journals: 0 });
    expectRefused(await deliver(notice({ orderId: 'BLNOSUCHORDER0000' })), 404, 'NOT_FOUND');
    expect(await balance(p.userId)).toBe(0);
  });

  it("Check answers only the order's owner: another player's order is 404 and reveals nothing", async () => {
    const owner = await player();
    const other = await player();
    const o = await order(owner, 500);
    const theirs = await check(other.token, o.orderId);
    expectRefused(theirs, 404, 'NOT_FOUND');
    expect(JSON.stringify(theirs.body)).not.toContain('500');
    expectRefused(await check(other.token, 'BLNOSUCHORDER0000'), 404, 'NOT_FOUND');
    expectRefused(await check(other.token, 'bl-lower-case!'), 400, 'VALIDATION_FAILED');
    expectRefused(await check(other.token, 12345), 400, 'VALIDATION_FAILED');
    expectRefused(
      await call(ctx.app, { url: '/api/Payment/Check', body: { orderId: o.orderId } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('bad amounts are refused with a code and open no order', async () => {
    const p = await player();
    const count = async () =>
      num(
        (await queryRows<{ n: unknown }>(ctx.database.db, sql`select count(*) as n from payment_orders`))[0]
          ?.n,
      );
    const before = await count();
    const cases: [unknown, number, string][] = [
      ['500', 400, 'VALIDATION_FAILED'],
      [true, 400, 'VALIDATION_FAILED'],
      [null, 400, 'VALIDATION_FAILED'],
      [undefined, 400, 'VALIDATION_FAILED'],
      [-500, 400, 'VALIDATION_FAILED'],
      [0, 400, 'VALIDATION_FAILED'],
      [100.001, 400, 'VALIDATION_FAILED'],
      [1e300, 400, 'VALIDATION_FAILED'],
      [99.99, 422, 'AMOUNT_OUT_OF_RANGE'],
      [100_000.01, 422, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [amount, status, code] of cases) {
      const answer: Answer = await generate(p.token, amount === undefined ? {} : { amount });
      expectRefused(answer, status, code);
    }
    expect(expectOk(await generate(p.token, { amount: 100 })).amount).toBe(100);
    expect(expectOk(await generate(p.token, { amount: 100_000 })).amount).toBe(100_000);
    expect(await count()).toBe(before + 2);
    expectRefused(await generate(undefined, { amount: 500 }), 401, 'UNAUTHENTICATED');
    const demo = await demoPlayer(ctx);
    expectRefused(await generate(demo.token, { amount: 500 }), 403, 'DEMO_NOT_ALLOWED');
    expect(await count()).toBe(before + 2);
  });

  it('with the gateway off the domain refuses Generate with a clear code', async () => {
    const p = await player();
    await withCashier(sql`gateway_enabled = false`, async () => {
      expectRefused(
        await generate(p.token, { amount: 500 }),
        422,
        'PAYMENT_GATEWAY_UNAVAILABLE',
        /manual deposit/,
      );
      expect(
        expectOk(
          await call<{ gatewayEnabled: boolean }>(ctx.app, {
            url: '/Account/GetPaymentInfo',
            token: p.token,
          }),
        ).gatewayEnabled,
      ).toBe(false);
    });
  });

  it("the sandbox's order page shows the payee and amount with Pay and Decline, and its forms come back to it", async () => {
    const p = await player();
    const o = await order(p, 250);
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/upi/${o.orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Backlay Demo');
    expect(page.body).toContain('backlay.demo@okaxis');
    expect(page.body).toContain('₹250');
    expect(page.body).toContain(`action="/sandbox/upi/${o.orderId}/pay"`);
    expect(page.body).toContain(`action="/sandbox/upi/${o.orderId}/decline"`);
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/upi/${o.orderId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/sandbox/upi/${o.orderId}`);
    const paidPage = await ctx.app.inject({ method: 'GET', url: `/sandbox/upi/${o.orderId}` });
    expect(paidPage.body).toContain('data-status="Success"');
    expect(paidPage.body).not.toContain('/pay"');
    expect(await balance(p.userId)).toBe(25_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/upi/BLNOSUCHORDER0000' })).statusCode).toBe(
      404,
    );
  });

  it('over HTTP: a listening server gets the sandbox notice as a real POST to its webhook', async () => {
    const p = await player();
    const o = await order(p, 150);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/sandbox/upi/${o.orderId}/pay`, { method: 'POST' });
    const outcome = ((await res.json()) as { result: Outcome }).result;
    expect(outcome).toMatchObject({ status: 'Success', noticeStatus: 200 });
    expect(await balance(p.userId)).toBe(15_000);
    expect(await credits(o.orderId)).toBe(1);
  });
});

describe.each(backends)('gateway deposits in production (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { NODE_ENV: 'production' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('the sandbox does not exist: no order page, no Pay, no sandbox webhook; Generate is unavailable', async () => {
    expect(ctx.config.isProduction).toBe(true);
    for (const [method, url] of [
      ['GET', '/sandbox/upi/BL0000000000000'],
      ['POST', '/sandbox/upi/BL0000000000000/pay'],
      ['POST', '/sandbox/upi/BL0000000000000/decline'],
      ['POST', WEBHOOK],
    ] as const) {
      expectRefused(
        await call(ctx.app, { method, url, ...(method === 'POST' ? { body: {} } : {}) }),
        404,
        'ROUTE_NOT_FOUND',
      );
    }
    // No development outbox in production: a site that skips verification takes its fixed code.
    const host = 'skipotp.backlay.local';
    const who = await register(ctx.app, { host });
    const login = expectOk(await verify(ctx.app, who, '000000'));
    expectRefused(
      await call(ctx.app, {
        url: '/api/Payment/Generate',
        body: { amount: 500 },
        token: login.accessToken,
        host,
      }),
      422,
      'PAYMENT_GATEWAY_UNAVAILABLE',
    );
  });
});
