import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, num } from '../src/betting/sql-rows';
import type { Db } from '../src/platform/db/database';
import { call, expectOk, registerVerified, type Answer } from './helpers';
import { operatorHeaders } from './operator-helpers';
import type { TestContext } from './harness';

export interface Player {
  token: string;
  userId: number;
}

function userIdOf(login: LoginResult): number {
  const payload = login.accessToken.split('.')[1] ?? '';
  return Number((JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub);
}

/** A fresh demo account: ₹15,000 of play money. */
export async function demoPlayer(ctx: TestContext): Promise<Player> {
  const login = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
  return { token: login.accessToken, userId: userIdOf(login) };
}

/** A real (verified) account credited by the operator with `rupees`. */
export async function fundedPlayer(ctx: TestContext, rupees: number): Promise<Player> {
  const who = await registerVerified(ctx.app);
  const userId = userIdOf(who.login);
  if (rupees > 0) await adjust(ctx, userId, rupees);
  return { token: who.login.accessToken, userId };
}

export async function adjust(ctx: TestContext, userId: number, rupees: number) {
  return expectOk(
    await call(ctx.app, {
      url: '/admin/wallets/adjust',
      body: { userId, amount: rupees, reason: 'test funds', reference: randomBytes(8).toString('hex') },
      headers: await operatorHeaders(ctx.app, 'owner'),
    }),
  );
}

let requestSeq = 0;
export function requestId(): string {
  requestSeq += 1;
  return `req-${randomBytes(4).toString('hex')}-${requestSeq}`;
}

export interface BetBody {
  type: 1 | 2 | 3 | 4;
  rate: number;
  stake: number;
  marketId: string;
  eventId: number;
  runnerId?: number | null;
  fancyValue?: number | null;
  requestId?: string;
  acceptAnyOdds?: boolean;
}

/** A market on its event, as the bet bodies name it. */
export interface MarketRef {
  marketId: string;
  eventId: number;
}
/** A back (type 1) of `stake` whole rupees at `rate` on a runner of `m`. */
export const backBet = (m: MarketRef, runnerId: number, rate: number, stake: number) =>
  ({ type: 1, rate, stake, runnerId, marketId: m.marketId, eventId: m.eventId }) satisfies BetBody;
/** A lay (type 2) of `stake` whole rupees at `rate` on a runner of `m`. */
export const layBet = (m: MarketRef, runnerId: number, rate: number, stake: number) =>
  ({ type: 2, rate, stake, runnerId, marketId: m.marketId, eventId: m.eventId }) satisfies BetBody;

export interface PlaceResult {
  betId: number;
  status: string;
  message: string;
  matchedRate: number;
  balance: number;
  exposure: number;
}

export function place(ctx: TestContext, p: Player, bet: BetBody | Record<string, unknown>) {
  return call<PlaceResult>(ctx.app, {
    url: '/Bet/PlaceBetV2',
    body: { requestId: requestId(), ...bet },
    token: p.token,
  });
}

export async function placeOk(ctx: TestContext, p: Player, bet: BetBody): Promise<PlaceResult> {
  return expectOk(await place(ctx, p, bet));
}

export interface OpenBets {
  balance: number;
  exposure: number;
  openBets: { betId: number; marketId: string; betType: string; stake: number; odds: number }[];
}

export async function openBets(ctx: TestContext, p: Player, eventId?: number): Promise<OpenBets> {
  return expectOk(
    await call<OpenBets>(ctx.app, {
      url: '/Bet/GetUserOpenBets',
      token: p.token,
      ...(eventId ? { query: { eventId: String(eventId) } } : {}),
    }),
  );
}

export interface ExpectedPl {
  eventId: number;
  marketId: string;
  marketType: string;
  exposure: number;
  runners: { runnerId: number; amount: number }[];
}

export async function expectedPl(ctx: TestContext, p: Player): Promise<ExpectedPl[]> {
  return expectOk(
    await call<ExpectedPl[]>(ctx.app, { url: '/Bet/GetUserExpectedProfitLoss', token: p.token }),
  );
}

/** Settles (or voids) a market as the demo site's trader. */
export async function settle(ctx: TestContext, marketId: string, result: unknown): Promise<Answer> {
  return call(ctx.app, {
    url: '/admin/markets/settle',
    body: { marketId, result },
    headers: await operatorHeaders(ctx.app, 'trader'),
  });
}

/** Balance and exposure as the wallet holds them, in paise. */
export async function walletOf(db: Db, userId: number) {
  const [row] = await queryRows<{ balance: unknown; exposure: unknown }>(
    db,
    sql`select a.balance, w.exposure from wallets w join ledger_accounts a on a.id = w.cash_account_id
        where w.user_id = ${userId}`,
  );
  if (!row) throw new Error('no wallet');
  return { balance: num(row.balance), exposure: num(row.exposure) };
}

export async function betCount(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from bets where user_id = ${userId}`,
  );
  return num(row?.n ?? 0);
}

/**
 * The books balance: every journal sums to zero, all lines together sum to zero, each account's
 * balance is the sum of its lines, and each wallet's exposure is the sum of its markets' exposures.
 */
export async function expectLedgerBalanced(db: Db) {
  const [total] = await queryRows<{ s: unknown }>(
    db,
    sql`select coalesce(sum(amount), 0) as s from journal_lines`,
  );
  expect(num(total?.s)).toBe(0);
  const unbalanced = await queryRows(
    db,
    sql`select journal_id from journal_lines group by journal_id having sum(amount) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const drift = await queryRows(
    db,
    // Every account against its lines: a player's row, a house account's stripes summed.
    sql`select b.account_id from ledger_account_balances b
        left join (select account_id, sum(amount) as s from journal_lines group by account_id) l on l.account_id = b.account_id
        where b.balance <> coalesce(l.s, 0)`,
  );
  expect(drift).toEqual([]);
  const exposureDrift = await queryRows(
    db,
    sql`select w.user_id from wallets w
        left join (select user_id, sum(exposure_paise) as s from market_exposures group by user_id) e on e.user_id = w.user_id
        where w.exposure <> coalesce(e.s, 0)`,
  );
  expect(exposureDrift).toEqual([]);
  const negative = await queryRows(
    db,
    sql`select w.user_id from wallets w join ledger_accounts a on a.id = w.cash_account_id where a.balance - w.exposure < 0`,
  );
  expect(negative).toEqual([]);
}
