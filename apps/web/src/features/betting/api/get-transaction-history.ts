import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteQuery, RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type StatementQuery = RouteQuery<'transactionHistory'>;
export type Statement = RouteResult<'transactionHistory'>;
export type StatementLine = Statement['items'][number];

export async function getTransactionHistory(query: StatementQuery): Promise<Statement> {
  return call('transactionHistory', { query });
}

export function useTransactionHistory(query: StatementQuery) {
  return useQuery({
    queryKey: ['statement', query],
    queryFn: () => getTransactionHistory(query),
    placeholderData: keepPreviousData,
  });
}
