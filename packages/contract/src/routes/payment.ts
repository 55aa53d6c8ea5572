import * as P from '../payment';
import { route } from './route-def';

/**
 * Gateway deposits through the payment provider (server: money/gateway-*). The provider's signed
 * notices (webhooks) come to `POST /api/Payment/Webhook/{provider}`, which is the provider's call,
 * not the client's, and so not in this table.
 */
export const paymentRoutes = {
  paymentGenerate: route({
    method: 'POST',
    path: '/api/Payment/Generate',
    auth: 'user',
    tag: 'Money',
    summary: `A gateway deposit order: its UPI link and QR code, payable for ${P.PAYMENT_ORDER_TTL_MINUTES} minutes; the domain's deposit limits apply`,
    query: undefined,
    body: P.GenerateOrderInputSchema,
    result: P.GenerateOrderResultSchema,
  }),
  paymentCheck: route({
    method: 'POST',
    path: '/api/Payment/Check',
    auth: 'user',
    tag: 'Money',
    summary:
      "Your gateway order's state (Pending, Success, Failed, Expired); the first Success seen credits the wallet once",
    query: undefined,
    body: P.CheckOrderInputSchema,
    result: P.CheckOrderResultSchema,
  }),
} as const;
