import type { OrderStatus } from '@backlay/contract';
import { t } from '../i18n';

/** An order's state, in the player's language. */
export function orderStatusText(status: OrderStatus): string {
  switch (status) {
    case 'MATCHED':
      return t('betting.status.matched');
    case 'PARTIALLY_MATCHED':
      return t('betting.status.partlyMatched');
    case 'UNMATCHED':
      return t('betting.status.unmatched');
    case 'CANCELLED':
      return t('betting.status.cancelled');
    case 'LAPSED':
      return t('betting.status.lapsed');
  }
}
