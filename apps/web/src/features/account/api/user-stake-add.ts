import { useMutation } from '@tanstack/react-query';
import type { StakeButton } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useUiStore } from '@/shared/stores/ui';

/** Saves the eight quick-stake buttons; on success they become the betslip's buttons. */
export async function userStakeAdd(buttons: StakeButton[]): Promise<StakeButton[]> {
  const saved = await call('userStakeAdd', { body: buttons });
  useUiStore.getState().setStakeButtons(saved);
  return saved;
}

export function useUserStakeAdd() {
  return useMutation({ mutationFn: userStakeAdd });
}
