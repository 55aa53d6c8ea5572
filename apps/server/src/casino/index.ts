/* The casino feature's public entry: so far only its seam to the games providers. */
export {
  CASINO_PROVIDERS,
  type CasinoGame,
  type CasinoProvider,
  type CasinoProviderId,
} from './casino-provider';
