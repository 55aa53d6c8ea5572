import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody, RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';

export type UpdateBetResult = RouteResult<'updateBet'>;

/** Bet/UpdateBet: the order's unmatched stake moves to a new ladder price; what matches now matches. */
export async function updateBet(body: RouteBody<'updateBet'>): Promise<UpdateBetResult> {
  return call('updateBet', { body });
}

/** Edits the price; the header takes the answer's balance and exposure, positions are read again. */
export function useUpdateBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBet,
    onSuccess: (result) => {
      useSessionStore.getState().setBalance(result.balance, result.exposure);
      void queryClient.invalidateQueries({ queryKey: ['open-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['expected-profit-loss'] });
      void queryClient.invalidateQueries({ queryKey: ['cash-out'] });
    },
  });
}
