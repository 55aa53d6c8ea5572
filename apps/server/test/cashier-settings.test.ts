import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, register, registerVerified, verify, type Answer } from './helpers';
import { operatorToken, otherSiteOperatorToken } from './operator-helpers';

/*
 * A site's cashier set by its operators (GET and PUT /admin/cashier-settings): the owner reads and
 * replaces it, finance reads it, no other role and no other site's owner sees or changes it; bad
 * input is refused with the envelope and changes nothing; each change is one audit row, and the
 * players' GetPaymentInfo shows it at once.
 */

const PATH = '/admin/cashier-settings';
const OTHER_HOST = 'skipotp.backlay.local';

interface Settings {
  configured: boolean;
  methods: { method: string; deposit: boolean; withdrawal: boolean }[];
  upi: { vpa: string | null; payeeName: string | null } | null;
  bank: {
    accountHolderName: string | null;
    accountNumber: string | null;
    ifscCode: string | null;
    bankName: string | null;
  } | null;
  minDeposit: number;
  maxDeposit: number;
  minWithdrawal: number;
  maxWithdrawal: number;
  gatewayEnabled: boolean;
  updatedAt: string | null;
}

interface AuditRow {
  actor: string;
  role: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  domain_id: unknown;
}

/** A valid new cashier, different from the demo seed's in every field. */
function newSettings() {
  return {
    methods: [
      { method: 'Upi', deposit: true, withdrawal: false },
      { method: 'Imps', deposit: false, withdrawal: true },
      { method: 'Paytm', deposit: true, withdrawal: true },
    ],
    upi: { vpa: 'sunrise.pay@ybl', payeeName: 'Sunrise Gaming' },
    bank: {
      accountHolderName: 'Sunrise Gaming Pvt Ltd',
      accountNumber: '000123456789',
      ifscCode: 'ICIC0004321',
      bankName: 'ICICI Bank',
    },
    minDeposit: 250.5,
    maxDeposit: 25_000,
    minWithdrawal: 500,
    maxWithdrawal: 20_000.75,
    gatewayEnabled: false,
  };
}

