import type { CashierSettingsInput, CashierSettingsSchema } from '@backlay/contract';
import { ZERO_PAISE } from '@backlay/exchange';
import type { z } from 'zod';
import type { Db, Executor } from '../platform/db/database';
import type { OperatorAction } from '../platform/http/auth-user';
import { formatRupees } from '../platform/money';
import * as repo from './cashier-repository';

/*
 * A site's cashier as its operators see and set it (GET and PUT /admin/cashier-settings): one
 * `cashier_settings` row per domain. A PUT replaces the row whole and writes its audit row in the
 * same transaction; GetPaymentInfo reads the row on every call, so players see a change at once.
 */

type CashierSettings = z.output<typeof CashierSettingsSchema>;
type StoredSettings = repo.CashierSettingsRow & { updatedAt: Date };

/** A domain without a row offers nothing: every deposit and withdrawal is refused. */
const NOT_CONFIGURED: CashierSettings = {
  configured: false,
  methods: [],
  upi: null,
  bank: null,
  minDeposit: ZERO_PAISE,
  maxDeposit: ZERO_PAISE,
  minWithdrawal: ZERO_PAISE,
  maxWithdrawal: ZERO_PAISE,
  gatewayEnabled: false,
  updatedAt: null,
};

function toSettings(s: StoredSettings | null): CashierSettings {
  if (!s) return NOT_CONFIGURED;
  const upi = s.upiVpa !== null || s.upiPayeeName !== null;
  const bank = [s.bankAccountHolderName, s.bankAccountNumber, s.bankIfscCode, s.bankName].some(
    (v) => v !== null,
  );
  return {
    configured: true,
    methods: s.methods.map((m) => ({
      method: m.method as CashierSettings['methods'][number]['method'],
      deposit: m.deposit,
      withdrawal: m.withdrawal,
    })),
    upi: upi ? { vpa: s.upiVpa, payeeName: s.upiPayeeName } : null,
    bank: bank
      ? {
          accountHolderName: s.bankAccountHolderName,
          accountNumber: s.bankAccountNumber,
          ifscCode: s.bankIfscCode,
          bankName: s.bankName,
        }
      : null,
    minDeposit: s.minDepositPaise,
    maxDeposit: s.maxDepositPaise,
    minWithdrawal: s.minWithdrawalPaise,
    maxWithdrawal: s.maxWithdrawalPaise,
    gatewayEnabled: s.gatewayEnabled,
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The audit row's before or after: the settings in a few readable lines (null: no cashier). */
export function cashierSummary(s: repo.CashierSettingsRow | null): Record<string, unknown> | null {
  if (!s) return null;
  const ways = (m: repo.CashierMethodRow) =>
    [m.deposit ? 'deposit' : null, m.withdrawal ? 'withdrawal' : null].filter(Boolean).join('+') || 'off';
  return {
    methods: s.methods.map((m) => `${m.method}: ${ways(m)}`),
    upi:
      s.upiVpa === null && s.upiPayeeName === null ? null : `${s.upiVpa ?? '?'} (${s.upiPayeeName ?? '?'})`,
    bank:
      s.bankAccountNumber === null && s.bankIfscCode === null
        ? null
        : `${s.bankAccountNumber ?? '?'} ${s.bankIfscCode ?? '?'} ${s.bankName ?? ''} (${s.bankAccountHolderName ?? '?'})`,
    deposit: `${formatRupees(s.minDepositPaise)} to ${formatRupees(s.maxDepositPaise)}`,
    withdrawal: `${formatRupees(s.minWithdrawalPaise)} to ${formatRupees(s.maxWithdrawalPaise)}`,
    gateway: s.gatewayEnabled,
  };
}

export class CashierSettingsService {
  constructor(private readonly db: Db) {}

  /** The domain's cashier as stored. */
  async read(domainId: number): Promise<CashierSettings> {
    return toSettings(await repo.findStoredCashierSettings(this.db, domainId));
  }

  /**
   * Replaces the domain's cashier whole (the contract has judged the input), with its audit row
   * (`cashier.update_settings`, before and after) in the same transaction: the change and its
   * record commit together, or neither does. The old row is locked while it is replaced.
   */
  async replace(
    domainId: number,
    input: CashierSettingsInput,
    audit: (executor: Executor, action: OperatorAction) => Promise<void>,
  ): Promise<CashierSettings> {
    const next: repo.CashierSettingsRow = {
      domainId,
      methods: input.methods.map((m) => ({ method: m.method, deposit: m.deposit, withdrawal: m.withdrawal })),
      upiVpa: input.upi?.vpa ?? null,
      upiPayeeName: input.upi?.payeeName ?? null,
      bankAccountHolderName: input.bank?.accountHolderName ?? null,
      bankAccountNumber: input.bank?.accountNumber ?? null,
      bankIfscCode: input.bank?.ifscCode ?? null,
      bankName: input.bank?.bankName ?? null,
      minDepositPaise: input.minDeposit,
      maxDepositPaise: input.maxDeposit,
      minWithdrawalPaise: input.minWithdrawal,
      maxWithdrawalPaise: input.maxWithdrawal,
      gatewayEnabled: input.gatewayEnabled,
    };
    const stored = await this.db.transaction(async (tx) => {
      const before = await repo.findStoredCashierSettings(tx, domainId, { lock: true });
      const after = await repo.replaceCashierSettings(tx, next);
      await audit(tx, {
        action: 'cashier.update_settings',
        target: 'cashier_settings',
        before: cashierSummary(before),
        after: cashierSummary(after),
      });
      return after;
    });
    return toSettings(stored);
  }
}
