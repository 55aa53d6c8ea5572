/*
 * The casino feature's public entry: its plugin (the seamless wallet, the lobby's lists, the owner's
 * provider switches), its seam to the games providers, and the filter of a site's playable games.
 */
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
export { playableGames } from './provider-settings-service';
export { signWalletCall, verifyWalletSignature } from './wallet-signature';
