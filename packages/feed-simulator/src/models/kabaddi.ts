import type { EventStatus, KabaddiScoreCard } from '@backlay/contract';
import { normalCdf } from '../maths';
import type { ModelMarketView, ModelResult, SportModel } from '../model';
import type { Rng } from '../prng';

export interface KabaddiFixture {
  home: string;
  away: string;
  /** Home side's edge in log terms (about −0.3 to 0.3). */
  edge: number;
  startTime: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HALF_MS = 20 * MINUTE;
const BREAK_MS = 5 * MINUTE;
const ALL_OUT_SUSPEND_MS = 20 * SECOND;

/** Points of one raid: [to the raiding side, to the defending side, all out (2 bonus points)]. */
type RaidOutcome = [number, number, boolean];

const RAID_OUTCOMES: readonly { weight: number; outcome: RaidOutcome }[] = [
  { weight: 0.3, outcome: [0, 0, false] },
  { weight: 0.33, outcome: [1, 0, false] },
  { weight: 0.11, outcome: [2, 0, false] },
  { weight: 0.035, outcome: [3, 0, false] },
  { weight: 0.015, outcome: [3, 0, true] },
  { weight: 0.17, outcome: [0, 1, false] },
  { weight: 0.03, outcome: [0, 2, false] },
  { weight: 0.01, outcome: [0, 1, true] },
];

/**
 * Raids alternate between the sides every half-minute or so across two halves of twenty minutes.
 * The final margin is priced with a normal approximation of the points still to come, which gives
 * the tie its own price as Pro Kabaddi league matches can end level.
 */
export class KabaddiModel implements SportModel {
  readonly sport = 'kabaddi' as const;
  private readonly fx: KabaddiFixture;
  private readonly rng: Rng;
  private points: [number, number] = [0, 0];
  private allOuts: [number, number] = [0, 0];
  private raids = 0;
  private raiding: 0 | 1;
  private nextRaidAt: number;
  private lastAllOutAt = -Infinity;
  private now: number;
  private seq = 0;
  /** Mean and variance of the home-minus-away margin per raid, by which side raids. */
  private readonly perRaid: [{ mean: number; variance: number }, { mean: number; variance: number }];

  constructor(fx: KabaddiFixture, rng: Rng) {
    this.fx = fx;
    this.rng = rng;
    this.raiding = rng.chance(0.5) ? 0 : 1;
    this.nextRaidAt = fx.startTime + 30 * SECOND;
    this.now = fx.startTime - 1;
    this.perRaid = [this.moments(0), this.moments(1)];
  }

  private weights(side: 0 | 1): number[] {
    const edge = side === 0 ? this.fx.edge : -this.fx.edge;
    return RAID_OUTCOMES.map(
      ({ weight, outcome }) => weight * Math.exp(outcome[0] > 0 ? edge : outcome[1] > 0 ? -edge : 0),
    );
  }

  private moments(side: 0 | 1): { mean: number; variance: number } {
    const w = this.weights(side);
    const total = w.reduce((a, b) => a + b, 0);
    let mean = 0;
    let second = 0;
    RAID_OUTCOMES.forEach(({ outcome: [att, def, allOut] }, i) => {
      const forRaider = att + (allOut && att > 0 ? 2 : 0);
      const forDefender = def + (allOut && def > 0 ? 2 : 0);
      const margin = (forRaider - forDefender) * (side === 0 ? 1 : -1);
      const p = (w[i] as number) / total;
      mean += p * margin;
      second += p * margin * margin;
    });
    return { mean, variance: second - mean * mean };
  }

  private get endTime(): number {
    return this.fx.startTime + 2 * HALF_MS + BREAK_MS;
  }

  private phase(now: number): KabaddiScoreCard['status'] {
    const t = now - this.fx.startTime;
    if (t < 0) return 'NOT_STARTED';
    if (t < HALF_MS) return 'FIRST_HALF';
    if (t < HALF_MS + BREAK_MS) return 'HALF_TIME';
    if (now < this.endTime) return 'SECOND_HALF';
    return 'FINISHED';
  }

  advance(now: number): void {
    const before = this.phase(this.now);
    this.now = now;
    if (this.phase(now) !== before) this.seq += 1;
    while (this.nextRaidAt <= now && this.nextRaidAt < this.endTime) {
      const at = this.nextRaidAt;
      const [att, def, allOut] = RAID_OUTCOMES[this.rng.weighted(this.weights(this.raiding))]?.outcome ?? [
        0,
        0,
        false,
      ];
      const raider = this.raiding;
      const defender = (1 - raider) as 0 | 1;
      this.points[raider] += att + (allOut && att > 0 ? 2 : 0);
      this.points[defender] += def + (allOut && def > 0 ? 2 : 0);
      if (allOut) {
        this.allOuts[att > 0 ? raider : defender] += 1;
        this.lastAllOutAt = at;
      }
      this.raids += 1;
      this.seq += 1;
      this.raiding = defender;
      let next = at + this.rng.int(22, 38) * SECOND;
      // No raids during the break: the second half starts after it.
      const secondHalf = this.fx.startTime + HALF_MS + BREAK_MS;
      if (at < this.fx.startTime + HALF_MS && next >= this.fx.startTime + HALF_MS)
        next = secondHalf + 10 * SECOND;
      this.nextRaidAt = next;
    }
  }

