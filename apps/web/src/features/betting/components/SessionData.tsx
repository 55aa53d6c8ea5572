import { useEffect } from 'react';
import { useUiStore } from '@/shared/stores/ui';
import { useSessionStore } from '@/shared/session/session-store';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';
import { useUserOpenBets } from '../api/get-user-open-bets';

/**
 * The signed-in player's open bets and expected profit/loss, loaded at start-up (from storage,
 * then fresh), refreshed when asked (entering /inplay asks for the balance), and kept current
 * by invalidation from the navigation and tab rules.
 */
export function SessionData() {
  const signedIn = useSessionStore((s) => s.user != null);
  const balanceFetchRequested = useUiStore((s) => s.balanceFetchRequested);
  const openBets = useUserOpenBets(signedIn);
  useUserExpectedProfitLoss(signedIn);

  useEffect(() => {
    if (!balanceFetchRequested) return;
    useUiStore.getState().requestBalanceFetch(false);
    if (signedIn) void openBets.refetch();
  }, [balanceFetchRequested, signedIn, openBets]);
  return null;
}
