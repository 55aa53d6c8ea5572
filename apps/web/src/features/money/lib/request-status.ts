import type { PaymentRequestItem } from '@backlay/contract';

export type Tone = 'pending' | 'ok' | 'bad' | 'off';

/** A request's state in the player's words: an approved withdrawal is one that was paid. */
export function statusLabel(r: Pick<PaymentRequestItem, 'type' | 'statusName'>): string {
  if (r.statusName === 'Approved') return r.type === 'Withdrawal' ? 'Paid' : 'Approved';
  return r.statusName;
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
  if (r.statusName === 'Approved') return r.type === 'Withdrawal' ? 'Paid' : 'Credited';
  return r.statusName;
}

/** Where a withdrawal goes, as the list shows it (masked by the server). */
export function payoutTarget(r: PaymentRequestItem): string | null {
  if (r.upiId) return r.upiId;
  if (r.accountNumber) return r.ifscCode ? `${r.accountNumber} · ${r.ifscCode}` : r.accountNumber;
  return null;
}
