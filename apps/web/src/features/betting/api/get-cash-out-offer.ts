import { useQuery } from '@tanstack/react-query';
import type { CashOutOfferResult } from '@backlay/contract';
import { call } from '@/shared/http/api';

export async function getCashOutOffer(marketId: string): Promise<CashOutOfferResult> {
  return call('cashOutOffer', { query: { marketId } });
}

/** The cash-out offer moves with the prices: asked again every few seconds while shown. */
export function useCashOutOffer(marketId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cash-out', marketId],
    queryFn: () => getCashOutOffer(marketId),
    enabled,
    refetchInterval: 3000,
  });
}
