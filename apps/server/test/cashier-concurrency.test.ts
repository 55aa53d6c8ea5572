import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { num, queryRows } from '../src/betting/sql-rows';
import { expectLedgerBalanced, fundedPlayer, requestId, walletOf, type Player } from './betting-helpers';
import { serversOnOnePostgres, type TestContext } from './harness';
import { call, expectOk, expectRefused, type Answer } from './helpers';
import { demoOperatorTokens } from './operator-helpers';

/*
 * The cashier's races through two server instances (two app factories, each with its own
 * connection pool) on one PostgreSQL database, as a site behind a load balancer runs:
 *
 * - withdrawals and bets of one account at once, half through each server: each takes ₹200 of
 *   the available balance (a withdrawal holds it, a bet backs ₹200 at 2.00), so a ₹10,000 account
 *   takes exactly 50 of the 100, and its available balance is never below zero;
 * - the provider's notice (webhook) and the player's Check of one paid order on different servers:
 *   the order is credited once;
 * - an operator's decision on one server and the player's cancellation (or another decision) on
 *   the other: one wins, the other is refused, and the money moves once.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];
const MARKETS = ['17.1', '17.2', '17.3', '17.4'];
const bank = { accountNumber: '123456789012', accountHolderName: 'Ravi Kumar', ifscCode: 'SBIN0001234' };
const outcome = (a: Answer) => (a.body.success ? 'ok' : (a.body.error?.code ?? String(a.status)));

describe.runIf(DATABASE_URL)('the cashier through two servers on one PostgreSQL', () => {
  const feed = new TestFeed();
  let apps: FastifyInstance[] = [];
  let ctx: TestContext;
  let close: () => Promise<void> = async () => undefined;
  let finance: string;
  const server = (i: number) => apps[i % 2] as FastifyInstance;

  beforeAll(async () => {
    MARKETS.forEach((id, i) => feed.setMarket(matchOddsMarket({ id, eventId: 1700 + i, runners: RUNNERS })));
    ({ apps, context: ctx, close } = await serversOnOnePostgres('backlay_cash', feed));
    // The finance operator signs in on one server; its token is good on the other.
    finance = (await demoOperatorTokens(server(0))).finance;
  }, 120_000);

  afterAll(() => close());

  const db = () => ctx.database.db;
  const held = (userId: number) => ctx.app.ledger.transaction((money) => money.heldBalance(userId));
  const withdraw = (s: number, p: Player, amount: number) =>
    call<{ id: number }>(server(s), {
      url: '/DepositWithdrawal/CreateWithdrawal',
      token: p.token,
      body: { amount, paymentMethod: 'Imps', ...bank },
    });
  const operator = (s: number, url: string, body: unknown) =>
    call(server(s), { url: `/admin/payment-requests/${url}`, body, token: finance });
  const cancel = (s: number, p: Player, id: number) =>
    call(server(s), { url: '/DepositWithdrawal/CancelRequest', body: { id }, token: p.token });
  const journalsOf = async (reference: string) => {
    const rows = await queryRows<{ kind: string }>(
      db(),
      sql`select kind from journals where reference = ${reference} order by id`,
    );
    return rows.map((r) => r.kind);
  };

  it('100 withdrawals and bets at once on one account: exactly what the balance covers is taken, never below zero', async () => {
    const player = await fundedPlayer(ctx, 10_000);
    let sampling = true;
    let lowestAvailable = Number.POSITIVE_INFINITY;
    const sampler = (async () => {
      while (sampling) {
        const w = await walletOf(db(), player.userId);
        lowestAvailable = Math.min(lowestAvailable, w.balance - w.exposure);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    // i % 4: 0 a withdrawal on server A, 1 a bet on B, 2 a withdrawal on B, 3 a bet on A.
    const kinds = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'withdrawal' : 'bet'));
    const answers = await Promise.all(
      kinds.map((kind, i) => {
        const s = i % 4 < 2 ? i % 2 : (i + 1) % 2;
        if (kind === 'withdrawal') return withdraw(s, player, 200);
        const market = (i >> 1) % MARKETS.length;
        return call(server(s), {
          url: '/Bet/PlaceBetV2',
          token: player.token,
          body: {
            requestId: requestId(),
            type: 1,
            rate: 2,
            stake: 200,
            runnerId: 11,
            marketId: MARKETS[market],
            eventId: 1700 + market,
          },
        });
      }),
    );
    sampling = false;
    await sampler;

    for (const a of answers) if (a.status !== 200) expectRefused(a, 422, 'INSUFFICIENT_FUNDS');
    const accepted = answers.filter((a) => a.status === 200);
    const withdrawals = answers.filter((a, i) => kinds[i] === 'withdrawal' && a.status === 200).length;
    const bets = accepted.length - withdrawals;
    // ₹10,000 covers fifty ₹200 takes, whichever they were and whichever server took them.
    expect(accepted).toHaveLength(50);
    expect(lowestAvailable).toBeGreaterThanOrEqual(0);
    for (const s of [0, 1]) {
      expect(answers.some((a, i) => a.status === 200 && (i % 4 < 2 ? i % 2 : (i + 1) % 2) === s)).toBe(true);
    }

    const wallet = await walletOf(db(), player.userId);
    expect(wallet).toEqual({ balance: 1_000_000 - withdrawals * 200_00, exposure: bets * 200_00 });
    expect(await held(player.userId)).toBe(withdrawals * 200_00);
    expect(wallet.balance - wallet.exposure).toBe(0);
    const [counted] = await queryRows<{ w: unknown; b: unknown; h: unknown }>(
      db(),
      sql`select
            (select count(*) from payment_requests where user_id = ${player.userId} and type = 'withdrawal' and status = 'PENDING') as w,
            (select count(*) from bets where user_id = ${player.userId}) as b,
            (select count(*) from journals where reference like 'withdrawal:%' and kind = 'funds_hold'
               and reference in (select 'withdrawal:' || id from payment_requests where user_id = ${player.userId})) as h`,
    );
    expect({ w: num(counted?.w), b: num(counted?.b), h: num(counted?.h) }).toEqual({
      w: withdrawals,
      b: bets,
      h: withdrawals,
    });
    await expectLedgerBalanced(db());

    // Nothing more can be taken, on either server.
    expectRefused(await withdraw(1, player, 200), 422, 'INSUFFICIENT_FUNDS');
    // Cancelling one withdrawal on A frees exactly one more take on B.
    const first = answers.find((a, i) => kinds[i] === 'withdrawal' && a.status === 200) as Answer<{
      id: number;
    }>;
    expectOk(await cancel(0, player, first.body.result.id));
    expectOk(await withdraw(1, player, 200));
    expectRefused(await withdraw(0, player, 200), 422, 'INSUFFICIENT_FUNDS');
    await expectLedgerBalanced(db());
  }, 180_000);

  it('a notice and a Check of one paid order on different servers credit it once, round after round', async () => {
    const player = await fundedPlayer(ctx, 0);
    // What either server announced: a credit is announced once (a first-deposit bonus hangs on it).
    const announced: string[] = [];
    const stops = apps.map((app) =>
      app.domainEvents.on('DepositCredited', (e) => void announced.push(e.reference)),
    );
    const ROUNDS = 24;
    let credited = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const amount = 100 + round;
      const a = round % 2;
      const b = (round + 1) % 2;
      const order = expectOk(
        await call<{ orderId: string }>(server(a), {
          url: '/api/Payment/Generate',
          token: player.token,
          body: { amount },
        }),
      );
      const sandbox = (s: number, action: 'pay' | 'notify', body?: unknown) =>
        call<{ status: string; utr: string | null; noticeStatus: number | null }>(server(s), {
          url: `/sandbox/upi/${order.orderId}/${action}`,
          method: 'POST',
          ...(body !== undefined ? { body } : {}),
        });
      const check = (s: number) =>
        call<{ status: string; utr: string | null }>(server(s), {
          url: '/api/Payment/Check',
          token: player.token,
          body: { orderId: order.orderId },
        });
      let utr: string | null;
      if (round % 3 === 2) {
        // Paid with its notice to server A while server B is asked at the same time.
        const [paid, ...checks] = await Promise.all([sandbox(a, 'pay'), check(b), check(b)]);
        utr = expectOk(paid).utr;
        expect(expectOk(paid).noticeStatus).toBe(200);
        for (const c of checks) expect(['Pending', 'Success']).toContain(expectOk(c).status);
      } else {
        // Paid, the notice lost: a resent notice on A and Checks on B race to see it first.
        utr = expectOk(await sandbox(a, 'pay', { notify: false })).utr;
        const [n1, c1, n2, c2] = await Promise.all([
          sandbox(a, 'notify'),
          check(b),
          sandbox(b, 'notify'),
          check(a),
        ]);
        for (const n of [n1, n2]) expect(expectOk(n).noticeStatus).toBe(200);
        for (const c of [c1, c2]) expect(expectOk(c)).toMatchObject({ status: 'Success', utr });
      }
      credited += amount * 100;
      expect(expectOk(await check(b))).toMatchObject({ status: 'Success', utr });
      expect(await journalsOf(`gateway:${order.orderId}`)).toEqual(['deposit']);
      const [record] = await queryRows<{ n: unknown; utr: string | null }>(
        db(),
        sql`select count(*) as n, max(utr) as utr from payment_requests where gateway_reference = ${order.orderId}`,
      );
      expect({ n: num(record?.n), utr: record?.utr }).toEqual({ n: 1, utr });
      expect((await walletOf(db(), player.userId)).balance).toBe(credited);
      expect(announced.filter((r) => r === `gateway:${order.orderId}`)).toHaveLength(1);
    }
    for (const stop of stops) stop();
    expect(announced).toHaveLength(ROUNDS);
    await expectLedgerBalanced(db());
  }, 300_000);

  it('an approval on one server racing a cancellation on the other: one wins, the money moves once', async () => {
    const ROUNDS = 20;
    const players = await Promise.all(Array.from({ length: ROUNDS }, () => fundedPlayer(ctx, 500)));
    const wins = { approved: 0, cancelled: 0 };
    await Promise.all(
      players.map(async (p, round) => {
        const { id } = expectOk(await withdraw(round, p, 500));
        const [paid, cancelled] = await Promise.all([
          operator(round, 'approve-withdrawal', { id, utr: `IMPS${String(round).padStart(8, '0')}` }),
          cancel(round + 1, p, id),
        ]);
        const results = [outcome(paid), outcome(cancelled)].sort();
        expect(results).toEqual(['REQUEST_NOT_PENDING', 'ok']);
        const approved = outcome(paid) === 'ok';
        wins[approved ? 'approved' : 'cancelled'] += 1;
        expect(await held(p.userId)).toBe(0);
        expect((await walletOf(db(), p.userId)).balance).toBe(approved ? 0 : 500_00);
        expect(await journalsOf(`withdrawal:${id}`)).toEqual([
          'funds_hold',
          approved ? 'withdrawal' : 'funds_release',
        ]);
        const [row] = await queryRows<{ status: string; payout_utr: string | null }>(
          db(),
          sql`select status, payout_utr from payment_requests where id = ${id}`,
        );
        expect(row?.status).toBe(approved ? 'APPROVED' : 'CANCELLED');
        expect(row?.payout_utr !== null).toBe(approved);
      }),
    );
    expect(wins.approved + wins.cancelled).toBe(ROUNDS);
    // Each decision the operator won is in the audit log once; a lost one left no row.
    const [audited] = await queryRows<{ n: unknown }>(
      db(),
      sql`select count(*) as n from operator_audit_log where action = 'payment.approve_withdrawal'`,
    );
    expect(num(audited?.n)).toBe(wins.approved);
    await expectLedgerBalanced(db());
  }, 180_000);

  it('a rejection racing a cancellation, and two approvals of one deposit, on different servers: decided once', async () => {
    const ROUNDS = 12;
    const players = await Promise.all(Array.from({ length: ROUNDS }, () => fundedPlayer(ctx, 1_000)));
    await Promise.all(
      players.map(async (p, round) => {
        const { id } = expectOk(await withdraw(round, p, 400));
        const [rejected, cancelled] = await Promise.all([
          operator(round, 'reject', { id, reason: 'The account name does not match' }),
          cancel(round + 1, p, id),
        ]);
        expect([outcome(rejected), outcome(cancelled)].sort()).toEqual(['REQUEST_NOT_PENDING', 'ok']);
        expect(await journalsOf(`withdrawal:${id}`)).toEqual(['funds_hold', 'funds_release']);
        expect((await walletOf(db(), p.userId)).balance).toBe(1_000_00);

        // A manual deposit approved on both servers at once (and rejected on one): credited once.
        const image = expectOk(
          await call<{ imageId: number }>(server(round), {
            url: '/Setting/StoreImage',
            token: p.token,
            body: {
              image: `data:image/png;base64,${Buffer.concat([
                Buffer.from(
                  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
                  'base64',
                ),
                Buffer.from(`#${round}`),
              ]).toString('base64')}`,
            },
          }),
        );
        const deposit = expectOk(
          await call<{ id: number }>(server(round + 1), {
            url: '/DepositWithdrawal/CreateDeposit',
            token: p.token,
            body: {
              amount: 250,
              paymentMethod: 'Upi',
              utr: `5${String(Date.now()).slice(-6)}${String(round).padStart(5, '0')}`,
              imageId: image.imageId,
            },
          }),
        );
        const decisions = await Promise.all([
          operator(round, 'approve-deposit', { id: deposit.id }),
          operator(round + 1, 'approve-deposit', { id: deposit.id }),
          operator(round + 1, 'reject', { id: deposit.id, reason: 'No such payment received' }),
        ]);
        const won = decisions.map(outcome);
        expect(won.filter((o) => o === 'ok')).toHaveLength(1);
        expect(won.filter((o) => o === 'REQUEST_NOT_PENDING')).toHaveLength(2);
        const approved = won[0] === 'ok' || won[1] === 'ok';
        expect(await journalsOf(`deposit:${deposit.id}`)).toEqual(approved ? ['deposit'] : []);
        expect((await walletOf(db(), p.userId)).balance).toBe(1_000_00 + (approved ? 250_00 : 0));
      }),
    );
    await expectLedgerBalanced(db());
  }, 180_000);
});
