import {
  SPORT_IDS,
  SPORT_KEYS,
  type MarketResult,
  type MarketType,
  type SettlePreview,
  type SportKey,
  type TradingBet,
  type TradingBook,
  type TradingMarket,
  type TradingMarketStatus,
} from '@backlay/contract';
import {
  ZERO_PAISE,
  addPaise,
  fancyBook,
  maxPaise,
  negPaise,
  paise,
  priceToDecimal,
  runnerPnl,
  settleFancyMarket,
  settleOddsMarket,
  subPaise,
  type Hundredths,
  type MarketSettlement,
  type Paise,
} from '@backlay/exchange';
import type { FeedFixture, FeedMarket, MarketFeed } from '@backlay/market-feed';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import * as repo from './admin-markets-repository';
import { isFancyType, toFancyBet, toOddsBet, type StoredBet } from './positions';
import { settlementMarket } from './settlement-repository';
import { describeResult, sameResult } from './settlement-service';

/*
 * The operators' Trading screen (reads only): markets by sport and status with this site's book on
 * each, the bets of a market, and the preview of a settlement. A market is one for every site (one
 * feed); its bets, and so every figure here, are the operator's site's alone.
 */

type FeedSport = Exclude<SportKey, 'casino'>;
type SettleResult = { kind: 'winner'; runnerId: number } | { kind: 'runs'; runs: number } | { kind: 'void' };
type Paging = { SkipCount: number; MaxResultCount: number };

/** A market on the screen before its book is added. */
type ListedMarket = Omit<TradingMarket, 'cash' | 'playMoney'>;

function sportKeyOf(sportId: number): FeedSport {
  const key = SPORT_KEYS[sportId as keyof typeof SPORT_KEYS];
  // SPORT_KEYS has the family's lower-case 'horseracing'; our key is 'horseRacing'.
  const found = (Object.keys(SPORT_IDS) as SportKey[]).find((k) => k.toLowerCase() === key);
  if (!found || found === 'casino') throw new Error(`no sport with id ${sportId}`);
  return found;
}

function statusOfFeed(market: FeedMarket, fixture: FeedFixture | undefined): TradingMarketStatus {
  if (market.status === 'CLOSED' || fixture?.status === 'CLOSED') return 'closed';
  return market.status === 'SUSPENDED' ? 'suspended' : 'open';
}

const decidedStatus = (result: MarketResult): TradingMarketStatus =>
  result.kind === 'void' ? 'voided' : 'settled';

/**
 * A user's settlement exactly as `SettlementService.settleUser` works it out: the same functions of
 * @backlay/exchange on the same bets (by bet id), the same result mapping and commission.
 */
export function settleBets(
  type: MarketType,
  runnerIds: readonly number[],
  result: SettleResult,
  placed: readonly { betId: string; userId: string; stored: StoredBet }[],
  commissionBps: number,
): MarketSettlement {
  const options = { commissionBps };
  if (isFancyType(type)) {
    const bets = placed.map((p) => ({ betId: p.betId, userId: p.userId, bet: toFancyBet(p.stored) }));
    return settleFancyMarket(result.kind === 'winner' ? { kind: 'void' } : result, bets, options);
  }
  const bets = placed.map((p) => ({ betId: p.betId, userId: p.userId, bet: toOddsBet(p.stored) }));
  return settleOddsMarket(runnerIds, result.kind === 'runs' ? { kind: 'void' } : result, bets, options);
}

/**
 * What the house pays at worst on these open matched bets: the largest total the players win over
 * every outcome (P_i of each runner, or each bucket of the fancy book), before commission; never
 * negative.
 */
export function houseLiability(
  type: MarketType,
  runnerIds: readonly number[],
  bets: readonly StoredBet[],
): Paise {
  if (bets.length === 0) return ZERO_PAISE;
  if (isFancyType(type)) {
    const book = fancyBook(bets.map(toFancyBet));
    return book.reduce((worst, b) => maxPaise(worst, b.pnl), ZERO_PAISE);
  }
  const odds = bets.map(toOddsBet);
  // Every runner a bet names counts, stored or not: one that is not listed can still win.
  const ids = [...new Set([...runnerIds, ...odds.map((b) => Number(b.runnerId))])];
  return runnerPnl(ids, odds).reduce((worst, r) => maxPaise(worst, r.pnl), ZERO_PAISE);
}

