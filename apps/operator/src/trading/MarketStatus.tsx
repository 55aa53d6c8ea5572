import type { TradingMarketStatus } from '@backlay/contract';
import { STATUS_LABELS } from './market-text';

/** A market's status as a coloured tag; one awaiting a result stands out. */
export function MarketStatus({ status }: { status: TradingMarketStatus }) {
  return <span className={`market-status market-status--${status}`}>{STATUS_LABELS[status]}</span>;
}
