import { randomBytes } from 'node:crypto';
import { ERRORS, type ErrorCode, type PlayerBonus } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { TestFeed } from '@backlay/feed-simulator/test-feed';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { num, queryRows } from '../src/betting/sql-rows';
import { BonusJob, BonusService } from '../src/bonus';
import type { AuthUser } from '../src/platform/http/auth-user';
import { expectLedgerBalanced, requestId, settle, type Player } from './betting-helpers';
import {
  balances,
  bonusService,
  claim,
  createBonus,
  eventually,
  getBonuses,
  newMarket,
  newPlayer,
  type BonusBody,
} from './bonus-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, type Answer } from './helpers';
import { operatorHeaders } from './operator-helpers';

/*
 * Issue 14's property: for any sequence of deposits, bets, settlements, claims and expiries, the
 * player's cash + bonus + held + exposure equals the ledger and never goes below zero.
 *
 * Model-based: fast-check draws a sequence of a player's actions (credited and rejected deposits,
 * claims of each kind of bonus, claims "days later" through the rules' clock, back and lay bets that
 * match or rest, cancels, settlements won/lost/void, settling again, withdrawals with and without
 * forfeiting the bonus, their cancel/payment/rejection, time passing to a bonus's expiry, the bonus
 * job's run and a BetSettled heard twice). Each action runs against the real server (app.inject, a
 * fresh player per run) and against a small model of what the rules say should happen, and must
 * come out the same (done, or refused with the code the model expects). After every step, read
 * from the database and from the API:
 *
 * - cash, bonus, held and exposure are the model's, none below zero, and cash covers exposure;
 * - every account of the player is the sum of its journal lines, and the player's lines sum to
 *   cash + bonus + held = deposits + settlement nets + bonuses granted − forfeited − paid out, kind
 *   by kind; the wallet's exposure is the sum of its markets'; every journal balances;
 * - the bonus balance is the amount of the one active claim (zero without one); each claim's
 *   status, amount, requirement and wagering are the model's; its wagering is the sum of its
 *   wager rows, one row per settled (not void) bet placed after the claim and settled before its
 *   expiry, no bet counted twice; each claim has its grant journal and, once ended, exactly one end
 *   journal (conversion, expiry or forfeit);
 * - GetUserOpenBets, the hub's UserBalance (walletNotifier.current) and GetBonuses (each claim, and
 *   whether each offer is claimable and for how much) say the same.
 *
 * Seeded, so a run is repeatable: BONUS_PROPERTY_SEED and BONUS_PROPERTY_RUNS change it. A failure
 * prints the shrunk sequence of actions (and the seed and path to replay it) and the failing step.
 */

const SEED = Number(process.env.BONUS_PROPERTY_SEED ?? 20_251_124);
const RUNS = Number(process.env.BONUS_PROPERTY_RUNS ?? 50);
const MAX_STEPS = 12;
const SHRINKS = Number(process.env.BONUS_PROPERTY_SHRINKS ?? 80);
const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA = 11;
const AUSTRALIA = 12;

// ---------------------------------------------------------------- the catalogue the runs claim from

type BonusKey = 'firstDeposit' | 'reload' | 'free' | 'freeCash' | 'cashback' | 'inactive';
const BONUS_KEYS: readonly BonusKey[] = [
  'firstDeposit',
  'reload',
  'free',
  'freeCash',
  'cashback',
  'inactive',
];

/** A bonus's terms, money in paise. */
interface Terms {
  kind: 'FirstDeposit' | 'Reload' | 'Cashback' | 'Free';
  percentBps: number;
  amount: number;
  maxAmount: number;
  minDeposit: number;
  multiplier: number;
  validDays: number;
  periodDays: number;
  active: boolean;
}

const TERMS: Record<BonusKey, Terms> = {
  firstDeposit: {
    kind: 'FirstDeposit',
    percentBps: 50_00,
    amount: 0,
    maxAmount: 400_00,
    minDeposit: 500_00,
    multiplier: 2,
    validDays: 14,
    periodDays: 7,
    active: true,
  },
  reload: {
    kind: 'Reload',
    percentBps: 25_00,
    amount: 0,
    maxAmount: 300_00,
    minDeposit: 300_00,
    multiplier: 3,
    validDays: 7,
    periodDays: 7,
    active: true,
  },
  free: {
    kind: 'Free',
    percentBps: 0,
    amount: 100_00,
    maxAmount: 100_00,
    minDeposit: 0,
    multiplier: 2,
    validDays: 3,
    periodDays: 7,
    active: true,
  },
  /** No wagering: cash at once. */
  freeCash: {
    kind: 'Free',
    percentBps: 0,
    amount: 50_00,
    maxAmount: 50_00,
    minDeposit: 0,
    multiplier: 0,
    validDays: 3,
    periodDays: 7,
    active: true,
  },
  cashback: {
    kind: 'Cashback',
    percentBps: 10_00,
    amount: 0,
    maxAmount: 200_00,
    minDeposit: 0,
    multiplier: 1,
    validDays: 7,
    periodDays: 7,
    active: true,
  },
  inactive: {
    kind: 'Free',
    percentBps: 0,
    amount: 100_00,
    maxAmount: 100_00,
    minDeposit: 0,
    multiplier: 1,
    validDays: 3,
    periodDays: 7,
    active: false,
  },
};

function definition(key: BonusKey): BonusBody {
  const t = TERMS[key];
  return {
    title: `Property ${key} ${randomBytes(2).toString('hex')}`,
    description: 'A bonus of the ledger property test',
    kind: t.kind,
    ...(t.kind === 'Free' ? { amount: t.amount / 100 } : { percent: t.percentBps / 100 }),
    maxAmount: t.maxAmount / 100,
    minDeposit: t.minDeposit / 100,
    wageringMultiplier: t.multiplier,
    validDays: t.validDays,
    cashbackPeriodDays: t.periodDays,
    terms: 'Plain words about this bonus and its wagering.',
    active: t.active,
  };
}

// ---------------------------------------------------------------- the actions

