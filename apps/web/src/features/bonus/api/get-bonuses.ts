import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

export const BONUSES = ['bonuses'] as const;

/** The domain's bonuses as this player sees them (offers and the player's own claims). */
export function getBonuses() {
  return call('getBonuses');
}

export function bonusesQueryOptions() {
  return queryOptions({ queryKey: BONUSES, queryFn: getBonuses });
}

export function useBonuses() {
  return useQuery(bonusesQueryOptions());
}
