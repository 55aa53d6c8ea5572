import { randomBytes } from 'node:crypto';
import {
  casinoWalletPath,
  type CasinoProviderId,
  type CasinoWalletCall,
  type LoginResult,
  type ResponsibleGaming,
} from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { signWalletCall, type CasinoProvider } from '../src/casino';
import { insertReferral } from '../src/referral/referral-repository';
import { adjust, expectLedgerBalanced, place, placeOk, settle, type Player } from './betting-helpers';
import { claim, createBonus, freeBonus } from './bonus-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import {
  authenticate,
  call,
  expectOk,
  expectRefused,
  PASSWORD,
  registerVerified,
  type Answer,
} from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Responsible gaming (issue 17, api-shapes C6) through the HTTP API: deposit and loss limits (a
 * decrease at once, an increase after 24 hours and a confirmation, the history of every change),
 * their enforcement on manual and gateway deposits, bets and casino stakes, the time-out and the
 * self-exclusion (what they refuse, what still works, that they only lengthen), bad input, and
 * one player's settings never touching another's. The clock moves with POST /dev/responsible-gaming/age.
 */

const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];
const HOUR = 3_600_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BANK = { accountNumber: '123456789012', accountHolderName: 'Ravi Kumar', ifscCode: 'SBIN0001234' };

interface RgPlayer extends Player {
  userName: string;
  casinoToken: string;
}

