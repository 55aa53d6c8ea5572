import type { RunnerSlotProps } from '@/shared/market/market-slots-context';
import { pnlClass, signedMoney } from '../lib/format';
import { useMarketPosition } from '../lib/use-market-position';

/** The player's profit or loss on the market if this runner wins. */
export function RunnerPnl({ marketId, runnerId }: RunnerSlotProps) {
  const position = useMarketPosition(marketId);
  const amount = position?.runners.find((r) => r.runnerId === runnerId)?.amount;
  if (amount == null) return null;
  return (
    <span className={`runner-pnl ${pnlClass(amount)}`} data-testid={`runner-pnl-${runnerId}`}>
      {signedMoney(amount)}
    </span>
  );
}
