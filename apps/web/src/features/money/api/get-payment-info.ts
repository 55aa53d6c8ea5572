import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

/** The domain's cashier: methods, the operator's UPI id and bank account, limits, the gateway switch. */
export function getPaymentInfo() {
  return call('paymentInfo');
}

export function paymentInfoQueryOptions() {
  return queryOptions({ queryKey: ['payment-info'], queryFn: getPaymentInfo, staleTime: 60_000 });
}

/** Not asked for a demo account: the server refuses its deposits and withdrawals anyway. */
export function usePaymentInfo(enabled = true) {
  return useQuery({ ...paymentInfoQueryOptions(), enabled });
}
