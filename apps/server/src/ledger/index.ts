/*
 * The ledger's public entry: what other features may import. Money moves only through `Ledger`
 * and its `MoneyWriter`; the bet write path composes the wallet statements of `wallet-repository.ts`.
 */
export {
  Ledger,
  MoneyWriter,
  type JournalInput,
  type LedgerAccount,
  type MoneyEffects,
  type PostedJournal,
  type Wallet,
} from './ledger';
export type { HouseAccountCode, JournalKind, WalletRow } from './ledger-repository';
export {
  lockWalletRowsInOrderSql,
  moveExposureCte,
  moveExposureStatement,
  postJournalCtes,
  walletStateSql,
} from './wallet-repository';
export { WalletNotifier, type BalanceListener, type PlayerBalance } from './wallet-notifier';
