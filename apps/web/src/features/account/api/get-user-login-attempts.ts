import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

export type AttemptFilter = 'All' | 'Success' | 'Failed';

export function getUserLoginAttempts(page: number, pageSize: number, result: AttemptFilter) {
  return call('getUserLoginAttempts', {
    query: { Result: result, MaxResultCount: pageSize, SkipCount: page * pageSize },
  });
}

export function loginAttemptsQueryOptions(page: number, pageSize: number, result: AttemptFilter) {
  return queryOptions({
    queryKey: ['login-attempts', { page, pageSize, result }],
    queryFn: () => getUserLoginAttempts(page, pageSize, result),
    placeholderData: keepPreviousData,
  });
}

export function useUserLoginAttempts(page: number, pageSize: number, result: AttemptFilter, enabled = true) {
  return useQuery({ ...loginAttemptsQueryOptions(page, pageSize, result), enabled });
}
