import type { ExpectedProfitLoss } from '@backlay/contract';
import { useSessionStore } from '@/shared/session/session-store';
import { useUserExpectedProfitLoss } from '../api/get-user-expected-profit-loss';

/** The signed-in player's position on one market (profit or loss per runner, exposure), if any. */
export function useMarketPosition(marketId: string): ExpectedProfitLoss | undefined {
  const signedIn = useSessionStore((s) => s.user != null);
  const { data } = useUserExpectedProfitLoss(signedIn);
  return data?.find((m) => m.marketId === marketId);
}
