import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

export const REFERRALS = ['referrals'] as const;

export interface ReferralPage {
  page: number;
  pageSize: number;
}

/** A page of the players this player referred, with the programme (reward, rule, monthly cap). */
export function getReferralDetails({ page, pageSize }: ReferralPage) {
  return call('getReferralDetails', { body: { MaxResultCount: pageSize, SkipCount: page * pageSize } });
}

export function referralDetailsQueryOptions(params: ReferralPage) {
  return queryOptions({
    queryKey: [...REFERRALS, params],
    queryFn: () => getReferralDetails(params),
    // The page in view stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `enabled` is false for a demo account, which cannot refer. */
export function useReferralDetails(params: ReferralPage, enabled = true) {
  return useQuery({ ...referralDetailsQueryOptions(params), enabled });
}