type Outcome = 'won' | 'lost' | 'void';
type Side = 'back' | 'lay';

type Action =
  | { kind: 'deposit'; rupees: number; credited: boolean }
  /** `twice`: the same claim sent twice at once. */
  | { kind: 'claim'; bonus: BonusKey | 'unknown'; twice: boolean }
  /** A claim through the rules' clock moved `days` on (the bonus job's and claims' windows). */
  | { kind: 'claimLater'; bonus: BonusKey; days: 2 | 20 }
  /** `market`: null for a new market, else an index into the run's open markets. */
  | { kind: 'bet'; side: Side; runner: number; rests: boolean; stake: number; market: number | null }
  /** A matched bet on a new market, settled at once. */
  | { kind: 'play'; side: Side; runner: number; stake: number; outcome: Outcome }
  | { kind: 'cancelBet'; which: number }
  /** The feed's prices reach the resting orders of one of the run's markets: they match, at their prices. */
  | { kind: 'fill'; which: number }
  | { kind: 'settle'; market: number; outcome: Outcome }
  | { kind: 'resettle'; market: number; outcome: Outcome }
  | { kind: 'withdraw'; rupees: number; forfeitBonus: boolean }
  | { kind: 'decide'; which: number; how: 'cancel' | 'approve' | 'reject' }
  /** Time runs past the active bonus's expiry, and the bonus job runs. */
  | { kind: 'expire' }
  /** The bonus job runs with nothing due, and the last settled market's BetSettled is heard again. */
  | { kind: 'sweep' };

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<Outcome>('won', 'lost') },
  { weight: 1, arbitrary: fc.constant<Outcome>('void') },
);
const weighted = <T>(often: T, seldom: T, weight = 4) =>
  fc.oneof({ weight, arbitrary: fc.constant(often) }, { weight: 1, arbitrary: fc.constant(seldom) });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      rupees: fc.oneof(fc.integer({ min: 100, max: 499 }), fc.integer({ min: 500, max: 5000 })),
      credited: weighted(true, false),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      bonus: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<BonusKey>('firstDeposit', 'free') },
        { weight: 1, arbitrary: fc.constantFrom<BonusKey>('reload', 'cashback') },
        { weight: 1, arbitrary: fc.constantFrom<BonusKey | 'unknown'>('freeCash', 'inactive', 'unknown') },
      ),
      twice: weighted(false, true),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('claimLater' as const),
      bonus: fc.constantFrom<BonusKey>(...BONUS_KEYS),
      days: fc.constantFrom<2 | 20>(2, 20),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      side: fc.constantFrom<Side>('back', 'lay'),
      runner: fc.constantFrom(INDIA, AUSTRALIA),
      stake: fc.integer({ min: 100, max: 1000 }),
      outcome: outcomeArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      side: fc.constantFrom<Side>('back', 'lay'),
      runner: fc.constantFrom(INDIA, AUSTRALIA),
      rests: weighted(false, true, 3),
      stake: fc.integer({ min: 100, max: 1000 }),
      market: fc.option(fc.nat({ max: 7 }), { freq: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelBet' as const), which: fc.nat({ max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fill' as const), which: fc.nat({ max: 7 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      market: fc.nat({ max: 7 }),
      outcome: outcomeArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('resettle' as const),
      market: fc.nat({ max: 7 }),
      outcome: outcomeArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      rupees: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 200, max: 3000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 199 }) },
        { weight: 1, arbitrary: fc.integer({ min: 50_001, max: 60_000 }) },
      ),
      forfeitBonus: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      which: fc.nat({ max: 7 }),
      how: fc.constantFrom('cancel' as const, 'approve' as const, 'reject' as const),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

/**
 * A run: a credited deposit first, of any size (most actions need cash to do anything; a claim with
 * no deposit at all is bonus.test.ts's), then up to MAX_STEPS - 1 actions.
 */
const sequenceArb: fc.Arbitrary<Action[]> = fc
  .tuple(
    fc.record({
      kind: fc.constant('deposit' as const),
      rupees: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 500, max: 5000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 100, max: 499 }) },
      ),
      credited: fc.constant(true),
    }),
    // Lengths drawn evenly up to the longest (no bias to short ones); shrunk down to no action at all.
    fc.noBias(fc.array(actionArb, { maxLength: MAX_STEPS - 1, size: 'max' })),
  )
  .map(([first, rest]): Action[] => [first, ...rest]);

// ---------------------------------------------------------------- the model

type BetStatus = 'MATCHED' | 'UNMATCHED' | 'SETTLED' | 'VOID' | 'CANCELLED' | 'LAPSED';
type ClaimStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'FORFEITED';

interface ModelBet {
  rowId: number;
  orderId: number;
  side: Side;
  runner: number;
  /** Decimal odds in hundredths. */
  priceH: number;
  stake: number;
  status: BetStatus;
  /** The step that placed it. */
  step: number;
}

interface ModelMarket {
  marketId: string;
  eventId: number;
  bets: ModelBet[];
  result: Outcome | null;
}

interface ModelClaim {
  id: number;
  key: BonusKey;
  periodKey: string;
  amount: number;
  required: number;
  wagered: number;
  status: ClaimStatus;
  /** The step that claimed it. */
  step: number;
  /** The bets counted towards it: bet row id → stake. */
  counted: Map<number, number>;
}

interface ModelWithdrawal {
  id: number;
  amount: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
}

type Verdict = { ok: true; amount: number; periodKey: string | null } | { ok: false };

/** What a bet counts towards wagering: what it risked, a back's stake or a lay's liability. */
const atRisk = (bet: ModelBet): number =>
  bet.side === 'back' ? bet.stake : Math.min(bet.stake, (bet.stake * (bet.priceH - 100)) / 100);

/** A bet's result if `winner` wins, in paise (prices on the ladder and whole rupees: exact). */
function pnl(bet: ModelBet, winner: number): number {
  const profit = (bet.stake * (bet.priceH - 100)) / 100;
  if (bet.side === 'back') return winner === bet.runner ? profit : -bet.stake;
  return winner === bet.runner ? -profit : bet.stake;
}

