import type { OrderStatus, PlaceBetResult } from '@backlay/contract';
import { marketExposure, paise, type Paise } from '@backlay/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../platform/http/auth-user';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import { barredError, lossRefusal, lostPerWindow } from '../responsible-gaming';
import type { FeedMarket, MarketFeed } from '@backlay/market-feed';
import type { MarketStore } from '../sports';
import { bettorState, existingBetId } from './bet-repository';
import { placeAtomically, type NewBetRow } from './bet-write-repository';
import {
  averageRate,
  checkAgainstMarket,
  orderMessage,
  readRequest,
  wireRate,
  type OrderPlan,
  type PlaceBetBody,
  type PlannedRow,
  type RequestedBet,
} from './market-checks';
import { positionOf } from './positions';

export interface BetServiceDeps {
  db: Db;
  feed: MarketFeed | null;
  store: MarketStore;
  ledger: Ledger;
  log: FastifyBaseLogger;
  /** How the in-play delay is waited (real time unless a test says otherwise). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Called after the commit of an order that left stake resting in the market (the matcher's
   * notice), with the odds version it was matched against.
   */
  rested?: (marketId: string, version: number) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function duplicate(betId: number): AppError {
  return new AppError(
    'DUPLICATE_REQUEST',
    `This request was already made: it placed bet ${betId}. Nothing new was placed.`,
  );
}

function refuseBettor(s: {
  status: string;
  excludedUntilMs: number | null;
  timedOutUntilMs: number | null;
}): void {
  if (s.status === 'pending') throw new AppError('USER_NOT_VERIFIED');
  if (s.status !== 'active') throw new AppError('USER_LOCKED');
  const barred = barredError({
    excludedUntil: s.excludedUntilMs === null ? null : new Date(s.excludedUntilMs),
    timedOutUntil: s.timedOutUntilMs === null ? null : new Date(s.timedOutUntilMs),
  });
  if (barred) throw barred;
}

/** An order's status from what it holds: matched parts and a resting part. */
export function orderStatus(matchedPaise: number, unmatchedPaise: number): OrderStatus {
  if (unmatchedPaise === 0) return 'MATCHED';
  return matchedPaise > 0 ? 'PARTIALLY_MATCHED' : 'UNMATCHED';
}

/** A planned row as the write repository takes it. */
export function newBetRow(r: PlannedRow, matchedVersion: number | null = null): NewBetRow {
  return {
    status: r.status,
    priceHundredths: r.stored.priceHundredths,
    stakePaise: r.stored.stakePaise,
    liabilityPaise: r.liabilityPaise,
    profitPaise: r.profitPaise,
    matchedVersion,
  };
}

/**
 * The answer to a placement or an edit: this call's fills with their bet ids, what rests, the
 * order's status over its life (`matchedBeforePaise`: what an edited order had matched before).
 */
export function orderResult(
  orderId: number,
  plan: Pick<OrderPlan, 'fills' | 'rest' | 'requestedRate' | 'title'>,
  fillIds: readonly number[],
  wallet: { balancePaise: Paise; exposurePaise: Paise },
  verb = 'Bet placed',
  matchedBeforePaise = 0,
): PlaceBetResult {
  const matchedStake = plan.fills.reduce((sum, f) => sum + f.stored.stakePaise, 0);
  const unmatchedStake = plan.rest?.stored.stakePaise ?? 0;
  return {
    betId: orderId,
    status: orderStatus(matchedStake + matchedBeforePaise, unmatchedStake),
    message: orderMessage(verb, plan.title, plan.fills, plan.rest),
    matchedRate: averageRate(plan.fills, plan.requestedRate),
    requestedRate: plan.requestedRate,
    matchedStake: paise(matchedStake),
    unmatchedStake: paise(unmatchedStake),
    fills: plan.fills.map((f, i) => ({
      betId: fillIds[i] ?? orderId,
      rate: wireRate(f.stored),
      stake: f.stored.stakePaise,
    })),
    balance: wallet.balancePaise,
    exposure: wallet.exposurePaise,
  };
}

/** Bet/PlaceBetV2 as exchange-math 'Placing a bet' describes it. */
export class BetService {
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(private readonly deps: BetServiceDeps) {
    this.sleep = deps.sleep ?? realSleep;
  }

  private market(marketId: string, eventId: number): FeedMarket {
    const market = this.deps.feed?.market(marketId);
    if (!market) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    if (market.eventId !== eventId) {
      throw new AppError('BAD_REQUEST', `Market ${marketId} does not belong to event ${eventId}.`);
    }
    return market;
  }

  /** The feed's prices are frozen: a mirror that has not heard the feed's owner past the threshold. */
  private feedStale(): boolean {
    return this.deps.feed?.stale?.() ?? false;
  }

