import type { Config } from '../config';
import type { Db } from '../platform/db/database';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';

/**
 * The payment provider of gateway deposits, chosen by configuration at the edge (PAYMENT_PROVIDER):
 * `sandbox` (the default) runs the sandbox provider outside production; in production it runs
 * nothing, and gateway deposits answer PAYMENT_GATEWAY_UNAVAILABLE until a real provider is
 * configured. A real provider is one more case here: its adapter and its keys.
 */
export function paymentProviderFromConfig(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'paymentWebhookSecret' | 'isProduction'>,
  db: Db,
  log: { warn: (obj: object, msg: string) => void },
): PaymentProvider | null {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      if (config.isProduction || !config.paymentWebhookSecret) return null;
      return new SandboxProvider(db, config.paymentWebhookSecret, log);
  }
}