/** A market's worst case: matched bets as they are, resting ones only where they lose. */
function exposureOf(bets: readonly ModelBet[]): number {
  const worst = Math.min(
    ...[INDIA, AUSTRALIA].map((winner) =>
      bets.reduce((sum, b) => {
        if (b.status === 'MATCHED') return sum + pnl(b, winner);
        if (b.status === 'UNMATCHED') return sum + Math.min(0, pnl(b, winner));
        return sum;
      }, 0),
    ),
  );
  return worst < 0 ? -worst : 0;
}

/** What the rules should do, action by action (money in paise). */
class Model {
  cash = 0;
  bonus = 0;
  held = 0;
  deposited = 0;
  settledNet = 0;
  granted = 0;
  forfeited = 0;
  paidOut = 0;
  step = 0;
  readonly deposits: { reference: string; amount: number }[] = [];
  readonly markets: ModelMarket[] = [];
  readonly claims: ModelClaim[] = [];
  readonly withdrawals: ModelWithdrawal[] = [];

  constructor(
    readonly commissionBps: number,
    readonly withdrawalLimits: { min: number; max: number },
  ) {}

  get exposure(): number {
    return this.openMarkets().reduce((sum, m) => sum + exposureOf(m.bets), 0);
  }
  active(): ModelClaim | undefined {
    return this.claims.find((c) => c.status === 'ACTIVE');
  }
  openMarkets(): ModelMarket[] {
    return this.markets.filter((m) => m.result === null);
  }
  settledMarkets(): ModelMarket[] {
    return this.markets.filter((m) => m.result !== null);
  }
  bets(): ModelBet[] {
    return this.markets.flatMap((m) => m.bets);
  }

  credit(reference: string, amount: number): void {
    this.deposits.push({ reference, amount });
    this.cash += amount;
    this.deposited += amount;
  }

  /** Whether a claim of `key` works `days` after now, what it pays and for which period. */
  verdict(key: BonusKey, days = 0): Verdict {
    const t = TERMS[key];
    const no: Verdict = { ok: false };
    if (!t.active) return no;
    const percent = (base: number) => Math.min(Math.floor((base * t.percentBps) / 10_000), t.maxAmount);
    // Every deposit of a run is made now: within the window unless the clock moved past it.
    const within = days <= t.validDays;
    let found: { amount: number; periodKey: string | null };
    switch (t.kind) {
      case 'Free':
        found = { amount: Math.min(t.amount, t.maxAmount), periodKey: 'once' };
        break;
      case 'FirstDeposit': {
        const first = this.deposits[0];
        if (!first || first.amount < t.minDeposit) return no;
        const amount = percent(first.amount);
        if (!within || amount <= 0) return no;
        found = { amount, periodKey: 'once' };
        break;
      }
      case 'Reload': {
        const used = new Set(this.claims.filter((c) => c.key === key).map((c) => c.periodKey));
        const latest = this.deposits.slice(1).at(-1);
        if (!latest || used.has(latest.reference) || latest.amount < t.minDeposit) return no;
        const amount = percent(latest.amount);
        if (!within || amount <= 0) return no;
        found = { amount, periodKey: latest.reference };
        break;
      }
      case 'Cashback': {
        // Every settlement and claim of a run is now: inside the period unless the clock moved past it.
        const inPeriod = days < t.periodDays;
        if (inPeriod && this.claims.some((c) => c.key === key)) return no;
        const net = inPeriod ? this.settledNet : 0;
        if (net >= 0) return no;
        const amount = percent(-net);
        if (amount <= 0) return no;
        found = { amount, periodKey: null };
        break;
      }
    }
    if (
      found.periodKey !== null &&
      this.claims.some((c) => c.key === key && c.periodKey === found.periodKey)
    ) {
      return no;
    }
    if (this.active()) return no;
    return { ok: true, ...found };
  }

  claim(key: BonusKey, id: number, verdict: Extract<Verdict, { ok: true }>, periodKey: string): ModelClaim {
    const c: ModelClaim = {
      id,
      key,
      periodKey: verdict.periodKey ?? periodKey,
      amount: verdict.amount,
      required: verdict.amount * TERMS[key].multiplier,
      wagered: 0,
      status: 'ACTIVE',
      step: this.step,
      counted: new Map(),
    };
    this.claims.push(c);
    this.bonus += c.amount;
    this.granted += c.amount;
    if (c.required <= 0) this.convert(c);
    return c;
  }

  convert(c: ModelClaim): void {
    c.status = 'COMPLETED';
    this.bonus -= c.amount;
    this.cash += c.amount;
  }

  end(c: ModelClaim, status: 'EXPIRED' | 'FORFEITED'): void {
    c.status = status;
    this.bonus -= c.amount;
    this.forfeited += c.amount;
  }

  /** Whether the bet fits the funds: cash − (exposure − the market's before + after) ≥ 0 (bonus never staked). */
  fits(market: ModelMarket, bet: ModelBet): boolean {
    const before = exposureOf(market.bets);
    const after = exposureOf([...market.bets, bet]);
    return this.cash - (this.exposure - before + after) >= 0;
  }

  settle(market: ModelMarket, outcome: Outcome): void {
    const winner = outcome === 'won' ? INDIA : outcome === 'lost' ? AUSTRALIA : null;
    for (const b of market.bets) if (b.status === 'UNMATCHED') b.status = 'LAPSED';
    const matched = market.bets.filter((b) => b.status === 'MATCHED');
    market.result = outcome;
    if (matched.length === 0) return;
    const gross = winner === null ? 0 : matched.reduce((s, b) => s + pnl(b, winner), 0);
    const commission = gross > 0 ? Math.ceil((gross * this.commissionBps) / 10_000) : 0;
    const net = gross - commission;
    this.cash += net;
    this.settledNet += net;
    for (const b of matched) b.status = winner === null ? 'VOID' : 'SETTLED';
    const c = this.active();
    if (winner === null || !c) return;
    for (const b of matched) {
      if (b.step <= c.step) continue;
      c.counted.set(b.rowId, atRisk(b));
      c.wagered += atRisk(b);
    }
    if (c.wagered >= c.required) this.convert(c);
  }

