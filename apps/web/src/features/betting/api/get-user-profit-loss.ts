import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteBody, RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type ProfitLossInput = RouteBody<'userProfitLoss'>;
export type ProfitLoss = RouteResult<'userProfitLoss'>;

export async function getUserProfitLoss(body: ProfitLossInput): Promise<ProfitLoss> {
  return call('userProfitLoss', { body });
}

export function useUserProfitLoss(body: ProfitLossInput) {
  return useQuery({
    queryKey: ['profit-loss', body],
    queryFn: () => getUserProfitLoss(body),
    placeholderData: keepPreviousData,
  });
}
