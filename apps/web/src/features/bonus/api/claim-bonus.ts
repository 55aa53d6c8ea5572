import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/storage/storage';
import { BONUSES } from './get-bonuses';

/** Claims a bonus by its catalogue id; the answer is the player's claim of it. */
export function claimBonus(id: number) {
  return call('claimBonus', { query: { id } });
}

/**
 * The header's cash read again: a bonus without wagering turns into cash in the claim's own
 * journal. The hub's UserBalance push says the same (with the bonus balance) a moment later.
 */
async function refreshCash(): Promise<void> {
  try {
    const result = await call('userOpenBets', { query: {} });
    if (getAccessToken() == null) return;
    useSessionStore.getState().setBalance(result.balance, result.exposure);
  } catch {
    // The push still brings it.
  }
}

export function useClaimBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimBonus,
    onSuccess: async (claimed) => {
      // One active bonus at a time, and the bonus account holds exactly its amount.
      if (claimed.status === 'Active' && claimed.amount != null)
        useSessionStore.getState().setBonusBalance(claimed.amount);
      await Promise.all([refreshCash(), client.invalidateQueries({ queryKey: BONUSES })]);
    },
    // The reason may have changed (another tab claimed, the deposit aged out): read them again.
    onError: () => client.invalidateQueries({ queryKey: BONUSES }),
  });
}
