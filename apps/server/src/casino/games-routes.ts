import { routes, type CasinoProviderId } from '@backlay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { defineRoute } from '../platform/http/define-route';
import type { AuthUser } from '../platform/http/auth-user';
import { refuseIfBarred } from '../responsible-gaming';
import { CasinoProviderDown } from './casino-provider';
import type { CasinoCatalogue } from './catalogue';
import { isProviderOff } from './provider-settings-service';

/**
 * The lobby's lists (section C4): `api/InternationalCasino/GetGames` and `api/casino/games?provider=`,
 * each provider's games by category. A site whose casino is off lists nothing, and so does a provider
 * the site switched off (its lobby then shows it as empty, as a casino-off site does, rather than as
 * failing); a provider whose list cannot be had answers 503 CASINO_PROVIDER_UNAVAILABLE naming it,
 * and the lobby shows the others.
 */
export async function casinoGamesRoutes(app: FastifyInstance, opts: { catalogue: CasinoCatalogue }) {
  const { catalogue } = opts;

  const listOf = async (provider: CasinoProviderId, req: FastifyRequest, user: AuthUser | null) => {
    if (!req.domain.settings.casino) return [];
    // A signed-in player taking a time-out or excluded from play is told so rather than shown games
    // to launch (the launch itself is refused at the wallet's balance call).
    if (user) await refuseIfBarred(app.db, user.userId);
    // Read on every list (not cached): a switch counts at once.
    if (await isProviderOff(app.db, req.domain.id, provider)) return [];
    try {
      return await catalogue.categories(provider);
    } catch (err) {
      if (!(err instanceof CasinoProviderDown)) throw err;
      req.log.warn({ provider, reason: err.message }, 'casino provider list unavailable');
      throw new AppError('CASINO_PROVIDER_UNAVAILABLE', `The ${provider} games are unavailable just now.`);
    }
  };

  defineRoute(app, routes.getInternationalGames, ({ req, user }) => listOf('international', req, user));
  defineRoute(app, routes.getCasinoGames, ({ query, req, user }) => listOf(query.provider, req, user));
}
