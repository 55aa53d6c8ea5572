import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

export const REFERRER_CODE = ['referrer-code'] as const;

/** This player's referral code and the sign-up link that carries it. */
export function getReferrerCode() {
  return call('getReferrerCode');
}

export function referrerCodeQueryOptions() {
  // A player's code never changes: read once per visit.
  return queryOptions({ queryKey: REFERRER_CODE, queryFn: getReferrerCode, staleTime: Infinity });
}

/** `enabled` is false for a demo account: the server refuses it a code. */
export function useReferrerCode(enabled = true) {
  return useQuery({ ...referrerCodeQueryOptions(), enabled });
}
