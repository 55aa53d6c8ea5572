import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/http/api';
import { REQUESTS } from './player-requests';
import { refreshBalance } from './refresh-balance';

/** Cancels the player's own pending withdrawal: the held amount comes back. */
export function cancelRequest(id: number) {
  return call('cancelRequest', { body: { id } });
}

export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: async () => {
      await Promise.all([refreshBalance(), client.invalidateQueries({ queryKey: REQUESTS })]);
    },
  });
}
