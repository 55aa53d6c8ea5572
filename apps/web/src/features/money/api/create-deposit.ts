import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { REQUESTS } from './player-requests';

/** A manual deposit: the amount paid outside the app, its UTR and screenshot; Pending until approved. */
export function createDeposit(body: RouteBody<'createDeposit'>) {
  return call('createDeposit', { body });
}

export function useCreateDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => client.invalidateQueries({ queryKey: REQUESTS }),
  });
}
