import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReferralService } from './referral-service';
import { referralRoutes } from './routes';

/** How often each server sweeps the pending referrals (events do the work in between). */
export const REFERRAL_SWEEP_INTERVAL_MS = 60_000;

/**
 * Referrals: the routes, the checks on the referred players' deposits and settled bets (domain
 * events, after commit, on the server that made the write), and the sweep that catches what an
 * event missed: once at start-up (not awaited) and every minute, safe with several servers.
 */
async function referrals(app: FastifyInstance, opts: { sweepIntervalMs?: number }) {
  const service = new ReferralService(app.db, app.ledger);
  await app.register(referralRoutes, { referrals: service });

  const check = (userId: number) => service.checkReferred(userId);
  const unsubscribe = [
    app.domainEvents.on('DepositCredited', (e) => check(e.userId).then(() => undefined)),
    app.domainEvents.on('BetSettled', (e) =>
      e.status === 'SETTLED' ? check(e.userId).then(() => undefined) : undefined,
    ),
  ];

  let closing = false;
  let running: Promise<void> | null = null;
  const sweep = () => {
    // One sweep at a time on this server; other servers skip the rows this one holds.
    if (running || closing) return;
    running = service
      .sweep(() => closing)
      .then(
        (done) => {
          if (done.promoted > 0) app.log.info(done, 'referrals qualified by the sweep');
        },
        (err: unknown) => app.log.error({ err }, 'the referral sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, opts.sweepIntervalMs ?? REFERRAL_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    for (const off of unsubscribe) off();
    await running;
  });
  app.decorate('referrals', service);
}

/** Not encapsulated: `app.referrals` is the app's (tests run the sweep through it). */
export const referralPlugin = fp(referrals, { name: 'referrals' });

declare module 'fastify' {
  interface FastifyInstance {
    /** The referral programme: tests and jobs reach the sweep through it. */
    referrals: ReferralService;
  }
}
