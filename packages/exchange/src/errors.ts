/** Every refusal of the domain carries a stable code so the server can map it to an HTTP error once. */
export type ExchangeErrorCode =
  | 'INVALID_DECIMAL'
  | 'OFF_LADDER'
  | 'MONEY_OUT_OF_RANGE'
  | 'INVALID_BET'
  | 'UNKNOWN_RUNNER'
  | 'INVALID_COMMISSION';

export class ExchangeError extends Error {
  override readonly name = 'ExchangeError';
  constructor(
    readonly code: ExchangeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
