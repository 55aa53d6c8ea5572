import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteBody, RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type BetHistoryInput = RouteBody<'userBetHistory'>;
export type BetHistory = RouteResult<'userBetHistory'>;
export type BetHistoryItem = BetHistory['items'][number];

export async function getUserBetHistory(body: BetHistoryInput): Promise<BetHistory> {
  return call('userBetHistory', { body });
}

export function useUserBetHistory(body: BetHistoryInput) {
  return useQuery({
    queryKey: ['bet-history', body],
    queryFn: () => getUserBetHistory(body),
    placeholderData: keepPreviousData,
  });
}
