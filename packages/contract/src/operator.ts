import { z } from 'zod';
import { MoneySchema } from './money';

/** Operator calls: no player screen, authenticated with the operator's X-Admin-Key. */
export const WalletAdjustmentInputSchema = z.object({
  userId: z.number().int().positive(),
  /** Rupees on the wire (paise once parsed), positive to credit, negative to debit; at most ₹1 crore. */
  amount: MoneySchema.refine((p) => p !== 0 && Math.abs(p) <= 10_000_000_00, {
    message: 'Amount must be non-zero and at most 1 crore',
  }),
  reason: z.string().trim().min(3).max(200),
  /** Idempotency: the same reference adjusts once. */
  reference: z.string().trim().min(1).max(100),
});
export const WalletAdjustmentResultSchema = z.object({
  journalId: z.number().int(),
  balance: MoneySchema,
  exposure: MoneySchema,
});
