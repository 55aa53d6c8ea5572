/*
 * The seam to a casino games provider: the casino feature sees only this interface. Providers call
 * our seamless wallet for money (never the other way round), signed with their secret by the one
 * scheme of wallet-signature.ts; see README.md beside this file.
 */
import type { CasinoProviderId } from '@backlay/contract';

export { CASINO_PROVIDERS, type CasinoProviderId } from '@backlay/contract';

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
  /** Where the client launches its games (per environment: test or production; config.casinoProviders). */
  readonly host: string;
  /** The provider's catalogue; a provider that is down or slow rejects, and the lobby says so. */
  games(signal?: AbortSignal): Promise<CasinoGame[]>;
}
