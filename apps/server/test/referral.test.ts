import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@backlay/contract';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { insertReferral } from '../src/referral/referral-repository';
import { ReferralService } from '../src/referral';
import { expectLedgerBalanced, placeOk, settle, type Player } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import {
  call,
  expectOk,
  expectRefused,
  nextIp,
  outboxCode,
  PASSWORD,
  uniqueMobile,
  uniqueName,
} from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * The referral programme through the HTTP API (section C3): a player shares a code, a friend signs
 * up with it, deposits and bets; the referral turns claimable only then, and only when nothing ties
 * the friend to the referrer; the referrer claims it once, within the month's cap. Operators set the
 * programme and decide the flagged referrals. The books balance after every test.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [1.98], lay: [2.0] },
];
/** The programme these tests run under (rupees on the wire). */
const PROGRAMME = {
  enabled: true,
  reward: 250,
  qualifyingDeposit: 500,
  qualifyingTurnover: 200,
  monthlyCap: 10,
};

interface Detail {
  userReferDetailId: number;
  userName: string;
  qualified: boolean;
  requirement: string;
  deposited: number;
  turnover: number;
  reward: number;
  status: string;
  underReview: boolean;
  claimedAt: string | null;
}
interface Details {
  totalCount: number;
  items: Detail[];
  reward: number;
  depositRequired: number;
  turnoverRequired: number;
  monthlyCap: number;
  claimedThisMonth: number;
}
interface OperatorReferral {
  id: number;
  referrerUserName: string;
  referredUserName: string;
  status: string;
  flags: string[];
  underReview: boolean;
  qualified: boolean;
  decidedBy: string | null;
  reason: string | null;
}

interface Member extends Player {
  userName: string;
  code: string;
  device: string;
  ip: string;
}

const newDevice = () => randomBytes(16).toString('base64url');

