/** Every players list read (any search, any page): a lock refreshes them all. */
export const PLAYERS_KEY = 'admin-players';

/** One player's detail read, `[PLAYER_DETAIL_KEY, userId]`: a lock refreshes it. */
export const PLAYER_DETAIL_KEY = 'admin-player';
