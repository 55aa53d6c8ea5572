/** Every markets list read (any sport, status, page): a settlement refreshes them all. */
export const MARKETS_KEY = 'admin-markets';

/** A market's bets, `[MARKET_BETS_KEY, marketId, page]`: a settlement refreshes that market's. */
export const MARKET_BETS_KEY = 'admin-market-bets';

/** What a result would move, `[SETTLE_PREVIEW_KEY, marketId, resultJson]`: read afresh each time. */
export const SETTLE_PREVIEW_KEY = 'admin-settle-preview';