export class AdminMarketsService {
  constructor(
    private readonly db: Db,
    private readonly feed: MarketFeed | null,
  ) {}

  /**
   * Markets still on (the feed's, and stored ones without a result) by start time, then decided
   * ones, latest closed first; of a sport and a status when given; each with this site's book.
   */
  async list(
    domainId: number,
    query: {
      sport?: FeedSport | undefined;
      status?: TradingMarketStatus | undefined;
      search?: string | undefined;
    } & Paging,
  ): Promise<{ totalCount: number; items: TradingMarket[] }> {
    const sportId = query.sport === undefined ? undefined : SPORT_IDS[query.sport];
    const wantsLive = query.status === undefined || ['open', 'suspended', 'closed'].includes(query.status);
    const words = query.search?.toLowerCase();
    const found = (m: { marketId: string; eventName: string; marketName: string }) =>
      words === undefined ||
      m.marketId === query.search ||
      `${m.eventName} ${m.marketName}`.toLowerCase().includes(words);
    const live = wantsLive
      ? (await this.liveMarkets(sportId)).filter(
          (m) => (!query.status || m.status === query.status) && found(m),
        )
      : [];
    let page = live.slice(query.SkipCount, query.SkipCount + query.MaxResultCount);
    let totalCount = live.length;
    if (query.status === undefined || query.status === 'settled' || query.status === 'voided') {
      const offset = Math.max(0, query.SkipCount - live.length);
      const decided = await repo.decidedMarkets(
        this.db,
        { sportId, decided: query.status ?? 'any', search: query.search },
        { offset, limit: query.MaxResultCount - page.length },
      );
      totalCount += decided.total;
      const runners = await repo.runnersOf(
        this.db,
        decided.items.map((m) => m.marketId),
      );
      page = [...page, ...decided.items.map((m) => this.fromStored(m, runners.get(m.marketId) ?? []))];
    }
    return { totalCount, items: await this.withBooks(domainId, page) };
  }

  /** The site's bets on a market, newest first (404 for a market neither stored nor in the feed). */
  async bets(
    domainId: number,
    marketId: string,
    page: Paging,
  ): Promise<{ totalCount: number; items: TradingBet[] }> {
    const stored = await repo.storedMarket(this.db, marketId);
    const marketName = stored?.name ?? this.feed?.market(marketId)?.name;
    if (marketName === undefined) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    const { total, items } = await repo.marketBets(this.db, domainId, marketId, {
      offset: page.SkipCount,
      limit: page.MaxResultCount,
    });
    return {
      totalCount: total,
      items: items.map((b) => ({
        betId: b.betId,
        orderId: b.orderId,
        userId: b.userId,
        userName: b.userName,
        isDemo: b.isDemo,
        side: b.stored.side,
        runnerId: b.stored.runnerId,
        runnerName: b.runnerName ?? (b.stored.line !== null ? `${marketName} ${b.stored.line}` : marketName),
        odds:
          b.stored.priceHundredths !== null
            ? priceToDecimal(b.stored.priceHundredths as Hundredths)
            : (b.stored.rate ?? 0),
        line: b.stored.line,
        stake: b.stored.stakePaise,
        liability: b.liability,
        status: b.status,
        matched: b.status === 'MATCHED' || b.status === 'SETTLED' || b.status === 'VOID',
        isCashOut: b.isCashOut,
        placedAt: b.placedAt,
        settledAt: b.settledAt,
        result: b.result,
      })),
    };
  }

