/*
 * The seam to a casino games provider: the casino feature sees only this interface. Providers call
 * our seamless wallet for money (never the other way round); see README.md beside this file.
 */

export const CASINO_PROVIDERS = ['international', 'dream', 'king', 'mac', 'udan'] as const;
export type CasinoProviderId = (typeof CASINO_PROVIDERS)[number];

/** A game of a provider's catalogue, as the lobby lists it. */
export interface CasinoGame {
  id: string;
  code: string;
  name: string;
  provider: CasinoProviderId;
  category: string;
  imageURL: string;
  url: string;
}

export interface CasinoProvider {
  readonly id: CasinoProviderId;
  /** Where the client launches its games (per environment: test or production). */
  readonly host: string;
  /** The provider's catalogue; a provider that is down or slow rejects, and the lobby says so. */
  games(signal?: AbortSignal): Promise<CasinoGame[]>;
  /**
   * Whether a seamless-wallet call (balance, bet, win, rollback) carries the provider's HMAC-SHA256
   * signature over its raw body.
   */
  verifyWalletCall(signature: string | undefined, rawBody: Buffer): boolean;
}
