import type { Paise } from '@backlay/exchange';

/*
 * The seam to a payment provider (a UPI gateway with a merchant VPA): the cashier sees only this
 * interface, as the sports feature sees only `MarketFeed`. See README.md beside this file.
 */

export type PaymentOrderStatus = 'Pending' | 'Success' | 'Failed' | 'Expired';

/** Where a provider sends its notices (webhooks) about our orders: one path per provider. */
export const paymentWebhookPath = (provider: string) => `/api/Payment/Webhook/${provider}`;

export interface PaymentOrderRequest {
  /** Our order id: the provider echoes it in its notices, and it is the UPI link's `tr`. */
  orderId: string;
  domainId: number;
  /** Who is paid: the merchant's UPI id (the link's `pa`) and name (`pn`). */
  payee: { vpa: string; name: string };
  amountPaise: Paise;
  /** What the payer's UPI app shows (the link's `tn`). */
  note: string;
  expiresAt: Date;
}

export interface PaymentOrder {
  orderId: string;
  /** The NPCI UPI link (`upi://pay?pa=&pn=&am=&cu=INR&tr=&tn=`) the player's app opens or scans. */
  upiUri: string;
  expiresAt: Date;
  /** A sandbox provider's page where a tester pays or declines the order; a real provider has none. */
  testPageUrl?: string;
}

/** What the provider says of an order, by a Check or in a signed notice (webhook). */
export interface PaymentOrderState {
  orderId: string;
  status: PaymentOrderStatus;
  amountPaise: Paise;
  /** The 12-digit UPI reference once paid. */
  utr: string | null;
}

/**
 * A notice judged: its id (each notice is taken once: the same id again is a replay) and the state
 * it reports; or why it is refused: a bad or missing signature, a time outside the provider's
 * window (an old notice sent again), or a body that is not a notice.
 */
export type NoticeVerdict =
  | { ok: true; noticeId: string; state: PaymentOrderState }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export interface PaymentProvider {
  /** A stable name, stored with each order ('sandbox', or the real provider's); the webhook path names it. */
  readonly name: string;
  /** Opens the order with the provider; fails (throws) when the provider cannot be reached. */
  createOrder(request: PaymentOrderRequest): Promise<PaymentOrder>;
  /** What the provider says of the order now (a Pending order past its expiry may answer Expired). */
  checkOrder(orderId: string): Promise<PaymentOrderState>;
  /**
   * A notice (webhook) as the provider sent it, judged by its signature over the raw body and its
   * time. The cashier credits on the first Success it sees, from a notice or a Check, exactly once.
   */
  verifyNotice(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): NoticeVerdict;
}
