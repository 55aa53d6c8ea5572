import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceBetResult, RouteBody } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';

/** The stake is paise: the HTTP client encodes the body, so the wire gets whole rupees. */
export async function placeBet(body: RouteBody<'placeBetV2'>): Promise<PlaceBetResult> {
  return call('placeBetV2', { body });
}

/**
 * Places a bet; on success the header takes the answer's balance and exposure at once (the hub
 * brings the same), and open bets and expected profit/loss are fetched again.
 */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: (result) => {
      useSessionStore.getState().setBalance(result.balance, result.exposure);
      void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
      void queryClient.invalidateQueries({ queryKey: ['cash-out'] });
    },
  });
}
