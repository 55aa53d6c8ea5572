import type { EventStatus, FootballScoreCard } from '@backlay/contract';
import { poissonPmf } from '../maths';
import type { ModelMarketView, ModelResult, SportModel } from '../model';
import type { Rng } from '../prng';

export interface FootballFixture {
  home: string;
  away: string;
  /** Expected goals over 90 minutes. */
  homeRate: number;
  awayRate: number;
  startTime: number;
}

const MINUTE = 60_000;
const HALF_TIME_MS = 15 * MINUTE;
/** Markets suspend just before a goal is given and reopen once the restart is near. */
const SUSPEND_BEFORE_GOAL_MS = 3_000;
const SUSPEND_AFTER_GOAL_MS = 45_000;
export const GOAL_LINES = [0.5, 1.5, 2.5] as const;

interface Goal {
  at: number;
  minute: number;
  team: 'home' | 'away';
}

type Period = FootballScoreCard['period'];

/**
 * Goals as two Poisson processes (a bit livelier late on), drawn when the match is created so a
 * seed fixes the match; prices come from the Poisson distribution of the goals still to come.
 */
export class FootballModel implements SportModel {
  readonly sport = 'football' as const;
  private readonly firstHalfMs: number;
  private readonly secondHalfMs: number;
  private readonly goals: Goal[];
  private now: number;
  private scoreSeq = 0;
  private lastMinute = -1;
  private lastPeriod: Period = 'PRE';
  private lastGoalCount = 0;

  constructor(
    private readonly fx: FootballFixture,
    rng: Rng,
  ) {
    this.firstHalfMs = (45 + rng.int(1, 3)) * MINUTE;
    this.secondHalfMs = (45 + rng.int(2, 6)) * MINUTE;
    this.goals = [];
    this.now = fx.startTime - 1;
    for (const team of ['home', 'away'] as const) {
      const rate = team === 'home' ? fx.homeRate : fx.awayRate;
      for (const [from, length, minuteBase] of [
        [0, this.firstHalfMs, 0],
        [this.firstHalfMs + HALF_TIME_MS, this.secondHalfMs, 45],
      ] as const) {
        // Thinning: draw at the peak rate, keep with the ratio to the rate at that minute.
        const peak = (rate / 90) * 1.2;
        let t = rng.exponential(1 / peak);
        while (t < length / MINUTE) {
          const minute = minuteBase + t;
          if (rng.next() < this.intensity(minute) / 1.2) {
            this.goals.push({
              at: fx.startTime + from + Math.round(t * MINUTE),
              minute: Math.floor(minute) + 1,
              team,
            });
          }
          t += rng.exponential(1 / peak);
        }
      }
    }
    this.goals.sort((a, b) => a.at - b.at);
  }

  /** Relative scoring rate by minute: quieter early, busier late. */
  private intensity(minute: number): number {
    return 0.8 + 0.4 * Math.min(1, minute / 90);
  }

  private get endTime(): number {
    return this.fx.startTime + this.firstHalfMs + HALF_TIME_MS + this.secondHalfMs;
  }

  private period(now: number): Period {
    const t = now - this.fx.startTime;
    if (t < 0) return 'PRE';
    if (t < this.firstHalfMs) return 'FIRST_HALF';
    if (t < this.firstHalfMs + HALF_TIME_MS) return 'HALF_TIME';
    if (now < this.endTime) return 'SECOND_HALF';
    return 'FULL_TIME';
  }

  /**
   * Expected goals still to come as a share of a team's 90-minute rate: the scoring intensity summed
   * over the playing time left, added time included, exactly as the goals are drawn.
   */
  private remainingShare(now: number): number {
    const t = (now - this.fx.startTime) / MINUTE;
    const first = this.firstHalfMs / MINUTE;
    const second = this.secondHalfMs / MINUTE;
    const secondStart = first + HALF_TIME_MS / MINUTE;
    let total = 0;
    const add = (from: number, to: number, minuteBase: number) => {
      // The intensity is linear in the minute (capped at 90): integrate it in closed form.
      for (let a = from; a < to; a += 1) {
        const b = Math.min(to, a + 1);
        const mid = minuteBase + (a + b) / 2;
        total += (b - a) * this.intensity(Math.min(mid, 90));
      }
    };
    add(Math.max(0, t), first, 0);
    add(Math.max(0, t - secondStart), second, 45);
    return total / 90;
  }

  private displayMinute(now: number): number {
    const t = now - this.fx.startTime;
    switch (this.period(now)) {
      case 'PRE':
        return 0;
      case 'FIRST_HALF':
        return Math.floor(t / MINUTE) + 1;
      case 'HALF_TIME':
        return 45;
      case 'SECOND_HALF':
        return 45 + Math.floor((t - this.firstHalfMs - HALF_TIME_MS) / MINUTE) + 1;
      default:
        return 90;
    }
  }

