import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type RouteResult } from '@backlay/contract';
import { call, storeAnswer } from '@/shared/http/api';
import { useStoredAnswer } from '@/shared/http/stored-answer';
import { getAccessToken } from '@/shared/storage/storage';

export type ExpectedProfitLoss = RouteResult<'userExpectedProfitLoss'>;

const EXPECTED_PROFIT_LOSS = ['expected-profit-loss'] as const;

/** Expected profit/loss per open market, kept under 'ProfitLoss' (as the server sent it). */
export async function getUserExpectedProfitLoss(): Promise<ExpectedProfitLoss> {
  const result = await call('userExpectedProfitLoss', { query: {} });
  if (getAccessToken() != null) await storeAnswer(STORAGE_KEYS.profitLoss, 'userExpectedProfitLoss', result);
  return result;
}

export function expectedProfitLossQueryOptions() {
  return queryOptions({ queryKey: EXPECTED_PROFIT_LOSS, queryFn: getUserExpectedProfitLoss });
}

export function useUserExpectedProfitLoss(enabled: boolean) {
  // Section 4: loaded from storage at reload, then refreshed.
  useStoredAnswer(EXPECTED_PROFIT_LOSS, STORAGE_KEYS.profitLoss, 'userExpectedProfitLoss', enabled);
  return useQuery({ ...expectedProfitLossQueryOptions(), enabled });
}
