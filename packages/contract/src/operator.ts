import { z } from 'zod';
import { RupeesSchema } from './envelope';

/** Operator calls: no player screen, authenticated with the operator's X-Admin-Key. */
export const WalletAdjustmentInputSchema = z.object({
  userId: z.number().int().positive(),
  /** Rupees, positive to credit, negative to debit. */
  amount: RupeesSchema.refine((n) => n !== 0 && Math.abs(n) <= 10_000_000, {
    message: 'Amount must be non-zero and at most 1 crore',
  }),
  reason: z.string().trim().min(3).max(200),
  /** Idempotency: the same reference adjusts once. */
  reference: z.string().trim().min(1).max(100),
});
export const WalletAdjustmentResultSchema = z.object({
  journalId: z.number().int(),
  balance: RupeesSchema,
  exposure: RupeesSchema,
});
