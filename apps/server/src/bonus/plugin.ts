import type { FastifyInstance } from 'fastify';
import { BonusJob } from './bonus-job';
import type { BonusService } from './bonus-service';
import { bonusOperatorRoutes, bonusRoutes } from './routes';

/**
 * The bonus feature in the app: its routes, wagering counted on every BetSettled this server
 * publishes (after the settlement's commit), and the job (started once the app is ready, not
 * awaited; stopped on close).
 */
export async function bonusPlugin(
  app: FastifyInstance,
  opts: { bonuses: BonusService; jobEveryMs?: number },
) {
  const { bonuses } = opts;
  await app.register(bonusRoutes, { bonuses });
  await app.register(bonusOperatorRoutes, { bonuses });
  const stopListening = app.domainEvents.on('BetSettled', async (event) => {
    // A voided market counts for no wagering; the sweep catches an event lost to a crash.
    if (event.status === 'SETTLED') await bonuses.countBets(event.userId);
  });
  const job = new BonusJob(bonuses, app.log, opts.jobEveryMs);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => {
    stopListening();
    await job.stop();
  });
}