  /** What a withdrawal should answer. */
  withdrawal(rupees: number, forfeitBonus: boolean): 'ok' | ErrorCode {
    const amount = rupees * 100;
    if (amount < this.withdrawalLimits.min || amount > this.withdrawalLimits.max)
      return 'AMOUNT_OUT_OF_RANGE';
    if (amount > this.cash - this.exposure) return 'INSUFFICIENT_FUNDS';
    if (this.active() && !forfeitBonus) return 'BONUS_ACTIVE';
    return 'ok';
  }
}

// ---------------------------------------------------------------- helpers

/** A real 1×1 PNG; each deposit's screenshot gets its own bytes after it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let uniqueSeq = 0;
const screenshot = () =>
  `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(`#property-${++uniqueSeq}`)]).toString('base64')}`;
/** A 12-digit UTR no other deposit of this process uses. */
const newUtr = () => `${String(Date.now()).slice(-7)}${String(++uniqueSeq).padStart(5, '0')}`;
const payoutUtr = () => `PROP${String(Date.now()).slice(-8)}${String(++uniqueSeq).padStart(4, '0')}`;
/** API money (rupees) in paise. */
const inPaise = (rupees: number | null) => (rupees === null ? null : Math.round(rupees * 100));
const resultOf = (outcome: Outcome) =>
  outcome === 'void'
    ? { kind: 'void', reason: 'Abandoned' }
    : { kind: 'winner', runnerId: outcome === 'won' ? INDIA : AUSTRALIA };
const STATUS_NAME: Record<ClaimStatus, PlayerBonus['status']> = {
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
  FORFEITED: 'Forfeited',
};
const END_JOURNAL: Record<Exclude<ClaimStatus, 'ACTIVE'>, string> = {
  COMPLETED: 'bonus_conversion:convert',
  EXPIRED: 'bonus_forfeit:expire',
  FORFEITED: 'bonus_forfeit:forfeit',
};
const PRICES: Record<Side, { matches: number; rests: number }> = {
  // The feed offers back 2.00 and lay 2.02 on both runners: these match; 3.00 and 1.50 rest.
  back: { matches: 200, rests: 300 },
  lay: { matches: 202, rests: 150 },
};

interface Placed {
  betId: number;
  status: string;
  fills: { betId: number; stake: number }[];
  balance: number;
  exposure: number;
}

/** Refused as `code` says (status, envelope, a readable message), or done. */
function expectOutcome<T>(answer: Answer<T>, expected: 'ok' | ErrorCode): T | null {
  if (expected === 'ok') return expectOk(answer);
  expectRefused(answer, ERRORS[expected].status, expected);
  return null;
}

// ---------------------------------------------------------------- the property

