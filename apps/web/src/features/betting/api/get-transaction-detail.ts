import { useQuery } from '@tanstack/react-query';
import type { RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type StatementDetail = RouteResult<'transactionDetail'>;

export async function getTransactionDetail(id: number): Promise<StatementDetail> {
  return call('transactionDetail', { query: { id } });
}

export function useTransactionDetail(id: number) {
  return useQuery({
    queryKey: ['statement-detail', id],
    queryFn: () => getTransactionDetail(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
