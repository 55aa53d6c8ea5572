import type { OddsMarket, OddsV2 } from '@backlay/contract';
import { call } from '@/shared/http/api';
import type { PriceSelection } from '@/shared/market/selection';
import { getRealtimeConnection } from '@/shared/realtime/registry';

/** The price a selection would take now: odds or a rate, and the fancy line it goes with. */
export interface LiveQuote {
  rate: number;
  fancyValue: number | null;
}

/** The best price on the selection's side of a market as the page shows it; null when none. */
export function quoteFor(market: OddsMarket | undefined, sel: PriceSelection): LiveQuote | null {
  if (!market || market.status !== 'OPEN') return null;
  if (market.type === 'FANCY') {
    if (sel.side === 'yes') return { rate: market.yesRate, fancyValue: market.yesLine };
    if (sel.side === 'no') return { rate: market.noRate, fancyValue: market.noLine };
    return null;
  }
  if (sel.side !== 'back' && sel.side !== 'lay') return null;
  const runner = market.runners.find((r) => r.id === sel.runnerId);
  const best = runner?.[sel.side][0];
  if (!best) return null;
  return { rate: 'price' in best ? best.price : best.rate, fancyValue: null };
}

function marketIn(odds: Pick<OddsV2, 'matchOdds' | 'bookmaker' | 'fancy' | 'toss'>, id: string) {
  return [...odds.matchOdds, ...odds.bookmaker, ...odds.fancy, ...odds.toss].find((m) => m.id === id);
}

/**
 * Follows one market through the hub's odds pushes that the market page receives anyway (each
 * snapshot and change carries whole markets), so the slip knows the live price without a call.
 * `onMarket` hears each push that carries the market.
 */
export function watchMarket(eventId: number, marketId: string, onMarket?: (market: OddsMarket) => void) {
  let latest: OddsMarket | undefined;
  const stop =
    getRealtimeConnection()?.onMessage((message) => {
      let pushed: OddsMarket | undefined;
      if (message.Code === 'OddsSnapshot' && message.Data.odds.eventId === eventId) {
        pushed = marketIn(message.Data.odds, marketId);
      } else if (message.Code === 'OddsChange' && message.Data.eventId === eventId) {
        pushed = marketIn(message.Data, marketId);
      }
      if (!pushed) return;
      latest = pushed;
      onMarket?.(pushed);
    }) ?? (() => undefined);
  return {
    /** The market as last pushed; asked of the server when nothing was pushed since the tap. */
    async current(): Promise<OddsMarket | undefined> {
      if (latest) return latest;
      const odds = await call('userOddsV2', { query: { eventId } });
      return marketIn(odds, marketId);
    },
    stop,
  };
}
