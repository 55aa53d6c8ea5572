import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { getAccessToken, storage } from '@/shared/storage/storage';

export type ExpectedProfitLoss = RouteResult<'userExpectedProfitLoss'>;

/** Expected profit/loss per open market, kept under 'ProfitLoss'. */
export async function getUserExpectedProfitLoss(): Promise<ExpectedProfitLoss> {
  const result = await call('userExpectedProfitLoss', { query: {} });
  if (getAccessToken() != null) storage.setJson(STORAGE_KEYS.profitLoss, result);
  return result;
}

export function expectedProfitLossQueryOptions() {
  return queryOptions({
    queryKey: ['expected-profit-loss'],
    queryFn: getUserExpectedProfitLoss,
    initialData: () => storage.getJson<ExpectedProfitLoss>(STORAGE_KEYS.profitLoss) ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useUserExpectedProfitLoss(enabled: boolean) {
  return useQuery({ ...expectedProfitLossQueryOptions(), enabled });
}
