import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type OpenBetsResult } from '@backlay/contract';
import { call, storeAnswer } from '@/shared/http/api';
import { useStoredAnswer } from '@/shared/http/stored-answer';
import { getAccessToken } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/session/session-store';

const OPEN_BETS = ['open-bets'] as const;

/**
 * Open bets with the balance and exposure they come with: kept under 'OpenBets' (as the server
 * sent them), and the header's balance and exposure follow them.
 */
export async function getUserOpenBets(): Promise<OpenBetsResult> {
  const result = await call('userOpenBets', { query: {} });
  // A logout while this was in flight leaves nothing to store into.
  if (getAccessToken() == null) return result;
  await storeAnswer(STORAGE_KEYS.openBets, 'userOpenBets', result);
  useSessionStore.getState().setBalance(result.balance, result.exposure);
  return result;
}

export function openBetsQueryOptions() {
  return queryOptions({ queryKey: OPEN_BETS, queryFn: getUserOpenBets });
}

export function useUserOpenBets(enabled: boolean) {
  // Section 4: loaded from storage at reload, then refreshed.
  useStoredAnswer(OPEN_BETS, STORAGE_KEYS.openBets, 'userOpenBets', enabled);
  return useQuery({ ...openBetsQueryOptions(), enabled });
}