  /**
   * What POST /admin/markets/settle with `result` would move for this site's players now, worked out
   * per player with the settlement's own arithmetic (`settleBets`); reads only. Refused as the settle
   * call refuses: an unknown market 404, a result that does not fit it 400, a market already closed
   * with another result 409 DUPLICATE_REQUEST; and a market already settled 409 DUPLICATE_REQUEST
   * (settling it again would move nothing).
   */
  async preview(
    domainId: number,
    marketId: string,
    given:
      | { kind: 'winner'; runnerId: number }
      | { kind: 'runs'; runs: number }
      | { kind: 'void'; reason: string },
  ): Promise<SettlePreview> {
    const market = await this.marketToSettle(marketId);
    if (market.result) {
      if (!sameResult(market.result, given)) {
        throw new AppError(
          'DUPLICATE_REQUEST',
          `Market ${marketId} was already closed with another result (${describeResult(market.result)}).`,
        );
      }
      if (market.settled) {
        throw new AppError(
          'DUPLICATE_REQUEST',
          `Market ${marketId} was already settled (${describeResult(market.result)}): settling it again moves nothing.`,
        );
      }
    }
    const settleAs = checkResult(given, market);
    const players = await repo.settlingPlayers(this.db, domainId, marketId);
    const rows = players.map((p) => {
      const settlement = settleBets(
        market.type,
        market.runnerIds,
        settleAs,
        p.bets.map((b) => ({ betId: String(b.betId), userId: String(p.userId), stored: b.stored })),
        p.commissionBps,
      );
      const mine = settlement.users[0];
      return {
        userId: p.userId,
        userName: p.userName,
        isDemo: p.isDemo,
        bets: settlement.bets.length,
        matchedStake: paise(p.bets.reduce((sum, b) => sum + b.stored.stakePaise, 0)),
        gross: mine?.gross ?? ZERO_PAISE,
        commission: mine?.commission ?? ZERO_PAISE,
        net: mine?.net ?? ZERO_PAISE,
        exposureReleased: p.exposure,
      };
    });
    rows.sort(
      (a, b) =>
        Math.abs(b.net) - Math.abs(a.net) || b.exposureReleased - a.exposureReleased || a.userId - b.userId,
    );
    const resting = await repo.restingOnMarket(this.db, domainId, marketId);
    const restingOnly = await repo.restingOnlyExposure(this.db, domainId, marketId);
    const isVoid = settleAs.kind === 'void';
    const totals = (demo: boolean) => {
      const mine = rows.filter((r) => r.isDemo === demo);
      const sum = (pick: (r: (typeof rows)[number]) => Paise) =>
        mine.reduce((total, r) => addPaise(total, pick(r)), ZERO_PAISE);
      const paid = sum((r) => maxPaise(r.net, ZERO_PAISE));
      const taken = sum((r) => maxPaise(negPaise(r.net), ZERO_PAISE));
      const released = addPaise(
        sum((r) => r.exposureReleased),
        repo.sumExposure(restingOnly.filter((r) => r.isDemo === demo)),
      );
      const lapsing = resting.find((r) => r.isDemo === demo);
      return {
        players: mine.length,
        bets: mine.reduce((n, r) => n + r.bets, 0),
        matchedStake: sum((r) => r.matchedStake),
        paidToPlayers: paid,
        takenFromPlayers: taken,
        commission: sum((r) => r.commission),
        houseNet: subPaise(taken, paid),
        exposureReleased: released,
        refunds: isVoid ? released : ZERO_PAISE,
        lapsedOrders: lapsing?.orders ?? 0,
        lapsedStake: lapsing?.stake ?? ZERO_PAISE,
      };
    };
    return {
      marketId,
      marketName: market.name,
      marketType: market.type,
      eventName: market.eventName,
      result: given,
      void: isVoid,
      players: rows,
      cash: totals(false),
      playMoney: totals(true),
    };
  }

  /** The market as the settlement reads it: its stored row, or the feed's market nobody has bet on. */
  private async marketToSettle(marketId: string): Promise<MarketToSettle> {
    const row = await settlementMarket(this.db, marketId);
    if (row) {
      return {
        type: row.type,
        name: row.name,
        eventName: row.eventTitle,
        result: row.result,
        settled: row.settled,
        runnerIds: row.runnerIds,
      };
    }
    const known = this.feed?.market(marketId);
    if (!known) throw new AppError('NOT_FOUND', `Market ${marketId} does not exist.`);
    return {
      type: known.type,
      name: known.name,
      eventName: this.feed?.fixture(known.eventId)?.title ?? '',
      result: null,
      settled: false,
      runnerIds: known.type === 'FANCY' ? [] : known.runners.map((r) => r.id),
    };
  }

