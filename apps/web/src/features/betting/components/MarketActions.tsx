import type { MarketSlotProps } from '@/shared/market/market-slots-context';
import { useMarketPosition } from '../lib/use-market-position';
import { CashOut } from './CashOut';
import { FancyBook } from './FancyBook';

/** Under a market: cash out for match odds, the book for fancy; only where the player has a position. */
export function MarketActions({ eventId, market }: MarketSlotProps) {
  const position = useMarketPosition(market.id);
  if (!position) return null;
  if (market.type === 'FANCY') {
    return (
      <div className="market-actions">
        <FancyBook market={market} position={position} />
      </div>
    );
  }
  if (market.type === 'MATCH_ODDS') {
    return (
      <div className="market-actions">
        <CashOut eventId={eventId} marketId={market.id} minStake={market.minStake} />
      </div>
    );
  }
  return null;
}
