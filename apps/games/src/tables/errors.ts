import type { WalletError } from '../wallet/errors';

export type TableErrorCode = 'BETTING_CLOSED' | 'WALLET_REFUSED';

/** A bet the table did not take. Invalid bets throw the game's own GamesError instead. */
export class TableError extends Error {
  override readonly name = 'TableError';
  constructor(
    readonly code: TableErrorCode,
    message: string,
    /** WALLET_REFUSED: why (insufficient funds carries the balance; unknown outcome was rolled back). */
    readonly walletError?: WalletError | unknown,
  ) {
    super(message);
  }
}
