import { createContext, useContext, type ComponentType } from 'react';
import type { OddsMarket } from '@backlay/contract';

/**
 * Places on the market page that other features fill, so features never import each other: the
 * sports feature renders these slots; app/ provides the betting feature's components for them.
 */
export interface RunnerSlotProps {
  eventId: number;
  marketId: string;
  runnerId: number;
}
export interface MarketSlotProps {
  eventId: number;
  market: OddsMarket;
}
export interface MarketSlots {
  /** The player's profit or loss if this runner wins (beside each runner). */
  RunnerPnl?: ComponentType<RunnerSlotProps>;
  /** Under a market: cash out for match odds, the book (run ladder) for fancy. */
  MarketActions?: ComponentType<MarketSlotProps>;
  /** Beside the market list: the betslip and open bets of this event (desktop column, mobile sheet). */
  EventSidebar?: ComponentType<{ eventId: number }>;
}

export const MarketSlotsContext = createContext<MarketSlots>({});
export const useMarketSlots = (): MarketSlots => useContext(MarketSlotsContext);
