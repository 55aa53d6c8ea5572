import type { PaymentRequestItem } from '@backlay/contract';
import { t } from '../i18n';

export type Tone = 'pending' | 'ok' | 'bad' | 'off';

/** A request's state in the player's words: an approved withdrawal is one that was paid. */
export function statusLabel(r: Pick<PaymentRequestItem, 'type' | 'statusName'>): string {
  if (r.statusName === 'Approved')
    return r.type === 'Withdrawal' ? t('money.status.paid') : t('money.status.approved');
  return settledLabel(r.statusName);
}

/** The words for the states that read the same for a deposit and a withdrawal. */
function settledLabel(status: Exclude<PaymentRequestItem['statusName'], 'Approved'>): string {
  switch (status) {
    case 'Pending':
      return t('money.status.pending');
    case 'Rejected':
      return t('money.status.rejected');
    case 'Cancelled':
      return t('money.status.cancelled');
  }
}

export function statusTone(r: Pick<PaymentRequestItem, 'statusName'>): Tone {
  switch (r.statusName) {
    case 'Pending':
      return 'pending';
    case 'Approved':
      return 'ok';
    case 'Rejected':
      return 'bad';
    default:
      return 'off';
  }
}

/** The verb for the time a request was decided: "Paid", "Credited", "Rejected", "Cancelled". */
export function decidedLabel(r: Pick<PaymentRequestItem, 'type' | 'statusName'>): string {
  if (r.statusName === 'Approved')
    return r.type === 'Withdrawal' ? t('money.status.paid') : t('money.status.credited');
  return settledLabel(r.statusName);
}

/** Where a withdrawal goes, as the list shows it (masked by the server). */
export function payoutTarget(r: PaymentRequestItem): string | null {
  if (r.upiId) return r.upiId;
  if (r.accountNumber) return r.ifscCode ? `${r.accountNumber} · ${r.ifscCode}` : r.accountNumber;
  return null;
}
