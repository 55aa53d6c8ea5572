/* The casino feature's public entry: its plugin (the seamless wallet), and its seam to the games providers. */
export {
  CASINO_PROVIDERS,
  type CasinoGame,
  type CasinoProvider,
  type CasinoProviderId,
} from './casino-provider';
export { casinoPlugin, casinoProviders } from './plugin';
export { CasinoCatalogue, byCategory } from './catalogue';
export { HttpCasinoProvider, CasinoProviderDown } from './casino-provider';
export { CasinoWallet, CASINO_TOKEN_GRACE_SECONDS } from './wallet-service';
export { signWalletCall, verifyWalletSignature } from './wallet-signature';
