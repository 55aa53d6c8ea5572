import type { FastifyInstance } from 'fastify';
import { ResponsibleGamingService } from './responsible-gaming-service';
import { devResponsibleGamingRoutes, responsibleGamingRoutes } from './routes';

/**
 * Responsible gaming: the player's GET and POST Account/ResponsibleGaming and, outside production,
 * the development control that ages a player's times. The limits, the time-out and the exclusion
 * are enforced where money moves: the other features call the guards (guards.ts, the bet path's
 * fragments in the repository) in their own transactions.
 */
export async function responsibleGamingPlugin(app: FastifyInstance, opts: { now?: () => Date } = {}) {
  const responsibleGaming = new ResponsibleGamingService(app.db, opts.now);
  await app.register(responsibleGamingRoutes, { responsibleGaming });
  if (!app.config.isProduction) await app.register(devResponsibleGamingRoutes, { responsibleGaming });
}
