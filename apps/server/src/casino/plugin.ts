import type { FastifyInstance } from 'fastify';
import { CASINO_PROVIDERS } from '@backlay/contract';
import { CasinoTokens } from './casino-token';
import { casinoWalletRoutesPlugin } from './wallet-routes';
import { CasinoWallet } from './wallet-service';

/**
 * The casino in the app: so far its seamless wallet, the providers' signed calls. Each provider's
 * secret comes from the configuration (config.casinoProviders); a provider without one (production,
 * not configured) is said at start-up and its calls answer CASINO_PROVIDER_UNAVAILABLE.
 */
export async function casinoPlugin(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const { config } = app;
  const wallet = new CasinoWallet(app.db, app.ledger, new CasinoTokens(config.jwtSecret), opts.now);
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
}