/** The stand-in lobby: every provider lists one game. */
const casinoProviders = Object.fromEntries(
  (['international', 'dream', 'king', 'mac', 'udan'] as const).map((id): [string, CasinoProvider] => [
    id,
    {
      id,
      host: `http://games.test/${id}`,
      games: async () => [
        {
          id: `${id}-dice`,
          code: 'dice',
          name: 'Dice',
          provider: id,
          category: 'Instant Games',
          imageURL: `http://games.test/${id}/art/dice.svg`,
          url: `http://games.test/${id}/launch`,
        },
      ],
    },
  ]),
);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}-${++seq}`;
let marketSeq = 0;
let eventSeq = 70_000 + Math.floor(Math.random() * 10_000);

describe.each(backends)('responsible gaming (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();

  beforeAll(async () => {
    ctx = await createTestApp(
      backend,
      { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' },
      { feed, casinoProviders },
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(ctx.database.db);
  });

  // ------------------------------------------------------------ helpers

  async function player(rupees = 0): Promise<RgPlayer> {
    const who = await registerVerified(ctx.app);
    const login: LoginResult = who.login;
    if (rupees > 0) await adjust(ctx, login.userId, rupees);
    return {
      token: login.accessToken,
      userId: login.userId,
      userName: who.userName,
      casinoToken: login.casinoToken,
    };
  }
  const rg = (p: { token: string }) =>
    call<ResponsibleGaming>(ctx.app, { url: '/Account/ResponsibleGaming', token: p.token });
  const view = async (p: { token: string }) => expectOk(await rg(p));
  const change = (p: { token: string }, body: unknown) =>
    call<ResponsibleGaming>(ctx.app, { url: '/Account/ResponsibleGaming', body, token: p.token });
  const age = (p: { userName: string }, hours: number) =>
    call<{ changed: number }>(ctx.app, {
      url: '/dev/responsible-gaming/age',
      body: { userName: p.userName, hours },
    });
  const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

  function newMarket() {
    do marketSeq += 1;
    while (marketSeq % 10 === 0);
    const marketId = `1.${80_000 + marketSeq}${Math.floor(Math.random() * 9) + 1}`;
    const eventId = ++eventSeq;
    feed.setMarket(matchOddsMarket({ id: marketId, eventId, runners: RUNNERS }));
    return { marketId, eventId };
  }
  const backIndia = (m: { marketId: string; eventId: number }, stake: number) =>
    ({ type: 1, rate: 2.0, stake, runnerId: 11, ...m }) as const;
  const layIndia = (m: { marketId: string; eventId: number }, stake: number) =>
    ({ type: 2, rate: 2.02, stake, runnerId: 11, ...m }) as const;

  let imageSeq = 0;
  async function manualDeposit(p: { token: string }, rupees: number): Promise<Answer<{ id: number }>> {
    const bytes = Buffer.concat([PNG, Buffer.from(`#rg${++imageSeq}${randomBytes(3).toString('hex')}`)]);
    const image = expectOk(
      await call<{ imageId: number }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image: `data:image/png;base64,${bytes.toString('base64')}` },
        token: p.token,
      }),
    );
    const utr = `${String(Date.now()).slice(-6)}${String(++imageSeq).padStart(6, '0')}`;
    return call<{ id: number }>(ctx.app, {
      url: '/DepositWithdrawal/CreateDeposit',
      body: { amount: rupees, paymentMethod: 'Upi', utr, imageId: image.imageId },
      token: p.token,
    });
  }
  const gatewayOrder = (p: { token: string }, rupees: number) =>
    call<{ orderId: string }>(ctx.app, {
      url: '/api/Payment/Generate',
      body: { amount: rupees },
      token: p.token,
    });
  const withdraw = (p: { token: string }, rupees: number) =>
    call(ctx.app, {
      url: '/DepositWithdrawal/CreateWithdrawal',
      body: { amount: rupees, paymentMethod: 'Imps', ...BANK },
      token: p.token,
    });

  function wallet<T>(provider: CasinoProviderId, what: CasinoWalletCall, body: unknown): Promise<Answer<T>> {
    const secret = ctx.config.casinoProviders[provider].secret ?? '';
    const payload = JSON.stringify(body);
    return call<T>(ctx.app, {
      url: casinoWalletPath(provider, what),
      raw: { payload, contentType: 'application/json' },
      headers: signWalletCall(secret, payload, new Date()),
    });
  }
  const casinoBet = (p: RgPlayer, rupees: number, transactionId = unique('bet')) =>
    wallet<{ balance: number }>('king', 'bet', {
      casinoToken: p.casinoToken,
      transactionId,
      roundId: 'round-1',
      gameCode: 'teen-patti-2020',
      amount: rupees,
    });
  const casinoWin = (p: RgPlayer, betId: string, rupees: number) =>
    wallet('king', 'win', {
      casinoToken: p.casinoToken,
      transactionId: unique('win'),
      referenceTransactionId: betId,
      roundId: 'round-1',
      amount: rupees,
    });
  const casinoBalance = (p: RgPlayer) => wallet('king', 'balance', { casinoToken: p.casinoToken });
  const lobby = (p: { token: string }) =>
    call(ctx.app, { url: '/api/casino/games', query: { provider: 'king' }, token: p.token });

  const count = async (table: 'payment_requests' | 'payment_orders' | 'bets', userId: number) => {
    const [row] = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from ${sql.raw(table)} where user_id = ${userId}`,
    );
    return num(row?.n);
  };
  const changesOf = async (userId: number) => {
    const [row] = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from responsible_gaming_changes where user_id = ${userId}`,
    );
    return num(row?.n);
  };

  // ------------------------------------------------------------ limits

  it('answers no limits, nothing used, the session since sign-in, and an empty history for a new player', async () => {
    const p = await player();
    const [session] = await queryRows<{ ms: unknown }>(
      ctx.database.db,
      sql`select (extract(epoch from created_at) * 1000)::float8 as ms from refresh_tokens
          where user_id = ${p.userId} order by id desc limit 1`,
    );
    const none = { amount: null, used: 0, pending: null };
    expect(await view(p)).toEqual({
      depositLimit: { day: none, week: none, month: none },
      lossLimit: { day: none, week: none, month: none },
      realityCheckMinutes: null,
      timeOutUntil: null,
      selfExcludedUntil: null,
      session: { startedAt: new Date(Math.floor(num(session?.ms))).toISOString(), netResult: 0 },
      history: [],
    });
    expectRefused(await call(ctx.app, { url: '/Account/ResponsibleGaming' }), 401, 'UNAUTHENTICATED');
  });

  it('sets a first limit and a decrease at once; an increase waits 24 hours, then a confirmation', async () => {
    const p = await player();
    let state = expectOk(await change(p, { depositLimit: { day: 5000 }, realityCheckMinutes: 30 }));
    expect(state.depositLimit.day).toEqual({ amount: 5000, used: 0, pending: null });
    expect(state.realityCheckMinutes).toBe(30);
    expect(state.history.map((h) => [h.kind, h.period, h.from, h.to, h.status])).toEqual([
      ['reality_check', null, null, '30', 'applied'],
      ['deposit_limit', 'day', null, '5000', 'applied'],
    ]);

    state = expectOk(await change(p, { depositLimit: { day: 3000.5 } }));
    expect(state.depositLimit.day.amount).toBe(3000.5);
    expect(state.history[0]).toMatchObject({
      kind: 'deposit_limit',
      from: '5000',
      to: '3000.5',
      status: 'applied',
    });

    // An increase: the limit stays, the change waits 24 hours.
    const asked = Date.now();
    state = expectOk(await change(p, { depositLimit: { day: 8000 } }));
    expect(state.depositLimit.day.amount).toBe(3000.5);
    const pending = state.depositLimit.day.pending;
    expect(pending).toMatchObject({ amount: 8000, awaitingConfirmation: false });
    const due = Date.parse(pending?.effectiveAt ?? '') - Date.parse(pending?.requestedAt ?? '');
    expect(due).toBe(24 * HOUR);
    expect(Math.abs(Date.parse(pending?.requestedAt ?? '') - asked)).toBeLessThan(5_000);
    expect(state.history[0]).toMatchObject({ kind: 'deposit_limit', to: '8000', status: 'pending' });

    // Confirming before the 24 hours changes nothing.
    state = expectOk(await change(p, { confirmIncreases: true }));
    expect(state.depositLimit.day).toMatchObject({ amount: 3000.5, pending: { amount: 8000 } });

    // 23 hours on: still waiting. 25 hours on: awaiting confirmation, still not applied.
    expect(expectOk(await age(p, 23)).changed).toBeGreaterThan(0);
    expect((await view(p)).depositLimit.day.pending?.awaitingConfirmation).toBe(false);
    expectOk(await age(p, 2));
    state = await view(p);
    expect(state.depositLimit.day).toMatchObject({ amount: 3000.5, pending: { awaitingConfirmation: true } });

    // The second confirmation applies it.
    state = expectOk(await change(p, { confirmIncreases: true }));
    expect(state.depositLimit.day).toEqual({ amount: 8000, used: 0, pending: null });
    expect(state.history.find((h) => h.to === '8000')).toMatchObject({ status: 'applied' });
    expect(state.history).toHaveLength(4);
  });

  it('cancels a pending increase by asking for the current amount, or by a decrease; a removal waits too', async () => {
    const p = await player();
    expectOk(await change(p, { lossLimit: { week: 2000, month: 9000 } }));
    let state = expectOk(await change(p, { lossLimit: { week: 4000 } }));
    expect(state.lossLimit.week.pending?.amount).toBe(4000);
    // The same increase again keeps its time.
    const first = state.lossLimit.week.pending?.requestedAt;
    state = expectOk(await change(p, { lossLimit: { week: 4000 } }));
    expect(state.lossLimit.week.pending?.requestedAt).toBe(first);
    // The current amount again: the pending increase is cancelled, the limit unchanged.
    state = expectOk(await change(p, { lossLimit: { week: 2000 } }));
    expect(state.lossLimit.week).toMatchObject({ amount: 2000, pending: null });
    expect(state.history[0]).toMatchObject({ to: '4000', status: 'cancelled' });

    // A removal waits as an increase does; a decrease meanwhile applies and cancels it.
    state = expectOk(await change(p, { lossLimit: { month: null } }));
    expect(state.lossLimit.month).toMatchObject({ amount: 9000, pending: { amount: null } });
    state = expectOk(await change(p, { lossLimit: { month: 7000 } }));
    expect(state.lossLimit.month).toMatchObject({ amount: 7000, pending: null });
    expect(state.history.slice(0, 2).map((h) => [h.from, h.to, h.status])).toEqual([
      ['9000', '7000', 'applied'],
      ['9000', null, 'cancelled'],
    ]);
    // A removal confirmed after 24 hours leaves no limit.
    expectOk(await change(p, { lossLimit: { week: null } }));
    expectOk(await age(p, 25));
    state = expectOk(await change(p, { confirmIncreases: true }));
    expect(state.lossLimit.week).toMatchObject({ amount: null, pending: null });
    expect(state.lossLimit.month.amount).toBe(7000);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const p = await player();
    expectOk(await change(p, { depositLimit: { day: 1000 } }));
    const before = await view(p);
    const changes = await changesOf(p.userId);
    for (const body of [
      { depositLimit: { day: -5 } },
      { depositLimit: { day: 10.001 } },
      { depositLimit: { year: 100 } },
      { lossLimit: { day: '100' } },
      { realityCheckMinutes: 5 },
      { realityCheckMinutes: 241 },
      { timeOutUntil: 'tomorrow' },
      { timeOutUntil: inHours(2) },
      { timeOutUntil: inHours(6 * 7 * 24 + 1) },
      { selfExcludedUntil: inHours(24 * 30) },
      { selfExcludedUntil: inHours(24 * 366 * 5 + 48) },
      { confirmIncreases: false },
      { depositLimit: { day: 500 }, somethingElse: 1 },
      // A good change beside a bad one is not made either.
      { depositLimit: { day: 500 }, timeOutUntil: inHours(1) },
    ]) {
      const answer = await change(p, body);
      expectRefused(answer, 400, 'VALIDATION_FAILED');
      expect(answer.body.error?.validationErrors?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expectRefused(
      await change(p, { timeOutUntil: inHours(1) }),
      400,
      'VALIDATION_FAILED',
      'A time-out lasts from 24 hours to 6 weeks.',
    );
    const after = await view(p);
    expect({ ...after, session: null }).toEqual({ ...before, session: null });
    expect(await changesOf(p.userId)).toBe(changes);
  });

  // ------------------------------------------------------------ deposits

  it('refuses a deposit over the daily limit, naming what is left, and writes nothing', async () => {
    const p = await player();
    expectOk(await change(p, { depositLimit: { day: 5000, week: 20000 } }));
    const first = expectOk(await manualDeposit(p, 4000));
    expect((await view(p)).depositLimit.day.used).toBe(4000);

    const requests = await count('payment_requests', p.userId);
    const orders = await count('payment_orders', p.userId);
    const message =
      'Your daily deposit limit is ₹5,000; you can deposit ₹1,000 more today. Nothing was changed.';
    expectRefused(await manualDeposit(p, 2000), 422, 'DEPOSIT_LIMIT_REACHED', message);
    expectRefused(await gatewayOrder(p, 2000), 422, 'DEPOSIT_LIMIT_REACHED', message);
    expect(await count('payment_requests', p.userId)).toBe(requests);
    expect(await count('payment_orders', p.userId)).toBe(orders);

    // What is left fits; an open gateway order counts (it can still be paid).
    expectOk(await gatewayOrder(p, 1000));
    expect((await view(p)).depositLimit.day.used).toBe(5000);
    expectRefused(
      await manualDeposit(p, 100),
      422,
      'DEPOSIT_LIMIT_REACHED',
      'Your daily deposit limit is ₹5,000; you can deposit nothing more today. Nothing was changed.',
    );

    // A rejected deposit no longer counts.
    expectOk(
      await call(ctx.app, {
        url: '/admin/payment-requests/reject',
        body: { id: first.id, reason: 'No such payment' },
        headers: await operatorHeaders(ctx.app, 'finance'),
      }),
    );
    const state = await view(p);
    expect(state.depositLimit.day.used).toBe(1000);
    expect(state.depositLimit.week.used).toBe(1000);
    expectOk(await manualDeposit(p, 4000));
  });

  it('judges deposits asked at once one after the other: both cannot fit one limit', async () => {
    const p = await player();
    expectOk(await change(p, { depositLimit: { day: 1000 } }));
    const answers = await Promise.all([manualDeposit(p, 600), manualDeposit(p, 600), gatewayOrder(p, 600)]);
    const outcomes = answers.map((a) => (a.body.success ? 'ok' : a.body.error?.code)).sort();
    expect(outcomes).toEqual(['DEPOSIT_LIMIT_REACHED', 'DEPOSIT_LIMIT_REACHED', 'ok']);
    expect((await view(p)).depositLimit.day.used).toBe(600);
  });

  // ------------------------------------------------------------ loss limits

  it('refuses a bet and a casino stake that could lose more than the loss limit; a hedge still passes', async () => {
    const p = await player(10_000);
    expectOk(await change(p, { lossLimit: { day: 1000 } }));
    const m1 = newMarket();
    await placeOk(ctx, p, backIndia(m1, 600));
    const m2 = newMarket();
    const bets = await count('bets', p.userId);
    expectRefused(
      await place(ctx, p, backIndia(m2, 500)),
      422,
      'LOSS_LIMIT_REACHED',
      'Your daily loss limit is ₹1,000: you have lost ₹0 today and ₹600 is at risk in open bets, so you can risk ₹400 more. Nothing was changed.',
    );
    expect(await count('bets', p.userId)).toBe(bets);
    await placeOk(ctx, p, backIndia(m2, 400));
    // At the limit: a lay that lowers the market's exposure is still taken.
    const hedge = await placeOk(ctx, p, layIndia(m1, 300));
    expect(hedge.exposure).toBe(700);

    // m1 lost (−₹300 net: −600 on the back, +300 on the lay): ₹300 lost, ₹400 at risk.
    expectOk(await settle(ctx, m1.marketId, { kind: 'winner', runnerId: 12 }));
    let state = await view(p);
    expect(state.lossLimit.day).toEqual({ amount: 1000, used: 300, pending: null });
    expect(state.session.netResult).toBe(-300);

    const balance = (await ctx.app.ledger.wallet(p.userId)).balancePaise;
    expectRefused(
      await casinoBet(p, 301),
      422,
      'LOSS_LIMIT_REACHED',
      'Your daily loss limit is ₹1,000: you have lost ₹300 today and ₹400 is at risk in open bets, so you can stake ₹300 more. Nothing was changed.',
    );
    expect((await ctx.app.ledger.wallet(p.userId)).balancePaise).toBe(balance);
    const staked = unique('bet');
    expectOk(await casinoBet(p, 300, staked));
    expect((await view(p)).lossLimit.day.used).toBe(600);
    // A casino win brings the net loss down, and room back.
    expectOk(await casinoWin(p, staked, 500));
    state = await view(p);
    expect(state.lossLimit.day.used).toBe(100);
    expect(state.session.netResult).toBe(-100);
    expectOk(await casinoBet(p, 500));
    expectRefused(await place(ctx, p, backIndia(newMarket(), 100)), 422, 'LOSS_LIMIT_REACHED');

    // Another player, without a limit, bets as before.
    const q = await player(10_000);
    await placeOk(ctx, q, backIndia(newMarket(), 5000));
    expectOk(await casinoBet(q, 4000));
  });

  it('judges the loss limit on a bet sent twice in the same market (the remembered position is not trusted)', async () => {
    const p = await player(5_000);
    const m = newMarket();
    await placeOk(ctx, p, backIndia(m, 100));
    await placeOk(ctx, p, backIndia(m, 100));
    // A limit set now counts for the next bet at once, whatever this server remembers of the market.
    expectOk(await change(p, { lossLimit: { day: 300 } }));
    expectRefused(await place(ctx, p, backIndia(m, 101)), 422, 'LOSS_LIMIT_REACHED');
    await placeOk(ctx, p, backIndia(m, 100));
    expectRefused(await place(ctx, p, backIndia(m, 100)), 422, 'LOSS_LIMIT_REACHED');
  });

  // ------------------------------------------------------------ time-out and self-exclusion

  it('a time-out refuses bets, deposits, bonus and referral claims and the casino; withdrawing, reading and signing in still work', async () => {
    const p = await player(2_000);
    const m = newMarket();
    await placeOk(ctx, p, backIndia(m, 100));
    const bonus = await createBonus(ctx, freeBonus());
    const friend = await player();
    const [domain] = await queryRows<{ id: unknown }>(
      ctx.database.db,
      sql`select id from domains where name = 'test'`,
    );
    const referralId = await insertReferral(ctx.database.db, {
      domainId: num(domain?.id),
      referrerUserId: p.userId,
      referredUserId: friend.userId,
      rewardPaise: paise(10_000),
      status: 'CLAIMABLE',
    });

    const until = inHours(30);
    const state = expectOk(await change(p, { timeOutUntil: until }));
    expect(state.timeOutUntil).toBe(until);
    expect(state.history[0]).toMatchObject({ kind: 'time_out', from: null, to: until, status: 'applied' });

    const message =
      /^You are taking a time-out until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d IST\. You can still withdraw\.$/;
    expectRefused(await place(ctx, p, backIndia(m, 100)), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(await manualDeposit(p, 500), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(await gatewayOrder(p, 500), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(await claim(ctx, p, bonus.id), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(
      await call(ctx.app, {
        url: '/Referral/ClaimRefer',
        query: { userReferDetailId: String(referralId) },
        token: p.token,
        method: 'POST',
      }),
      403,
      'PLAYER_TIMED_OUT',
      message,
    );
    expectRefused(await lobby(p), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(await casinoBalance(p), 403, 'PLAYER_TIMED_OUT', message);
    expectRefused(await casinoBet(p, 100), 403, 'PLAYER_TIMED_OUT', message);

    // What still works: reading, withdrawing, signing in, changing the password.
    expect((await view(p)).timeOutUntil).toBe(until);
    expectOk(await withdraw(p, 300));
    const signedIn = expectOk(await authenticate(ctx.app, p.userName, PASSWORD));
    expect(signedIn.userName).toBe(p.userName);
    expectOk(
      await call(ctx.app, {
        url: '/Account/changePassword',
        body: { currentPassword: PASSWORD, newPassword: 'Newer@456', confirmPassword: 'Newer@456' },
        token: signedIn.accessToken,
      }),
    );
    // Another player is not held up.
    expectOk(await lobby(friend));

    // The password change signed the other sessions out: on with the new sign-in.
    const q = { ...p, token: signedIn.accessToken, casinoToken: signedIn.casinoToken };
    // Shortened or lifted: refused; lengthened: taken.
    expectRefused(await change(q, { timeOutUntil: inHours(25) }), 422, 'RG_CHANGE_REFUSED');
    expectRefused(await change(q, { timeOutUntil: new Date().toISOString() }), 422, 'RG_CHANGE_REFUSED');
    const longer = inHours(40);
    expect(expectOk(await change(q, { timeOutUntil: longer })).timeOutUntil).toBe(longer);

    // Once it has run its course, play resumes.
    expectOk(await age(q, 41));
    expect((await view(q)).timeOutUntil).toBeNull();
    await placeOk(ctx, q, backIndia(m, 100));
    expectOk(await claim(ctx, q, bonus.id));
    expectOk(await casinoBet(q, 100));
  });

  it('self-exclusion refuses play and deposits until its end, cannot be shortened, and may be lengthened', async () => {
    const p = await player(1_000);
    const until = new Date(Date.now() + 200 * 24 * HOUR).toISOString();
    expect(expectOk(await change(p, { selfExcludedUntil: until })).selfExcludedUntil).toBe(until);
    const message = /^You have excluded yourself from play until .+ IST\. You can still withdraw\.$/;
    expectRefused(await place(ctx, p, backIndia(newMarket(), 100)), 403, 'PLAYER_SELF_EXCLUDED', message);
    expectRefused(await casinoBet(p, 100), 403, 'PLAYER_SELF_EXCLUDED', message);
    expectRefused(await manualDeposit(p, 500), 403, 'PLAYER_SELF_EXCLUDED', message);
    expectOk(await withdraw(p, 300));
    expectOk(await authenticate(ctx.app, p.userName, PASSWORD));

    // A time-out beside it: the exclusion is what is said.
    expectOk(await change(p, { timeOutUntil: inHours(48) }));
    expectRefused(await place(ctx, p, backIndia(newMarket(), 100)), 403, 'PLAYER_SELF_EXCLUDED');

    expectRefused(
      await change(p, { selfExcludedUntil: new Date(Date.now() + 190 * 24 * HOUR).toISOString() }),
      422,
      'RG_CHANGE_REFUSED',
    );
    expectRefused(
      await change(p, { selfExcludedUntil: new Date(Date.now() + 6 * 366 * 24 * HOUR).toISOString() }),
      400,
      'VALIDATION_FAILED',
    );
    const longer = new Date(Date.now() + 400 * 24 * HOUR).toISOString();
    const state = expectOk(await change(p, { selfExcludedUntil: longer }));
    expect(state.selfExcludedUntil).toBe(longer);
    expect(state.history[0]).toMatchObject({ kind: 'self_exclusion', from: until, to: longer });
  });

  // ------------------------------------------------------------ scope

  it("changes only the signed-in player's own settings, on their own site", async () => {
    const a = await player();
    const b = await player();
    const before = await view(b);
    expectOk(
      await change(a, { depositLimit: { day: 100 }, lossLimit: { month: 100 }, realityCheckMinutes: 60 }),
    );
    expectOk(await change(a, { depositLimit: { day: 200 } }));
    expectOk(await change(a, { timeOutUntil: inHours(24) }));
    expectOk(await age(a, 30));
    const after = await view(b);
    expect({ ...after, session: null }).toEqual({ ...before, session: null });
    // B's deposits are not held by A's limit.
    expectOk(await manualDeposit(b, 500));
    // The development control names a player of the request's site only.
    expectRefused(
      await call(ctx.app, {
        url: '/dev/responsible-gaming/age',
        body: { userName: a.userName, hours: 1 },
        host: 'nosignup.backlay.local',
      }),
      404,
      'NOT_FOUND',
    );
    expectRefused(await age({ userName: 'nobody_here_at_all' }, 1), 404, 'NOT_FOUND');
    expectRefused(
      await call(ctx.app, { url: '/dev/responsible-gaming/age', body: { userName: a.userName, hours: 0 } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  // ------------------------------------------------------------ the hot path

  // PGlite runs in process: there are no round trips to count.
  if (backend === 'postgres') {
    it('a bet of a player without a loss limit makes no extra round trip; one with a limit reads its sums each time', async () => {
      const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
      /** The bet path's round trips (its prepared statements' EXECUTE messages) while `work` runs. */
      const trips = async (work: () => Promise<unknown>) => {
        const sent: string[] = [];
        type Query = (...args: unknown[]) => unknown;
        const patched = new Map<pg.PoolClient, Query>();
        const onAcquire = (client: pg.PoolClient) => {
          if (patched.has(client)) return;
          const query = client.query as unknown as Query;
          patched.set(client, query);
          (client as unknown as { query: Query }).query = (...args: unknown[]) => {
            const first = args[0];
            sent.push(typeof first === 'string' ? first : String((first as { text?: unknown })?.text));
            return query.apply(client, args);
          };
        };
        pool.on('acquire', onAcquire);
        try {
          await work();
        } finally {
          pool.off('acquire', onAcquire);
          for (const [client, query] of patched) (client as unknown as { query: Query }).query = query;
        }
        return sent.filter((text) => text.includes('execute backlay_bet')).length;
      };
      const free = await player(5_000);
      const limited = await player(5_000);
      expectOk(await change(limited, { lossLimit: { month: 4_000 } }));
      const m = newMarket();
      // Connections prepare the bet statements once each: warm them first.
      await placeOk(ctx, free, backIndia(newMarket(), 100));
      await placeOk(ctx, limited, backIndia(newMarket(), 100));
      // The first bet in a market: two round trips (lock and read, then write), limit or not.
      expect(await trips(() => placeOk(ctx, free, backIndia(m, 100)))).toBe(2);
      expect(await trips(() => placeOk(ctx, limited, backIndia(m, 100)))).toBe(2);
      // The next: one shared round trip on the remembered position for the player without a
      // limit; the two-trip way, its sums read afresh, for the one with a limit.
      expect(await trips(() => placeOk(ctx, free, backIndia(m, 100)))).toBe(1);
      expect(await trips(() => placeOk(ctx, limited, backIndia(m, 100)))).toBe(2);
    });
  }
});
