import type { Paise } from '@backlay/exchange';

/*
 * The seam to a payment provider (a UPI gateway with a merchant VPA): the cashier sees only this
 * interface, as the sports feature sees only `MarketFeed`. See README.md beside this file.
 */

export type PaymentOrderStatus = 'Pending' | 'Success' | 'Failed' | 'Expired';

export interface PaymentOrderRequest {
  /** Our order id: the provider echoes it in its notices, and it is the UPI link's `tr`. */
  orderId: string;
  domainId: number;
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
}

/** What the provider says of an order, by a Check or in a signed notice (webhook). */
export interface PaymentOrderState {
  orderId: string;
  status: PaymentOrderStatus;
  amountPaise: Paise;
  /** The 12-digit UPI reference once paid. */
  utr: string | null;
}

export interface PaymentProvider {
  /** A stable name, stored with each order ('sandbox', or the real provider's). */
  readonly name: string;
  createOrder(request: PaymentOrderRequest): Promise<PaymentOrder>;
  checkOrder(orderId: string): Promise<PaymentOrderState>;
  /**
   * A notice (webhook) as the provider sent it: the state it reports when its signature over the
   * raw body is good, else null. The cashier credits on the first Success it sees, from a notice or
   * a Check, exactly once.
   */
  verifyNotice(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): PaymentOrderState | null;
}
