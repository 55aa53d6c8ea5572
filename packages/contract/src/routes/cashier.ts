import * as C from '../cashier';
import { OcrInputSchema, OcrResultSchema } from '../ocr';
import { route } from './route-def';

/** Where a stored screenshot is served: to its owner (bearer token) or a finance operator or owner (operator token). */
export const PAYMENT_IMAGE_PATH = '/Setting/Image';

/** The cashier: payment info, screenshots, deposits, withdrawals, request lists (server: money/). */
export const cashierRoutes = {
  ocrPaymentSlip: route({
    method: 'POST',
    path: '/api/ocr/payment-slip',
    auth: 'none',
    tag: 'Money',
    summary:
      'Read a payment screenshot (multipart field image, or { image } as a data URL; PNG, JPEG or WebP, at most 5 MB): the UTR, amount, date and payee candidates with their confidence, to pre-fill the deposit form. The answer also carries data and text at its top level for the V1 client',
    query: undefined,
    body: OcrInputSchema,
    result: OcrResultSchema,
  }),
  paymentInfo: route({
    method: 'GET',
    path: '/Account/GetPaymentInfo',
    auth: 'user',
    tag: 'Money',
    summary: "The domain's cashier: methods, the operator's UPI id and bank account, limits",
    query: undefined,
    body: undefined,
    result: C.PaymentInfoSchema,
  }),
  storeImage: route({
    method: 'POST',
    path: '/Setting/StoreImage',
    auth: 'user',
    tag: 'Money',
    summary: `A payment screenshot as a base64 data URL: PNG, JPEG or WebP by content, at most 5 MB; served at ${PAYMENT_IMAGE_PATH}/{imageId} to its owner`,
    query: undefined,
    body: C.StoreImageInputSchema,
    result: C.StoreImageResultSchema,
  }),
  createDeposit: route({
    method: 'POST',
    path: '/DepositWithdrawal/CreateDeposit',
    auth: 'user',
    tag: 'Money',
    summary:
      'A manual deposit: the amount paid to the operator, its 12-digit UTR (unique per domain) and screenshot; waits for an operator',
    query: undefined,
    body: C.CreateDepositInputSchema,
    result: C.PaymentRequestItemSchema,
  }),
  createWithdrawal: route({
    method: 'POST',
    path: '/DepositWithdrawal/CreateWithdrawal',
    auth: 'user',
    tag: 'Money',
    summary:
      'A withdrawal to a bank account (IFSC) or UPI id: the amount is held at once, up to the withdrawable balance',
    query: undefined,
    body: C.CreateWithdrawalInputSchema,
    result: C.PaymentRequestItemSchema,
  }),
  createRequestV1: route({
    method: 'POST',
    path: '/DepositWithdrawal/CreateRequestForDepositWithdrawal',
    auth: 'user',
    tag: 'Money',
    summary:
      "The V1 client's deposit or withdrawal (type 1 or 2): a deposit with its screenshot as a base64 data URL in imageUrl and no UTR (an operator reads it from the screenshot when approving); a withdrawal with its bank account. Answered as CreateDeposit / CreateWithdrawal",
    query: undefined,
    body: C.V1DepositWithdrawalInputSchema,
    result: C.PaymentRequestItemSchema,
  }),
  cancelRequest: route({
    method: 'POST',
    path: '/DepositWithdrawal/CancelRequest',
    auth: 'user',
    tag: 'Money',
    summary: 'Cancel your own pending withdrawal: the held amount returns to your balance',
    query: undefined,
    body: C.RequestIdInputSchema,
    result: C.PaymentRequestItemSchema,
  }),
  depositWithdrawals: route({
    method: 'POST',
    path: '/DepositWithdrawal/GetDepositWithdrawals',
    auth: 'user',
    tag: 'Money',
    summary: 'Your deposits and withdrawals by type (0 all, 1, 2) and status (0 all, 1 to 4), newest first',
    query: undefined,
    body: C.RequestListInputSchema,
    result: C.PaymentRequestListSchema,
  }),
  playerRequests: route({
    method: 'POST',
    path: '/DepositWithdrawal/PlayerRequests',
    auth: 'user',
    tag: 'Money',
    summary: 'Your deposit and withdrawal requests (as GetDepositWithdrawals)',
    query: undefined,
    body: C.RequestListInputSchema,
    result: C.PaymentRequestListSchema,
  }),
  withdrawalHistory: route({
    method: 'GET',
    path: '/DepositWithdrawal/GetUserWithdrawalHistory',
    auth: 'user',
    tag: 'Money',
    summary: 'Your withdrawals, newest first, with the payout UTR or the reason',
    query: C.WithdrawalHistoryQuerySchema,
    body: undefined,
    result: C.PaymentRequestListSchema,
  }),
  adminPaymentRequests: route({
    method: 'GET',
    path: '/admin/payment-requests',
    auth: 'operator',
    tag: 'Operator',
    summary: "The request's site's deposit and withdrawal requests, pending ones by default, oldest first",
    query: C.OperatorRequestListQuerySchema,
    body: undefined,
    result: C.OperatorRequestListSchema,
  }),
  adminApproveDeposit: route({
    method: 'POST',
    path: '/admin/payment-requests/approve-deposit',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "Approve a pending deposit: the player's cash is credited once, from the payments clearing account. A deposit that came without a UTR (V1) needs the UTR read from its screenshot, claimed once per site",
    query: undefined,
    body: C.ApproveDepositInputSchema,
    result: C.OperatorRequestItemSchema,
  }),
  adminApproveWithdrawal: route({
    method: 'POST',
    path: '/admin/payment-requests/approve-withdrawal',
    auth: 'operator',
    tag: 'Operator',
    summary:
      'Mark a pending withdrawal paid with its payout UTR: the held amount leaves for the clearing account',
    query: undefined,
    body: C.ApproveWithdrawalInputSchema,
    result: C.OperatorRequestItemSchema,
  }),
  adminRejectRequest: route({
    method: 'POST',
    path: '/admin/payment-requests/reject',
    auth: 'operator',
    tag: 'Operator',
    summary:
      'Reject a pending deposit or withdrawal with a reason the player reads; a withdrawal is returned',
    query: undefined,
    body: C.RejectRequestInputSchema,
    result: C.OperatorRequestItemSchema,
  }),
  adminCashierSettings: route({
    method: 'GET',
    path: '/admin/cashier-settings',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The request's site's cashier as stored: methods with their deposit and withdrawal switches, the UPI id and payee name, the bank account players pay into, the limits, the gateway switch (owner and finance)",
    query: undefined,
    body: undefined,
    result: C.CashierSettingsSchema,
  }),
  adminReplaceCashierSettings: route({
    method: 'PUT',
    path: '/admin/cashier-settings',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "The owner replaces the site's cashier whole (audited); players' GetPaymentInfo shows it at once. Answers the new settings",
    query: undefined,
    body: C.CashierSettingsInputSchema,
    result: C.CashierSettingsSchema,
  }),
} as const;

export type CashierRouteKey = keyof typeof cashierRoutes;
