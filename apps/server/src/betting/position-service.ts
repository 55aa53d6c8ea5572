import {
  limitMarketTypeOf,
  type CashOutOfferResult,
  type ExpectedProfitLoss,
  type OpenBetsResult,
} from '@backlay/contract';
import {
  cashOutOffer,
  fancyBook,
  marketExposure,
  priceToDecimal,
  runnerPnl,
  type BestPrices,
  type RunnerId,
} from '@backlay/exchange';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { MarketFeed } from '@backlay/market-feed';
import { positionOf, toOddsBet } from './positions';
import { marketExposures, openBetRows, runnerIdsOf, toOpenBet, type BetRow } from './read-repository';

/** The user's open position: open bets, profit or loss per runner or run bucket, and cash out. */
export class PositionService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly feed: MarketFeed | null,
  ) {}

  /** Matched bets only: what expected P/L and cash out value. */
  private openBets(userId: number, eventId?: number, marketId?: string): Promise<BetRow[]> {
    return openBetRows(this.db, userId, { eventId, marketId });
  }

  /** The matched parts and the parts resting unmatched, newest first. */
  async openBetsOf(userId: number, eventId?: number): Promise<OpenBetsResult> {
    const [wallet, bets] = await Promise.all([
      this.ledger.wallet(userId),
      openBetRows(this.db, userId, { eventId, unmatched: true }),
    ]);
    return {
      balance: wallet.balancePaise,
      exposure: wallet.exposurePaise,
      openBets: bets.map(toOpenBet),
    };
  }

  /**
   * Per market the player has open bets in: the profit or loss of each outcome from the matched bets,
   * and the market's exposure as held (the worst case, counting what rests unmatched). A market where
   * everything still rests is listed too, with 0 on every outcome and the exposure its orders hold.
   */
  async expectedProfitLoss(userId: number, eventId?: number): Promise<ExpectedProfitLoss[]> {
    const bets = await openBetRows(this.db, userId, { eventId, unmatched: true });
    const byMarket = new Map<string, BetRow[]>();
    for (const b of bets.slice().reverse())
      byMarket.set(b.marketId, [...(byMarket.get(b.marketId) ?? []), b]);
    const [runners, held] = await Promise.all([
      runnerIdsOf(this.db, [...byMarket.keys()]),
      marketExposures(this.db, userId),
    ]);
    return [...byMarket].map(([marketId, rows]) => {
      const first = rows[0] as BetRow;
      const position = positionOf(
        first.marketType,
        runners.get(marketId) ?? [],
        rows.filter((r) => r.status === 'MATCHED').map((r) => r.stored),
      );
      const amounts =
        position.kind === 'fancy'
          ? fancyBook(position.bets).map((bucket) => ({
              runnerId: bucket.from,
              amount: bucket.pnl,
            }))
          : runnerPnl(position.runnerIds, position.bets).map((r) => ({
              runnerId: Number(r.runnerId),
              amount: r.pnl,
            }));
      return {
        eventId: first.eventId,
        marketId,
        marketType: limitMarketTypeOf(first.marketType),
        exposure: held.get(marketId) ?? marketExposure(position),
        runners: amounts,
      };
    });
  }

  async cashOut(userId: number, marketId: string): Promise<CashOutOfferResult> {
    const market = this.feed?.market(marketId);
    if (!market) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    if (market.type !== 'MATCH_ODDS' && market.type !== 'OVER_UNDER' && market.type !== 'WIN') {
      throw new AppError('BAD_REQUEST', 'Cash out is offered on match odds markets only.');
    }
    const runnerIds: RunnerId[] = market.runners.map((r) => r.id);
    const bets = (await this.openBets(userId, undefined, marketId)).map((b) => toOddsBet(b.stored));
    const none = (reason: NonNullable<CashOutOfferResult['reason']>): CashOutOfferResult => ({
      marketId,
      eventId: market.eventId,
      available: false,
      reason,
      hedge: null,
      runners: runnerPnl(runnerIds, bets).map((r) => ({
        runnerId: Number(r.runnerId),
        now: r.pnl,
        afterCashOut: null,
      })),
      guaranteed: null,
    });
    if (bets.length > 0 && market.status !== 'OPEN') return none('market-not-open');
    const best = new Map<RunnerId, BestPrices>(
      market.runners.map((r) => [
        r.id,
        {
          back: r.status === 'ACTIVE' ? (r.back[0]?.price ?? null) : null,
          lay: r.status === 'ACTIVE' ? (r.lay[0]?.price ?? null) : null,
        },
      ]),
    );
    // The hedge is placed through the normal bet path: one outside the market's limits is not an offer.
    const offer = cashOutOffer(runnerIds, bets, best, market.limits);
    if (offer.kind === 'none') return none(offer.reason);
    return {
      marketId,
      eventId: market.eventId,
      available: true,
      reason: null,
      hedge: {
        type: offer.hedge.side === 'back' ? 1 : 2,
        runnerId: Number(offer.hedge.runnerId),
        rate: priceToDecimal(offer.hedge.price),
        stake: offer.hedge.stakePaise,
      },
      runners: offer.pnlBefore.map((r, i) => ({
        runnerId: Number(r.runnerId),
        now: r.pnl,
        afterCashOut: offer.pnlAfter[i]?.pnl ?? r.pnl,
      })),
      guaranteed: offer.guaranteed,
    };
  }
}