  private scored(now: number): Goal[] {
    return this.goals.filter((g) => g.at <= now);
  }

  advance(now: number): void {
    this.now = now;
    const minute = this.displayMinute(now);
    const period = this.period(now);
    const goals = this.scored(now).length;
    if (minute !== this.lastMinute || period !== this.lastPeriod || goals !== this.lastGoalCount) {
      this.scoreSeq += 1;
      this.lastMinute = minute;
      this.lastPeriod = period;
      this.lastGoalCount = goals;
    }
  }

  status(): EventStatus {
    const period = this.period(this.now);
    return period === 'PRE' ? 'UPCOMING' : period === 'FULL_TIME' ? 'CLOSED' : 'IN_PLAY';
  }

  private suspended(now: number): boolean {
    return this.goals.some((g) => now >= g.at - SUSPEND_BEFORE_GOAL_MS && now < g.at + SUSPEND_AFTER_GOAL_MS);
  }

  markets(now: number): ModelMarketView[] {
    const goals = this.scored(now);
    const h = goals.filter((g) => g.team === 'home').length;
    const a = goals.length - h;
    const over = this.period(now) === 'FULL_TIME';
    const remaining = this.remainingShare(now);
    const ph = poissonPmf(this.fx.homeRate * remaining, 12);
    const pa = poissonPmf(this.fx.awayRate * remaining, 12);
    let home = 0;
    let draw = 0;
    let away = 0;
    const total = new Array<number>(25).fill(0);
    ph.forEach((x, i) =>
      pa.forEach((y, j) => {
        const p = x * y;
        const d = h + i - (a + j);
        if (d > 0) home += p;
        else if (d < 0) away += p;
        else draw += p;
        total[i + j] = (total[i + j] as number) + p;
      }),
    );
    const status = this.suspended(now) ? 'SUSPENDED' : 'OPEN';
    const moRunners = [
      { key: 'home', name: this.fx.home },
      { key: 'away', name: this.fx.away },
      { key: 'draw', name: 'The Draw' },
    ];
    const moResult: ModelResult | undefined = over
      ? { kind: 'winner', runnerKey: h > a ? 'home' : h < a ? 'away' : 'draw' }
      : undefined;
    const views: ModelMarketView[] = [
      {
        key: 'mo',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        status,
        runners: moRunners,
        probabilities: [home, away, draw],
        ...(moResult ? { result: moResult } : {}),
      },
    ];
    for (const line of GOAL_LINES) {
      const needed = Math.ceil(line) - (h + a);
      const pOver = needed <= 0 ? 1 : total.slice(needed).reduce((s, p) => s + p, 0);
      const decided = needed <= 0 || over;
      const runners = [
        { key: 'under', name: `Under ${line} Goals` },
        { key: 'over', name: `Over ${line} Goals` },
      ];
      views.push({
        key: `ou-${line}`,
        type: 'OVER_UNDER',
        name: `Over/Under ${line} Goals`,
        status,
        runners,
        probabilities: [1 - pOver, pOver],
        ...(decided ? { result: { kind: 'winner', runnerKey: needed <= 0 ? 'over' : 'under' } } : {}),
      });
    }
    return views;
  }

  score(): string | undefined {
    const period = this.period(this.now);
    if (period === 'PRE') return undefined;
    const goals = this.scored(this.now);
    const h = goals.filter((g) => g.team === 'home').length;
    const line = `${h}-${goals.length - h}`;
    if (period === 'HALF_TIME') return `HT ${line}`;
    if (period === 'FULL_TIME') return `FT ${line}`;
    return `${line} ${this.displayMinute(this.now)}'`;
  }

  scoreCard(eventId: number, now: number): FootballScoreCard {
    const goals = this.scored(now);
    const h = goals.filter((g) => g.team === 'home').length;
    const a = goals.length - h;
    const period = this.period(now);
    const summary =
      period === 'PRE'
        ? `Kick-off ${new Date(this.fx.startTime).toISOString().slice(11, 16)} UTC`
        : period === 'FULL_TIME'
          ? `Full time: ${this.fx.home} ${h}-${a} ${this.fx.away}`
          : `${this.fx.home} ${h}-${a} ${this.fx.away}`;
    return {
      sport: 'football',
      eventId,
      home: this.fx.home,
      away: this.fx.away,
      homeGoals: h,
      awayGoals: a,
      period,
      minute: this.displayMinute(now),
      goals: goals.map((g) => ({ minute: g.minute, team: g.team })),
      summary,
    };
  }

  scoreVersion(): number {
    return this.scoreSeq;
  }

  /** The goal times, for tests that check suspension around them. */
  goalTimes(): number[] {
    return this.goals.map((g) => g.at);
  }
}
