/* The money feature's (the cashier's) public entry: so far only its seam to the payment gateway. */
export type {
  PaymentOrder,
  PaymentOrderRequest,
  PaymentOrderState,
  PaymentOrderStatus,
  PaymentProvider,
} from './payment-provider';
