/*
 * What a page sends as the heartbeat's GroupBy: an event page its event id (its odds' group), a list
 * of events its list's prices (`prices:{list}`, the contract's priceListGroupBy), any other page
 * nothing. No imports: app/realtime-setup.ts reads it, and the contract's schemas would come with one.
 */

/** The prices list a list page shows: In-Play's live events, one sport's, or every event. */
export function priceListOfPath(pathname: string): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/inplay') return 'inplay';
  if (path === '/index' || path === '/favorites') return 'all';
  const sport = /^\/matchlist\/(\d{1,4})$/.exec(path);
  return sport ? `sport-${sport[1]}` : null;
}

export function hubGroupByOfPath(pathname: string): string {
  const event = /^\/markets\/(\d+)/i.exec(pathname)?.[1];
  if (event) return event;
  const list = priceListOfPath(pathname);
  return list ? `prices:${list}` : '';
}