describe.each(backends)('cashier settings by the operators (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (token?: string, host?: string) =>
    call<Settings>(ctx.app, { url: PATH, ...(token ? { token } : {}), ...(host ? { host } : {}) });
  const put = (body: unknown, token?: string, host?: string) =>
    call<Settings>(ctx.app, {
      method: 'PUT',
      url: PATH,
      body,
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });
  const domainIdOf = async (name: string) =>
    num(
      (await queryRows<{ id: unknown }>(ctx.database.db, sql`select id from domains where name = ${name}`))[0]
        ?.id,
    );
  /** The stored row as the database holds it, for "nothing changed". */
  const storedRow = async (domainId: number) =>
    (
      await queryRows<Record<string, unknown>>(
        ctx.database.db,
        sql`select * from cashier_settings where domain_id = ${domainId}`,
      )
    )[0] ?? null;
  const auditRows = (domainId: number) =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select actor, role, action, target, before, after, domain_id from operator_audit_log
          where action = 'cashier.update_settings' and domain_id = ${domainId} order by id`,
    );
  const paymentInfo = async (token: string, host?: string) =>
    expectOk(
      await call<Omit<Settings, 'configured' | 'updatedAt'>>(ctx.app, {
        url: '/Account/GetPaymentInfo',
        token,
        ...(host ? { host } : {}),
      }),
    );
  async function player(host?: string) {
    if (!host) return (await registerVerified(ctx.app)).login.accessToken;
    // The other site skips verification: its fixed code verifies.
    const registered = await register(ctx.app, { host });
    return expectOk(await verify(ctx.app, registered, '000000')).accessToken;
  }
  /** The demo seed's cashier, put back so each test starts from it. */
  const seeded = () => ({
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
    maxDeposit: 100_000,
    minWithdrawal: 200,
    maxWithdrawal: 50_000,
    gatewayEnabled: true,
  });
  const owner = () => operatorToken(ctx.app, 'owner');

  it("answers the owner its site's cashier as stored", async () => {
    expectOk(await put(seeded(), await owner()));
    const settings = expectOk(await get(await owner()));
    expect(settings).toMatchObject({ configured: true, ...seeded() });
    expect(Date.parse(settings.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lets the owner replace it: the answer, a later read and the players' GetPaymentInfo show it at once", async () => {
    const domainId = await domainIdOf('test');
    expectOk(await put(seeded(), await owner()));
    const audits = (await auditRows(domainId)).length;
    const playerToken = await player();
    expect((await paymentInfo(playerToken)).upi?.vpa).toBe('backlay.demo@okaxis');

    const answer = expectOk(await put(newSettings(), await owner()));
    expect(answer).toMatchObject({ configured: true, ...newSettings() });
    expect(expectOk(await get(await owner()))).toEqual(answer);

    // Stored in paise.
    const row = await storedRow(domainId);
    expect(num(row?.min_deposit_paise)).toBe(25_050);
    expect(num(row?.max_withdrawal_paise)).toBe(2_000_075);

    const { configured: _c, updatedAt: _u, ...expectedInfo } = answer;
    expect(await paymentInfo(playerToken)).toEqual(expectedInfo);

    // The cashier's rules follow the new settings: Gpay is no longer offered.
    expectRefused(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: 300, paymentMethod: 'Gpay', utr: '512345678901', imageId: 1 },
        token: playerToken,
      }),
      422,
      'PAYMENT_METHOD_UNAVAILABLE',
    );

    // One audit row, written by the owner, with the settings before and after.
    const rows = await auditRows(domainId);
    expect(rows).toHaveLength(audits + 1);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ actor: 'owner', role: 'owner', target: 'cashier_settings' });
    expect(last.before).toMatchObject({
      upi: 'backlay.demo@okaxis (Backlay Demo)',
      deposit: '₹100 to ₹1,00,000',
      gateway: true,
    });
    expect(last.after).toEqual({
      methods: ['Upi: deposit', 'Imps: withdrawal', 'Paytm: deposit+withdrawal'],
      upi: 'sunrise.pay@ybl (Sunrise Gaming)',
      bank: '000123456789 ICIC0004321 ICICI Bank (Sunrise Gaming Pvt Ltd)',
      deposit: '₹250.5 to ₹25,000',
      withdrawal: '₹500 to ₹20,000.75',
      gateway: false,
    });
    // The owner's audit-log call lists it too.
    const log = expectOk(
      await call<{ items: { action: string }[] }>(ctx.app, {
        url: '/admin/audit-log?MaxResultCount=5',
        token: await owner(),
      }),
    );
    expect(log.items[0]?.action).toBe('cashier.update_settings');

    // Switching every deposit off (no UPI id, no bank, no gateway) leaves withdrawals only.
    const withdrawalsOnly = {
      ...newSettings(),
      methods: [{ method: 'Imps', deposit: false, withdrawal: true }],
      upi: null,
      bank: null,
    };
    expectOk(await put(withdrawalsOnly, await owner()));
    const info = await paymentInfo(playerToken);
    expect(info.methods).toEqual(withdrawalsOnly.methods);
    expect(info.upi).toBeNull();
    expect(info.bank).toBeNull();
  });

  it('normalises the IFSC code to capitals and trims the text', async () => {
    const body = newSettings();
    body.bank.ifscCode = ' icic0004321 ';
    body.upi.payeeName = '  Sunrise Gaming  ';
    const answer = expectOk(await put(body, await owner()));
    expect(answer.bank?.ifscCode).toBe('ICIC0004321');
    expect(answer.upi?.payeeName).toBe('Sunrise Gaming');
  });

  it('lets finance read it but not change it', async () => {
    const domainId = await domainIdOf('test');
    expectOk(await put(seeded(), await owner()));
    const finance = await operatorToken(ctx.app, 'finance');
    expect(expectOk(await get(finance))).toMatchObject(seeded());
    const before = await storedRow(domainId);
    const audits = (await auditRows(domainId)).length;
    expectRefused(
      await put(newSettings(), finance),
      403,
      'FORBIDDEN',
      'Your role (finance) may not do this: it needs owner.',
    );
    expect(await storedRow(domainId)).toEqual(before);
    expect(await auditRows(domainId)).toHaveLength(audits);
  });

  it('refuses trader and support (403), players (403) and calls without a token (401)', async () => {
    const domainId = await domainIdOf('test');
    const before = await storedRow(domainId);
    for (const role of ['trader', 'support'] as const) {
      const token = await operatorToken(ctx.app, role);
      expectRefused(
        await get(token),
        403,
        'FORBIDDEN',
        `Your role (${role}) may not do this: it needs owner or finance.`,
      );
      expectRefused(
        await put(newSettings(), token),
        403,
        'FORBIDDEN',
        `Your role (${role}) may not do this: it needs owner.`,
      );
    }
    const playerToken = await player();
    expectRefused(await get(playerToken), 403, 'FORBIDDEN');
    expectRefused(await put(newSettings(), playerToken), 403, 'FORBIDDEN');
    expectRefused(await get(), 401, 'UNAUTHENTICATED');
    expectRefused(await put(newSettings()), 401, 'UNAUTHENTICATED');
    expect(await storedRow(domainId)).toEqual(before);
  });

  describe("another site's owner", () => {
    let otherOwner: string;
    let otherDomainId: number;
    beforeAll(async () => {
      otherOwner = await otherSiteOperatorToken(ctx.app, {
        host: OTHER_HOST,
        userName: `cashier_owner_${backend}`,
        role: 'owner',
      });
      otherDomainId = await domainIdOf(OTHER_HOST);
    });

    it("neither sees nor changes this site's cashier: its calls are its own site's", async () => {
      const testDomainId = await domainIdOf('test');
      expectOk(await put(seeded(), await owner()));
      const before = await storedRow(testDomainId);
      const audits = (await auditRows(testDomainId)).length;

      // Its token is no good on this site's host.
      expectRefused(await get(otherOwner), 401, 'UNAUTHENTICATED');
      expectRefused(await put(newSettings(), otherOwner), 401, 'UNAUTHENTICATED');

      // On its own host it reads and replaces its own site's cashier, not this one's.
      const changed = { ...newSettings(), upi: { vpa: 'other.site@okhdfc', payeeName: 'Other Site' } };
      expect(expectOk(await put(changed, otherOwner, OTHER_HOST)).upi?.vpa).toBe('other.site@okhdfc');
      expect(expectOk(await get(otherOwner, OTHER_HOST)).upi?.vpa).toBe('other.site@okhdfc');
      expect(expectOk(await get(await owner())).upi?.vpa).toBe('backlay.demo@okaxis');
      expect(await storedRow(testDomainId)).toEqual(before);
      expect(await auditRows(testDomainId)).toHaveLength(audits);
      expect((await auditRows(otherDomainId)).at(-1)?.actor).toBe(`cashier_owner_${backend}`);

      // Each site's players see their own site's cashier.
      expect((await paymentInfo(await player(OTHER_HOST), OTHER_HOST)).upi?.vpa).toBe('other.site@okhdfc');
      expect((await paymentInfo(await player())).upi?.vpa).toBe('backlay.demo@okaxis');
    });

    it('gives a site without a cashier its first one', async () => {
      await ctx.database.db.execute(sql`delete from cashier_settings where domain_id = ${otherDomainId}`);
      expect(expectOk(await get(otherOwner, OTHER_HOST))).toMatchObject({
        configured: false,
        methods: [],
        upi: null,
        bank: null,
        updatedAt: null,
      });
      const answer = expectOk(await put(newSettings(), otherOwner, OTHER_HOST));
      expect(answer).toMatchObject({ configured: true, ...newSettings() });
      const last = (await auditRows(otherDomainId)).at(-1);
      expect(last?.before).toBeNull();
      expect(last?.after).toMatchObject({ upi: 'sunrise.pay@ybl (Sunrise Gaming)' });
      expect((await paymentInfo(await player(OTHER_HOST), OTHER_HOST)).minDeposit).toBe(250.5);
    });
  });

  describe('bad input', () => {
    type Body = Record<string, unknown>;
    const valid = (): Body => newSettings();
    const cases: [string, (b: Body) => unknown, string][] = [
      [
        'a UPI id without @handle',
        (b) => ({ ...b, upi: { vpa: 'sunrise.pay', payeeName: 'Sunrise' } }),
        'upi.vpa',
      ],
      [
        'a UPI id with a space',
        (b) => ({ ...b, upi: { vpa: 'sun rise@ybl', payeeName: 'Sunrise' } }),
        'upi.vpa',
      ],
      ['a UPI id without its payee name', (b) => ({ ...b, upi: { vpa: 'sunrise@ybl' } }), 'upi.payeeName'],
      [
        'an IFSC code without its 0',
        (b) => ({ ...b, bank: { ...newSettings().bank, ifscCode: 'ICIC1004321' } }),
        'bank.ifscCode',
      ],
      [
        'a short IFSC code',
        (b) => ({ ...b, bank: { ...newSettings().bank, ifscCode: 'ICIC000432' } }),
        'bank.ifscCode',
      ],
      [
        'an account number of 8 digits',
        (b) => ({ ...b, bank: { ...newSettings().bank, accountNumber: '12345678' } }),
        'bank.accountNumber',
      ],
      [
        'an account number of 19 digits',
        (b) => ({ ...b, bank: { ...newSettings().bank, accountNumber: '1'.repeat(19) } }),
        'bank.accountNumber',
      ],
      [
        'an account number with letters',
        (b) => ({ ...b, bank: { ...newSettings().bank, accountNumber: '12345678X9' } }),
        'bank.accountNumber',
      ],
      [
        'a deposit minimum above the maximum',
        (b) => ({ ...b, minDeposit: 5000, maxDeposit: 4999.99 }),
        'maxDeposit',
      ],
      [
        'a withdrawal minimum above the maximum',
        (b) => ({ ...b, minWithdrawal: 600, maxWithdrawal: 500 }),
        'maxWithdrawal',
      ],
      ['a negative minimum', (b) => ({ ...b, minWithdrawal: -100 }), 'minWithdrawal'],
      ['a minimum of zero', (b) => ({ ...b, minDeposit: 0 }), 'minDeposit'],
      ['fractional paise', (b) => ({ ...b, maxDeposit: 25_000.005 }), 'maxDeposit'],
      ['an amount out of range', (b) => ({ ...b, maxDeposit: 1e20 }), 'maxDeposit'],
      ['a limit as text', (b) => ({ ...b, minDeposit: '250' }), 'minDeposit'],
      ['a limit that is null', (b) => ({ ...b, maxWithdrawal: null }), 'maxWithdrawal'],
      ['a missing limit', ({ minWithdrawal: _m, ...b }) => b, 'minWithdrawal'],
      ['the gateway switch as text', (b) => ({ ...b, gatewayEnabled: 'yes' }), 'gatewayEnabled'],
      ['methods that are not a list', (b) => ({ ...b, methods: 'Upi' }), 'methods'],
      [
        'an unknown method',
        (b) => ({ ...b, methods: [{ method: 'Cash', deposit: true, withdrawal: true }] }),
        'methods.0.method',
      ],
      [
        'a switch as a number',
        (b) => ({ ...b, methods: [{ method: 'Upi', deposit: 1, withdrawal: true }] }),
        'methods.0.deposit',
      ],
      [
        'a method listed twice',
        (b) => ({
          ...b,
          methods: [
            { method: 'Upi', deposit: true, withdrawal: true },
            { method: 'Upi', deposit: false, withdrawal: true },
          ],
        }),
        'methods.1.method',
      ],
      [
        'somewhere to pay but no method that takes deposits',
        (b) => ({ ...b, methods: [{ method: 'Imps', deposit: false, withdrawal: true }] }),
        'methods',
      ],
      ['a deposit method with nowhere to pay', (b) => ({ ...b, upi: null, bank: null }), 'upi'],
      ['the gateway without a UPI id', (b) => ({ ...b, upi: null, gatewayEnabled: true }), 'upi'],
      ['a bank account as text', (b) => ({ ...b, bank: 'HDFC' }), 'bank'],
      ['an array for a body', () => [valid()], '(body)'],
      ['an empty object', () => ({}), 'methods'],
    ];

    it.each(cases)('refuses %s (400 with the field) and changes nothing', async (_name, make, field) => {
      const domainId = await domainIdOf('test');
      const before = await storedRow(domainId);
      const audits = (await auditRows(domainId)).length;
      const answer: Answer = await put(make(valid()), await owner());
      expectRefused(answer, 400, 'VALIDATION_FAILED');
      expect(answer.body.error?.validationErrors?.map((e) => e.field)).toContain(field);
      expect(await storedRow(domainId)).toEqual(before);
      expect(await auditRows(domainId)).toHaveLength(audits);
    });

    it('refuses a body that is not JSON, or none, and changes nothing', async () => {
      const domainId = await domainIdOf('test');
      const before = await storedRow(domainId);
      const token = await owner();
      expectRefused(
        await call(ctx.app, {
          method: 'PUT',
          url: PATH,
          raw: { payload: '{"methods": [', contentType: 'application/json' },
          token,
        }),
        400,
        'BAD_REQUEST',
      );
      expectRefused(await call(ctx.app, { method: 'PUT', url: PATH, token }), 400, 'VALIDATION_FAILED');
      expect(await storedRow(domainId)).toEqual(before);
    });
  });
});
