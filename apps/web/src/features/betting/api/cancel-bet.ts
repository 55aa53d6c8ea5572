import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelBetResult, RouteBody } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';

/** Bet/CancelBet: all of an order's unmatched stake, or `stake` (paise, whole rupees) of it. */
export async function cancelBet(body: RouteBody<'cancelBet'>): Promise<CancelBetResult> {
  return call('cancelBet', { body });
}

/** Cancels; the header takes the answer's balance and exposure, positions are read again. */
export function useCancelBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBet,
    onSuccess: (result) => {
      useSessionStore.getState().setBalance(result.balance, result.exposure);
      void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
    },
  });
}
