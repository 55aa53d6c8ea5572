/** Every refusal carries a stable code so the provider's HTTP layer can map it to an answer once. */
export type GamesErrorCode =
  | 'INVALID_SEED'
  | 'INVALID_NONCE'
  | 'INVALID_COUNT'
  | 'NOT_ENOUGH_FLOATS'
  | 'INVALID_FLOAT'
  | 'INVALID_CARD'
  | 'COMMITMENT_MISMATCH'
  | 'INVALID_BET'
  | 'INVALID_STAKE'
  | 'MONEY_OUT_OF_RANGE'
  | 'UNKNOWN_MARKET'
  | 'INVALID_TARGET'
  | 'UNKNOWN_GAME';

export class GamesError extends Error {
  override readonly name = 'GamesError';
  constructor(
    readonly code: GamesErrorCode,
    message: string,
  ) {
    super(message);
  }
}
