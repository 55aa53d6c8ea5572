import { z } from 'zod';
import { IsoDateTimeSchema } from './envelope';
import { MoneySchema } from './money';
import { nullableStringField, optionalStringField } from './fields';

/*
 * Gateway deposits (section C1 of shared/spec/api-shapes.md): the player asks for an order, pays it
 * from a UPI app (the link or its QR code), and the server credits the wallet once, when the
 * provider's signed notice or a Check first sees the payment. Money is rupees on the wire.
 */

/** How long an order can be paid. */
export const PAYMENT_ORDER_TTL_MINUTES = 15;

/** Our order ids: the UPI link's `tr` (NPCI: alphanumeric, at most 35 characters). */
export const PAYMENT_ORDER_ID_PATTERN = /^[A-Z0-9]{10,35}$/;

export const PAYMENT_ORDER_STATUSES = ['Pending', 'Success', 'Failed', 'Expired'] as const;
export const PaymentOrderStatusSchema = z.enum(PAYMENT_ORDER_STATUSES);

export const GenerateOrderInputSchema = z.object({
  /** Rupees, at most two decimals, more than zero; the domain's deposit limits are checked after. */
  amount: MoneySchema.refine((p) => p > 0, { message: 'The amount must be more than zero' }),
});

export const GenerateOrderResultSchema = z.object({
  orderId: z.string(),
  /** The NPCI UPI link: upi://pay?pa=…&pn=…&am=…&cu=INR&tr=<orderId>&tn=…, spaces as %20. */
  upiUri: z.string(),
  /** The same link as a QR code, an SVG document made on the server. */
  qrSvg: z.string(),
  /**
   * The same SVG as a base64 data URL (`data:image/svg+xml;base64,…`), for an `<img>`: a client
   * that strips HTML from every answer (ours, section 5) receives `qrSvg` empty, never this.
   */
  qrDataUrl: z.string(),
  /**
   * Only from a sandbox provider (never in production): the page where a tester pays or declines
   * the order (`/sandbox/upi/{orderId}`, on this server). Absent for a real provider.
   */
  sandboxUrl: optionalStringField,
  amount: MoneySchema,
  expiresAt: IsoDateTimeSchema,
});

export const CheckOrderInputSchema = z.object({
  orderId: z
    .string({ error: 'The order id is the one Generate answered' })
    .trim()
    .regex(PAYMENT_ORDER_ID_PATTERN, 'The order id is the one Generate answered'),
});

export const CheckOrderResultSchema = z.object({
  orderId: z.string(),
  status: PaymentOrderStatusSchema,
  amount: MoneySchema,
  /** The 12-digit UPI reference once paid. */
  utr: nullableStringField,
});
