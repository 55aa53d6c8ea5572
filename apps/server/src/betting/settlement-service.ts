import type { MarketResult } from '@backlay/contract';
import {
  paise,
  settleFancyMarket,
  settleOddsMarket,
  type MarketSettlement,
  type PlacedBet,
} from '@backlay/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../ledger';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { MarketFeed } from '@backlay/market-feed';
import { MarketStore, type MarketClosures } from '../sports';
import { lockMarketExclusive } from './bet-repository';
import type { OrderChange } from './order-service';
import { isFancyType, toFancyBet, toOddsBet } from './positions';
import type { RestingOrderBook } from './resting-orders';
import {
  betsToSettle,
  claimSettlement,
  deleteMarketExposure,
  markBetsSettled,
  markMarketSettled,
  marketsWithOpenBets,
  recordSettlementJournal,
  settlementMarket,
  unfinishedSettlements,
  usersWithOpenBets,
  type SettlementMarketRow as MarketRow,
} from './settlement-repository';

export interface SettleOutcome {
  marketId: string;
  settledUsers: number;
  settledBets: number;
  /** True when the market had been settled before and this call changed nothing. */
  alreadySettled: boolean;
}

/** What the start-up repair found and did (`SettlementService.repair`). */
export interface SettlementRepair {
  /** Markets closed with a result whose settlement a previous run left unfinished, now finished. */
  finished: string[];
  /** Markets with matched bets the feed closed while nobody listened, now settled on its result. */
  closedByFeed: string[];
  /** Markets with matched bets the feed does not know: left open for the operator to settle or void. */
  unknown: string[];
  /** Markets whose repair failed (logged); the next start tries again. */
  failed: string[];
}

type SettleResult = { kind: 'winner'; runnerId: number } | { kind: 'runs'; runs: number } | { kind: 'void' };

/** The resting orders a settlement lapses first, and where their changes are pushed. */
export interface SettlementLapses {
  orders: Pick<RestingOrderBook, 'lapse'>;
  push: (changes: OrderChange[]) => Promise<void>;
}

/** Whether two results are the same decision (the settle call and its preview judge a repeat by it). */
export function sameResult(a: MarketResult, b: MarketResult): boolean {
  if (a.kind === 'winner' && b.kind === 'winner') return a.runnerId === b.runnerId;
  if (a.kind === 'runs' && b.kind === 'runs') return a.runs === b.runs;
  return a.kind === 'void' && b.kind === 'void';
}

/** A result as the refusals name it: `void`, `42 runs`, `winner 11`. */
export function describeResult(result: MarketResult): string {
  if (result.kind === 'void') return 'void';
  if (result.kind === 'runs') return `${result.runs} runs`;
  return `winner ${result.runnerId}`;
}

/**
 * Settles a closed market: one balanced journal per user (player cash against the house: play
 * money for demo accounts), the bets marked with their results, the market's exposure released.
 * Idempotent end to end: a user's settlement row is written in the same transaction as the
 * journal, and its primary key turns a second settlement into a no-op.
 */
