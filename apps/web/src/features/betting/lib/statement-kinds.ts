import type { STATEMENT_KINDS } from '@backlay/contract';

export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** What each kind of wallet movement is called on the statement. */
export const STATEMENT_KIND_LABEL: Record<StatementKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal reversed',
  bet_settlement: 'Bet settlement',
  bonus: 'Bonus',
  referral_reward: 'Referral reward',
  casino_debit: 'Casino debit',
  casino_credit: 'Casino credit',
  demo_funding: 'Demo funds',
  adjustment: 'Adjustment',
};
