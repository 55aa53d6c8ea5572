import { call } from '@/shared/http/api';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/storage/storage';

/**
 * The header's balance and exposure read again after a withdrawal or a cancellation, so they move
 * the moment the server answers. GetUserOpenBets is the call that carries them.
 */
export async function refreshBalance(): Promise<void> {
  try {
    const result = await call('userOpenBets', { query: {} });
    if (getAccessToken() == null) return;
    useSessionStore.getState().setBalance(result.balance, result.exposure);
  } catch {
    // The hub's UserBalance push still brings the new balance.
  }
}
