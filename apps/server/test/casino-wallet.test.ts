import { randomBytes } from 'node:crypto';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  casinoWalletPath,
  type CasinoBalanceResult,
  type CasinoProviderId,
  type CasinoWalletCall,
  type LoginResult,
} from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { signWalletCall } from '../src/casino';
import { CasinoFastPath } from '../src/casino/wallet-fast-path';
import { findDomainByName } from '../src/settings/domain-repository';
import { adjust, expectLedgerBalanced } from './betting-helpers';
import { balances, claim, claimsOf, createBonus, freeBonus, wagerRows } from './bonus-helpers';
import { backends, createTestApp, TEST_SECRET, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified, type Answer } from './helpers';

/*
 * The casino's seamless wallet (issue 15, section C4) through the HTTP API as a provider calls it:
 * signatures and their window, the casinoToken (ours, live, the player's, the domain's), bet / win /
 * rollback with their replays, conflicts, tombstones and refusals, the ledger journals and the bonus
 * wagering they make, concurrency on one balance, and a model-based property test over any
 * interleaving of repeated, late or lost calls. The books balance after every test.
 */

interface CasinoPlayer {
  userId: number;
  casinoToken: string;
  accessToken: string;
}

interface TxnAnswer {
  transactionId: string;
  balance: number;
  currency: string;
}
interface RollbackAnswer extends TxnAnswer {
  referenceTransactionId: string;
  outcome: 'Reversed' | 'AlreadyReversed' | 'Tombstone';
  refunded: number;
}

