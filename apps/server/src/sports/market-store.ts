import { SPORT_IDS, type MarketResult } from '@backlay/contract';
import type { Executor } from '../platform/db/database';
import type { FeedFixture, FeedMarket } from '@backlay/market-feed';
import * as repo from './market-repository';

/**
 * The feed lives in memory; bets and settlement need its events, markets and runners in the
 * database. Rows are written the first time they are seen and when their status changes, so the
 * hot path of price ticks never touches the database.
 */
export class MarketStore {
  private readonly storedMarkets = new Set<string>();
  private readonly eventStatus = new Map<number, string>();

  constructor(private readonly db: Executor) {}

  async saveFixture(f: FeedFixture): Promise<void> {
    if (this.eventStatus.get(f.eventId) === f.status) return;
    const row = {
      id: f.eventId,
      sportId: SPORT_IDS[f.sport],
      title: f.title,
      competition: f.competition,
      venue: f.venue ?? '',
      team1: f.team1 ?? '',
      team2: f.team2 ?? '',
      startTime: new Date(f.startTime),
      status: f.status,
      score: f.score ?? null,
      updatedAt: new Date(),
    };
    await repo.upsertEvent(this.db, row);
    this.eventStatus.set(f.eventId, f.status);
  }

  /** Makes sure a market (and its event and runners) has rows; cheap after the first call. */
  async ensureMarket(fixture: FeedFixture, market: FeedMarket): Promise<void> {
    if (this.storedMarkets.has(market.id)) return;
    if (!this.eventStatus.has(fixture.eventId)) await this.saveFixture(fixture);
    await repo.insertMarketIfNew(this.db, {
      id: market.id,
      eventId: market.eventId,
      type: market.type,
      name: market.name,
      status: market.status,
      betDelayMs: market.betDelayMs,
      minStakePaise: market.limits.minStake,
      maxStakePaise: market.limits.maxStake,
      maxProfitPaise: market.limits.maxProfit,
    });
    if (market.type !== 'FANCY') {
      await repo.insertRunnersIfNew(
        this.db,
        market.runners.map((r) => ({
          marketId: market.id,
          id: r.id,
          name: r.name,
          sortOrder: r.sortPriority,
        })),
      );
    }
    this.storedMarkets.add(market.id);
  }

  /** Records a market's result; true when this call closed it (a second call changes nothing). */
  closeMarket(marketId: string, result: MarketResult): Promise<boolean> {
    return repo.closeMarket(this.db, marketId, result);
  }

  marketRow(marketId: string): Promise<repo.MarketRow | null> {
    return repo.findMarket(this.db, marketId);
  }
}
