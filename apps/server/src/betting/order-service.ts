import type {
  BetChange,
  BetFill,
  CancelBetInputSchema,
  CancelBetResult,
  MarketType,
  OrderStatus,
  PlaceBetResult,
  UpdateBetInputSchema,
} from '@backlay/contract';
import {
  marketExposure,
  paise,
  priceToDecimal,
  restingFill,
  type Hundredths,
  type Paise,
} from '@backlay/exchange';
import type { ExchangeMarket, FeedMarket, MarketFeed } from '@backlay/market-feed';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Ledger } from '../ledger';
import type { Db, Tx } from '../platform/db/database';
import type { AuthUser } from '../platform/http/auth-user';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { guardRisk } from '../responsible-gaming';
import { newBetRow, orderResult } from './bet-service';
import {
  checkMaxProfit,
  isExchangeMarket,
  ladderPrice,
  matchOnLevels,
  orderMessage,
  plannedRow,
  type OrderPlan,
  type PlannedRow,
} from './market-checks';
import {
  insertOrderRow,
  lockOwner,
  lockResting,
  marketOpen,
  openPosition,
  orderHead,
  orderTotals,
  restingMarketIds,
  restingOfMarket,
  setRestingStake,
  setRestingStatus,
  storeAction,
  storedAction,
  storedMarketShape,
  walletAndHeld,
  writeExposure,
  type OrderHead,
  type OrderTotals,
  type RestingRow,
} from './order-repository';
import { positionOf, type StoredBet } from './positions';
import { paiseOf, queryRows } from './sql-rows';

/** Bet/CancelBet's body as parsed. */
export type CancelBetBody = z.output<typeof CancelBetInputSchema>;
/** Bet/UpdateBet's body as parsed. */
export type UpdateBetBody = z.output<typeof UpdateBetInputSchema>;

/** A change of one player's order, for the caller to push (BetChange) after the commit. */
export interface OrderChange {
  userId: number;
  change: BetChange;
}

/** Which resting orders a lapse takes off: all of them, or those whose persistence is 'cancel'. */
export type LapseScope = 'all' | 'in-play';

export interface OrderServiceDeps {
  db: Db;
  feed: MarketFeed | null;
  ledger: Ledger;
  log: FastifyBaseLogger;
  /** How the in-play delay of an edit is waited (real time unless a test says otherwise). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Called after the commit of the player's own cancel or edit with its change (for the BetChange
   * push to the player's other connections). matchResting and lapse answer theirs instead.
   */
  changed?: (changes: OrderChange[]) => void;
  /** Called after the commit of an edit that leaves stake resting in the market, with the odds version it was matched against. */
  rested?: (marketId: string, version: number) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An order's status from its totals: resting, else how its resting part ended. */
export function statusOfOrder(t: OrderTotals): OrderStatus {
  if (t.unmatchedPaise > 0) return t.matchedPaise > 0 ? 'PARTIALLY_MATCHED' : 'UNMATCHED';
  if (t.lapsed) return 'LAPSED';
  if (t.cancelled) return 'CANCELLED';
  return 'MATCHED';
}

const sideTitle = (s: StoredBet) => (s.side === 'back' ? 'Back' : s.side === 'lay' ? 'Lay' : s.side);
const showPrice = (s: StoredBet) =>
  s.priceHundredths !== null ? priceToDecimal(s.priceHundredths as Hundredths).toFixed(2) : String(s.rate);

/**
 * The orders resting in the book (docs/exchange-matching.md): the player's cancel and edit, and the
 * market's drivers (the feed owner's matching on price changes, lapses). Every change is one
 * transaction holding the owner's wallet row (after the market's shared lock) and the order's
 * UNMATCHED row `FOR UPDATE`, re-checked there; it recomputes the market's exposure, moves the
 * wallet's, and bumps `market_exposures.bets_placed`. Wallet changes are announced to the ledger
 * (UserBalance pushes); BetChange pushes are the caller's, from the answered `OrderChange`s.
 */
export class OrderService {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: OrderServiceDeps) {
    this.sleep = deps.sleep ?? realSleep;
  }