const userIdOf = (login: LoginResult): number =>
  Number(
    (
      JSON.parse(Buffer.from(login.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
      }
    ).sub,
  );

let seq = 0;
const id = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}-${++seq}`;

/** A casinoToken as the auth module signs one, with any claims and times (seconds from now). */
async function casinoToken(
  claims: { userId: number; domainId: number },
  opts: { expiresIn?: number; secret?: string; audience?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = opts.expiresIn ?? 3600;
  return new SignJWT({ dom: claims.domainId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer('backlay')
    .setAudience(opts.audience ?? 'casino')
    .setIssuedAt(Math.min(now, now + expiresIn - 6 * 3600))
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(opts.secret ?? TEST_SECRET));
}

describe.each(backends)('casino seamless wallet (%s)', (backend) => {
  let ctx: TestContext;
  let testDomainId: number;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
    const domain = await findDomainByName(ctx.database.db, 'test');
    testDomainId = domain?.id ?? 0;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(ctx.database.db);
  });

  const secretOf = (provider: CasinoProviderId): string => {
    const secret = ctx.config.casinoProviders[provider].secret;
    if (!secret) throw new Error(`no secret for ${provider}`);
    return secret;
  };

  /** A provider's call: the body signed with its secret (or as `sign` says), sent as raw bytes. */
  function wallet<T>(
    provider: CasinoProviderId,
    what: CasinoWalletCall,
    body: unknown,
    sign: { secret?: string; at?: Date; headers?: Record<string, string>; payload?: string } = {},
  ): Promise<Answer<T>> {
    const payload = sign.payload ?? JSON.stringify(body);
    const headers =
      sign.headers ?? signWalletCall(sign.secret ?? secretOf(provider), payload, sign.at ?? new Date());
    return call<T>(ctx.app, {
      url: casinoWalletPath(provider, what),
      raw: { payload, contentType: 'application/json' },
      headers,
    });
  }

  async function player(rupees: number): Promise<CasinoPlayer> {
    const who = await registerVerified(ctx.app);
    const userId = userIdOf(who.login);
    if (rupees > 0) await adjust(ctx, userId, rupees);
    return { userId, casinoToken: who.login.casinoToken, accessToken: who.login.accessToken };
  }

  const bet = (p: CasinoPlayer, over: Record<string, unknown> = {}, provider: CasinoProviderId = 'king') =>
    wallet<TxnAnswer>(provider, 'bet', {
      casinoToken: p.casinoToken,
      transactionId: id('bet'),
      roundId: 'round-1',
      gameCode: 'teen-patti-2020',
      amount: 100,
      ...over,
    });
  const win = (
    p: CasinoPlayer,
    ref: string,
    over: Record<string, unknown> = {},
    provider: CasinoProviderId = 'king',
  ) =>
    wallet<TxnAnswer>(provider, 'win', {
      casinoToken: p.casinoToken,
      transactionId: id('win'),
      referenceTransactionId: ref,
      roundId: 'round-1',
      amount: 200,
      ...over,
    });
  const rollback = (
    p: CasinoPlayer,
    ref: string,
    over: Record<string, unknown> = {},
    provider: CasinoProviderId = 'king',
  ) =>
    wallet<RollbackAnswer>(provider, 'rollback', {
      casinoToken: p.casinoToken,
      transactionId: id('rb'),
      referenceTransactionId: ref,
      roundId: 'round-1',
      ...over,
    });
  const balanceOf = async (p: CasinoPlayer) =>
    expectOk(await wallet<CasinoBalanceResult>('king', 'balance', { casinoToken: p.casinoToken })).balance;

  async function casinoRows(userId: number) {
    return queryRows<Record<string, unknown>>(
      ctx.database.db,
      sql`select provider, transaction_id, type, outcome, amount_paise, journal_id from casino_transactions
          where user_id = ${userId} order by id`,
    );
  }
  /** The player's casino journals: kind, reference and the player's cash line, oldest first. */
  async function casinoJournals(userId: number) {
    const rows = await queryRows<Record<string, unknown>>(
      ctx.database.db,
      sql`select j.kind, j.reference, l.amount,
                 (select a2.code from journal_lines l2 join ledger_accounts a2 on a2.id = l2.account_id
                   where l2.journal_id = j.id and a2.user_id is null) as house
          from journals j
          join journal_lines l on l.journal_id = j.id
          join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId} and a.code = 'PLAYER_CASH'
          where j.kind in ('casino_debit', 'casino_credit') order by j.id`,
    );
    return rows.map((r) => ({
      kind: String(r.kind),
      reference: String(r.reference),
      amount: num(r.amount),
      house: String(r.house),
    }));
  }

  describe('signatures', () => {
    it('refuses an unsigned, badly signed, tampered or stale call with 401, and changes nothing', async () => {
      const p = await player(1000);
      const body = {
        casinoToken: p.casinoToken,
        transactionId: id('bet'),
        roundId: 'r',
        gameCode: 'dice',
        amount: 10,
      };
      const payload = JSON.stringify(body);
      expectRefused(await wallet('king', 'bet', body, { headers: {} }), 401, 'CASINO_SIGNATURE_INVALID');
      // Another provider's secret, on this provider's path.
      expectRefused(
        await wallet('king', 'bet', body, { secret: secretOf('dream') }),
        401,
        'CASINO_SIGNATURE_INVALID',
      );
      // Signed, then the amount changed on the way.
      const signed = signWalletCall(secretOf('king'), payload, new Date());
      expectRefused(
        await wallet('king', 'bet', body, {
          headers: signed,
          payload: payload.replace('"amount":10', '"amount":1000'),
        }),
        401,
        'CASINO_SIGNATURE_INVALID',
      );
      // The signature of one time with another time in the header.
      expectRefused(
        await wallet('king', 'bet', body, {
          headers: {
            ...signed,
            [CASINO_TIMESTAMP_HEADER]: String(Number(signed[CASINO_TIMESTAMP_HEADER]) + 1),
          },
        }),
        401,
        'CASINO_SIGNATURE_INVALID',
      );
      expectRefused(
        await wallet('king', 'bet', body, {
          headers: {
            [CASINO_TIMESTAMP_HEADER]: signed[CASINO_TIMESTAMP_HEADER] ?? '',
            [CASINO_SIGNATURE_HEADER]: 'sha256=zz',
          },
        }),
        401,
        'CASINO_SIGNATURE_INVALID',
      );
      // Well signed, but more than 300 s old or ahead: a captured call sent again later.
      expectRefused(
        await wallet('king', 'bet', body, { at: new Date(Date.now() - 301_000) }),
        401,
        'CASINO_SIGNATURE_STALE',
      );
      expectRefused(
        await wallet('king', 'bet', body, { at: new Date(Date.now() + 301_000) }),
        401,
        'CASINO_SIGNATURE_STALE',
      );
      expect(await casinoRows(p.userId)).toEqual([]);
      expect((await balances(ctx, p.userId)).cash).toBe(100_000);
      // The same body, well signed now, goes through; the signature header's case does not matter.
      const good = signWalletCall(secretOf('king'), payload, new Date());
      const upper = {
        ...good,
        [CASINO_SIGNATURE_HEADER]:
          good[CASINO_SIGNATURE_HEADER]?.toUpperCase().replace('SHA256=', 'sha256=') ?? '',
      };
      expect(
        expectOk(await wallet<TxnAnswer>('king', 'bet', body, { headers: upper, payload })).balance,
      ).toBe(990);
    });

    it('refuses a body that is not JSON or not a call, after the signature (400)', async () => {
      const p = await player(100);
      expectRefused(await wallet('mac', 'bet', null, { payload: '{"casinoToken":' }), 400, 'BAD_REQUEST');
      const refuse = async (over: Record<string, unknown>, field: string) => {
        const answer = await bet(p, over, 'mac');
        expectRefused(answer, 400, 'VALIDATION_FAILED');
        expect(answer.body.error?.validationErrors?.[0]?.field).toBe(field);
      };
      await refuse({ amount: 0 }, 'amount');
      await refuse({ amount: -5 }, 'amount');
      await refuse({ amount: 1.234 }, 'amount');
      await refuse({ amount: '10' }, 'amount');
      await refuse({ transactionId: 'has space' }, 'transactionId');
      await refuse({ transactionId: 'x'.repeat(129) }, 'transactionId');
      await refuse({ gameCode: undefined }, 'gameCode');
      await refuse({ currency: 'USD' }, 'currency');
      expectRefused(await win(p, 'b', { amount: -1 }, 'mac'), 400, 'VALIDATION_FAILED');
      expectRefused(await rollback(p, '', {}, 'mac'), 400, 'VALIDATION_FAILED');
      expectRefused(await wallet('mac', 'balance', {}), 400, 'VALIDATION_FAILED');
      expect(await casinoRows(p.userId)).toEqual([]);
    });

    it('a provider without a secret (production, not configured) is off; one configured works', async () => {
      const prod = await createTestApp(backend, {
        NODE_ENV: 'production',
        CASINO_DREAM_SECRET: 'd'.repeat(40),
      });
      try {
        expect(prod.config.casinoProviders.king).toEqual({ secret: null, host: null });
        expect(prod.config.casinoProviders.dream.secret).toBe('d'.repeat(40));
        const send = (provider: CasinoProviderId, secret: string) => {
          const payload = JSON.stringify({ casinoToken: 'x' });
          return call(prod.app, {
            url: casinoWalletPath(provider, 'balance'),
            raw: { payload, contentType: 'application/json' },
            headers: signWalletCall(secret, payload, new Date()),
          });
        };
        expectRefused(await send('king', 'k'.repeat(40)), 503, 'CASINO_PROVIDER_UNAVAILABLE');
        // Dream is on: the call is judged (a good signature, a token that is not ours).
        expectRefused(await send('dream', 'd'.repeat(40)), 401, 'CASINO_TOKEN_INVALID');
      } finally {
        await prod.close();
      }
    });
  });

  describe('the casinoToken', () => {
    it('must be ours, live, and name a player of the domain it was signed for', async () => {
      const p = await player(500);
      const q = await player(500);
      const balance = (casinoToken: string) => wallet('udan', 'balance', { casinoToken });
      expect(expectOk(await balance(p.casinoToken))).toEqual({
        playerId: String(p.userId),
        balance: 500,
        currency: 'INR',
        demo: false,
      });
      expectRefused(await balance('not-a-token'), 401, 'CASINO_TOKEN_INVALID');
      expectRefused(await balance(p.accessToken), 401, 'CASINO_TOKEN_INVALID'); // an access token is no casinoToken
      expectRefused(
        await balance(
          await casinoToken({ userId: p.userId, domainId: testDomainId }, { secret: 'z'.repeat(64) }),
        ),
        401,
        'CASINO_TOKEN_INVALID',
      );
      expectRefused(
        await balance(await casinoToken({ userId: 987_654_321, domainId: testDomainId })),
        401,
        'CASINO_TOKEN_INVALID',
      );
      const other = await findDomainByName(ctx.database.db, 'skipotp.backlay.local');
      expectRefused(
        await balance(await casinoToken({ userId: p.userId, domainId: other?.id ?? 0 })),
        403,
        'CASINO_TOKEN_FOREIGN',
      );
      const expired = await casinoToken({ userId: p.userId, domainId: testDomainId }, { expiresIn: -60 });
      expectRefused(await balance(expired), 401, 'CASINO_TOKEN_EXPIRED');
      expectRefused(await bet({ ...p, casinoToken: expired }), 401, 'CASINO_TOKEN_EXPIRED');

      // A win or a rollback pays within a day past the token's expiry (a late round, retries), not after.
      const b = expectOk(await bet(p, { transactionId: 'tok-bet-1', amount: 50 }));
      expect(b.balance).toBe(450);
      const w = expectOk(await win({ ...p, casinoToken: expired }, 'tok-bet-1', { amount: 20 }));
      expect(w.balance).toBe(470);
      const longGone = await casinoToken(
        { userId: p.userId, domainId: testDomainId },
        { expiresIn: -25 * 3600 },
      );
      expectRefused(await win({ ...p, casinoToken: longGone }, 'tok-bet-1'), 401, 'CASINO_TOKEN_EXPIRED');
      // A replay of the bet with the expired token answers the first answer.
      expect(
        expectOk(await bet({ ...p, casinoToken: expired }, { transactionId: 'tok-bet-1', amount: 50 })),
      ).toEqual(b);

      // Another player's token on this player's bet: refused, nothing paid or reversed.
      expectRefused(await win(q, 'tok-bet-1'), 403, 'CASINO_TOKEN_FOREIGN');
      expectRefused(await rollback(q, 'tok-bet-1'), 403, 'CASINO_TOKEN_FOREIGN');
      expect((await balances(ctx, p.userId)).cash).toBe(47_000);
      expect((await balances(ctx, q.userId)).cash).toBe(50_000);
    });

    it('a locked, unverified or self-excluded player cannot stake, but is still paid', async () => {
      const p = await player(300);
      const b = expectOk(await bet(p, { amount: 100 }));
      await ctx.database.db.execute(sql`update users set status = 'locked' where id = ${p.userId}`);
      expectRefused(await bet(p), 403, 'USER_LOCKED');
      const betId = (await casinoRows(p.userId))[0]?.transaction_id as string;
      expect(expectOk(await win(p, betId, { amount: 150 })).balance).toBe(350);
      await ctx.database.db.execute(
        sql`update users set status = 'active', excluded_until = now() + interval '1 day' where id = ${p.userId}`,
      );
      expectRefused(await bet(p), 403, 'PLAYER_SELF_EXCLUDED', /excluded yourself from play until/);
      await ctx.database.db.execute(
        sql`update users set excluded_until = null, timed_out_until = now() + interval '1 day' where id = ${p.userId}`,
      );
      expectRefused(await bet(p), 403, 'PLAYER_TIMED_OUT', /time-out until/);
      await ctx.database.db.execute(sql`update users set timed_out_until = null where id = ${p.userId}`);
      expect(b.balance).toBe(200);
    });
  });

  describe('bet, win and rollback', () => {
    it("a bet takes the stake from cash in one journal against the house's casino account; a replay answers the first answer", async () => {
      const p = await player(1000);
      const pushed = vi.spyOn(ctx.app.walletNotifier, 'changed');
      const body = {
        casinoToken: p.casinoToken,
        transactionId: 'round-7-bet',
        roundId: 'round-7',
        gameCode: 'andar-bahar',
        amount: 125.5,
      };
      const first = expectOk(await wallet<TxnAnswer>('international', 'bet', body));
      expect(first).toEqual({ transactionId: 'round-7-bet', balance: 874.5, currency: 'INR' });
      expect(pushed).toHaveBeenCalledWith(p.userId);
      // Another bet moves the balance; the replay still answers what it answered first, and moves nothing.
      expectOk(await bet(p, { amount: 74.5 }, 'international'));
      expect(expectOk(await wallet<TxnAnswer>('international', 'bet', body))).toEqual(first);
      expect(await balanceOf(p)).toBe(800);
      // The same id at another provider is another call.
      expect(expectOk(await wallet<TxnAnswer>('dream', 'bet', body)).balance).toBe(674.5);
      expect(await casinoJournals(p.userId)).toEqual([
        {
          kind: 'casino_debit',
          reference: 'casino:international:round-7-bet',
          amount: -12_550,
          house: 'HOUSE_CASINO',
        },
        {
          kind: 'casino_debit',
          reference: expect.stringMatching(/^casino:international:bet-/),
          amount: -7450,
          house: 'HOUSE_CASINO',
        },
        {
          kind: 'casino_debit',
          reference: 'casino:dream:round-7-bet',
          amount: -12_550,
          house: 'HOUSE_CASINO',
        },
      ]);
    });

    it('the same transactionId with other details is a conflict (409) and changes nothing', async () => {
      const p = await player(1000);
      const q = await player(1000);
      const base = { transactionId: 'dup-1', roundId: 'r-1', gameCode: 'dice', amount: 100 };
      expectOk(await bet(p, base));
      for (const over of [{ amount: 101 }, { roundId: 'r-2' }, { gameCode: 'crash' }]) {
        expectRefused(await bet(p, { ...base, ...over }), 409, 'CASINO_TRANSACTION_CONFLICT');
      }
      expectRefused(await bet(q, base), 409, 'CASINO_TRANSACTION_CONFLICT'); // another player
      // The bet's id reused by a win or a rollback of it.
      expectRefused(
        await win(p, 'dup-1', { transactionId: 'dup-1', roundId: 'r-1' }),
        409,
        'CASINO_TRANSACTION_CONFLICT',
      );
      expectRefused(
        await rollback(p, 'dup-1', { transactionId: 'dup-1', roundId: 'r-1' }),
        409,
        'CASINO_TRANSACTION_CONFLICT',
      );
      const w = expectOk(await win(p, 'dup-1', { transactionId: 'dup-1-win', roundId: 'r-1', amount: 30 }));
      expectRefused(
        await win(p, 'dup-1', { transactionId: 'dup-1-win', roundId: 'r-1', amount: 31 }),
        409,
        'CASINO_TRANSACTION_CONFLICT',
      );
      expect(
        expectOk(await win(p, 'dup-1', { transactionId: 'dup-1-win', roundId: 'r-1', amount: 30 })),
      ).toEqual(w);
      expect((await balances(ctx, p.userId)).cash).toBe(93_000);
      expect((await balances(ctx, q.userId)).cash).toBe(100_000);
      expect(await casinoRows(p.userId)).toHaveLength(2);
    });

    it('a bet above what the player can stake is refused with that balance; exposure is held back and bonus money is never staked', async () => {
      const p = await player(100);
      const short = await bet(p, { amount: 100.01 });
      expectRefused(short, 422, 'INSUFFICIENT_FUNDS', /₹100/);
      expect(short.body.error).toMatchObject({ balance: 100, currency: 'INR' });

      // Cash held by open exchange bets (exposure) cannot be staked.
      await ctx.app.ledger.transaction(async (money) => {
        await money.wallet(p.userId, { forUpdate: true });
        await money.reserveExposure(p.userId, paise(6000));
      });
      try {
        expect(await balanceOf(p)).toBe(40);
        const refused = await bet(p, { amount: 41 });
        expectRefused(refused, 422, 'INSUFFICIENT_FUNDS');
        expect(refused.body.error).toMatchObject({ balance: 40 });
        expect(expectOk(await bet(p, { amount: 40 })).balance).toBe(0);
      } finally {
        await ctx.app.ledger.transaction(async (money) => {
          await money.wallet(p.userId, { forUpdate: true });
          await money.releaseExposure(p.userId, paise(6000));
        });
      }

      // Bonus money sits apart and is not staked: with ₹0 cash and a ₹100 bonus, a bet is refused.
      const r = await player(0);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 2 }));
      expectOk(await claim(ctx, { token: r.accessToken, userId: r.userId }, b.id));
      const refused = await bet(r, { amount: 1 });
      expectRefused(refused, 422, 'INSUFFICIENT_FUNDS');
      expect(refused.body.error).toMatchObject({ balance: 0 });
      expect(await balances(ctx, r.userId)).toMatchObject({ cash: 0, bonus: 10_000 });
      expect(await casinoRows(r.userId)).toEqual([]);
    });

    it('casino stakes count for bonus wagering once per transaction; a rolled-back stake stops counting', async () => {
      const p = await player(1000);
      const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 3 }));
      const claimed = expectOk(await claim(ctx, { token: p.accessToken, userId: p.userId }, b.id));
      const claimId = claimed.userBonusId as number;
      expectOk(await bet(p, { transactionId: 'wager-1', amount: 120 }, 'mac'));
      expectOk(await bet(p, { transactionId: 'wager-1', amount: 120 }, 'mac')); // replay
      expectOk(await bet(p, { transactionId: 'wager-2', amount: 80 }, 'mac'));
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 20_000, status: 'ACTIVE' });
      expectOk(await rollback(p, 'wager-2', {}, 'mac'));
      expectOk(await rollback(p, 'wager-2', {}, 'mac')); // the provider's retry takes nothing more
      expect(await wagerRows(ctx, claimId)).toEqual([
        { source: 'casino', reference: 'mac:wager-1', amount: 12_000 },
      ]);
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 12_000, status: 'ACTIVE' });
      // The stake that meets the wagering turns the bonus into cash in the same transaction.
      expect(expectOk(await bet(p, { transactionId: 'wager-3', amount: 180 }, 'mac')).balance).toBe(800);
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 30_000, status: 'COMPLETED' });
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 80_000, bonus: 0 });
      // A rollback after the bonus has ended leaves the ended claim as it is.
      expectOk(await rollback(p, 'wager-3', {}, 'mac'));
      expect((await claimsOf(ctx, p.userId))[0]).toMatchObject({ wagered: 30_000, status: 'COMPLETED' });
      expect(await balances(ctx, p.userId)).toMatchObject({ cash: 98_000, bonus: 0 });
    });

    it('a demo player plays with play money against the play-money house, counting for no bonus', async () => {
      const login = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
      const demo = {
        userId: userIdOf(login),
        casinoToken: login.casinoToken,
        accessToken: login.accessToken,
      };
      expect(expectOk(await wallet('dream', 'balance', { casinoToken: demo.casinoToken }))).toMatchObject({
        demo: true,
        balance: 15_000,
      });
      expectOk(await bet(demo, { transactionId: 'demo-bet', amount: 500 }, 'dream'));
      expect(expectOk(await win(demo, 'demo-bet', { amount: 900 }, 'dream')).balance).toBe(15_400);
      expect((await casinoJournals(demo.userId)).map((j) => j.house)).toEqual([
        'HOUSE_PLAY_MONEY',
        'HOUSE_PLAY_MONEY',
      ]);
      const wagers = await queryRows(
        ctx.database.db,
        sql`select 1 from bonus_wagers where reference = 'dream:demo-bet'`,
      );
      expect(wagers).toEqual([]);
    });

    it('wins pay a known bet of the same round, several per bet, each once; an unknown bet or another round is refused', async () => {
      const p = await player(1000);
      const b = expectOk(await bet(p, { transactionId: 'w-bet', roundId: 'w-round', amount: 100 }));
      expect(b.balance).toBe(900);
      const first = expectOk(
        await win(p, 'w-bet', { transactionId: 'w-1', roundId: 'w-round', amount: 150 }),
      );
      expect(first.balance).toBe(1050);
      expect(
        expectOk(await win(p, 'w-bet', { transactionId: 'w-2', roundId: 'w-round', amount: 25.25 })).balance,
      ).toBe(1075.25);
      // A lost round closed with a win of 0: taken, no journal.
      expect(
        expectOk(await win(p, 'w-bet', { transactionId: 'w-3', roundId: 'w-round', amount: 0 })).balance,
      ).toBe(1075.25);
      expect(
        expectOk(await win(p, 'w-bet', { transactionId: 'w-1', roundId: 'w-round', amount: 150 })),
      ).toEqual(first);

      expectRefused(await win(p, 'never-bet', { roundId: 'w-round' }), 404, 'CASINO_BET_NOT_FOUND');
      expectRefused(await win(p, 'w-1', { roundId: 'w-round' }), 404, 'CASINO_BET_NOT_FOUND', /names a win/);
      expectRefused(await win(p, 'w-bet', { roundId: 'other-round' }), 422, 'CASINO_ROUND_MISMATCH');
      expectRefused(await win(p, 'w-bet', { roundId: 'w-round' }, 'udan'), 404, 'CASINO_BET_NOT_FOUND'); // another provider's
      expect((await balances(ctx, p.userId)).cash).toBe(107_525);
      expect(
        (await casinoRows(p.userId)).map((r) => [
          r.type,
          r.outcome,
          num(r.amount_paise),
          r.journal_id === null,
        ]),
      ).toEqual([
        ['bet', 'accepted', 10_000, false],
        ['win', 'paid', 15_000, false],
        ['win', 'paid', 2525, false],
        ['win', 'paid', 0, true],
      ]);
      // A paid round is final: its bet is not rolled back.
      expectRefused(await rollback(p, 'w-bet', { roundId: 'w-round' }), 409, 'CASINO_BET_HAS_WIN');
      expect((await balances(ctx, p.userId)).cash).toBe(107_525);
    });

    it('a rollback gives the stake back exactly once, however often and under whatever ids it comes', async () => {
      const p = await player(1000);
      expectOk(await bet(p, { transactionId: 'rb-bet', amount: 300 }));
      const first = expectOk(await rollback(p, 'rb-bet', { transactionId: 'rb-1' }));
      expect(first).toEqual({
        transactionId: 'rb-1',
        referenceTransactionId: 'rb-bet',
        outcome: 'Reversed',
        refunded: 300,
        balance: 1000,
        currency: 'INR',
      });
      expectOk(await bet(p, { amount: 50 })); // the balance moves on
      expect(expectOk(await rollback(p, 'rb-bet', { transactionId: 'rb-1' }))).toEqual(first);
      expect(expectOk(await rollback(p, 'rb-bet', { transactionId: 'rb-2' }))).toEqual({
        transactionId: 'rb-2',
        referenceTransactionId: 'rb-bet',
        outcome: 'AlreadyReversed',
        refunded: 0,
        balance: 950,
        currency: 'INR',
      });
      expectRefused(
        await rollback(p, 'other-bet', { transactionId: 'rb-1' }),
        409,
        'CASINO_TRANSACTION_CONFLICT',
      );
      expectRefused(await win(p, 'rb-bet'), 409, 'CASINO_BET_CANCELLED');
      expectRefused(await rollback(p, 'rb-bet', { roundId: 'round-9' }), 422, 'CASINO_ROUND_MISMATCH');
      expect((await balances(ctx, p.userId)).cash).toBe(95_000);
      const journals = await casinoJournals(p.userId);
      expect(journals.filter((j) => j.reference === 'casino-rollback:king:rb-bet')).toEqual([
        {
          kind: 'casino_credit',
          reference: 'casino-rollback:king:rb-bet',
          amount: 30_000,
          house: 'HOUSE_CASINO',
        },
      ]);
    });

    it('a rollback before its bet leaves a tombstone: the late bet and its wins are refused, nothing moves', async () => {
      const p = await player(1000);
      const tomb = expectOk(await rollback(p, 'late-bet', { transactionId: 'late-rb' }));
      expect(tomb).toMatchObject({ outcome: 'Tombstone', refunded: 0, balance: 1000 });
      expect(expectOk(await rollback(p, 'late-bet', { transactionId: 'late-rb' }))).toEqual(tomb);
      expect(expectOk(await rollback(p, 'late-bet', { transactionId: 'late-rb-2' }))).toMatchObject({
        outcome: 'Tombstone',
      });
      expectRefused(await bet(p, { transactionId: 'late-bet', amount: 100 }), 409, 'CASINO_BET_CANCELLED');
      expectRefused(await win(p, 'late-bet'), 409, 'CASINO_BET_CANCELLED');
      expect((await balances(ctx, p.userId)).cash).toBe(100_000);
      expect(await casinoJournals(p.userId)).toEqual([]);
      // A rollback whose id names a win is not a bet's rollback.
      expectOk(await bet(p, { transactionId: 'x-bet' }));
      expectOk(await win(p, 'x-bet', { transactionId: 'x-win' }));
      expectRefused(await rollback(p, 'x-win'), 404, 'CASINO_BET_NOT_FOUND');
    });

    it("the player's cash statement shows the casino's lines", async () => {
      const p = await player(500);
      expectOk(await bet(p, { transactionId: 'st-bet', amount: 100 }));
      expectOk(await win(p, 'st-bet', { amount: 250 }));
      expectOk(await bet(p, { transactionId: 'st-bet-2', amount: 40 }));
      expectOk(await rollback(p, 'st-bet-2'));
      type Line = { kind: string; credit: number; debit: number; balance: number; description: string };
      const statement = expectOk(
        await call<{ items: Line[] }>(ctx.app, { url: '/Transaction/GetHistory', token: p.accessToken }),
      );
      expect(statement.items.slice(0, 4).map((l) => [l.kind, l.credit, l.debit, l.balance])).toEqual([
        ['casino_credit', 40, 0, 650],
        ['casino_debit', 0, 40, 610],
        ['casino_credit', 250, 0, 650],
        ['casino_debit', 0, 100, 400],
      ]);
      expect(statement.items[0]?.description).toMatch(/rolled back/);
    });
  });

  describe('concurrency', () => {
    it('many bets at once on one balance: never below zero, each refused one answers the balance', async () => {
      const p = await player(100);
      const answers = await Promise.all(Array.from({ length: 24 }, () => bet(p, { amount: 10 })));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(10);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expectRefused(refused, 422, 'INSUFFICIENT_FUNDS');
        expect(refused.body.error).toMatchObject({ balance: 0 });
      }
      expect(ok.map((a) => a.body.result.balance).sort((a, b) => a - b)).toEqual([
        0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
      ]);
      expect((await balances(ctx, p.userId)).cash).toBe(0);
    });

    it('the same bet, or rollbacks of one bet, sent many times at once move money once', async () => {
      const p = await player(1000);
      const same = await Promise.all(
        Array.from({ length: 8 }, () => bet(p, { transactionId: 'c-bet', amount: 100 })),
      );
      const first = expectOk(same[0] as Answer<TxnAnswer>);
      for (const a of same) expect(expectOk(a)).toEqual(first);
      const rollbacks = await Promise.all(
        Array.from({ length: 8 }, (_, i) => rollback(p, 'c-bet', { transactionId: `c-rb-${i % 3}` })),
      );
      const outcomes = rollbacks.map((a) => expectOk(a));
      // Each rollback id answers one outcome; exactly one id reversed the bet.
      const byId = new Map<string, Set<string>>();
      for (const o of outcomes)
        byId.set(o.transactionId, (byId.get(o.transactionId) ?? new Set()).add(o.outcome));
      for (const set of byId.values()) expect(set.size).toBe(1);
      expect(outcomes.filter((o) => o.outcome === 'Reversed').map((o) => o.transactionId)).toSatisfy(
        (ids: string[]) => new Set(ids).size === 1,
      );
      expect((await balances(ctx, p.userId)).cash).toBe(100_000);
      expect(await casinoJournals(p.userId)).toHaveLength(2);
    });

    it("many players' rounds at once: the house's casino account is exactly the sum of its lines, and of what the players lost", async () => {
      const house = async () => {
        const [row] = await queryRows<Record<string, unknown>>(
          ctx.database.db,
          sql`select b.balance,
                     coalesce((select sum(l.amount) from journal_lines l where l.account_id = a.id), 0) as lines,
                     (select count(*) from ledger_account_stripes s where s.account_id = a.id) as stripes
                from ledger_accounts a join ledger_account_balances b on b.account_id = a.id
               where a.domain_id = ${testDomainId} and a.code = 'HOUSE_CASINO' and a.user_id is null`,
        );
        return {
          balance: num(row?.balance ?? 0),
          lines: num(row?.lines ?? 0),
          stripes: num(row?.stripes ?? 0),
        };
      };
      const before = await house();
      const players = await Promise.all(Array.from({ length: 6 }, () => player(1000)));
      // Each player plays 5 rounds, all players at once: a bet, then a win, a win of 0 or a rollback.
      const nets = await Promise.all(
        players.map(async (p, i) => {
          let net = 0;
          for (let n = 0; n < 5; n++) {
            const betId = id(`h-bet-${i}`);
            const stake = 10 + i + n;
            expectOk(await bet(p, { transactionId: betId, roundId: `h-${i}-${n}`, amount: stake }));
            net -= stake * 100;
            const fate = (i + n) % 3;
            if (fate === 0) {
              expectOk(await win(p, betId, { roundId: `h-${i}-${n}`, amount: stake * 2 }));
              net += stake * 200;
            } else if (fate === 1) {
              expectOk(await win(p, betId, { roundId: `h-${i}-${n}`, amount: 0 }));
            } else {
              expect(expectOk(await rollback(p, betId, { roundId: `h-${i}-${n}` })).outcome).toBe('Reversed');
              net += stake * 100;
            }
          }
          return net;
        }),
      );
      const after = await house();
      expect(after.stripes).toBe(16);
      expect(after.balance).toBe(after.lines);
      expect(after.balance - before.balance).toBe(-nets.reduce((a, b) => a + b, 0));
      for (const [i, p] of players.entries()) {
        expect((await balances(ctx, p.userId)).cash).toBe(100_000 + (nets[i] as number));
      }
    });

    // The two-round-trip way is PostgreSQL's alone: PGlite always goes step by step.
    if (backend === 'postgres')
      it('on PostgreSQL a plain call takes the two-round-trip way; a player with an active bonus goes step by step, with the same money', async () => {
        const run = vi.spyOn(CasinoFastPath.prototype, 'run');
        const ways = async () => {
          const results = await Promise.all(run.mock.results.map((r) => r.value as Promise<unknown>));
          run.mockClear();
          return results.map((r) => (r === null ? 'step by step' : 'two trips'));
        };
        const p = await player(1000);
        expectOk(await bet(p, { transactionId: id('fp-warm'), amount: 1 })); // the house account known
        await ways();
        const betId = id('fp-bet');
        expect(expectOk(await bet(p, { transactionId: betId, amount: 100 })).balance).toBe(899);
        expect(expectOk(await win(p, betId, { amount: 250 })).balance).toBe(1149);
        expect(expectOk(await win(p, betId, { amount: 0 })).balance).toBe(1149);
        const second = id('fp-bet');
        expectOk(await bet(p, { transactionId: second, amount: 50 }));
        const rbId = id('fp-rb');
        expect(expectOk(await rollback(p, second, { transactionId: rbId })).outcome).toBe('Reversed');
        // The same rollback again is a replay: its first answer.
        expect(expectOk(await rollback(p, second, { transactionId: rbId })).outcome).toBe('Reversed');
        expect(await ways()).toEqual(Array.from({ length: 6 }, () => 'two trips'));
        expect((await balances(ctx, p.userId)).cash).toBe(114_900);
        // The casino's rows and journals are those of the step-by-step way.
        const rows = (await casinoRows(p.userId)).slice(1);
        expect(rows.map((r) => [r.type, r.outcome, num(r.amount_paise), r.journal_id === null])).toEqual([
          ['bet', 'accepted', 10_000, false],
          ['win', 'paid', 25_000, false],
          ['win', 'paid', 0, true],
          ['bet', 'accepted', 5_000, false],
          ['rollback', 'reversed', 5_000, false],
        ]);
        // A player with an active bonus claim: their stake counts for the wagering, step by step.
        const q = await player(1000);
        const b = await createBonus(ctx, freeBonus({ amount: 100, maxAmount: 100, wageringMultiplier: 3 }));
        expectOk(await claim(ctx, { token: q.accessToken, userId: q.userId }, b.id));
        expectOk(await bet(q, { transactionId: id('fp-claim'), amount: 60 }));
        expect(await ways()).toEqual(['step by step']);
        expect((await claimsOf(ctx, q.userId))[0]).toMatchObject({ wagered: 6_000, status: 'ACTIVE' });
        run.mockRestore();
      });

    it('a bet and its rollback racing: exactly one outcome, the same on replay, and the money right', async () => {
      const p = await player(1000);
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const betId = `race-bet-${i}`;
        const rbId = `race-rb-${i}`;
        const calls = [
          () => bet(p, { transactionId: betId, amount: 10 }),
          () => rollback(p, betId, { transactionId: rbId }),
        ];
        const [betAnswer, rbAnswer] =
          i % 2 === 0
            ? await Promise.all([calls[0]!(), calls[1]!()])
            : (await Promise.all([calls[1]!(), calls[0]!()])).reverse();
        const rb = expectOk(rbAnswer as Answer<RollbackAnswer>);
        if (rb.outcome === 'Reversed') {
          expectOk(betAnswer as Answer<TxnAnswer>);
          seen.add('bet first');
        } else {
          expect(rb.outcome).toBe('Tombstone');
          expectRefused(betAnswer as Answer, 409, 'CASINO_BET_CANCELLED');
          seen.add('rollback first');
        }
        // Sent again, each answers as it did.
        expect(expectOk(await rollback(p, betId, { transactionId: rbId }))).toEqual(rb);
        if (rb.outcome === 'Tombstone')
          expectRefused(await bet(p, { transactionId: betId, amount: 10 }), 409, 'CASINO_BET_CANCELLED');
        expect((await balances(ctx, p.userId)).cash).toBe(100_000);
      }
      expect(seen.size).toBeGreaterThan(0);
    });
  });

  describe('property: any interleaving of repeated, late or lost calls', () => {
    /*
     * A model of the wallet's rules, fed the same calls in the same order as the server. Rounds each
     * have a bet, up to two wins and maybe a rollback; fast-check picks which calls are sent (a lost
     * call is never sent), how often (repeats) and in what order (a win or a rollback before its
     * bet). Every answer must be the model's (success and balance, or the refusal's code), and at
     * the end each round's money moved exactly once: its debit, its wins and its reversal each one
     * journal or none, the player's cash the model's, the ledger balanced.
     */
    interface Round {
      stake: number;
      wins: number[];
    }
    type Step =
      | { round: number; call: 'bet' }
      | { round: number; call: 'win'; n: number }
      | { round: number; call: 'rollback' };

    const roundArb = fc.record({
      stake: fc.integer({ min: 1, max: 400 }),
      wins: fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 2 }),
    });
    const scenarioArb = fc
      .record({
        funds: fc.integer({ min: 0, max: 800 }),
        rounds: fc.array(roundArb, { minLength: 1, maxLength: 4 }),
      })
      .chain(({ funds, rounds }) => {
        const steps: Step[] = rounds.flatMap((r, round) => [
          { round, call: 'bet' as const },
          ...r.wins.map((_, n) => ({ round, call: 'win' as const, n })),
          { round, call: 'rollback' as const },
        ]);
        // Each possible call: lost (0), sent once, or repeated; then all shuffled.
        return fc
          .tuple(...steps.map((s) => fc.constantFrom(0, 1, 1, 2).map((times) => Array<Step>(times).fill(s))))
          .chain((copies) => fc.shuffledSubarray(copies.flat(), { minLength: copies.flat().length }))
          .map((order) => ({ funds, rounds, order }));
      });

    type Expect = { ok: true; balance: number; outcome?: string } | { ok: false; code: string };

    class Model {
      balance: number;
      bets = new Map<number, number>(); // round → balance answered
      tombstones = new Set<number>();
      reversed = new Set<number>();
      rollbackAnswers = new Map<number, { balance: number; outcome: string }>();
      wins = new Map<string, number>(); // `${round}:${n}` → balance answered
      constructor(funds: number) {
        this.balance = funds;
      }
      apply(step: Step, rounds: Round[]): Expect {
        const r = step.round;
        const stake = rounds[r]?.stake ?? 0;
        if (step.call === 'bet') {
          const answered = this.bets.get(r);
          if (answered !== undefined) return { ok: true, balance: answered };
          if (this.tombstones.has(r)) return { ok: false, code: 'CASINO_BET_CANCELLED' };
          if (this.balance < stake) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
          this.balance -= stake;
          this.bets.set(r, this.balance);
          return { ok: true, balance: this.balance };
        }
        if (step.call === 'win') {
          const key = `${r}:${step.n}`;
          const answered = this.wins.get(key);
          if (answered !== undefined) return { ok: true, balance: answered };
          if (!this.bets.has(r)) {
            return {
              ok: false,
              code: this.tombstones.has(r) ? 'CASINO_BET_CANCELLED' : 'CASINO_BET_NOT_FOUND',
            };
          }
          if (this.reversed.has(r)) return { ok: false, code: 'CASINO_BET_CANCELLED' };
          this.balance += rounds[r]?.wins[step.n] ?? 0;
          this.wins.set(key, this.balance);
          return { ok: true, balance: this.balance };
        }
        const answered = this.rollbackAnswers.get(r);
        if (answered) return { ok: true, ...answered };
        if (this.bets.has(r) && [...this.wins.keys()].some((k) => k.startsWith(`${r}:`))) {
          return { ok: false, code: 'CASINO_BET_HAS_WIN' };
        }
        let outcome = 'Tombstone';
        if (this.bets.has(r)) {
          this.balance += stake;
          this.reversed.add(r);
          outcome = 'Reversed';
        } else this.tombstones.add(r);
        this.rollbackAnswers.set(r, { balance: this.balance, outcome });
        return { ok: true, balance: this.balance, outcome };
      }
    }

    it('leaves each round’s money right exactly once and the ledger balanced', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ funds, rounds, order }) => {
          const p = await player(funds);
          const tag = randomBytes(3).toString('hex');
          const model = new Model(funds);
          for (const step of order) {
            const betId = `${tag}-bet-${step.round}`;
            const roundId = `${tag}-round-${step.round}`;
            const answer: Answer<TxnAnswer & Partial<RollbackAnswer>> =
              step.call === 'bet'
                ? await bet(p, { transactionId: betId, roundId, amount: rounds[step.round]?.stake })
                : step.call === 'win'
                  ? await win(p, betId, {
                      transactionId: `${tag}-win-${step.round}-${step.n}`,
                      roundId,
                      amount: rounds[step.round]?.wins[step.n],
                    })
                  : await rollback(p, betId, { transactionId: `${tag}-rb-${step.round}`, roundId });
            const expected = model.apply(step, rounds);
            const got = answer.body.success
              ? {
                  ok: true,
                  balance: answer.body.result.balance,
                  ...(step.call === 'rollback' ? { outcome: answer.body.result.outcome } : {}),
                }
              : { ok: false, code: answer.body.error?.code };
            expect(got, JSON.stringify({ step, order })).toEqual(expected);
          }
          // Each round's money moved once: one debit per accepted bet, one credit per paid win
          // (above 0), one reversal per reversed bet, and the cash is the model's.
          const journals = await casinoJournals(p.userId);
          for (const [r, round] of rounds.entries()) {
            const mine = (ref: string) => journals.filter((j) => j.reference === ref);
            expect(mine(`casino:king:${tag}-bet-${r}`)).toHaveLength(model.bets.has(r) ? 1 : 0);
            expect(mine(`casino-rollback:king:${tag}-bet-${r}`)).toHaveLength(model.reversed.has(r) ? 1 : 0);
            round.wins.forEach((amount, n) => {
              const paid = model.wins.has(`${r}:${n}`) && amount > 0;
              expect(mine(`casino:king:${tag}-win-${r}-${n}`)).toHaveLength(paid ? 1 : 0);
            });
          }
          expect((await balances(ctx, p.userId)).cash).toBe(model.balance * 100);
          await expectLedgerBalanced(ctx.database.db);
        }),
        {
          numRuns: Number(process.env.CASINO_PROPERTY_RUNS ?? 20),
          seed: Number(process.env.CASINO_PROPERTY_SEED ?? 15_2025),
        },
      );
    });
  });
});
