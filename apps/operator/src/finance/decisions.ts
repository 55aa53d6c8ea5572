import { call } from '@/api/client';
import type { QueueItem } from './types';

/** One operator decision on a pending request, as the server takes it. */
export type Decision =
  | { kind: 'approve-deposit'; id: number; utr?: string }
  | { kind: 'approve-withdrawal'; id: number; utr: string }
  | { kind: 'reject'; id: number; reason: string };

export function decide(decision: Decision): Promise<QueueItem> {
  switch (decision.kind) {
    case 'approve-deposit':
      return call('adminApproveDeposit', {
        body: decision.utr ? { id: decision.id, utr: decision.utr } : { id: decision.id },
      });
    case 'approve-withdrawal':
      return call('adminApproveWithdrawal', { body: { id: decision.id, utr: decision.utr } });
    case 'reject':
      return call('adminRejectRequest', { body: { id: decision.id, reason: decision.reason } });
  }
}

/**
 * Refusals that mean the request is no longer what the screen shows: someone else decided it (or
 * the player cancelled it), or it is gone. The queue is read again and the operator told.
 */
export const STALE_CODES = new Set(['REQUEST_NOT_PENDING', 'NOT_FOUND']);
