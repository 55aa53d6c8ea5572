import { lazy, Suspense } from 'react';
import { bus } from '@/shared/events/bus';
import { withCatalogs } from '@/shared/i18n';
import type { MarketSlotProps, MarketSlots, RunnerSlotProps } from '@/shared/market/market-slots-context';
// The slip's store listens from start-up, so the first tap is never lost.
import './stores/betslip';

/*
 * The betting feature's market-page slots for app/ to provide. What they draw (the exchange maths,
 * the slip, cash out, the book) is one lazy chunk, fetched on the market page or the first tap.
 */
const load = () => withCatalogs(import('./components/market-slot-components'));
bus.on('betslip:select', () => void load());

const LazyRunnerPnl = lazy(() => load().then((m) => ({ default: m.RunnerPnl })));
const LazyMarketActions = lazy(() => load().then((m) => ({ default: m.MarketActions })));
const LazyEventSidebar = lazy(() => load().then((m) => ({ default: m.EventSidebar })));

export const bettingMarketSlots: MarketSlots = {
  RunnerPnl: (props: RunnerSlotProps) => (
    <Suspense fallback={null}>
      <LazyRunnerPnl {...props} />
    </Suspense>
  ),
  MarketActions: (props: MarketSlotProps) => (
    <Suspense fallback={null}>
      <LazyMarketActions {...props} />
    </Suspense>
  ),
  EventSidebar: (props: { eventId: number }) => (
    <Suspense fallback={null}>
      <LazyEventSidebar {...props} />
    </Suspense>
  ),
};
