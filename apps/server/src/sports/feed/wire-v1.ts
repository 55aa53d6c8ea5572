import type { OddsV1, V1FancyRunner, V1Runner } from '@backlay/contract';
import { paise, priceToDecimal, type Paise } from '@backlay/exchange';
import type { EventOdds, ExchangeMarket, FeedMarket, RateMarket } from '@backlay/market-feed';

/*
 * Odds/GetUserOdds, the V1 shape of api-shapes.md part A, made from the same feed units as Odds V2
 * (wire.ts): one market a group, one price a side, runners named `runnername`, a lock status. Money
 * (sizes) stays in paise; the contract's codec sends rupees.
 */

type V1Status = V1Runner['status'];

/** The market's lock as V1 reads it; `stale`: the feed's prices are frozen (nothing can be taken). */
function marketStatus(market: FeedMarket, stale: boolean): V1Status {
  if (market.status === 'BALL_RUNNING') return 'BALLRUNNING';
  if (market.status !== 'OPEN' || stale) return 'SUSPENDED';
  return 'ACTIVE';
}

const NONE: { price: number; size: Paise } = { price: 0, size: paise(0) };

function exchangeRunners(market: ExchangeMarket, stale: boolean): V1Runner[] {
  const status = marketStatus(market, stale);
  return market.runners.map((r) => {
    const back = r.back[0];
    const lay = r.lay[0];
    const best = (level: typeof back) =>
      level ? { price: priceToDecimal(level.price), size: level.size } : NONE;
    return runner(r, status, market.id, best(back), best(lay));
  });
}

function rateRunners(market: RateMarket, stale: boolean): V1Runner[] {
  const status = marketStatus(market, stale);
  return market.runners.map((r) => {
    const best = (level: (typeof r.back)[number] | undefined) =>
      level ? { price: level.rate, size: level.size } : NONE;
    return runner(r, status, market.id, best(r.back[0]), best(r.lay[0]));
  });
}

function runner(
  r: { id: number; name: string; status: string },
  status: V1Status,
  marketId: string,
  back: { price: number; size: Paise },
  lay: { price: number; size: Paise },
): V1Runner {
  return {
    id: r.id,
    runnername: r.name,
    backPrice: back.price,
    backSize: back.size,
    layPrice: lay.price,
    laySize: lay.size,
    // A runner suspended, removed or decided cannot be backed or laid whatever the market says.
    status: status === 'ACTIVE' && r.status !== 'ACTIVE' ? 'SUSPENDED' : status,
    marketId,
  };
}

const bySort = <T extends { runners: { sortPriority: number }[] }>(m: T): T => ({
  ...m,
  runners: [...m.runners].sort((a, b) => a.sortPriority - b.sortPriority),
});

const EMPTY = { marketId: null, marketName: '', runners: [] };

/** Odds/GetUserOdds: the event's open markets in the V1 groups (see OddsV1Schema). */
export function toOddsV1(odds: EventOdds, stale = false): OddsV1 {
  const open = odds.markets.filter((m) => m.status !== 'CLOSED');
  const exchange = open.filter((m): m is ExchangeMarket => m.type === 'MATCH_ODDS' || m.type === 'WIN');
  const rate = (type: RateMarket['type']) => open.find((m): m is RateMarket => m.type === type);
  const matchOdds = exchange[0];
  const bookmaker = rate('BOOKMAKER');
  const toss = rate('TOSS');
  const fancy: V1FancyRunner[] = open.flatMap((m) =>
    m.type === 'FANCY'
      ? [
          {
            id: m.id,
            runnername: m.name,
            backPrice: m.yesLine,
            backSize: m.yesRate,
            layPrice: m.noLine,
            laySize: m.noRate,
            status: marketStatus(m, stale),
            marketId: m.id,
          },
        ]
      : [],
  );
  return {
    eventId: odds.eventId,
    matchOdds: matchOdds
      ? {
          marketId: matchOdds.id,
          marketName: matchOdds.name,
          runners: exchangeRunners(bySort(matchOdds), stale),
        }
      : EMPTY,
    bookmaker: bookmaker
      ? { marketId: bookmaker.id, marketName: bookmaker.name, runners: rateRunners(bySort(bookmaker), stale) }
      : EMPTY,
    fancy: { marketId: null, marketName: 'Fancy', runners: fancy },
    toss: toss
      ? { marketId: toss.id, marketName: toss.name, runners: rateRunners(bySort(toss), stale) }
      : EMPTY,
  };
}
