// The betting parts of the market page, as the one lazy chunk lazy-market-slots.tsx loads on the
// market page or the first tap: the exchange maths, the slip, runner P&L, cash out and the book.
import '../betting.css';

export { EventSidebar } from './EventSidebar';
export { MarketActions } from './MarketActions';
export { RunnerPnl } from './RunnerPnl';
