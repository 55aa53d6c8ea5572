import type { OpenBet } from '@backlay/contract';
import type { PriceSelection } from '@/shared/market/selection';
import { t } from '../i18n';

/** A side as the slip has it (`back`) or as the server writes a bet's type (`Back`). */
type Side = PriceSelection['side'] | OpenBet['betType'];

/** How a side is named: Back, Lay, Yes or No, in the player's language. */
export function sideLabel(side: Side): string {
  switch (side.toLowerCase() as PriceSelection['side']) {
    case 'back':
      return t('betting.side.back');
    case 'lay':
      return t('betting.side.lay');
    case 'yes':
      return t('betting.side.yes');
    case 'no':
      return t('betting.side.no');
  }
}

/** The side in one letter, for a narrow column (B, L, Y, N). */
export function sideShort(side: Side): string {
  switch (side.toLowerCase() as PriceSelection['side']) {
    case 'back':
      return t('betting.side.backShort');
    case 'lay':
      return t('betting.side.layShort');
    case 'yes':
      return t('betting.side.yesShort');
    case 'no':
      return t('betting.side.noShort');
  }
}