describe.each(backends)('bonus and ledger property (%s)', (backend) => {
  let ctx: TestContext;
  const feed = new TestFeed();
  const bonusIds = {} as Record<BonusKey, number>;
  let commissionBps = 0;
  let withdrawalLimits = { min: 0, max: 0 };
  const stats = new Map<string, number>();

  // Wagering is counted after a settlement's commit, by a BetSettled listener that nobody awaits:
  // every count under way is tracked so that a step is read once the server has finished with it.
  const inFlight = new Set<Promise<void>>();
  const countBets = BonusService.prototype.countBets;
  const quiet = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  beforeAll(async () => {
    ctx = await createTestApp(backend, { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { feed });
    vi.spyOn(BonusService.prototype, 'countBets').mockImplementation(function (
      this: BonusService,
      userId: number,
    ) {
      const running = countBets.call(this, userId);
      inFlight.add(running);
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      );
      return running;
    });
    for (const key of BONUS_KEYS) bonusIds[key] = (await createBonus(ctx, definition(key))).id;
    const [domain] = await queryRows<{ c: unknown }>(
      ctx.database.db,
      sql`select commission_bps as c from domains where name = 'test'`,
    );
    commissionBps = num(domain?.c);
    const someone = await newPlayer(ctx);
    const info = expectOk(
      await call<{ minWithdrawal: number; maxWithdrawal: number }>(ctx.app, {
        url: '/Account/GetPaymentInfo',
        token: someone.token,
      }),
    );
    withdrawalLimits = { min: inPaise(info.minWithdrawal) ?? 0, max: inPaise(info.maxWithdrawal) ?? 0 };
    // Operators signed in once, before the runs.
    await Promise.all([
      operatorHeaders(ctx.app, 'finance'),
      operatorHeaders(ctx.app, 'trader'),
      operatorHeaders(ctx.app, 'owner'),
    ]);
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await ctx?.close();
    const tally = [...stats].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`);
    console.info(`bonus ledger property (${backend}), what the runs did: ${tally.join(', ')}`);
  });

  interface Run {
    player: Player;
    user: AuthUser;
    model: Model;
    job: BonusJob;
  }

  const db = () => ctx.database.db;
  const finance = () => operatorHeaders(ctx.app, 'finance');

  // ------------------------------------------------------------ one action, on the server and the model

  async function perform(run: Run, a: Action): Promise<string> {
    const { player, model: m } = run;
    const token = player.token;
    switch (a.kind) {
      case 'deposit': {
        const { imageId } = expectOk(
          await call<{ imageId: number }>(ctx.app, {
            url: '/Setting/StoreImage',
            body: { image: screenshot() },
            token,
          }),
        );
        const created = expectOk(
          await call<{ id: number }>(ctx.app, {
            url: '/DepositWithdrawal/CreateDeposit',
            body: { amount: a.rupees, paymentMethod: 'Upi', utr: newUtr(), imageId },
            token,
          }),
        );
        const decided = a.credited
          ? { url: '/admin/payment-requests/approve-deposit', body: { id: created.id } }
          : { url: '/admin/payment-requests/reject', body: { id: created.id, reason: 'No such payment' } };
        expectOk(await call(ctx.app, { ...decided, headers: await finance() }));
        if (!a.credited) return 'rejected';
        m.credit(`deposit:${created.id}`, a.rupees * 100);
        return 'credited';
      }

      case 'claim': {
        const id = a.bonus === 'unknown' ? 987_654_321 : bonusIds[a.bonus];
        const verdict: Verdict = a.bonus === 'unknown' ? { ok: false } : m.verdict(a.bonus);
        // Claimed twice at once, one claim goes through at most: the other is refused.
        const answers = await Promise.all(
          Array.from({ length: a.twice ? 2 : 1 }, () => claim(ctx, player, id)),
        );
        const through = answers.filter((x) => x.body.success);
        expect(through.length, 'claims that went through').toBe(verdict.ok ? 1 : 0);
        for (const refused of answers.filter((x) => !x.body.success)) {
          expectOutcome(refused, 'BONUS_NOT_CLAIMABLE');
        }
        const got = through[0] ? expectOk(through[0]) : null;
        if (!got || !verdict.ok || a.bonus === 'unknown') return 'refused';
        const c = m.claim(a.bonus, got.userBonusId ?? -1, verdict, await periodKeyOf(got.userBonusId));
        expect(claimView(got)).toEqual(modelClaimView(c));
        const label = c.status === 'COMPLETED' ? 'cash at once' : 'active';
        return a.twice ? `${label}, once of two at once` : label;
      }

      case 'claimLater': {
        const later = new BonusService(
          ctx.app.db,
          ctx.app.ledger,
          () => new Date(Date.now() + a.days * DAY_MS),
        );
        const verdict = m.verdict(a.bonus, a.days);
        const got = await later.claim(run.user, bonusIds[a.bonus]).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        if (!verdict.ok) {
          expect(got.ok ? got.value : got.error, 'a claim the rules refuse').toMatchObject({
            code: 'BONUS_NOT_CLAIMABLE',
          });
          return 'refused';
        }
        if (!got.ok) throw got.error;
        const c = m.claim(
          a.bonus,
          got.value.userBonusId ?? -1,
          verdict,
          await periodKeyOf(got.value.userBonusId),
        );
        expect(claimView(got.value, false)).toEqual(modelClaimView(c));
        return c.status === 'COMPLETED' ? 'cash at once' : 'active';
      }

      case 'bet':
        return (await placeBet(run, a)).label;

      case 'play': {
        // The everyday round: a matched bet on a market of its own, settled at once.
        const placed = await placeBet(run, { ...a, rests: false, market: null });
        if (!placed.market) return `bet ${placed.label}`;
        return settleMarket(run, placed.market, a.outcome);
      }

      case 'cancelBet': {
        const resting = m.bets().filter((b) => b.status === 'UNMATCHED');
        const bet = resting[a.which % Math.max(resting.length, 1)];
        if (!bet) return 'nothing resting';
        const got = expectOk(
          await call<{ cancelledStake: number; balance: number; exposure: number }>(ctx.app, {
            url: '/Bet/CancelBet',
            body: { betId: bet.orderId, requestId: requestId() },
            token,
          }),
        );
        bet.status = 'CANCELLED';
        expect(inPaise(got.cancelledStake)).toBe(bet.stake);
        expect({ cash: inPaise(got.balance), exposure: inPaise(got.exposure) }).toEqual({
          cash: m.cash,
          exposure: m.exposure,
        });
        return 'cancelled';
      }

      case 'fill': {
        const resting = m.openMarkets().filter((mk) => mk.bets.some((b) => b.status === 'UNMATCHED'));
        const market = resting[a.which % Math.max(resting.length, 1)];
        if (!market) return 'nothing resting';
        const prices = (back: number, lay: number) => {
          for (const runner of [INDIA, AUSTRALIA]) feed.setPrices(market.marketId, runner, [back], [lay]);
          feed.emitChange(market.eventId, [market.marketId]);
        };
        // Back 3.00 and lay 1.50 offered: every resting back (3.00) and lay (1.50) matches in full.
        prices(PRICES.back.rests / 100, PRICES.lay.rests / 100);
        await eventually(
          async () => (await restingRows(market.marketId)) === 0,
          'the resting orders matched by the feed owner',
        );
        prices(PRICES.back.matches / 100, PRICES.lay.matches / 100);
        for (const b of market.bets) if (b.status === 'UNMATCHED') b.status = 'MATCHED';
        return 'matched by the feed';
      }

      case 'settle': {
        const open = m.openMarkets();
        const market = open[a.market % Math.max(open.length, 1)];
        if (!market) return 'nothing open';
        return settleMarket(run, market, a.outcome);
      }

      case 'resettle': {
        const done = m.settledMarkets();
        const market = done[a.market % Math.max(done.length, 1)];
        if (!market) return 'nothing settled';
        // The first result counts: the same again changes nothing, another is refused.
        const same = market.result === a.outcome;
        expectOutcome(
          await settle(ctx, market.marketId, resultOf(a.outcome)),
          same ? 'ok' : 'DUPLICATE_REQUEST',
        );
        return same ? 'same result' : 'refused';
      }

      case 'withdraw': {
        const expected = m.withdrawal(a.rupees, a.forfeitBonus);
        const answer = await call<{ id: number }>(ctx.app, {
          url: '/DepositWithdrawal/CreateWithdrawal',
          body: {
            amount: a.rupees,
            paymentMethod: 'Upi',
            upiId: `player${player.userId}@okaxis`,
            ...(a.forfeitBonus ? { forfeitBonus: true } : {}),
          },
          token,
        });
        const created = expectOutcome(answer, expected);
        if (!created) return expected;
        const active = m.active();
        if (active) m.end(active, 'FORFEITED');
        m.cash -= a.rupees * 100;
        m.held += a.rupees * 100;
        m.withdrawals.push({ id: created.id, amount: a.rupees * 100, status: 'PENDING' });
        return active ? 'bonus forfeited' : 'held';
      }

      case 'decide': {
        const w = m.withdrawals[a.which % Math.max(m.withdrawals.length, 1)];
        if (!w) return 'no withdrawal';
        const pending = w.status === 'PENDING';
        const answer =
          a.how === 'cancel'
            ? await call(ctx.app, { url: '/DepositWithdrawal/CancelRequest', body: { id: w.id }, token })
            : await call(ctx.app, {
                url: `/admin/payment-requests/${a.how === 'approve' ? 'approve-withdrawal' : 'reject'}`,
                body:
                  a.how === 'approve' ? { id: w.id, utr: payoutUtr() } : { id: w.id, reason: 'Not today' },
                headers: await finance(),
              });
        expectOutcome(answer, pending ? 'ok' : 'REQUEST_NOT_PENDING');
        if (!pending) return 'refused';
        m.held -= w.amount;
        if (a.how === 'approve') {
          w.status = 'APPROVED';
          m.paidOut += w.amount;
        } else {
          w.status = a.how === 'cancel' ? 'CANCELLED' : 'REJECTED';
          m.cash += w.amount;
        }
        return a.how;
      }

      case 'expire': {
        const active = m.active();
        // Time passes (journals are immutable, so the claim's expiry is brought to now instead).
        if (active) {
          await db().execute(sql`update user_bonuses set expires_at = now() where id = ${active.id}`);
        }
        await run.job.runOnce();
        if (!active) return 'nothing active';
        // The app's own job may have taken the claim first: wait for whoever holds it.
        await eventually(async () => (await claimStatus(active.id)) !== 'ACTIVE', 'the expiry');
        m.end(active, 'EXPIRED');
        return 'expired';
      }

      case 'sweep': {
        await run.job.runOnce();
        const last = m
          .settledMarkets()
          .filter((mk) => mk.bets.some((b) => b.status === 'SETTLED'))
          .at(-1);
        if (!last) return 'nothing to hear again';
        const bets = last.bets.filter((b) => b.status === 'SETTLED');
        ctx.app.domainEvents.publish([
          {
            type: 'BetSettled',
            userId: player.userId,
            domainId: run.user.domainId,
            marketId: last.marketId,
            status: 'SETTLED',
            betIds: bets.map((b) => b.rowId),
            stakePaise: paise(bets.reduce((s, b) => s + b.stake, 0)),
            netPaise: paise(0),
          },
        ]);
        return 'heard twice';
      }
    }
  }

  /** A bet on one of the run's open markets (`market` an index) or a new one (null). */
  async function placeBet(
    run: Run,
    a: { side: Side; runner: number; rests: boolean; stake: number; market: number | null },
  ): Promise<{ label: string; market: ModelMarket | null }> {
    const m = run.model;
    const open = m.openMarkets();
    let market = a.market === null ? undefined : open[a.market % Math.max(open.length, 1)];
    const fresh = !market;
    if (!market) {
      market = { ...newMarket(feed), bets: [], result: null };
      m.markets.push(market);
    }
    const bet: ModelBet = {
      rowId: 0,
      orderId: 0,
      side: a.side,
      runner: a.runner,
      priceH: PRICES[a.side][a.rests ? 'rests' : 'matches'],
      stake: a.stake * 100,
      status: a.rests ? 'UNMATCHED' : 'MATCHED',
      step: m.step,
    };
    const fits = m.fits(market, bet);
    const answer = await call<Placed>(ctx.app, {
      url: '/Bet/PlaceBetV2',
      body: {
        requestId: requestId(),
        type: a.side === 'back' ? 1 : 2,
        rate: bet.priceH / 100,
        stake: a.stake,
        runnerId: a.runner,
        marketId: market.marketId,
        eventId: market.eventId,
      },
      token: run.player.token,
    });
    const placed = expectOutcome(answer, fits ? 'ok' : 'INSUFFICIENT_FUNDS');
    if (!placed) {
      // A new market the player could not bet on is none of theirs: later steps pick among theirs.
      if (fresh) m.markets.pop();
      return { label: 'refused', market: null };
    }
    expect(placed.status).toBe(bet.status);
    expect(placed.fills.map((f) => inPaise(f.stake))).toEqual(a.rests ? [] : [bet.stake]);
    bet.orderId = placed.betId;
    bet.rowId = a.rests ? placed.betId : (placed.fills[0]?.betId ?? -1);
    market.bets.push(bet);
    expect({ cash: inPaise(placed.balance), exposure: inPaise(placed.exposure) }).toEqual({
      cash: m.cash,
      exposure: m.exposure,
    });
    return { label: a.rests ? 'rests' : 'matched', market };
  }

  /** The trader settles (or voids) a market; the model says what it pays and what it counts. */
  async function settleMarket(run: Run, market: ModelMarket, outcome: Outcome): Promise<string> {
    const m = run.model;
    expectOk(await settle(ctx, market.marketId, resultOf(outcome)));
    const hadBets = market.bets.some((b) => b.status === 'MATCHED');
    const active = m.active();
    const before = active?.wagered ?? 0;
    m.settle(market, outcome);
    if (!hadBets) return 'nothing matched';
    if (active?.status === 'COMPLETED') return `${outcome}, the bonus turned into cash`;
    return active && active.wagered > before ? `${outcome}, wagering counted` : outcome;
  }

  async function periodKeyOf(claimId: number | null): Promise<string> {
    const [row] = await queryRows<{ k: string }>(
      db(),
      sql`select period_key as k from user_bonuses where id = ${claimId ?? -1}`,
    );
    return row?.k ?? '(no claim)';
  }

  async function restingRows(marketId: string): Promise<number> {
    const [row] = await queryRows<{ n: unknown }>(
      db(),
      sql`select count(*) as n from bets where market_id = ${marketId} and status = 'UNMATCHED'`,
    );
    return num(row?.n);
  }

  async function claimStatus(claimId: number): Promise<string> {
    const [row] = await queryRows<{ s: string }>(
      db(),
      sql`select status as s from user_bonuses where id = ${claimId}`,
    );
    return row?.s ?? '(no claim)';
  }

  /** A claim as the API answers it (money in rupees), or as the service does (`inPaise` false). */
  const claimView = (b: PlayerBonus, fromJson = true) => {
    const money = (v: number | null) => (fromJson ? inPaise(v) : v);
    return {
      userBonusId: b.userBonusId,
      status: b.status,
      amount: money(b.amount),
      wagered: money(b.wagered),
      wageringRequired: money(b.wageringRequired),
    };
  };
  const modelClaimView = (c: ModelClaim) => ({
    userBonusId: c.id,
    status: STATUS_NAME[c.status],
    amount: c.amount,
    wagered: c.wagered,
    wageringRequired: c.required,
  });

  // ------------------------------------------------------------ the invariants, after every step

  async function check(run: Run): Promise<void> {
    const { model: m, player } = run;
    const userId = player.userId;

    // Cash, bonus, held and exposure as the ledger and the wallet hold them: the model's, never below zero.
    const got = await balances(ctx, userId);
    expect(got, 'cash, bonus, held and exposure').toEqual({
      cash: m.cash,
      bonus: m.bonus,
      held: m.held,
      exposure: m.exposure,
    });
    for (const [name, value] of Object.entries(got))
      expect(value, `${name} below zero`).toBeGreaterThanOrEqual(0);
    expect(got.cash - got.exposure, 'cash short of the exposure').toBeGreaterThanOrEqual(0);

    // Each of the player's accounts is the sum of its lines; their lines are cash + bonus + held,
    // and kind by kind what came in and went out.
    const accounts = await queryRows<{ code: string; balance: unknown; lines: unknown }>(
      db(),
      sql`select a.code, a.balance, coalesce(sum(l.amount), 0) as lines
          from ledger_accounts a left join journal_lines l on l.account_id = a.id
          where a.user_id = ${userId} group by a.id, a.code, a.balance`,
    );
    for (const a of accounts) expect(num(a.balance), `${a.code} against its lines`).toBe(num(a.lines));
    const inLedger = accounts.reduce((s, a) => s + num(a.lines), 0);
    expect(inLedger, 'the ledger against cash + bonus + held').toBe(got.cash + got.bonus + got.held);
    expect(inLedger, 'the ledger against the money in and out').toBe(
      m.deposited + m.settledNet + m.granted - m.forfeited - m.paidOut,
    );
    const byKind = await queryRows<{ kind: string; s: unknown }>(
      db(),
      sql`select j.kind, sum(l.amount) as s from journal_lines l
          join ledger_accounts a on a.id = l.account_id join journals j on j.id = l.journal_id
          where a.user_id = ${userId} group by j.kind`,
    );
    const nonZero = (o: Record<string, number>) =>
      Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0));
    const internal = ['bonus_conversion', 'funds_hold', 'funds_release'];
    expect(
      byKind
        .map((k) => k.kind)
        .filter(
          (k) =>
            !internal.includes(k) &&
            !['deposit', 'bet_settlement', 'bonus', 'bonus_forfeit', 'withdrawal'].includes(k),
        ),
    ).toEqual([]);
    expect(
      nonZero(Object.fromEntries(byKind.map((k) => [k.kind, num(k.s)]))),
      'the ledger kind by kind',
    ).toEqual(
      nonZero({
        deposit: m.deposited,
        bet_settlement: m.settledNet,
        bonus: m.granted,
        bonus_forfeit: -m.forfeited,
        withdrawal: -m.paidOut,
      }),
    );
    const [money] = await queryRows<{ markets: unknown; settled: unknown }>(
      db(),
      sql`select (select coalesce(sum(exposure_paise), 0) from market_exposures where user_id = ${userId}) as markets,
                 (select coalesce(sum(net_paise), 0) from market_settlements where user_id = ${userId}) as settled`,
    );
    expect(num(money?.markets), "the markets' exposures").toBe(got.exposure);
    expect(num(money?.settled), 'the settlements').toBe(m.settledNet);

    // The bets, row by row.
    const bets = await queryRows<{ id: unknown; status: string; stake: unknown }>(
      db(),
      sql`select id, status, stake_paise as stake from bets where user_id = ${userId} order by id`,
    );
    expect(
      bets.map((b) => ({ id: num(b.id), status: b.status, stake: num(b.stake) })),
      'the bets',
    ).toEqual(
      m
        .bets()
        .map((b) => ({ id: b.rowId, status: b.status, stake: b.stake }))
        .sort((x, y) => x.id - y.id),
    );

    // The claims: the model's, the bonus balance the one active claim's amount.
    const claims = await queryRows<Record<string, unknown>>(
      db(),
      sql`select id, bonus_id, status, period_key, amount_paise, wagered_paise, wagering_required_paise
          from user_bonuses where user_id = ${userId} order by id`,
    );
    const idOf = new Map(BONUS_KEYS.map((k) => [bonusIds[k], k]));
    expect(
      claims.map((c) => ({
        id: num(c.id),
        key: idOf.get(num(c.bonus_id)),
        status: String(c.status),
        periodKey: String(c.period_key),
        amount: num(c.amount_paise),
        wagered: num(c.wagered_paise),
        required: num(c.wagering_required_paise),
      })),
      'the claims',
    ).toEqual(
      m.claims.map((c) => ({
        id: c.id,
        key: c.key,
        status: c.status,
        periodKey: c.periodKey,
        amount: c.amount,
        wagered: c.wagered,
        required: c.required,
      })),
    );
    const active = claims.filter((c) => c.status === 'ACTIVE');
    expect(active.length, 'active claims').toBeLessThanOrEqual(1);
    expect(got.bonus, 'the bonus balance against the active claim').toBe(
      active.reduce((s, c) => s + num(c.amount_paise), 0),
    );

    // Wagering: one row per counting bet, never one bet twice, each claim's total the sum of its rows.
    const wagers = await queryRows<Record<string, unknown>>(
      db(),
      sql`select w.user_bonus_id, w.source, w.reference, w.amount_paise, b.user_id, b.status as bet_status,
                 least(b.stake_paise, b.liability_paise) as at_risk_paise,
                 (b.placed_at >= ub.created_at) as after_claim,
                 (b.settled_at < ub.expires_at) as before_expiry
          from bonus_wagers w join user_bonuses ub on ub.id = w.user_bonus_id
          left join bets b on w.source = 'bet' and b.id::text = w.reference
          where ub.user_id = ${userId} order by w.id`,
    );
    for (const w of wagers) {
      const what = `wager ${String(w.reference)} of claim ${String(w.user_bonus_id)}`;
      expect(
        {
          source: w.source,
          owner: num(w.user_id),
          status: w.bet_status,
          amount: num(w.amount_paise),
          afterClaim: w.after_claim,
          beforeExpiry: w.before_expiry,
        },
        what,
      ).toEqual({
        source: 'bet',
        owner: userId,
        status: 'SETTLED',
        amount: num(w.at_risk_paise),
        afterClaim: true,
        beforeExpiry: true,
      });
    }
    const references = wagers.map((w) => String(w.reference));
    expect(references.length, 'a bet counted twice').toBe(new Set(references).size);
    for (const c of m.claims) {
      const mine = wagers.filter((w) => num(w.user_bonus_id) === c.id);
      expect(
        Object.fromEntries(mine.map((w) => [String(w.reference), num(w.amount_paise)])),
        `the bets counted for claim ${c.id}`,
      ).toEqual(Object.fromEntries([...c.counted].map(([id, stake]) => [String(id), stake])));
      expect(
        mine.reduce((s, w) => s + num(w.amount_paise), 0),
        `claim ${c.id}'s wagering against its rows`,
      ).toBe(c.wagered);
    }

    // Each claim's journals on the bonus account: its grant, and one end once ended.
    const journals = await queryRows<{ kind: string; reference: string }>(
      db(),
      sql`select j.kind, j.reference from journal_lines l
          join ledger_accounts a on a.id = l.account_id and a.code = 'PLAYER_BONUS'
          join journals j on j.id = l.journal_id
          where a.user_id = ${userId}`,
    );
    expect(journals.map((j) => `${j.kind}|${j.reference}`).sort(), 'the bonus journals').toEqual(
      m.claims
        .flatMap((c) => {
          const grant = `bonus|bonus:${c.id}:grant`;
          if (c.status === 'ACTIVE') return [grant];
          const [kind, verb] = END_JOURNAL[c.status].split(':');
          return [grant, `${kind}|bonus:${c.id}:${verb}`];
        })
        .sort(),
    );

    // Every journal balances, every account is its lines, every wallet's exposure its markets'.
    await expectLedgerBalanced(db());

    // The API says the same: the open bets' balance, the hub's UserBalance, GetBonuses.
    const open = expectOk(
      await call<{ balance: number; exposure: number; openBets: { betId: number; status: string }[] }>(
        ctx.app,
        {
          url: '/Bet/GetUserOpenBets',
          token: player.token,
        },
      ),
    );
    expect(
      {
        cash: inPaise(open.balance),
        exposure: inPaise(open.exposure),
        bets: open.openBets.map((b) => `${b.betId}:${b.status}`).sort(),
      },
      'GetUserOpenBets',
    ).toEqual({
      cash: m.cash,
      exposure: m.exposure,
      bets: m
        .bets()
        .filter((b) => b.status === 'MATCHED' || b.status === 'UNMATCHED')
        .map((b) => `${b.rowId}:${b.status}`)
        .sort(),
    });
    expect(await ctx.app.walletNotifier.current(userId), 'the UserBalance push').toEqual({
      Balance: m.cash,
      Exposure: m.exposure,
      BonusBalance: m.bonus,
    });
    const listed = await getBonuses(ctx, player);
    for (const key of BONUS_KEYS) {
      const entries = listed.filter((b) => b.id === bonusIds[key]);
      const mine = m.claims.filter((c) => c.key === key);
      expect(
        entries
          .filter((e) => e.userBonusId !== null)
          .map((e) => claimView(e))
          .sort((x, y) => (x.userBonusId ?? 0) - (y.userBonusId ?? 0)),
        `GetBonuses: the claims of ${key}`,
      ).toEqual(mine.map(modelClaimView));
      const offers = entries.filter((e) => e.userBonusId === null);
      const offered = TERMS[key].active && !mine.some((c) => c.status === 'ACTIVE' || c.periodKey === 'once');
      expect(offers.length, `GetBonuses: the offer of ${key}`).toBe(offered ? 1 : 0);
      const offer = offers[0];
      if (!offer) continue;
      const verdict = m.verdict(key);
      expect(offer.claimable, `GetBonuses: ${key} claimable (${offer.reason ?? ''})`).toBe(verdict.ok);
      if (verdict.ok) expect(inPaise(offer.amount), `GetBonuses: ${key}'s amount`).toBe(verdict.amount);
    }
  }

  it('for any sequence of deposits, bets, settlements, claims, withdrawals and expiries, cash + bonus + held + exposure is the ledger and never below zero', async () => {
    await fc.assert(
      // A run is a new player and a few seconds: shrinking a failure stops after SHRINKS tries.
      fc.asyncProperty(fc.limitShrink(sequenceArb, SHRINKS), async (actions) => {
        const player = await newPlayer(ctx);
        const { domainId } = await ctx.app.ledger.wallet(player.userId);
        const run: Run = {
          player,
          user: { userId: player.userId, domainId, sessionId: 0, isDemo: false },
          model: new Model(commissionBps, withdrawalLimits),
          job: new BonusJob(bonusService(ctx), ctx.app.log),
        };
        await check(run);
        for (const [i, action] of actions.entries()) {
          run.model.step = i + 1;
          try {
            const done = await perform(run, action);
            await quiet();
            await check(run);
            const key = `${action.kind}: ${done}`;
            stats.set(key, (stats.get(key) ?? 0) + 1);
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            throw new Error(
              `step ${i + 1} of ${actions.length} (${JSON.stringify(action)}), player ${player.userId}: ${message}`,
              { cause: err },
            );
          }
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);
});