  status(): EventStatus {
    const phase = this.phase(this.now);
    return phase === 'NOT_STARTED' ? 'UPCOMING' : phase === 'FINISHED' ? 'CLOSED' : 'IN_PLAY';
  }

  markets(now: number): ModelMarketView[] {
    const margin = this.points[0] - this.points[1];
    const over = this.phase(now) === 'FINISHED';
    let home: number;
    let away: number;
    let tie: number;
    if (over) {
      home = margin > 0 ? 1 : 0;
      away = margin < 0 ? 1 : 0;
      tie = margin === 0 ? 1 : 0;
    } else {
      const remainingMs = this.playingTimeLeft(now);
      const raidsLeft = remainingMs / (30 * SECOND);
      const m = this.perRaid[0].mean + this.perRaid[1].mean;
      const v = this.perRaid[0].variance + this.perRaid[1].variance;
      const mean = margin + (raidsLeft / 2) * m;
      const sd = Math.sqrt(Math.max(0.25, (raidsLeft / 2) * v));
      tie = normalCdf((0.5 - mean) / sd) - normalCdf((-0.5 - mean) / sd);
      home = 1 - normalCdf((0.5 - mean) / sd);
      away = normalCdf((-0.5 - mean) / sd);
    }
    const result: ModelResult | undefined = over
      ? { kind: 'winner', runnerKey: margin > 0 ? 'home' : margin < 0 ? 'away' : 'tie' }
      : undefined;
    return [
      {
        key: 'mo',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        status: now < this.lastAllOutAt + ALL_OUT_SUSPEND_MS ? 'SUSPENDED' : 'OPEN',
        runners: [
          { key: 'home', name: this.fx.home },
          { key: 'away', name: this.fx.away },
          { key: 'tie', name: 'Tie' },
        ],
        probabilities: [home, away, tie],
        ...(result ? { result } : {}),
      },
    ];
  }

  private playingTimeLeft(now: number): number {
    const t = now - this.fx.startTime;
    switch (this.phase(now)) {
      case 'NOT_STARTED':
        return 2 * HALF_MS;
      case 'FIRST_HALF':
        return 2 * HALF_MS - t;
      case 'HALF_TIME':
        return HALF_MS;
      case 'SECOND_HALF':
        return this.endTime - now;
      default:
        return 0;
    }
  }

  private minute(now: number): number {
    const t = now - this.fx.startTime;
    switch (this.phase(now)) {
      case 'NOT_STARTED':
        return 0;
      case 'FIRST_HALF':
        return Math.floor(t / MINUTE) + 1;
      case 'HALF_TIME':
        return 20;
      case 'SECOND_HALF':
        return 20 + Math.floor((t - HALF_MS - BREAK_MS) / MINUTE) + 1;
      default:
        return 40;
    }
  }

  score(): string | undefined {
    const phase = this.phase(this.now);
    if (phase === 'NOT_STARTED') return undefined;
    const line = `${this.points[0]}-${this.points[1]}`;
    if (phase === 'HALF_TIME') return `HT ${line}`;
    if (phase === 'FINISHED') return `FT ${line}`;
    return `${line} ${this.minute(this.now)}'`;
  }

  scoreCard(eventId: number, now: number): KabaddiScoreCard {
    const status = this.phase(now);
    const [h, a] = this.points;
    const summary =
      status === 'FINISHED'
        ? h === a
          ? `Match tied ${h}-${a}`
          : `${h > a ? this.fx.home : this.fx.away} won ${Math.max(h, a)}-${Math.min(h, a)}`
        : status === 'NOT_STARTED'
          ? 'Starts soon'
          : `${this.fx.home} ${h}-${a} ${this.fx.away}`;
    return {
      sport: 'kabaddi',
      eventId,
      home: this.fx.home,
      away: this.fx.away,
      homePoints: h,
      awayPoints: a,
      half: status === 'NOT_STARTED' ? 0 : status === 'FIRST_HALF' ? 1 : 2,
      minute: this.minute(now),
      raids: this.raids,
      allOuts: [this.allOuts[0], this.allOuts[1]],
      status,
      summary,
    };
  }

  scoreVersion(): number {
    return this.seq;
  }
}
