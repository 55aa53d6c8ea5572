import type { EventStatus, HorseRacingScoreCard } from '@backlay/contract';
import type { ModelMarketView, ModelResult, SportModel } from '../model';
import { runnerIdOf } from '../ids';
import type { Rng } from '../prng';

export interface HorseRunner {
  name: string;
  jockey: string;
  /** Ability on an arbitrary scale; the favourite has the highest. */
  rating: number;
  weightKg: number;
  draw: number;
}

export interface RaceFixture {
  course: string;
  raceName: string;
  distanceMetres: number;
  going: string;
  runners: HorseRunner[];
  /** The off. */
  startTime: number;
}

const SECOND = 1000;
/** A non-runner is declared this long before the off; the market pauses while prices are re-formed. */
const NON_RUNNER_BEFORE_MS = 12 * 60 * SECOND;
const NON_RUNNER_SUSPEND_MS = 60 * SECOND;
/** Metres a second at a racing gallop. */
const BASE_SPEED = 16.2;

/**
 * A race: a betting market that forms through the countdown (ratings plus drifting public opinion),
 * then the race run second by second with each horse's speed from its ability, stamina and luck;
 * in running the win chances follow the positions, sharper as the line comes nearer.
 */
export class HorseRaceModel implements SportModel {
  readonly sport = 'horseRacing' as const;
  private readonly fx: RaceFixture;
  private readonly rng: Rng;
  private readonly opinion: number[];
  private readonly form: number[];
  private readonly nonRunner: number | undefined;
  private distance: number[];
  private lastSecond: number;
  private finishOrder: number[] | undefined;
  private now: number;
  private seq = 0;
  private opinionAt: number;

  constructor(fx: RaceFixture, rng: Rng) {
    this.fx = fx;
    this.rng = rng;
    this.opinion = fx.runners.map(() => 0);
    // How each horse runs on the day: enough for upsets, drawn up front so a seed fixes the race.
    this.form = fx.runners.map(() => 0.015 * rng.normal());
    this.distance = fx.runners.map(() => 0);
    this.nonRunner =
      fx.runners.length > 6 && rng.chance(0.15) ? rng.int(0, fx.runners.length - 1) : undefined;
    this.lastSecond = fx.startTime;
    this.now = fx.startTime - 24 * 3600 * SECOND;
    this.opinionAt = this.now;
  }

  private removed(i: number, now: number): boolean {
    return i === this.nonRunner && now >= this.fx.startTime - NON_RUNNER_BEFORE_MS;
  }

  advance(now: number): void {
    const wasPhase = this.phase(this.now);
    this.now = now;
    // Public opinion drifts once a minute before the off.
    while (this.opinionAt + 60 * SECOND <= Math.min(now, this.fx.startTime)) {
      this.opinionAt += 60 * SECOND;
      for (let i = 0; i < this.opinion.length; i++) {
        this.opinion[i] = 0.9 * (this.opinion[i] as number) + 0.06 * this.rng.normal();
      }
    }
    while (!this.finishOrder && this.lastSecond + SECOND <= now && now >= this.fx.startTime) {
      this.lastSecond += SECOND;
      this.runOneSecond();
    }
    if (this.phase(now) !== wasPhase) this.seq += 1;
  }

  private runOneSecond(): void {
    const progress = Math.max(...this.distance) / this.fx.distanceMetres;
    this.fx.runners.forEach((r, i) => {
      if (this.removed(i, this.lastSecond)) return;
      const ability = (r.rating - 70) / 400;
      // Stamina tells in the final furlongs.
      const finish = progress > 0.7 ? ability * 1.5 : ability * 0.5;
      const speed = BASE_SPEED * (1 + finish + (this.form[i] as number) + 0.02 * this.rng.normal());
      this.distance[i] = (this.distance[i] as number) + speed;
    });
    this.seq += 1;
    const home = this.distance.some((d) => d >= this.fx.distanceMetres);
    if (home) {
      this.finishOrder = this.fx.runners
        .map((_, i) => i)
        .filter((i) => !this.removed(i, this.lastSecond))
        .sort((a, b) => (this.distance[b] as number) - (this.distance[a] as number));
    }
  }