export class SettlementService {
  private readonly running = new Map<string, Promise<SettleOutcome>>();

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly log: FastifyBaseLogger,
    private readonly feed: MarketFeed | null = null,
    private readonly closures: MarketClosures | null = null,
    private readonly lapses: SettlementLapses | null = null,
  ) {}

  /** Settles every market the feed closes; answers the unsubscribe function. */
  attach(feed: MarketFeed): () => void {
    return feed.on('marketClosed', (event) => {
      this.settle(event.marketId, event.result).catch((err: unknown) => {
        this.log.error({ err, marketId: event.marketId }, 'settlement of a closed market failed');
      });
    });
  }

  /**
   * Finishes what a previous run left half done; the feed owner runs it in the background after
   * start-up (never inside a start-up hook), market by market, until `stopped()`:
   * - a market closed with a result but not wholly settled (bets still matched, or never marked
   *   settled) is settled again on its recorded result: users settled before are skipped by their
   *   settlement row, and the ledger posts each `settle:{market}:{user}` journal once;
   * - a market with matched bets that the feed shows CLOSED (it closed while this process was down
   *   or starting) is settled on the feed's result.
   * Matched bets in a market the feed does not know are never voided here: they are reported, and
   * the operator settles or voids each by hand (POST /admin/markets/settle), a deliberate step.
   */
  async repair(stopped: () => boolean = () => false): Promise<SettlementRepair> {
    const done: SettlementRepair = { finished: [], closedByFeed: [], unknown: [], failed: [] };
    const attempt = async (marketId: string, result: MarketResult, into: string[]) => {
      try {
        await this.settle(marketId, result);
        into.push(marketId);
      } catch (err) {
        this.log.error({ err, marketId }, 'repairing the settlement of a market failed');
        done.failed.push(marketId);
      }
    };
    const unfinished = await unfinishedSettlements(this.db);
    for (const { marketId, result } of unfinished) {
      if (stopped()) return done;
      await attempt(marketId, result, done.finished);
    }
    const seen = new Set(unfinished.map((m) => m.marketId));
    for (const marketId of await marketsWithOpenBets(this.db)) {
      if (stopped()) return done;
      if (seen.has(marketId)) continue;
      const market = this.feed?.market(marketId);
      if (!market) done.unknown.push(marketId);
      else if (market.status === 'CLOSED' && market.result) {
        await attempt(marketId, market.result, done.closedByFeed);
      }
    }
    return done;
  }

  /** Settles (or voids) a market; calls for one market in this process run one after another. */
  settle(marketId: string, result: MarketResult): Promise<SettleOutcome> {
    const previous = this.running.get(marketId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.settleOnce(marketId, result));
    this.running.set(marketId, run);
    run
      .finally(() => {
        if (this.running.get(marketId) === run) this.running.delete(marketId);
      })
      .catch(() => undefined);
    return run;
  }

  private async settleOnce(marketId: string, given: MarketResult): Promise<SettleOutcome> {
    // Close under the exclusive market lock: bets that read the market as open have committed.
    const market = await this.db.transaction(async (tx) => {
      await lockMarketExclusive(tx, marketId);
      const store = new MarketStore(tx);
      // A market nobody has bet on yet has no row; it gets one, closed, so that a bet still on its
      // way in finds it closed instead of creating it open.
      const known = this.feed?.market(marketId);
      const fixture = known ? this.feed?.fixture(known.eventId) : undefined;
      if (known && fixture) await store.ensureMarket(fixture, known);
      const row = await settlementMarket(tx, marketId);
      if (!row || row.result) return row;
      // A result that does not fit the market is refused before it is recorded: recorded, it would
      // close the market for good with a result nobody can settle on.
      this.checkResult(given, row);
      await store.closeMarket(marketId, given);
      return { ...row, result: given };
    });
    if (!market) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    // The first result recorded is the one that counts.
    const result = market.result ?? given;
    await this.withdraw(marketId, market.eventId, result);
    if (!sameResult(result, given)) {
      throw new AppError(
        'DUPLICATE_REQUEST',
        `Market ${marketId} was already closed with another result (${describeResult(result)}).`,
      );
    }
    const settleAs = this.checkResult(result, market);
    // The market's row is closed (above, under the exclusive lock): no order comes to rest in it any
    // more and none is matched in it, so after this lapse only matched bets are left to settle.
    await this.lapseResting(marketId, result);
    const userIds = await usersWithOpenBets(this.db, marketId);
    let settledUsers = 0;
    let settledBets = 0;
    const failed: number[] = [];
    for (const userId of userIds) {
      // One user's failure must not hold up everyone else's money; a later run settles the rest.
      const count = await this.settleUser(marketId, market, settleAs, userId).catch((err: unknown) => {
        this.log.error({ err, marketId, userId }, 'settling a user failed');
        failed.push(userId);
        return 0;
      });
      if (count > 0) {
        settledUsers += 1;
        settledBets += count;
      }
    }
    if (failed.length > 0) {
      throw new Error(`settlement of market ${marketId} failed for users ${failed.join(', ')}`);
    }
    await markMarketSettled(this.db, marketId);
    return { marketId, settledUsers, settledBets, alreadySettled: market.settled && settledUsers === 0 };
  }

  /** Lapses the market's resting orders (a resumed settlement finds none left) and pushes the changes. */
  private async lapseResting(marketId: string, result: MarketResult): Promise<void> {
    if (!this.lapses) return;
    const reason = result.kind === 'void' ? 'the market was voided' : 'the market was settled';
    const changes = await this.lapses.orders.lapse(marketId, 'all', reason);
    await this.lapses.push(changes);
  }

  /**
   * Closed here, so no server may offer it any more: unless the feed has closed it itself (then
   * every server already follows), every server is told now, before the users are settled.
   */
  private async withdraw(marketId: string, eventId: number, result: MarketResult): Promise<void> {
    if (!this.closures || this.feed?.market(marketId)?.status === 'CLOSED') return;
    await this.closures.announce({ marketId, eventId, result }).catch((err: unknown) => {
      this.log.error({ err, marketId }, 'telling the other servers of a closed market failed');
    });
  }

  private checkResult(result: MarketResult, market: MarketRow): SettleResult {
    if (result.kind === 'void') return { kind: 'void' };
    if (isFancyType(market.type)) {
      if (result.kind !== 'runs')
        throw new AppError('BAD_REQUEST', 'A fancy market settles on a runs total.');
      return result;
    }
    if (result.kind !== 'winner')
      throw new AppError('BAD_REQUEST', 'This market settles on a winning runner.');
    if (!market.runnerIds.includes(result.runnerId)) {
      throw new AppError('BAD_REQUEST', `Runner ${result.runnerId} is not in market ${market.name}.`);
    }
    return result;
  }

  /** One user's settlement in one transaction; answers the number of bets it settled (0: already done). */
  private async settleUser(marketId: string, market: MarketRow, result: SettleResult, userId: number) {
    return this.ledger.transaction(async (money) => {
      const wallet = await money.wallet(userId, { forUpdate: true });
      const toSettle = await betsToSettle(money.tx, userId, marketId);
      if (!toSettle) return 0;
      const placed = toSettle.bets.map((b) => ({
        betId: String(b.betId),
        userId: String(userId),
        stored: b.stored,
      }));
      const options = { commissionBps: toSettle.commissionBps };
      let settlement: MarketSettlement;
      if (isFancyType(market.type)) {
        const bets: PlacedBet<ReturnType<typeof toFancyBet>>[] = placed.map((p) => ({
          betId: p.betId,
          userId: p.userId,
          bet: toFancyBet(p.stored),
        }));
        settlement = settleFancyMarket(result.kind === 'winner' ? { kind: 'void' } : result, bets, options);
      } else {
        const bets = placed.map((p) => ({ betId: p.betId, userId: p.userId, bet: toOddsBet(p.stored) }));
        settlement = settleOddsMarket(
          market.runnerIds,
          result.kind === 'runs' ? { kind: 'void' } : result,
          bets,
          options,
        );
      }
      const mine = settlement.users[0];
      if (!mine) return 0;
      const claimed = await claimSettlement(money.tx, {
        marketId,
        userId,
        net: mine.net,
        commission: mine.commission,
      });
      if (!claimed) return 0;

      if (mine.net !== 0) {
        const house = await money.houseAccount(
          wallet.domainId,
          toSettle.isDemo ? 'HOUSE_PLAY_MONEY' : 'HOUSE_CASH',
        );
        const verb = result.kind === 'void' ? 'void' : mine.net > 0 ? 'won' : 'lost';
        const { journalId } = await money.post({
          domainId: wallet.domainId,
          kind: 'bet_settlement',
          reference: `settle:${marketId}:${userId}`,
          description: `${market.eventTitle} / ${market.name}: ${verb}`,
          lines: [
            { account: wallet.cash, amount: mine.net },
            { account: house, amount: paise(-mine.net) },
          ],
        });
        await recordSettlementJournal(money.tx, marketId, userId, journalId);
      }

      const status = result.kind === 'void' ? 'VOID' : 'SETTLED';
      await markBetsSettled(
        money.tx,
        status,
        settlement.bets.map((b) => ({ betId: Number(b.betId), pnl: b.pnl })),
      );
      await money.releaseExposure(userId, await deleteMarketExposure(money.tx, userId, marketId));
      money.raise({
        type: 'BetSettled',
        userId,
        domainId: wallet.domainId,
        marketId,
        status,
        betIds: toSettle.bets.map((b) => b.betId),
        stakePaise: paise(toSettle.bets.reduce((sum, b) => sum + b.stored.stakePaise, 0)),
        netPaise: mine.net,
      });
      return settlement.bets.length;
    });
  }
}