async function waitFor(check: () => Promise<boolean>, what: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(backends)('referrals through the API (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();
  let marketSeq = 0;
  let utrSeq = 0;

  beforeAll(async () => {
    ctx = await createTestApp(backend, {}, { feed });
    expectOk(
      await call(ctx.app, {
        method: 'PUT',
        url: '/admin/referral-settings',
        body: PROGRAMME,
        headers: await operatorHeaders(ctx.app, 'owner'),
      }),
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  /** Signs up and verifies from a device (cookie) and an address, maybe with a referral code. */
  async function signUp(opts: { referralCode?: string; device?: string; ip?: string } = {}): Promise<Member> {
    const userName = uniqueName('ref');
    const mobile = uniqueMobile();
    const device = opts.device ?? newDevice();
    const ip = opts.ip ?? nextIp();
    const headers = { cookie: `backlay_device=${device}` };
    const registered = expectOk(
      await call<{ domain: string }>(ctx.app, {
        url: '/Account/Register',
        body: {
          userName,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          mobile,
          ...(opts.referralCode ? { referralCode: opts.referralCode } : {}),
        },
        headers,
        ip,
      }),
    );
    const otp = await outboxCode(ctx.app, mobile);
    const login = expectOk(
      await call<LoginResult>(ctx.app, {
        url: '/Account/VerificationUser',
        body: { userName, mobile, domain: registered.domain, otp },
        headers,
        ip,
      }),
    );
    const token = login.accessToken;
    const code = expectOk(
      await call<{ code: string }>(ctx.app, { url: '/Referral/GetReferrerCode', token }),
    ).code;
    return { token, userId: login.userId, userName, code, device, ip };
  }

  /** A manual deposit of `rupees`, approved by the finance operator. */
  async function deposit(p: Member, rupees: number) {
    const png = Buffer.concat([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
      randomBytes(8),
    ]);
    const image = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: `data:image/png;base64,${png.toString('base64')}` },
        token: p.token,
      }),
    );
    const utr = `${String(Date.now()).slice(-7)}${String(++utrSeq).padStart(5, '0')}`;
    const created = expectOk(
      await call<{ id: number }>(ctx.app, {
        url: '/DepositWithdrawal/CreateDeposit',
        body: { amount: rupees, paymentMethod: 'Upi', utr, imageId: image.imageId },
        token: p.token,
      }),
    );
    expectOk(
      await call(ctx.app, {
        url: '/admin/payment-requests/approve-deposit',
        body: { id: created.id },
        headers: await operatorHeaders(ctx.app, 'finance'),
      }),
    );
  }

  /** A back bet of `stake` on a fresh market, settled (the player loses) or voided. */
  async function bet(p: Member, stake: number, outcome: 'settle' | 'void' = 'settle') {
    do marketSeq += 1;
    while (marketSeq % 10 === 0);
    const m = { marketId: `1.${8000 + marketSeq}`, eventId: 9000 + marketSeq };
    feed.setMarket(matchOddsMarket({ id: m.marketId, eventId: m.eventId, runners: RUNNERS }));
    await placeOk(ctx, p, { type: 1, rate: 2.0, stake, runnerId: 11, ...m });
    const result =
      outcome === 'void' ? { kind: 'void', reason: 'abandoned' } : { kind: 'winner', runnerId: 12 };
    expectOk(await settle(ctx, m.marketId, result));
  }

  const details = async (p: Member, page: Record<string, number> = {}) =>
    expectOk(await call<Details>(ctx.app, { url: '/Referral/GetUserDetails', body: page, token: p.token }));
  const detailOf = async (referrer: Member, referred: Member) => {
    const all = await details(referrer, { MaxResultCount: 100 });
    const found = all.items.find((i) => i.userName === maskOf(referred.userName));
    if (!found) throw new Error(`no referral of ${referred.userName}`);
    return found;
  };
  const maskOf = (name: string) => `${name.slice(0, 2)}****${name.slice(-1)}`;
  const claim = (p: Member, id: number | string) =>
    call<{ userReferDetailId: number; reward: number; balance: number }>(ctx.app, {
      url: '/Referral/ClaimRefer',
      query: { userReferDetailId: String(id) },
      token: p.token,
      method: 'POST',
    });
  const cash = async (userId: number) => (await ctx.app.ledger.wallet(userId)).balancePaise;
  const rewardJournals = async (id: number) => {
    const [row] = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from journals where kind = 'referral_reward' and reference = ${`referral:${id}`}`,
    );
    return num(row?.n);
  };
  const adminList = async (query: Record<string, string> = {}) =>
    expectOk(
      await call<{ totalCount: number; items: OperatorReferral[] }>(ctx.app, {
        url: '/admin/referrals',
        query: { MaxResultCount: '100', ...query },
        headers: await operatorHeaders(ctx.app, 'support'),
      }),
    );
  const adminOf = async (id: number) => (await adminList()).items.find((r) => r.id === id);
  /** Qualifies the player: the programme's deposit and a settled bet of its turnover. */
  async function qualify(p: Member) {
    await deposit(p, PROGRAMME.qualifyingDeposit);
    await bet(p, PROGRAMME.qualifyingTurnover);
  }
  const claimable = (referrer: Member, referred: Member) =>
    waitFor(
      async () => (await detailOf(referrer, referred)).status === 'Claimable',
      'the referral to turn claimable',
    );

  it("GetReferrerCode answers the player's code and the sign-up link on this site", async () => {
    const a = await signUp();
    const answer = expectOk(
      await call<{ code: string; link: string }>(ctx.app, {
        url: '/Referral/GetReferrerCode',
        token: a.token,
      }),
    );
    expect(answer.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.link).toBe(`http://localhost/auth/signup?referral=${answer.code}`);
    expectRefused(await call(ctx.app, { url: '/Referral/GetReferrerCode' }), 401, 'UNAUTHENTICATED');
  });

  it('sign-up stores the device cookie and address; a referral waits for the deposit and the turnover (voids do not count), then A claims once', async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    const [row] = await queryRows<{ d: unknown; ip: unknown; by: unknown }>(
      ctx.database.db,
      sql`select signup_device_id as d, signup_ip as ip, referred_by_user_id as by from users where id = ${b.userId}`,
    );
    expect(row).toEqual({ d: b.device, ip: b.ip, by: expect.anything() });
    expect(num(row?.by)).toBe(a.userId);

    let d = await detailOf(a, b);
    expect(d).toMatchObject({
      status: 'Pending',
      qualified: false,
      underReview: false,
      deposited: 0,
      turnover: 0,
      reward: PROGRAMME.reward,
      requirement: 'Deposit ₹500 (₹0 so far) and bet ₹200 (₹0 so far)',
    });
    expectRefused(await claim(a, d.userReferDetailId), 422, 'REFERRAL_NOT_CLAIMABLE');

    await deposit(b, 500);
    await bet(b, 200, 'void');
    await waitFor(async () => (await detailOf(a, b)).deposited === 500, 'the deposit to count');
    d = await detailOf(a, b);
    expect(d).toMatchObject({
      status: 'Pending',
      turnover: 0,
      requirement: 'Deposit ₹500 (done) and bet ₹200 (₹0 so far)',
    });
    await ctx.app.referrals.sweep();
    expect((await detailOf(a, b)).status).toBe('Pending');

    await bet(b, 200);
    await claimable(a, b);
    d = await detailOf(a, b);
    expect(d).toMatchObject({
      qualified: true,
      turnover: 200,
      requirement: 'Deposit ₹500 (done) and bet ₹200 (done)',
    });

    // Another player cannot claim it; a claim sent twice at once pays once.
    const stranger = await signUp();
    expectRefused(await claim(stranger, d.userReferDetailId), 404, 'NOT_FOUND');
    expectRefused(await claim(a, 999_999_999), 404, 'NOT_FOUND');
    expectRefused(await claim(a, 'abc'), 400, 'VALIDATION_FAILED');
    const before = await cash(a.userId);
    const answers = await Promise.all([claim(a, d.userReferDetailId), claim(a, d.userReferDetailId)]);
    const ok = answers.filter((x) => x.body.success);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body.result).toEqual({
      userReferDetailId: d.userReferDetailId,
      reward: 250,
      balance: (before + 25_000) / 100,
    });
    const refused = answers.find((x) => !x.body.success);
    if (!refused) throw new Error('both claims answered success');
    expectRefused(refused, 422, 'REFERRAL_NOT_CLAIMABLE');
    expect(await cash(a.userId)).toBe(before + paise(25_000));
    expect(await rewardJournals(d.userReferDetailId)).toBe(1);
    const after = await details(a);
    expect(after.items[0]).toMatchObject({ status: 'Claimed', claimedAt: expect.any(String) });
    expect(after.claimedThisMonth).toBe(1);
    expectRefused(await claim(a, d.userReferDetailId), 422, 'REFERRAL_NOT_CLAIMABLE');
  });

  it('GetUserDetails is paged, names masked, with the programme', async () => {
    const a = await signUp();
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await signUp({ referralCode: a.code }));
    const first = await details(a, { MaxResultCount: 2, SkipCount: 0 });
    expect(first).toMatchObject({
      totalCount: 3,
      reward: 250,
      depositRequired: 500,
      turnoverRequired: 200,
      monthlyCap: 10,
      claimedThisMonth: 0,
    });
    expect(first.items.map((i) => i.userName)).toEqual([
      maskOf(friends[2]!.userName),
      maskOf(friends[1]!.userName),
    ]);
    expect(first.items[0]!.userName).not.toContain(friends[2]!.userName.slice(2, -1));
    const second = await details(a, { MaxResultCount: 2, SkipCount: 2 });
    expect(second.items.map((i) => i.userName)).toEqual([maskOf(friends[0]!.userName)]);
    expectRefused(
      await call(ctx.app, {
        url: '/Referral/GetUserDetails',
        body: { MaxResultCount: 1000 },
        token: a.token,
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('a self-referral (same device, same address) is flagged, never claimable on its own, and the operator decides', async () => {
    const a = await signUp();
    // The same browser and network: the referrer's own second account.
    const self = await signUp({ referralCode: a.code, device: a.device, ip: a.ip });
    // Another browser on the same network.
    const sameNet = await signUp({ referralCode: a.code, ip: a.ip });
    const selfRow = await detailOf(a, self);
    expect(selfRow).toMatchObject({ status: 'Pending', underReview: true });
    expect((await adminOf(selfRow.userReferDetailId))?.flags).toEqual(['SameDevice', 'SameAddress']);
    const netRow = await detailOf(a, sameNet);
    expect((await adminOf(netRow.userReferDetailId))?.flags).toEqual(['SameAddress']);

    await qualify(self);
    await ctx.app.referrals.sweep();
    await ctx.app.referrals.checkReferred(self.userId);
    expect(await detailOf(a, self)).toMatchObject({ status: 'Pending', qualified: true, underReview: true });
    expectRefused(await claim(a, selfRow.userReferDetailId), 422, 'REFERRAL_NOT_CLAIMABLE');

    const flagged = await adminList({ flagged: 'true' });
    expect(flagged.items.map((r) => r.id)).toEqual(
      expect.arrayContaining([selfRow.userReferDetailId, netRow.userReferDetailId]),
    );
    expect(flagged.items.every((r) => r.underReview)).toBe(true);

    // The support operator sees the flags but does not decide; bad input changes nothing.
    const decide = async (role: 'owner' | 'finance' | 'support' | 'trader', body: unknown) =>
      call<OperatorReferral>(ctx.app, {
        url: '/admin/referrals/decide',
        body,
        headers: await operatorHeaders(ctx.app, role),
      });
    expectRefused(
      await decide('support', { id: selfRow.userReferDetailId, decision: 'reject', reason: 'same person' }),
      403,
      'FORBIDDEN',
    );
    expectRefused(
      await decide('finance', { id: selfRow.userReferDetailId, decision: 'reject' }),
      400,
      'VALIDATION_FAILED',
    );
    expectRefused(
      await decide('finance', { id: 999_999_999, decision: 'reject', reason: 'same person' }),
      404,
      'NOT_FOUND',
    );
    expect(await detailOf(a, self)).toMatchObject({ status: 'Pending', underReview: true });

    const rejected = expectOk(
      await decide('finance', { id: selfRow.userReferDetailId, decision: 'reject', reason: 'same person' }),
    );
    expect(rejected).toMatchObject({
      status: 'Rejected',
      underReview: false,
      decidedBy: 'finance',
      reason: 'same person',
    });
    expectRefused(
      await decide('finance', {
        id: selfRow.userReferDetailId,
        decision: 'approve',
        reason: 'changed my mind',
      }),
      409,
      'REQUEST_NOT_PENDING',
    );
    expectRefused(await claim(a, selfRow.userReferDetailId), 422, 'REFERRAL_NOT_CLAIMABLE');

    // The one on a shared network is a flatmate: approved, it is claimable once qualified.
    const approved = expectOk(
      await decide('owner', {
        id: netRow.userReferDetailId,
        decision: 'approve',
        reason: 'flatmate, checked',
      }),
    );
    expect(approved).toMatchObject({ status: 'Pending', underReview: false, decidedBy: 'owner' });
    await qualify(sameNet);
    await claimable(a, sameNet);
    expectOk(await claim(a, netRow.userReferDetailId));

    const audit = await queryRows<{ action: unknown; target: unknown; actor: unknown }>(
      ctx.database.db,
      sql`select action, target, actor from operator_audit_log where action = 'referral.decide' order by id`,
    );
    expect(audit.slice(-2)).toEqual([
      { action: 'referral.decide', target: `referral:${selfRow.userReferDetailId}`, actor: 'finance' },
      { action: 'referral.decide', target: `referral:${netRow.userReferDetailId}`, actor: 'owner' },
    ]);
  });

  it('a farm of three accounts on one device is flagged, all three, and is not paid', async () => {
    const a = await signUp();
    const farmDevice = newDevice();
    const farm = [];
    for (let i = 0; i < 3; i++) farm.push(await signUp({ referralCode: a.code, device: farmDevice }));
    for (const f of farm) await qualify(f);
    await ctx.app.referrals.sweep();
    for (const f of farm) {
      const d = await detailOf(a, f);
      expect(d).toMatchObject({ status: 'Pending', qualified: true, underReview: true });
      expect((await adminOf(d.userReferDetailId))?.flags).toEqual(['FarmDevice']);
      expectRefused(await claim(a, d.userReferDetailId), 422, 'REFERRAL_NOT_CLAIMABLE');
    }
    const journals = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from journals j join journal_lines l on l.journal_id = j.id
           join wallets w on w.cash_account_id = l.account_id where j.kind = 'referral_reward' and w.user_id = ${a.userId}`,
    );
    expect(num(journals[0]?.n)).toBe(0);
  });

  it("a friend who withdraws to the referrer's payout account is flagged at qualification", async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    await deposit(a, 500);
    const upi = { paymentMethod: 'Upi', upiId: `same${randomBytes(3).toString('hex')}@okaxis` };
    expectOk(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateWithdrawal',
        body: { amount: 200, ...upi },
        token: a.token,
      }),
    );
    await deposit(b, 500);
    expectOk(
      await call(ctx.app, {
        url: '/DepositWithdrawal/CreateWithdrawal',
        body: { amount: 200, ...upi },
        token: b.token,
      }),
    );
    await deposit(b, 200);
    await bet(b, 200);
    await ctx.app.referrals.sweep();
    const d = await detailOf(a, b);
    expect(d).toMatchObject({ status: 'Pending', qualified: true, underReview: true });
    expect((await adminOf(d.userReferDetailId))?.flags).toEqual(['SamePayoutAccount']);
  });

  it('the monthly cap: once reached, a claimable reward waits for next month', async () => {
    const owner = await operatorHeaders(ctx.app, 'owner');
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    const c = await signUp({ referralCode: a.code });
    await qualify(b);
    await qualify(c);
    await claimable(a, b);
    await claimable(a, c);
    expectOk(
      await call(ctx.app, {
        method: 'PUT',
        url: '/admin/referral-settings',
        body: { ...PROGRAMME, monthlyCap: 1 },
        headers: owner,
      }),
    );
    try {
      expectOk(await claim(a, (await detailOf(a, b)).userReferDetailId));
      expectRefused(await claim(a, (await detailOf(a, c)).userReferDetailId), 422, 'REFERRAL_CAP_REACHED');
      expect(await detailOf(a, c)).toMatchObject({ status: 'Claimable' });
      expect((await details(a)).claimedThisMonth).toBe(1);
    } finally {
      expectOk(
        await call(ctx.app, {
          method: 'PUT',
          url: '/admin/referral-settings',
          body: PROGRAMME,
          headers: owner,
        }),
      );
    }
  });

  it('referral settings: finance reads, the owner replaces (audited), bad input and other roles change nothing', async () => {
    const get = async (role: 'owner' | 'finance' | 'support' | 'trader') =>
      call(ctx.app, { url: '/admin/referral-settings', headers: await operatorHeaders(ctx.app, role) });
    const put = async (role: 'owner' | 'finance' | 'support' | 'trader', body: unknown) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/admin/referral-settings',
        body,
        headers: await operatorHeaders(ctx.app, role),
      });
    expect(expectOk(await get('finance'))).toEqual(PROGRAMME);
    expectRefused(await get('support'), 403, 'FORBIDDEN');
    expectRefused(await get('trader'), 403, 'FORBIDDEN');
    expectRefused(await call(ctx.app, { url: '/admin/referral-settings' }), 401, 'UNAUTHENTICATED');
    expectRefused(await put('finance', { ...PROGRAMME, reward: 1 }), 403, 'FORBIDDEN');
    for (const bad of [
      { ...PROGRAMME, reward: -1 },
      { ...PROGRAMME, monthlyCap: 1.5 },
      { ...PROGRAMME, monthlyCap: 5000 },
      { ...PROGRAMME, qualifyingDeposit: 'lots' },
      { ...PROGRAMME, enabled: undefined },
    ]) {
      expectRefused(await put('owner', bad), 400, 'VALIDATION_FAILED');
    }
    expect(expectOk(await get('owner'))).toEqual(PROGRAMME);

    const changed = { ...PROGRAMME, reward: 300, monthlyCap: 5 };
    expect(expectOk(await put('owner', changed))).toEqual(changed);
    expect(expectOk(await get('finance'))).toEqual(changed);
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    // The reward is the programme's when the friend joined.
    expect(await detailOf(a, b)).toMatchObject({ reward: 300 });
    const [audit] = await queryRows<{ action: unknown; actor: unknown; before: unknown; after: unknown }>(
      ctx.database.db,
      sql`select action, actor, before, after from operator_audit_log where action = 'referral.update_settings' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'referral.update_settings', actor: 'owner' });
    expect(JSON.stringify(audit?.after)).toContain('₹300');
    expectOk(await put('owner', PROGRAMME));
  });

  it('the sweep finds what no event announced, and two servers sweeping at once promote each referral once', async () => {
    const a = await signUp();
    const friends: Member[] = [];
    for (let i = 0; i < 4; i++) {
      const f = await signUp();
      await qualify(f);
      friends.push(f);
    }
    // Referred after they qualified: no event will come for them.
    const [domain] = await queryRows<{ id: unknown }>(
      ctx.database.db,
      sql`select id from domains where name = 'test'`,
    );
    for (const f of friends) {
      await insertReferral(ctx.database.db, {
        domainId: num(domain?.id),
        referrerUserId: a.userId,
        referredUserId: f.userId,
        rewardPaise: paise(25_000),
        status: 'PENDING',
      });
    }
    const other = new ReferralService(ctx.database.db, ctx.app.ledger);
    const [one, two] = await Promise.all([ctx.app.referrals.sweep(), other.sweep()]);
    expect(one.promoted + two.promoted).toBe(4);
    for (const f of friends) expect((await detailOf(a, f)).status).toBe('Claimable');
    expect((await ctx.app.referrals.sweep()).promoted).toBe(0);
  });
});
