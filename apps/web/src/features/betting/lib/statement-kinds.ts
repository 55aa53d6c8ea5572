import type { STATEMENT_KINDS } from '@backlay/contract';
import { t } from '../i18n';

export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** What each kind of wallet movement is called on the statement, in the player's language. */
export function statementKindLabel(kind: StatementKind): string {
  switch (kind) {
    case 'deposit':
      return t('betting.statementKind.deposit');
    case 'withdrawal':
      return t('betting.statementKind.withdrawal');
    case 'withdrawal_reversal':
      return t('betting.statementKind.withdrawalReversal');
    case 'bet_settlement':
      return t('betting.statementKind.betSettlement');
    case 'bonus':
      return t('betting.statementKind.bonus');
    case 'referral_reward':
      return t('betting.statementKind.referralReward');
    case 'casino_debit':
      return t('betting.statementKind.casinoDebit');
    case 'casino_credit':
      return t('betting.statementKind.casinoCredit');
    case 'demo_funding':
      return t('betting.statementKind.demoFunding');
    case 'adjustment':
      return t('betting.statementKind.adjustment');
  }
}
