import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { REQUESTS } from './player-requests';
import { refreshBalance } from './refresh-balance';

/** A withdrawal to a bank account or UPI id: the server holds the amount at once. */
export function createWithdrawal(body: RouteBody<'createWithdrawal'>) {
  return call('createWithdrawal', { body });
}

export function useCreateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: async () => {
      // The header drops at once; the hub's UserBalance push says the same a moment later.
      await Promise.all([refreshBalance(), client.invalidateQueries({ queryKey: REQUESTS })]);
    },
  });
}
