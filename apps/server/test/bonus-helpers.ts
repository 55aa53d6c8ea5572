import { randomBytes } from 'node:crypto';
import type { PlayerBonus } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { matchOddsMarket, type TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import { num, queryRows } from '../src/betting/sql-rows';
import { BonusService } from '../src/bonus';
import { fundedPlayer, placeOk, settle, type Player } from './betting-helpers';
import type { TestContext } from './harness';
import { call, expectOk, type Answer } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Bonuses in tests: catalogue entries made by the demo owner, deposits credited as the cashier
 * credits them (a 'deposit' journal into the player's cash), bets placed and settled through the
 * API on markets of a feed the test controls, and the player's balances read from the ledger.
 */

export const RUNNERS = [
  { id: 11, name: 'India', back: [2.0], lay: [2.02] },
  { id: 12, name: 'Australia', back: [2.0], lay: [2.02] },
];

let marketSeq = 0;
let eventSeq = 9_000 + Math.floor(Math.random() * 50_000);
export function newMarket(feed: TestFeed, runners: typeof RUNNERS = RUNNERS) {
  do marketSeq += 1;
  while (marketSeq % 10 === 0);
  const marketId = `1.${70_000 + marketSeq}${Math.floor(Math.random() * 9) + 1}`;
  const eventId = ++eventSeq;
  feed.setMarket(matchOddsMarket({ id: marketId, eventId, runners }));
  return { marketId, eventId };
}

/** A back bet of `stake` rupees on India at 2.0 on a new market; answers the market and the bet. */
export async function backIndia(ctx: TestContext, feed: TestFeed, p: Player, stake: number) {
  const m = newMarket(feed);
  const placed = await placeOk(ctx, p, {
    type: 1,
    rate: 2.0,
    stake,
    runnerId: 11,
    marketId: m.marketId,
    eventId: m.eventId,
  });
  return { ...m, betId: placed.betId };
}

/** Settles a market: India wins (`won`), Australia wins, or the market is voided. */
export async function settleAs(ctx: TestContext, marketId: string, outcome: 'won' | 'lost' | 'void') {
  const result =
    outcome === 'void'
      ? { kind: 'void', reason: 'Abandoned' }
      : { kind: 'winner', runnerId: outcome === 'won' ? 11 : 12 };
  return expectOk(await settle(ctx, marketId, result));
}

export type BonusBody = Record<string, unknown>;
export const freeBonus = (over: BonusBody = {}): BonusBody => ({
  title: `Free ${randomBytes(3).toString('hex')}`,
  description: 'A test bonus',
  kind: 'Free',
  amount: 100,
  maxAmount: 100,
  wageringMultiplier: 2,
  validDays: 3,
  terms: 'Bet twice the bonus on settled bets within 3 days.',
  ...over,
});
export const percentBonus = (kind: string, over: BonusBody = {}): BonusBody => ({
  title: `${kind} ${randomBytes(3).toString('hex')}`,
  description: 'A test bonus',
  kind,
  percent: 100,
  maxAmount: 5000,
  minDeposit: 500,
  wageringMultiplier: 5,
  validDays: 14,
  terms: 'Plain words about this bonus and its wagering.',
  ...over,
});

export async function createBonus(ctx: TestContext, body: BonusBody): Promise<{ id: number }> {
  return expectOk(
    await call<{ id: number }>(ctx.app, {
      url: '/admin/bonuses',
      body,
      headers: await operatorHeaders(ctx.app, 'owner'),
    }),
  );
}

export const getBonuses = async (ctx: TestContext, p: Player) =>
  expectOk(await call<PlayerBonus[]>(ctx.app, { url: '/Bonus/GetBonuses', token: p.token }));
export const claim = (ctx: TestContext, p: Player, id: number): Promise<Answer<PlayerBonus>> =>
  call<PlayerBonus>(ctx.app, { url: '/Bonus/Claim', query: { id: String(id) }, token: p.token });

let depositSeq = 0;
/** A credited deposit of `rupees`, as an approved manual deposit posts it. */
export async function deposit(ctx: TestContext, userId: number, rupees: number): Promise<string> {
  const reference = `deposit:test-${randomBytes(4).toString('hex')}-${++depositSeq}`;
  await ctx.app.ledger.transaction(async (money) => {
    const wallet = await money.wallet(userId, { forUpdate: true });
    const clearing = await money.houseAccount(wallet.domainId, 'PAYMENTS_CLEARING');
    await money.post({
      domainId: wallet.domainId,
      kind: 'deposit',
      reference,
      description: 'test deposit',
      lines: [
        { account: wallet.cash, amount: paise(rupees * 100) },
        { account: clearing, amount: paise(-rupees * 100) },
      ],
    });
  });
  return reference;
}

/** A real (verified) player with no money yet. */
export const newPlayer = (ctx: TestContext) => fundedPlayer(ctx, 0);

/** The player's cash, bonus and held balances and exposure, in paise. */
export async function balances(ctx: TestContext, userId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select
          (select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_CASH') as cash,
          coalesce((select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_BONUS'), 0) as bonus,
          coalesce((select balance from ledger_accounts where user_id = ${userId} and code = 'PLAYER_HELD'), 0) as held,
          (select exposure from wallets where user_id = ${userId}) as exposure`,
  );
  return { cash: num(row?.cash), bonus: num(row?.bonus), held: num(row?.held), exposure: num(row?.exposure) };
}

/** The player's claims as stored, oldest first. */
export async function claimsOf(ctx: TestContext, userId: number) {
  const found = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select id, status, amount_paise, wagered_paise, wagering_required_paise from user_bonuses
        where user_id = ${userId} order by id`,
  );
  return found.map((r) => ({
    id: num(r.id),
    status: String(r.status),
    amount: num(r.amount_paise),
    wagered: num(r.wagered_paise),
    required: num(r.wagering_required_paise),
  }));
}

export async function wagerRows(ctx: TestContext, claimId: number) {
  const found = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select source, reference, amount_paise from bonus_wagers where user_bonus_id = ${claimId} order by id`,
  );
  return found.map((r) => ({
    source: String(r.source),
    reference: String(r.reference),
    amount: num(r.amount_paise),
  }));
}

export async function journalsOf(ctx: TestContext, kind: string, referenceLike: string) {
  const [row] = await queryRows<{ n: unknown }>(
    ctx.database.db,
    sql`select count(*) as n from journals where kind = ${kind} and reference like ${referenceLike}`,
  );
  return num(row?.n);
}

/** The bonus rules as the app runs them, for the job's work a test drives itself. */
export const bonusService = (ctx: TestContext) => new BonusService(ctx.app.db, ctx.app.ledger);

export async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
