import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { OddsMarket } from '@backlay/contract';
import { oddsBook, type EventLive, type MarketIds, type OddsBook } from './odds-book';

/** The book the market components read; the page uses the shared one, a bench may give its own. */
export const OddsBookContext = createContext<OddsBook>(oddsBook);
export const useOddsBook = (): OddsBook => useContext(OddsBookContext);

/**
 * One slice of one market. `select` must return a primitive (or a value that stays the same
 * object while unchanged), so a component renders again only when its own slice changed.
 */
export function useMarketSlice<T>(marketId: string, select: (market: OddsMarket | undefined) => T): T {
  const book = useOddsBook();
  const subscribe = useCallback((fn: () => void) => book.subscribeMarket(marketId, fn), [book, marketId]);
  return useSyncExternalStore(subscribe, () => select(book.getMarket(marketId)));
}

export function useMarketIds(): MarketIds {
  const book = useOddsBook();
  return useSyncExternalStore(book.subscribeIds, book.getIds);
}

export function useEventLive(): EventLive {
  const book = useOddsBook();
  return useSyncExternalStore(book.subscribeLive, book.getLive);
}
