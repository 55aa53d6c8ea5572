import { paise } from '@backlay/exchange';
import type { Executor } from '../platform/db/database';
import { insertCashierSettingsIfMissing } from './cashier-repository';

/**
 * The demo domains' cashier: every method both ways, a UPI id and a bank account to pay, limits of
 * ₹100 to ₹1,00,000 in and ₹200 to ₹50,000 out, the gateway on. A domain that has a cashier keeps it.
 */
export async function seedDemoCashiers(db: Executor, domainIds: readonly number[]): Promise<void> {
  for (const domainId of domainIds) {
    await insertCashierSettingsIfMissing(db, {
      domainId,
      methods: (['Upi', 'Imps', 'PhonePay', 'Paytm', 'Gpay'] as const).map((method) => ({
        method,
        deposit: true,
        withdrawal: true,
      })),
      upiVpa: 'backlay.demo@okaxis',
      upiPayeeName: 'Backlay Demo',
      bankAccountHolderName: 'Backlay Demo Payments',
      bankAccountNumber: '50100123456789',
      bankIfscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      minDepositPaise: paise(100_00),
      maxDepositPaise: paise(1_00_000_00),
      minWithdrawalPaise: paise(200_00),
      maxWithdrawalPaise: paise(50_000_00),
      gatewayEnabled: true,
    });
  }
}
