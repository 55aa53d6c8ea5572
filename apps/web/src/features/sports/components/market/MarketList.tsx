import type { ReactNode } from 'react';
import { useMarketSlots } from '@/shared/market/market-slots-context';
import { useMarketIds } from '../../lib/use-odds';
import { ExchangeMarketCard, FancySection } from './MarketCard';

/**
 * The markets of the event in the book: match odds (and over/under, race win), bookmaker, toss,
 * then the fancy sessions. It renders again only when markets open or close.
 */
export function MarketList({
  eventId,
  eventTitle,
  empty,
}: {
  eventId: number;
  eventTitle: string;
  empty?: ReactNode;
}) {
  const ids = useMarketIds();
  const { EventSidebar } = useMarketSlots();
  const exchange = [...ids.matchOdds, ...ids.bookmaker, ...ids.toss];
  const none = exchange.length === 0 && ids.fancy.length === 0;
  return (
    <div className={`markets ${EventSidebar ? 'markets--with-sidebar' : ''}`}>
      <div className="markets__list">
        {none && empty}
        {exchange.map((id) => (
          <ExchangeMarketCard key={id} eventId={eventId} eventTitle={eventTitle} marketId={id} />
        ))}
        <FancySection eventId={eventId} eventTitle={eventTitle} ids={ids.fancy} />
      </div>
      {EventSidebar && (
        <aside className="markets__sidebar">
          <EventSidebar eventId={eventId} />
        </aside>
      )}
    </div>
  );
}
