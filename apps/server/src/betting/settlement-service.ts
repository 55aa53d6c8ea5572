import type { MarketResult, MarketType } from '@backlay/contract';
import {
  settleFancyMarket,
  settleOddsMarket,
  type MarketSettlement,
  type PlacedBet,
} from '@backlay/exchange';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { houseAccount, postJournal, readWallet } from '../ledger/ledger-repository';
import type { WalletNotifier } from '../ledger/wallet-notifier';
import type { Db, Tx } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { MarketFeed } from '@backlay/market-feed';
import type { MarketClosures } from '../sports/market-closures';
import { MarketStore } from '../sports/market-store';
import { lockMarketExclusive } from './bet-repository';
import { isFancyType, storedBetOf, toFancyBet, toOddsBet, type StoredBetColumns } from './positions';
import { num, queryRows } from './sql-rows';

export interface SettleOutcome {
  marketId: string;
  settledUsers: number;
  settledBets: number;
  /** True when the market had been settled before and this call changed nothing. */
  alreadySettled: boolean;
}

interface MarketRow {
  eventId: number;
  type: MarketType;
  name: string;
  eventTitle: string;
  result: MarketResult | null;
  settled: boolean;
  runnerIds: number[];
}

type SettleResult = { kind: 'winner'; runnerId: number } | { kind: 'runs'; runs: number } | { kind: 'void' };

function sameResult(a: MarketResult, b: MarketResult): boolean {
  if (a.kind === 'winner' && b.kind === 'winner') return a.runnerId === b.runnerId;
  if (a.kind === 'runs' && b.kind === 'runs') return a.runs === b.runs;
  return a.kind === 'void' && b.kind === 'void';
}

