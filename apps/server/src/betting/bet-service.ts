import type { PlaceBetResult } from '@backlay/contract';
import { marketExposure, paise, withFancyBet, withOddsBet, type Paise } from '@backlay/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../platform/http/auth-user';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import { formatRupees } from '../platform/money';
import type { FeedMarket, MarketFeed } from '@backlay/market-feed';
import type { MarketStore } from '../sports';
import { bettorState, existingBetId } from './bet-repository';
import { placeAtomically } from './bet-write-repository';
import {
  betMessage,
  checkAgainstMarket,
  readRequest,
  type MatchedBet,
  type PlaceBetBody,
  type RequestedBet,
} from './market-checks';
import { positionOf, toFancyBet, toOddsBet } from './positions';

export interface BetServiceDeps {
  db: Db;
  feed: MarketFeed | null;
  store: MarketStore;
  ledger: Ledger;
  log: FastifyBaseLogger;
  /** How the in-play delay is waited (real time unless a test says otherwise). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function duplicate(betId: number): AppError {
  return new AppError(
    'DUPLICATE_REQUEST',
    `This request was already made: it placed bet ${betId}. Nothing new was placed.`,
  );
}

function refuseBettor(status: string, excludedUntilMs: number | null): void {
  if (status === 'pending') throw new AppError('USER_NOT_VERIFIED');
  if (status !== 'active') throw new AppError('USER_LOCKED');
  if (excludedUntilMs !== null) {
    throw new AppError(
      'FORBIDDEN',
      `You have excluded yourself from betting until ${new Date(excludedUntilMs).toISOString()}.`,
    );
  }
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
      refuseBettor(state.status, state.excludedUntilMs);
    }
    let matched: MatchedBet;
    try {
      const request: RequestedBet = readRequest(market, body);
      matched = checkAgainstMarket(market, request, body.acceptAnyOdds, this.feedStale());
      if (delay > 0) {
        await this.sleep(delay);
        market = this.market(body.marketId, body.eventId);
        matched = checkAgainstMarket(market, request, body.acceptAnyOdds, this.feedStale());
      }
    } catch (err) {
      // A replayed request id is answered as a replay whatever the market does now.
      const used = err instanceof AppError ? await existingBetId(db, user.userId, body.requestId) : null;
      throw used === null ? err : duplicate(used);
    }

    const fixture = feed?.fixture(market.eventId);
    if (!fixture) throw new AppError('NOT_FOUND', `Event ${market.eventId} does not exist.`);
    await store.ensureMarket(fixture, market);

    const placed = await this.commit(user, body, market, matched, ip);
    this.deps.ledger.committed({ walletsChanged: [user.userId] });
    return {
      betId: placed.betId,
      status: 'MATCHED',
      message: betMessage(matched),
      matchedRate: matched.matchedRate,
      balance: placed.balancePaise,
      exposure: placed.exposurePaise,
    };
  }

  /** The exposure check and the insert: one transaction holding the user's wallet row. */
  private async commit(
    user: AuthUser,
    body: PlaceBetBody,
    market: FeedMarket,
    matched: MatchedBet,
    ip: string,
  ): Promise<{ betId: number; balancePaise: Paise; exposurePaise: Paise }> {
    const runnerIds = market.type === 'FANCY' ? [] : market.runners.map((r) => r.id);
    const key = { userId: user.userId, marketId: market.id, requestId: body.requestId };
    const placed = await placeAtomically(this.deps.db, key, (pos) => {
      if (pos.existingBetId !== null) throw duplicate(pos.existingBetId);
      refuseBettor(pos.status, pos.excludedUntilMs);
      if (!pos.marketOpen) throw new AppError('MARKET_CLOSED');
      const before = positionOf(market.type, runnerIds, pos.bets);
      const after =
        before.kind === 'fancy'
          ? withFancyBet(before, toFancyBet(matched.stored))
          : withOddsBet(before, toOddsBet(matched.stored));
      const exposureBefore = marketExposure(before);
      const exposureAfter = marketExposure(after);
      const available = pos.balancePaise - (pos.exposurePaise - exposureBefore + exposureAfter);
      if (available < 0) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Insufficient balance for this bet: it needs ${formatRupees(paise(exposureAfter - exposureBefore))} more exposure and ${formatRupees(paise(Math.max(0, pos.balancePaise - pos.exposurePaise)))} is available.`,
        );
      }
      return {
        userId: user.userId,
        domainId: user.domainId,
        requestId: body.requestId,
        eventId: market.eventId,
        marketId: market.id,
        bet: matched.stored,
        liabilityPaise: matched.liabilityPaise,
        profitPaise: matched.profitPaise,
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
    return { betId: placed.betId, balancePaise: placed.balancePaise, exposurePaise: placed.exposurePaise };
  }
}
