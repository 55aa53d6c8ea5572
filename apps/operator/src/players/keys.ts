import type { QueryClient } from '@tanstack/react-query';

/** Every players list read (any search, any page): a lock refreshes them all. */
export const PLAYERS_KEY = 'admin-players';

/** One player's detail read, `[PLAYER_DETAIL_KEY, userId]`: a lock refreshes it. */
export const PLAYER_DETAIL_KEY = 'admin-player';

/** After a change to a player (lock, adjustment): their detail and every list read again. */
export function refreshPlayer(queryClient: QueryClient, userId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [PLAYER_DETAIL_KEY, userId] }),
    queryClient.invalidateQueries({ queryKey: [PLAYERS_KEY] }),
  ]);
}
