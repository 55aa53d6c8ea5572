import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type OpenBetsResult } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { getAccessToken, storage } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/session/session-store';

/**
 * Open bets with the balance and exposure they come with: kept under 'OpenBets', and the
 * header's balance and exposure follow them.
 */
export async function getUserOpenBets(): Promise<OpenBetsResult> {
  const result = await call('userOpenBets', { query: {} });
  // A logout while this was in flight leaves nothing to store into.
  if (getAccessToken() == null) return result;
  storage.setJson(STORAGE_KEYS.openBets, result);
  useSessionStore.getState().setBalance(result.balance, result.exposure);
  return result;
}

export function openBetsQueryOptions() {
  return queryOptions({
    queryKey: ['open-bets'],
    queryFn: getUserOpenBets,
    // Section 4: loaded from storage at reload, then refreshed.
    initialData: () => storage.getJson<OpenBetsResult>(STORAGE_KEYS.openBets) ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useUserOpenBets(enabled: boolean) {
  return useQuery({ ...openBetsQueryOptions(), enabled });
}