  /** Bet/CancelBet: all of the order's unmatched stake, or `stake` of it. Idempotent by requestId. */
  async cancel(user: AuthUser, input: CancelBetBody): Promise<CancelBetResult> {
    const replay = await this.replayed<CancelBetResult>(user.userId, input.requestId, 'cancel');
    if (replay) return replay;
    const head = await this.ownOrder(user.userId, input.betId);
    const shape = await this.marketShape(head.marketId);
    const outcome = await this.inOrderTransaction(head, async (tx) => {
      const stored = await this.replayed<CancelBetResult>(user.userId, input.requestId, 'cancel', tx);
      if (stored) return { answer: stored, change: null };
      const resting = await lockResting(tx, head.orderId);
      let cancelled = paise(0);
      if (resting) {
        const rest = resting.stored;
        cancelled = paise(Math.min(input.stake ?? rest.stakePaise, rest.stakePaise));
        await this.takeOff(tx, resting, 'CANCELLED', cancelled);
      }
      const wallet =
        cancelled > 0 ? await this.rewriteExposure(tx, head, shape) : await this.wallet(tx, head);
      const totals = await orderTotals(tx, head.orderId);
      const title = resting
        ? `${sideTitle(resting.stored)} ${await this.runnerName(head, resting.stored)}`
        : '';
      const message = resting
        ? `Cancelled: ${title} ${formatRupees(cancelled)} at ${showPrice(resting.stored)}${
            totals.unmatchedPaise > 0 ? `; ${formatRupees(totals.unmatchedPaise)} still unmatched` : ''
          }`
        : 'Nothing was left unmatched to cancel: the order is no longer in the book.';
      const answer: CancelBetResult = {
        betId: head.orderId,
        status: statusOfOrder(totals),
        cancelledStake: cancelled,
        unmatchedStake: totals.unmatchedPaise,
        matchedStake: totals.matchedPaise,
        message,
        balance: wallet.balancePaise,
        exposure: wallet.exposurePaise,
      };
      await storeAction(tx, user.userId, input.requestId, 'cancel', head.orderId, answer);
      const change = cancelled > 0 ? this.betChange(head, totals, [], message) : null;
      return { answer, change };
    });
    this.after(head.userId, outcome.change ? [outcome.change] : [], true);
    return outcome.answer;
  }

