import type { PriceSelection } from '@/shared/market/selection';

/** How the slip names the side the player tapped. */
export const SIDE_LABEL: Record<PriceSelection['side'], string> = {
  back: 'Back',
  lay: 'Lay',
  yes: 'Yes',
  no: 'No',
};