  private phase(now: number): HorseRacingScoreCard['phase'] {
    if (this.finishOrder) return 'FINISHED';
    return now >= this.fx.startTime ? 'RUNNING' : 'PRE_RACE';
  }

  status(): EventStatus {
    const phase = this.phase(this.now);
    return phase === 'FINISHED' ? 'CLOSED' : phase === 'RUNNING' ? 'IN_PLAY' : 'UPCOMING';
  }

  private chances(now: number): number[] {
    const running = this.phase(now) === 'RUNNING';
    const lead = Math.max(...this.distance);
    const progress = lead / this.fx.distanceMetres;
    const scores = this.fx.runners.map((r, i) => {
      if (this.removed(i, now)) return -Infinity;
      const prior = (r.rating - 70) / 8 + (this.opinion[i] as number);
      if (!running) return prior;
      // Lengths behind the leader matter more the nearer the finish.
      const behind = (lead - (this.distance[i] as number)) / 2.4;
      return prior * (1 - progress) - behind * (0.3 + 3 * progress * progress);
    });
    const max = Math.max(...scores);
    const weights = scores.map((s) => (s === -Infinity ? 0 : Math.exp(s - max)));
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / total);
  }

  markets(now: number): ModelMarketView[] {
    const order = this.finishOrder;
    const result: ModelResult | undefined = order ? { kind: 'winner', runnerKey: `h${order[0]}` } : undefined;
    const nonRunnerJustDeclared =
      this.nonRunner !== undefined &&
      now >= this.fx.startTime - NON_RUNNER_BEFORE_MS &&
      now < this.fx.startTime - NON_RUNNER_BEFORE_MS + NON_RUNNER_SUSPEND_MS;
    return [
      {
        key: 'win',
        type: 'WIN',
        name: `${this.fx.distanceMetres}m ${this.fx.raceName}`,
        status: nonRunnerJustDeclared ? 'SUSPENDED' : 'OPEN',
        runners: this.fx.runners.map((r, i) => ({ key: `h${i}`, name: `${i + 1}. ${r.name}` })),
        probabilities: this.chances(now),
        removed: this.fx.runners.map((_, i) => this.removed(i, now)),
        ...(result ? { result } : {}),
      },
    ];
  }

  score(): string | undefined {
    const phase = this.phase(this.now);
    if (phase === 'PRE_RACE') return undefined;
    if (phase === 'RUNNING')
      return `Running: ${Math.min(100, Math.round((Math.max(...this.distance) / this.fx.distanceMetres) * 100))}%`;
    const winner = this.fx.runners[this.finishOrder?.[0] ?? 0];
    return `Won by ${winner?.name ?? ''}`;
  }

  scoreCard(eventId: number, now: number): HorseRacingScoreCard {
    const phase = this.phase(now);
    const positions = new Map<number, number>();
    if (phase !== 'PRE_RACE') {
      const order =
        this.finishOrder ??
        this.fx.runners
          .map((_, i) => i)
          .filter((i) => !this.removed(i, now))
          .sort((a, b) => (this.distance[b] as number) - (this.distance[a] as number));
      order.forEach((i, at) => positions.set(i, at + 1));
    }
    const countdownSeconds = Math.max(0, Math.ceil((this.fx.startTime - now) / SECOND));
    const summary =
      phase === 'PRE_RACE'
        ? `Off in ${Math.floor(countdownSeconds / 60)}m ${countdownSeconds % 60}s`
        : (this.score() ?? '');
    return {
      sport: 'horseRacing',
      eventId,
      course: this.fx.course,
      raceName: this.fx.raceName,
      distanceMetres: this.fx.distanceMetres,
      going: this.fx.going,
      offTime: new Date(this.fx.startTime).toISOString(),
      countdownSeconds: phase === 'PRE_RACE' ? countdownSeconds : 0,
      phase,
      runners: this.fx.runners.map((r, i) => ({
        runnerId: runnerIdOf(`${i + 1}. ${r.name}`),
        number: i + 1,
        name: r.name,
        jockey: r.jockey,
        draw: r.draw,
        weightKg: r.weightKg,
        status: this.removed(i, now) ? 'NON_RUNNER' : 'RUNNER',
        ...(positions.has(i) ? { position: positions.get(i) as number } : {}),
      })),
      summary,
    };
  }

  scoreVersion(): number {
    return this.seq;
  }
}