  /** Bet/UpdateBet: the unmatched stake moves to `rate`; what matches now is matched. Idempotent. */
  async update(user: AuthUser, input: UpdateBetBody, _ip: string): Promise<PlaceBetResult> {
    const replay = await this.replayed<PlaceBetResult>(user.userId, input.requestId, 'update');
    if (replay) return replay;
    const price = ladderPrice(input.rate);
    const head = await this.ownOrder(user.userId, input.betId);
    let market = this.exchangeMarket(head);
    if (market.inPlay && market.betDelayMs > 0) {
      this.checkOpen(market);
      await this.sleep(market.betDelayMs);
      market = this.exchangeMarket(head);
    }
    this.checkOpen(market);
    const runnerIds = market.runners.map((r) => r.id);
    const outcome = await this.inOrderTransaction(head, async (tx) => {
      const stored = await this.replayed<PlaceBetResult>(user.userId, input.requestId, 'update', tx);
      if (stored) return { answer: stored, change: null, rests: false };
      if (!(await marketOpen(tx, head.marketId))) throw new AppError('MARKET_CLOSED');
      const resting = await lockResting(tx, head.orderId);
      if (!resting) {
        // Matched, cancelled or lapsed meanwhile: nothing to edit; the order as it stands.
        const totals = await orderTotals(tx, head.orderId);
        const wallet = await this.wallet(tx, head);
        const answer: PlaceBetResult = {
          betId: head.orderId,
          status: statusOfOrder(totals),
          message: 'Nothing was left unmatched to edit: the order is no longer in the book.',
          matchedRate: input.rate,
          requestedRate: input.rate,
          matchedStake: totals.matchedPaise,
          unmatchedStake: paise(0),
          fills: [],
          balance: wallet.balancePaise,
          exposure: wallet.exposurePaise,
        };
        await storeAction(tx, user.userId, input.requestId, 'update', head.orderId, answer);
        return { answer, change: null, rests: false };
      }
      const asked: StoredBet = { ...resting.stored, priceHundredths: price };
      const { fills, rest } = matchOnLevels(market, asked, resting.stored.stakePaise, false);
      const runnerName = market.runners.find((r) => r.id === asked.runnerId)?.name ?? '';
      const plan: OrderPlan = {
        asked,
        fills,
        rest,
        requestedRate: priceToDecimal(price),
        exchange: true,
        title: `${sideTitle(asked)} ${runnerName}`,
      };
      const before = await orderTotals(tx, head.orderId);
      const matchedProfitBefore = await this.matchedProfit(tx, head.orderId);
      checkMaxProfit(market, plan, matchedProfitBefore);

      // The funds: the position after the edit must fit the balance, as a new bet must.
      const position = await openPosition(tx, head.userId, head.marketId);
      const without = removeOne(position.unmatched, resting.stored);
      const exposureAfter = marketExposure(
        positionOf(
          head.marketType,
          runnerIds,
          [...position.matched, ...fills.map((f) => f.stored)],
          rest ? [...without, rest.stored] : without,
        ),
      );
      const held = await walletAndHeld(tx, head.userId, head.marketId);
      if (held.balancePaise - (held.exposurePaise - held.heldPaise + exposureAfter) < 0) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Insufficient balance for this change: it needs ${formatRupees(paise(exposureAfter - held.heldPaise))} more exposure and ${formatRupees(paise(Math.max(0, held.balancePaise - held.exposurePaise)))} is available.`,
        );
      }
      // An edit is a bet: refused in a time-out or self-exclusion, and over a loss limit when it adds risk.
      await guardRisk(tx, head.userId, {
        atRisk: held.exposurePaise,
        added: exposureAfter - held.heldPaise,
        what: 'bet',
      });

      const fillIds = await this.writeEdit(tx, resting, fills, rest, market.version);
      const wallet = await writeExposure(tx, head.userId, head.marketId, exposureAfter);
      const answer = orderResult(head.orderId, plan, fillIds, wallet, 'Bet updated', before.matchedPaise);
      await storeAction(tx, user.userId, input.requestId, 'update', head.orderId, answer);
      const totals = await orderTotals(tx, head.orderId);
      const change = this.betChange(head, totals, answer.fills, answer.message);
      return { answer, change, rests: rest !== null };
    });
    this.after(head.userId, outcome.change ? [outcome.change] : [], true);
    if (outcome.rests) this.deps.rested?.(head.marketId, market.version);
    return outcome.answer;
  }

  /**
   * Matches every resting order of the market that its current prices reach, at the order's asked
   * price, each in its own transaction. Safe to call from several servers at once: each order's
   * outcome happens once (its row is locked and must still be what was read). Answers the changes
   * to push.
   */
  async matchResting(market: FeedMarket): Promise<OrderChange[]> {
    if (!isExchangeMarket(market) || market.status !== 'OPEN') return [];
    const resting = await restingOfMarket(this.deps.db, market.id);
    const changes: OrderChange[] = [];
    for (const seen of resting) {
      if (seen.matchedVersion === market.version || fillSize(market, seen.stored) === 0) continue;
      const head = { ...headOf(seen), marketType: market.type };
      const shape = { type: market.type, runnerIds: market.runners.map((r) => r.id) };
      try {
        const change = await this.inOrderTransaction(head, async (tx) => {
          // Exactly once: the part is locked and re-read; prices already matched at this version
          // (by another matcher that saw them too) fill nothing more.
          if (!(await marketOpen(tx, market.id))) return null;
          const now = await lockResting(tx, seen.orderId);
          if (!now || now.matchedVersion === market.version) return null;
          const size = fillSize(market, now.stored);
          if (size === 0) return null;
          const fillId = await this.fillResting(tx, now, size, market.version);
          await this.rewriteExposure(tx, head, shape);
          const totals = await orderTotals(tx, head.orderId);
          const fill: BetFill = {
            betId: fillId,
            rate: priceToDecimal(now.stored.priceHundredths as Hundredths),
            stake: size,
          };
          const title = `${sideTitle(now.stored)} ${runnerNameIn(market, now.stored)}`;
          const matchedRow = plannedRow('MATCHED', now.stored, now.stored, size);
          const restRow =
            totals.unmatchedPaise > 0
              ? plannedRow('UNMATCHED', now.stored, now.stored, totals.unmatchedPaise)
              : null;
          const message = orderMessage('Bet matched', title, [matchedRow], restRow);
          return this.betChange(head, totals, [fill], message);
        });
        if (change) changes.push(change);
        this.after(seen.userId, [], change !== null);
      } catch (err) {
        // One order's failure (a lost connection) leaves the others to be matched; the next price tries it again.
        this.deps.log.error(
          { err, orderId: seen.orderId, marketId: market.id },
          'matching a resting order failed',
        );
      }
    }
    return changes;
  }

  /** Lapses the market's resting orders ('in-play': only those with persistence 'cancel'). */
  async lapse(marketId: string, which: LapseScope, reason: string): Promise<OrderChange[]> {
    const resting = await restingOfMarket(this.deps.db, marketId, which === 'in-play' ? 'cancel' : undefined);
    if (resting.length === 0) return [];
    const shape = await this.marketShape(marketId);
    const changes: OrderChange[] = [];
    for (const seen of resting) {
      const head = { ...headOf(seen), marketType: shape.type };
      const change = await this.inOrderTransaction(head, async (tx) => {
        const now = await lockResting(tx, seen.orderId);
        if (!now) return null;
        if (which === 'in-play' && now.persistence !== 'cancel') return null;
        await this.takeOff(tx, now, 'LAPSED', now.stored.stakePaise);
        await this.rewriteExposure(tx, head, shape);
        const totals = await orderTotals(tx, head.orderId);
        const title = `${sideTitle(now.stored)} ${await this.runnerName(head, now.stored)}`;
        const message = `Lapsed: ${title} ${formatRupees(now.stored.stakePaise)} at ${showPrice(now.stored)} (${reason})`;
        return this.betChange(head, totals, [], message);
      });
      if (change) changes.push(change);
      this.after(seen.userId, [], change !== null);
    }
    return changes;
  }

  /** The markets holding resting orders now. */
  restingMarketIds(): Promise<string[]> {
    return restingMarketIds(this.deps.db);
  }

  // --- the parts -------------------------------------------------------------------------------

  private async replayed<T>(
    userId: number,
    requestId: string,
    kind: 'cancel' | 'update',
    tx?: Tx,
  ): Promise<T | null> {
    const stored = await storedAction(tx ?? this.deps.db, userId, requestId);
    if (!stored) return null;
    if (stored.kind !== kind) {
      throw new AppError(
        'DUPLICATE_REQUEST',
        `This request id was already used for ${stored.kind === 'cancel' ? 'a cancel' : 'an edit'} of bet ${stored.orderId}.`,
      );
    }
    return stored.answer as T;
  }

  /** The user's own order; another player's (or none) is not found. */
  private async ownOrder(userId: number, orderId: number): Promise<OrderHead> {
    const head = await orderHead(this.deps.db, orderId);
    if (!head || head.userId !== userId) throw new AppError('NOT_FOUND', `Bet ${orderId} does not exist.`);
    return head;
  }

  private exchangeMarket(head: OrderHead): ExchangeMarket {
    const market = this.deps.feed?.market(head.marketId);
    if (!market) throw new AppError('MARKET_CLOSED', 'This market is no longer open.');
    if (!isExchangeMarket(market)) {
      throw new AppError('BAD_REQUEST', 'Only exchange bets (match odds and the like) can be edited.');
    }
    return market;
  }

  private checkOpen(market: FeedMarket): void {
    if (market.status === 'CLOSED') throw new AppError('MARKET_CLOSED');
    if (this.deps.feed?.stale?.()) throw new AppError('PRICES_STALE');
    if (market.status !== 'OPEN') throw new AppError('MARKET_SUSPENDED');
  }

  private async marketShape(marketId: string): Promise<{ type: MarketType; runnerIds: number[] }> {
    const market = this.deps.feed?.market(marketId);
    if (market)
      return { type: market.type, runnerIds: market.type === 'FANCY' ? [] : market.runners.map((r) => r.id) };
    const stored = await storedMarketShape(this.deps.db, marketId);
    if (!stored) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    return stored;
  }

  private async runnerName(head: OrderHead, s: StoredBet): Promise<string> {
    const market = this.deps.feed?.market(head.marketId);
    if (market && market.type !== 'FANCY') return runnerNameIn(market, s);
    return `runner ${String(s.runnerId)}`;
  }

  /** One transaction on the order's owner: the market's shared lock, the wallet row, then `work`. */
  private inOrderTransaction<T>(head: OrderHead, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await lockOwner(tx, head.userId, head.marketId))) throw new AppError('UNAUTHENTICATED');
      return work(tx);
    });
  }

  private async wallet(tx: Tx, head: OrderHead): Promise<{ balancePaise: Paise; exposurePaise: Paise }> {
    const w = await walletAndHeld(tx, head.userId, head.marketId);
    return { balancePaise: w.balancePaise, exposurePaise: w.exposurePaise };
  }

  /** The market's exposure recomputed from the user's rows now (after a change), written, the wallet moved. */
  private async rewriteExposure(
    tx: Tx,
    head: OrderHead,
    shape: { type: MarketType; runnerIds: number[] },
  ): Promise<{ balancePaise: Paise; exposurePaise: Paise }> {
    const position = await openPosition(tx, head.userId, head.marketId);
    const exposure = marketExposure(
      positionOf(shape.type, shape.runnerIds, position.matched, position.unmatched),
    );
    return writeExposure(tx, head.userId, head.marketId, exposure);
  }

  /** `stake` of the resting part taken off the book as CANCELLED or LAPSED (all of it: the row itself). */
  private async takeOff(
    tx: Tx,
    resting: RestingRow,
    status: 'CANCELLED' | 'LAPSED',
    stake: Paise,
  ): Promise<void> {
    const rest = resting.stored;
    if (stake >= rest.stakePaise) {
      const row = plannedRow('UNMATCHED', rest, rest, rest.stakePaise);
      await setRestingStatus(tx, resting.id, status, { ...row, priceHundredths: rest.priceHundredths });
      return;
    }
    const off = plannedRow('UNMATCHED', rest, rest, stake);
    const left = plannedRow('UNMATCHED', rest, rest, paise(rest.stakePaise - stake));
    await insertOrderRow(tx, resting, { ...newBetRow(off), status });
    await setRestingStake(tx, resting.id, newBetRow(left), resting.matchedVersion);
  }

  /** `size` of the resting part matched at its own price: the row itself when all of it, else a new row. */
  private async fillResting(tx: Tx, resting: RestingRow, size: Paise, version: number): Promise<number> {
    const rest = resting.stored;
    if (size >= rest.stakePaise) {
      const row = plannedRow('MATCHED', rest, rest, rest.stakePaise);
      await setRestingStatus(tx, resting.id, 'MATCHED', newBetRow(row));
      return resting.id;
    }
    const matched = plannedRow('MATCHED', rest, rest, size);
    const left = plannedRow('UNMATCHED', rest, rest, paise(rest.stakePaise - size));
    const id = await insertOrderRow(tx, resting, { ...newBetRow(matched), status: 'MATCHED' });
    await setRestingStake(tx, resting.id, newBetRow(left), version);
    return id;
  }

  /** An edit written: the fills as matched rows, the resting part at its new price (or matched away). */
  private async writeEdit(
    tx: Tx,
    resting: RestingRow,
    fills: PlannedRow[],
    rest: PlannedRow | null,
    version: number,
  ): Promise<number[]> {
    const ids: number[] = [];
    const [first, ...others] = fills;
    if (rest) {
      // Matched against the prices of `version`: the matcher fills what rests at the next ones.
      await setRestingStake(tx, resting.id, newBetRow(rest), version);
      for (const f of fills)
        ids.push(await insertOrderRow(tx, resting, { ...newBetRow(f), status: 'MATCHED' }));
      return ids;
    }
    if (!first) throw new Error('an edit matches or rests');
    // All of it matched: the resting row becomes the first fill, the others are new rows.
    await setRestingStatus(tx, resting.id, 'MATCHED', newBetRow(first));
    await setRestingStake(tx, resting.id, newBetRow(first));
    ids.push(resting.id);
    for (const f of others)
      ids.push(await insertOrderRow(tx, resting, { ...newBetRow(f), status: 'MATCHED' }));
    return ids;
  }

  /** What the order's matched parts can win, for the maximum-profit check of an edit. */
  private async matchedProfit(tx: Tx, orderId: number): Promise<Paise> {
    const [row] = await queryRows<{ p: unknown }>(
      tx,
      sql`select coalesce(sum(profit_if_win_paise), 0) as p from bets where order_id = ${orderId} and status = 'MATCHED'`,
    );
    return paiseOf(row?.p ?? 0);
  }

  private betChange(head: OrderHead, totals: OrderTotals, fills: BetFill[], message: string): OrderChange {
    return {
      userId: head.userId,
      change: {
        betId: head.orderId,
        eventId: head.eventId,
        marketId: head.marketId,
        status: statusOfOrder(totals),
        matchedStake: totals.matchedPaise,
        unmatchedStake: totals.unmatchedPaise,
        fills,
        message,
      },
    };
  }

  /** After a commit: the wallet announced (UserBalance), the player's own changes handed on. */
  private after(userId: number, own: OrderChange[], walletChanged: boolean): void {
    if (walletChanged) this.deps.ledger.committed({ walletsChanged: [userId] });
    if (own.length > 0) this.deps.changed?.(own);
  }
}

function headOf(r: RestingRow): Omit<OrderHead, 'marketType'> {
  return { orderId: r.orderId, userId: r.userId, eventId: r.eventId, marketId: r.marketId };
}

function runnerNameIn(market: FeedMarket, s: StoredBet): string {
  if (market.type === 'FANCY') return market.name;
  return market.runners.find((r) => r.id === s.runnerId)?.name ?? `runner ${String(s.runnerId)}`;
}

/** What the market's levels now match of a resting part, at its own price (0 when none reach it). */
function fillSize(market: ExchangeMarket, s: StoredBet): Paise {
  const runner = market.runners.find((r) => r.id === s.runnerId);
  if (!runner || runner.status !== 'ACTIVE' || s.priceHundredths === null) return paise(0);
  const side = s.side === 'back' ? 'back' : 'lay';
  return restingFill(
    side,
    s.priceHundredths as Hundredths,
    s.stakePaise,
    side === 'back' ? runner.back : runner.lay,
  );
}

/** The list without one group equal to `one` (the resting part being edited), or its stake taken from it. */
function removeOne(list: readonly StoredBet[], one: StoredBet): StoredBet[] {
  const out: StoredBet[] = [];
  let removed = false;
  for (const s of list) {
    const same =
      !removed &&
      s.side === one.side &&
      s.runnerId === one.runnerId &&
      s.priceHundredths === one.priceHundredths &&
      s.rate === one.rate &&
      s.line === one.line;
    if (same) {
      removed = true;
      const left = s.stakePaise - one.stakePaise;
      if (left > 0) out.push({ ...s, stakePaise: paise(left) });
    } else {
      out.push(s);
    }
  }
  return out;
}
