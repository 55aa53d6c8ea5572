import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';

/** Every player's answer sits under this prefix; the player's name follows it. */
export const RESPONSIBLE_GAMING = ['responsible-gaming'] as const;

/*
 * Keyed by the player: the reality check and the banner are mounted app-wide and outlive a
 * sign-in, so another player signing in on this tab must never see the last one's limits.
 */
export const responsibleGamingKey = (userName: string) => [...RESPONSIBLE_GAMING, userName] as const;

/** The player's limits with what was used, the reality check, time-out, self-exclusion and history. */
export function getResponsibleGaming() {
  return call('getResponsibleGaming');
}

export function responsibleGamingQueryOptions(userName: string) {
  return queryOptions({ queryKey: responsibleGamingKey(userName), queryFn: getResponsibleGaming });
}

/** The signed-in player's settings; idle while nobody is signed in. */
export function useResponsibleGaming() {
  const userName = useSessionStore((s) => s.user?.userName ?? null);
  return useQuery({
    ...responsibleGamingQueryOptions(userName ?? ''),
    enabled: userName != null,
  });
}