  async place(user: AuthUser, body: PlaceBetBody, ip: string): Promise<PlaceBetResult> {
    const { db, feed, store } = this.deps;
    let market = this.market(body.marketId, body.eventId);
    const delay = market.inPlay ? market.betDelayMs : 0;
    // Before a wait, answer a replay or a barred user at once; without one, the transaction does it.
    if (delay > 0) {
      const state = await bettorState(db, user.userId, body.requestId);
      if (!state) throw new AppError('UNAUTHENTICATED');
      if (state.existingBetId !== null) throw duplicate(state.existingBetId);
      refuseBettor(state);
    }
    let plan: OrderPlan;
    try {
      const request: RequestedBet = readRequest(market, body);
      plan = checkAgainstMarket(market, request, body.acceptAnyOdds, this.feedStale());
      if (delay > 0) {
        await this.sleep(delay);
        market = this.market(body.marketId, body.eventId);
        plan = checkAgainstMarket(market, request, body.acceptAnyOdds, this.feedStale());
      }
    } catch (err) {
      // A replayed request id is answered as a replay whatever the market does now.
      const used = err instanceof AppError ? await existingBetId(db, user.userId, body.requestId) : null;
      throw used === null ? err : duplicate(used);
    }

    const fixture = feed?.fixture(market.eventId);
    if (!fixture) throw new AppError('NOT_FOUND', `Event ${market.eventId} does not exist.`);
    await store.ensureMarket(fixture, market);

    const placed = await this.commit(user, body, market, plan, ip);
    this.deps.ledger.committed({ walletsChanged: [user.userId] });
    if (plan.rest) this.deps.rested?.(market.id, market.version);
    return orderResult(placed.betId, plan, placed.rowIds, placed);
  }

  /** The exposure check and the insert of the order's rows: one transaction holding the user's wallet row. */
  private async commit(
    user: AuthUser,
    body: PlaceBetBody,
    market: FeedMarket,
    plan: OrderPlan,
    ip: string,
  ): Promise<{ betId: number; rowIds: number[]; balancePaise: Paise; exposurePaise: Paise }> {
    const runnerIds = market.type === 'FANCY' ? [] : market.runners.map((r) => r.id);
    const key = { userId: user.userId, marketId: market.id, requestId: body.requestId };
    const rows = plan.rest ? [...plan.fills, plan.rest] : plan.fills;
    const placed = await placeAtomically(this.deps.db, key, (pos) => {
      if (pos.existingBetId !== null) throw duplicate(pos.existingBetId);
      refuseBettor(pos);
      if (!pos.marketOpen) throw new AppError('MARKET_CLOSED');
      const before = positionOf(market.type, runnerIds, pos.bets, pos.unmatched);
      const after = positionOf(
        market.type,
        runnerIds,
        [...pos.bets, ...plan.fills.map((f) => f.stored)],
        plan.rest ? [...pos.unmatched, plan.rest.stored] : pos.unmatched,
      );
      const exposureBefore = marketExposure(before);
      const exposureAfter = marketExposure(after);
      const available = pos.balancePaise - (pos.exposurePaise - exposureBefore + exposureAfter);
      if (available < 0) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Insufficient balance for this bet: it needs ${formatRupees(paise(exposureAfter - exposureBefore))} more exposure and ${formatRupees(paise(Math.max(0, pos.balancePaise - pos.exposurePaise)))} is available.`,
        );
      }
      // A loss limit: what the player lost in its window, their open exposure and this bet's added
      // exposure must fit it (read only for a player who has one).
      if (pos.loss) {
        const refused = lossRefusal(
          pos.loss.limits,
          lostPerWindow(pos.loss),
          pos.exposurePaise,
          exposureAfter - exposureBefore,
          'bet',
        );
        if (refused) throw refused;
      }
      return {
        userId: user.userId,
        domainId: user.domainId,
        requestId: body.requestId,
        eventId: market.eventId,
        marketId: market.id,
        side: plan.asked.side,
        runnerId: plan.asked.runnerId,
        rate: plan.exchange ? null : plan.asked.rate,
        line: plan.asked.line,
        // The resting part took its order's share of these prices already (exchange-matching.md).
        rows: rows.map((r) => newBetRow(r, r.status === 'UNMATCHED' ? market.version : null)),
        persistence: body.persistence,
        isCashOut: body.cashOut,
        ip,
        exposureBeforePaise: exposureBefore,
        exposureAfterPaise: exposureAfter,
      };
    });
    if (!placed) throw new AppError('UNAUTHENTICATED');
    if (placed.betId === null) {
      // A replay that raced the first request into the transaction: the unique index decided.
      const id = await existingBetId(this.deps.db, user.userId, body.requestId);
      throw id === null ? new AppError('DUPLICATE_REQUEST') : duplicate(id);
    }
    return {
      betId: placed.betId,
      rowIds: placed.rowIds,
      balancePaise: placed.balancePaise,
      exposurePaise: placed.exposurePaise,
    };
  }
}
