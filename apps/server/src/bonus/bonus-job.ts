import type { FastifyBaseLogger } from 'fastify';
import type { BonusService } from './bonus-service';

/*
 * The bonus job: every 30 s (and once right after start-up, not holding it up) it counts settled
 * bets a lost BetSettled left uncounted, then expires the claims past their expiry. Safe with
 * several servers: each claim is taken FOR UPDATE SKIP LOCKED and every movement is idempotent.
 */
export class BonusJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly bonuses: BonusService,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = 30_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
  }

  /** One run now (after the one under way); resolves when it is done. */
  async runOnce(): Promise<{ swept: number; expired: number }> {
    const run = this.running.then(async () => {
      const swept = await this.bonuses.sweepWagers();
      const expired = await this.bonuses.expireDue();
      return { swept, expired };
    });
    this.running = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private kick(): void {
    if (this.stopped) return;
    this.runOnce().then(
      (done) => {
        if (done.swept > 0 || done.expired > 0) this.log.info(done, 'bonus job');
      },
      (err: unknown) => this.log.error({ err }, 'bonus job failed'),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
