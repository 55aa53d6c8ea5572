import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRequestItem } from '@backlay/contract';
import { call } from '@/shared/http/api';

export const REQUESTS = ['payment-requests'] as const;

/** 0 all, 1 deposits, 2 withdrawals. */
export type RequestTypeFilter = 0 | 1 | 2;
/** 0 all, 1 Pending, 2 Approved, 3 Rejected, 4 Cancelled. */
export type RequestStatusFilter = 0 | 1 | 2 | 3 | 4;

export interface RequestListParams {
  page: number;
  pageSize: number;
  type: RequestTypeFilter;
  status: RequestStatusFilter;
}

/** How often a list that holds a pending request asks again, so a decision shows without a reload. */
export const PENDING_REFETCH_MS = 15_000;

export function getPlayerRequests({ page, pageSize, type, status }: RequestListParams) {
  return call('playerRequests', {
    body: { MaxResultCount: pageSize, SkipCount: page * pageSize, type, status },
  });
}

export function playerRequestsQueryOptions(params: RequestListParams) {
  return queryOptions({
    queryKey: [...REQUESTS, params],
    queryFn: () => getPlayerRequests(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((i) => i.statusName === 'Pending') ? PENDING_REFETCH_MS : false,
  });
}

export function usePlayerRequests(params: RequestListParams) {
  return useQuery(playerRequestsQueryOptions(params));
}

/**
 * One request followed from the moment it was made: its latest state from the newest requests of
 * its type, asked again while it is pending; until the list has it, the answer it was made with.
 */
export function useFollowRequest(made: PaymentRequestItem | null) {
  const type: RequestTypeFilter = made?.type === 'Withdrawal' ? 2 : 1;
  const read = useQuery({
    queryKey: [...REQUESTS, 'follow', made?.id],
    queryFn: () => getPlayerRequests({ page: 0, pageSize: 20, type, status: 0 }),
    enabled: made != null,
    refetchInterval: (query) => {
      const latest = query.state.data?.items.find((i) => i.id === made?.id);
      return (latest ?? made)?.statusName === 'Pending' ? PENDING_REFETCH_MS : false;
    },
  });
  if (made == null) return null;
  return read.data?.items.find((i) => i.id === made.id) ?? made;
}