function describeResult(result: MarketResult): string {
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
    private readonly notifier: WalletNotifier,
    private readonly log: FastifyBaseLogger,
    private readonly feed: MarketFeed | null = null,
    private readonly closures: MarketClosures | null = null,
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
   * Voids the open bets of markets the feed no longer knows: a simulator restarted with a new world
   * (its ids change per start) would otherwise leave them open for ever. Run by the feed owner at
   * start-up, after the feed has its fixtures.
   */
  async voidAbandoned(feed: MarketFeed): Promise<string[]> {
    const rows = await queryRows<{ market_id: string }>(
      this.db,
      sql`select distinct market_id from bets where status = 'MATCHED'`,
    );
    const abandoned = rows.map((r) => String(r.market_id)).filter((id) => !feed.market(id));
    for (const marketId of abandoned) {
      await this.settle(marketId, {
        kind: 'void',
        reason: 'The market was abandoned when the feed restarted',
      });
    }
    return abandoned;
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
      const row = await this.marketRow(tx, marketId);
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
    const userRows = await queryRows<{ user_id: unknown }>(
      this.db,
      sql`select distinct user_id from bets where market_id = ${marketId} and status = 'MATCHED' order by user_id`,
    );
    let settledUsers = 0;
    let settledBets = 0;
    const failed: number[] = [];
    for (const { user_id } of userRows) {
      const userId = num(user_id);
      // One user's failure must not hold up everyone else's money; a later run settles the rest.
      const count = await this.settleUser(marketId, market, settleAs, userId).catch((err: unknown) => {
        this.log.error({ err, marketId, userId }, 'settling a user failed');
        failed.push(userId);
        return 0;
      });
      if (count > 0) {
        settledUsers += 1;
        settledBets += count;
        await this.notifier.changed(userId).catch((err: unknown) => {
          this.log.error({ err, userId }, 'balance push after settlement failed');
        });
      }
    }
    if (failed.length > 0) {
      throw new Error(`settlement of market ${marketId} failed for users ${failed.join(', ')}`);
    }
    await this.db.execute(
      sql`update markets set settled_at = now() where id = ${marketId} and settled_at is null`,
    );
    return { marketId, settledUsers, settledBets, alreadySettled: market.settled && settledUsers === 0 };
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

  private async marketRow(tx: Tx, marketId: string): Promise<MarketRow | null> {
    const [row] = await queryRows<{
      event_id: unknown;
      type: MarketType;
      name: string;
      title: string;
      result: MarketResult | string | null;
      settled: boolean;
      runner_ids: unknown[] | null;
    }>(
      tx,
      sql`select m.event_id, m.type, m.name, e.title, m.result, m.settled_at is not null as settled,
            (select array_agg(r.id order by r.sort_order, r.id) from runners r where r.market_id = m.id) as runner_ids
          from markets m join events e on e.id = m.event_id where m.id = ${marketId}`,
    );
    if (!row) return null;
    const result = typeof row.result === 'string' ? (JSON.parse(row.result) as MarketResult) : row.result;
    return {
      eventId: num(row.event_id),
      type: row.type,
      name: row.name,
      eventTitle: row.title,
      result,
      settled: row.settled,
      runnerIds: (row.runner_ids ?? []).map(num),
    };
  }

  /** One user's settlement in one transaction; answers the number of bets it settled (0: already done). */
  private async settleUser(marketId: string, market: MarketRow, result: SettleResult, userId: number) {
    return this.db.transaction(async (tx) => {
      const wallet = await readWallet(tx, userId, { forUpdate: true });
      const rows = await queryRows<
        StoredBetColumns & { id: unknown; is_demo: boolean; commission_bps: unknown }
      >(
        tx,
        sql`select b.id, b.side, b.runner_id, b.price_hundredths, b.rate, b.line, b.stake_paise,
              u.is_demo, d.commission_bps
            from bets b join users u on u.id = b.user_id join domains d on d.id = u.domain_id
            where b.user_id = ${userId} and b.market_id = ${marketId} and b.status = 'MATCHED'
            order by b.id`,
      );
      const first = rows[0];
      if (!first) return 0;
      const placed = rows.map((r) => ({
        betId: String(num(r.id)),
        userId: String(userId),
        stored: storedBetOf(r),
      }));
      const options = { commissionBps: num(first.commission_bps) };
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

      const claimed = await queryRows<{ market_id: string }>(
        tx,
        sql`insert into market_settlements (market_id, user_id, net_paise, commission_paise)
            values (${marketId}, ${userId}, ${mine.net}, ${mine.commission})
            on conflict do nothing returning market_id`,
      );
      if (claimed.length === 0) return 0;

      if (mine.net !== 0) {
        const house = await houseAccount(
          tx,
          wallet.domainId,
          first.is_demo ? 'HOUSE_PLAY_MONEY' : 'HOUSE_CASH',
        );
        const verb = result.kind === 'void' ? 'void' : mine.net > 0 ? 'won' : 'lost';
        const { journalId } = await postJournal(tx, {
          domainId: wallet.domainId,
          kind: 'bet_settlement',
          reference: `settle:${marketId}:${userId}`,
          description: `${market.eventTitle} / ${market.name}: ${verb}`,
          lines: [
            { accountId: wallet.cashAccountId, amount: mine.net },
            { accountId: house, amount: -mine.net },
          ],
        });
        await tx.execute(
          sql`update market_settlements set journal_id = ${journalId} where market_id = ${marketId} and user_id = ${userId}`,
        );
      }

      const status = result.kind === 'void' ? 'VOID' : 'SETTLED';
      const values = sql.join(
        settlement.bets.map((b) => sql`(${Number(b.betId)}::bigint, ${b.pnl}::bigint)`),
        sql`, `,
      );
      await tx.execute(
        sql`update bets set status = ${status}, settled_at = now(), result_paise = v.pnl
            from (values ${values}) as v(id, pnl)
            where bets.id = v.id and bets.status = 'MATCHED'`,
      );
      const released = await queryRows<{ exposure_paise: unknown }>(
        tx,
        sql`delete from market_exposures where user_id = ${userId} and market_id = ${marketId} returning exposure_paise`,
      );
      const exposure = released[0] ? num(released[0].exposure_paise) : 0;
      if (exposure !== 0) {
        await tx.execute(
          sql`update wallets set exposure = exposure - ${exposure}, updated_at = now() where user_id = ${userId}`,
        );
      }
      return settlement.bets.length;
    });
  }
}
