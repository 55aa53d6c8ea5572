import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/storage/storage';
import { REFERRALS } from './get-referral-details';

/** Claims a claimable referral reward: it is paid to cash once, within the month's cap. */
export function claimReferral(userReferDetailId: number) {
  return call('claimReferral', { query: { userReferDetailId } });
}

export function useClaimReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimReferral,
    onSuccess: async (paid) => {
      // The answer carries the cash balance after the reward; the exposure is untouched by it.
      // A player who signed out meanwhile keeps no balance in the header.
      if (getAccessToken() != null) {
        const session = useSessionStore.getState();
        session.setBalance(paid.balance, session.exposure);
      }
      // The row is Claimed now and the month's count went up: read the list (every page) again.
      await client.invalidateQueries({ queryKey: REFERRALS });
    },
    // A refusal may come from a change the page has not seen (claimed in another tab, the month's
    // cap reached on another device): read the list again so it shows the truth.
    onError: () => client.invalidateQueries({ queryKey: REFERRALS }),
  });
}
