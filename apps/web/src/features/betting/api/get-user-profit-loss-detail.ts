import { useQuery } from '@tanstack/react-query';
import type { RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type ProfitLossDetail = RouteResult<'userProfitLossDetail'>;

export async function getUserProfitLossDetail(eventId: number): Promise<ProfitLossDetail> {
  return call('userProfitLossDetail', { query: { eventId } });
}

export function useUserProfitLossDetail(eventId: number) {
  return useQuery({
    queryKey: ['profit-loss-detail', eventId],
    queryFn: () => getUserProfitLossDetail(eventId),
    enabled: Number.isSafeInteger(eventId) && eventId > 0,
  });
}
