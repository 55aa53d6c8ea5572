import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paise } from '@backlay/exchange';
import type { RouteResult } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { REQUESTS } from './player-requests';
import { refreshBalance } from './refresh-balance';

export type GatewayOrder = RouteResult<'paymentGenerate'>;
export type GatewayOrderState = RouteResult<'paymentCheck'>;

/** How often an unpaid order is asked about while the player pays in their UPI app. */
export const ORDER_POLL_MS = 3_000;

/** Opens a gateway order: its UPI link and QR code, payable for 15 minutes. */
export function generatePayment(amount: Paise) {
  return call('paymentGenerate', { body: { amount } });
}

/** The order's state; a Check that first sees the payment credits the wallet. */
export function checkPayment(orderId: string) {
  return call('paymentCheck', { body: { orderId } });
}

export function useGeneratePayment() {
  return useMutation({ mutationFn: generatePayment });
}

/**
 * The order followed until it leaves Pending: asked every 3 seconds (and when the player comes back
 * to the tab from their UPI app). Paid, the header's balance is read again at once, beside the hub's
 * UserBalance push that says the same, and the request lists, which now hold the deposit, go stale.
 */
export function usePaymentOrder(order: GatewayOrder) {
  const client = useQueryClient();
  const read = useQuery({
    queryKey: ['payment-order', order.orderId],
    queryFn: () => checkPayment(order.orderId),
    refetchInterval: (query) =>
      (query.state.data?.status ?? 'Pending') === 'Pending' ? ORDER_POLL_MS : false,
    refetchOnWindowFocus: (query) => (query.state.data?.status ?? 'Pending') === 'Pending',
    staleTime: 0,
    gcTime: 0,
  });
  const paid = read.data?.status === 'Success';
  useEffect(() => {
    if (!paid) return;
    void refreshBalance();
    void client.invalidateQueries({ queryKey: REQUESTS });
  }, [paid, client]);
  return read;
}