  /** The feed's markets and the stored ones without a result, in start order; decided ones left out. */
  private async liveMarkets(sportId: number | undefined): Promise<ListedMarket[]> {
    const fromFeed: { market: FeedMarket; fixture: FeedFixture }[] = [];
    for (const fixture of this.feed?.fixtures() ?? []) {
      if (sportId !== undefined && SPORT_IDS[fixture.sport] !== sportId) continue;
      for (const market of this.feed?.odds(fixture.eventId)?.markets ?? [])
        fromFeed.push({ market, fixture });
    }
    // A result recorded here (settled or voided by hand) counts over what the feed still quotes.
    const decided = await repo.decidedMarketIdsOfEvents(this.db, [
      ...new Set(fromFeed.map((f) => f.fixture.eventId)),
    ]);
    const listed = new Map<string, ListedMarket>();
    for (const { market, fixture } of fromFeed) {
      if (decided.has(market.id)) continue;
      listed.set(market.id, {
        marketId: market.id,
        marketName: market.name,
        marketType: market.type,
        eventId: fixture.eventId,
        eventName: fixture.title,
        competition: fixture.competition,
        sport: fixture.sport,
        startTime: new Date(fixture.startTime).toISOString(),
        inPlay: market.inPlay,
        status: statusOfFeed(market, fixture),
        feedStatus: market.status,
        result: market.result ?? null,
        closedAt: null,
        settledAt: null,
        runners: market.type === 'FANCY' ? [] : market.runners.map((r) => ({ id: r.id, name: r.name })),
      });
    }
    const stored = (await repo.undecidedMarkets(this.db, sportId)).filter((m) => !listed.has(m.marketId));
    const runners = await repo.runnersOf(
      this.db,
      stored.map((m) => m.marketId),
    );
    for (const m of stored) listed.set(m.marketId, this.fromStored(m, runners.get(m.marketId) ?? []));
    return [...listed.values()].sort(
      (a, b) =>
        a.startTime.localeCompare(b.startTime) ||
        a.eventId - b.eventId ||
        a.marketId.localeCompare(b.marketId),
    );
  }

  /** A stored market: decided by its result; else as the feed has it, or closed when the feed has it no more. */
  private fromStored(m: repo.StoredMarket, runners: { id: number; name: string }[]): ListedMarket {
    const known = m.result ? undefined : this.feed?.market(m.marketId);
    const fixture = known ? this.feed?.fixture(known.eventId) : undefined;
    return {
      marketId: m.marketId,
      marketName: m.name,
      marketType: m.type,
      eventId: m.eventId,
      eventName: m.eventName,
      competition: m.competition,
      sport: sportKeyOf(m.sportId),
      startTime: m.startTime,
      inPlay: known?.inPlay ?? m.eventStatus === 'IN_PLAY',
      status: m.result ? decidedStatus(m.result) : known ? statusOfFeed(known, fixture) : 'closed',
      feedStatus: known?.status ?? this.feed?.market(m.marketId)?.status ?? null,
      result: m.result,
      closedAt: m.closedAt,
      settledAt: m.settledAt,
      runners,
    };
  }

  /** Adds this site's book (counts, stakes, the house's worst case) to each market of a page. */
  private async withBooks(domainId: number, page: ListedMarket[]): Promise<TradingMarket[]> {
    const ids = page.map((m) => m.marketId);
    const counts = await repo.bookCounts(this.db, domainId, ids);
    const open = await repo.openMatchedBets(this.db, domainId, ids);
    const storedRunners = await repo.runnersOf(this.db, ids);
    return page.map((m) => {
      const runnerIds = [
        ...new Set([...(storedRunners.get(m.marketId) ?? []), ...m.runners].map((r) => r.id)),
      ];
      const book = (demo: boolean): TradingBook => {
        const c = counts.get(m.marketId)?.[demo ? 'playMoney' : 'cash'] ?? repo.NO_BOOK;
        const bets = open.filter((b) => b.marketId === m.marketId && b.isDemo === demo).map((b) => b.stored);
        return { ...c, liability: houseLiability(m.marketType, runnerIds, bets) };
      };
      return { ...m, cash: book(false), playMoney: book(true) };
    });
  }
}

interface MarketToSettle {
  type: MarketType;
  name: string;
  eventName: string;
  result: MarketResult | null;
  settled: boolean;
  runnerIds: number[];
}

/** The settle call's checks of a result against the market (`SettlementService.checkResult`), same refusals. */
function checkResult(result: SettleResult | MarketResult, market: MarketToSettle): SettleResult {
  if (result.kind === 'void') return { kind: 'void' };
  if (isFancyType(market.type)) {
    if (result.kind !== 'runs') throw new AppError('BAD_REQUEST', 'A fancy market settles on a runs total.');
    return result;
  }
  if (result.kind !== 'winner') throw new AppError('BAD_REQUEST', 'This market settles on a winning runner.');
  if (!market.runnerIds.includes(result.runnerId)) {
    throw new AppError('BAD_REQUEST', `Runner ${result.runnerId} is not in market ${market.name}.`);
  }
  return result;
}
