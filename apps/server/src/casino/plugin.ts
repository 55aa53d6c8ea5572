import type { FastifyInstance } from 'fastify';
import { CASINO_PROVIDERS, type CasinoProviderId } from '@backlay/contract';
import { HttpCasinoProvider, type CasinoProvider } from './casino-provider';
import { CasinoTokens } from './casino-token';
import type { CasinoCatalogue } from './catalogue';
import { casinoGamesRoutes } from './games-routes';
import { casinoProviderSettingsRoutes } from './provider-settings-routes';
import { casinoWalletRoutesPlugin } from './wallet-routes';
import { CasinoWallet } from './wallet-service';

/** Each configured provider (a host here) as the adapter that reads its list. */
export function casinoProviders(
  config: FastifyInstance['config'],
): Partial<Record<CasinoProviderId, CasinoProvider>> {
  return Object.fromEntries(
    CASINO_PROVIDERS.flatMap((p) => {
      const host = config.casinoProviders[p].host;
      return host ? [[p, new HttpCasinoProvider(p, host)]] : [];
    }),
  );
}

/**
 * The casino in the app: its seamless wallet (the providers' signed calls), the lobby's lists and
 * the owner's provider switches (GET and PUT /admin/casino-providers). Each provider's
 * secret comes from the configuration (config.casinoProviders); a provider without one (production,
 * not configured) is said at start-up and its calls answer CASINO_PROVIDER_UNAVAILABLE.
 */
export async function casinoPlugin(
  app: FastifyInstance,
  opts: { catalogue: CasinoCatalogue; now?: () => Date },
) {
  const { config } = app;
  const wallet = new CasinoWallet(
    app.db,
    app.ledger,
    new CasinoTokens(config.jwtSecret),
    opts.now,
    (p, code) => opts.catalogue.cachedName(p, code),
  );
  const secrets = Object.fromEntries(
    CASINO_PROVIDERS.map((p) => [p, config.casinoProviders[p].secret]),
  ) as Record<(typeof CASINO_PROVIDERS)[number], string | null>;
  const off = CASINO_PROVIDERS.filter((p) => !secrets[p]);
  if (off.length > 0) {
    app.log.warn(
      { providers: off },
      'casino providers without a wallet secret are off (CASINO_<PROVIDER>_SECRET)',
    );
  }
  await app.register(casinoWalletRoutesPlugin, { wallet, secrets, now: opts.now });
  await app.register(casinoGamesRoutes, { catalogue: opts.catalogue });
  await app.register(casinoProviderSettingsRoutes);
}
