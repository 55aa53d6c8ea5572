import type { CricketScoreCard, EventStatus } from '@backlay/contract';
import { normalCdf } from '../maths';
import type { ModelMarketView, ModelResult, ModelRunner, SportModel } from '../model';
import type { Rng } from '../prng';
import {
  BALLS,
  OUTCOMES,
  RUNS,
  ballProbabilities,
  cachedChaseStart,
  cachedChaseTable,
  cachedInningsTables,
  type ChaseStart,
  type ChaseTable,
  tableAt,
  type InningsTables,
  type Outcome,
} from './cricket-maths';

export interface CricketTeam {
  name: string;
  short: string;
  rating: number;
}

export interface CricketFixture {
  team1: CricketTeam;
  team2: CricketTeam;
  /** The first ball; the toss is half an hour before. */
  startTime: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const TOSS_BEFORE_MS = 30 * MINUTE;
const INNINGS_BREAK_MS = 20 * MINUTE;
/** The ball is live (fancy and bookmaker not taking bets) from the bowler's run-up to the dead ball. */
export const BALL_RUNNING_BEFORE_MS = 4 * SECOND;
export const BALL_RUNNING_AFTER_MS = 1 * SECOND;
/** Everything suspends while a wicket is confirmed and the new batter walks in. */
export const WICKET_SUSPEND_MS = 30 * SECOND;
/** Session markets: runs after this many overs. */
const SESSIONS_FIRST = [6, 10, 15, 20];
const SESSIONS_SECOND = [6, 10, 15];
const FALL_OF_WICKET_UP_TO = 5;

interface Innings {
  batting: 0 | 1;
  runs: number;
  wickets: number;
  balls: number;
  extras: number;
  /** Runs when the nth wicket fell. */
  fallOfWickets: number[];
  /** Runs at the end of each over. */
  runsAtOver: number[];
  thisOver: string[];
  endedAt?: number;
  /** Runs at the end of the innings (when complete). */
}

type Phase = CricketScoreCard['phase'];

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

/**
 * A T20 played ball by ball: toss, two innings, an innings break, and rarely rain that ends it
 * (everything still open is void). Match odds, bookmaker, toss and fancy sessions are priced from
 * the exact tables of cricket-maths for the same ball model.
 */
export class CricketModel implements SportModel {
  readonly sport = 'cricket' as const;
  private readonly teams: [CricketTeam, CricketTeam];
  private readonly rng: Rng;
  private readonly tossAt: number;
  private readonly tossWinner: 0 | 1;
  private readonly tossDecision: 'bat' | 'bowl';
  private readonly battingFirst: 0 | 1;
  /** Per team (by index), batting edge over the other side. */
  private readonly edge: [number, number];
  private readonly tables: [InningsTables, InningsTables];
  /** Per team, its chase's first row: all the prices need until the second innings starts. */
  private readonly chaseStart: [ChaseStart, ChaseStart];
  /** The chasing side's whole table, taken when the second innings starts (`chaseTable`). */
  private readonly chase: [ChaseTable | undefined, ChaseTable | undefined] = [undefined, undefined];
  /** Legal-ball count of the first innings at which rain ends the match, if it rains. */
  private readonly rainAt: { innings: 0 | 1; ball: number } | undefined;
  private readonly superOverWinner: 0 | 1;
  private innings: Innings[] = [];
  private nextBallAt: number;
  private lastWicketAt = -Infinity;
  private lastBallAt = -Infinity;
  private phaseNow: Phase = 'PRE_TOSS';
  private finishedAt: number | undefined;
  private winner: 0 | 1 | undefined;
  private abandoned = false;
  private now: number;
  private seq = 0;

  constructor(fx: CricketFixture, rng: Rng) {
    this.teams = [fx.team1, fx.team2];
    this.rng = rng;
    this.tossAt = fx.startTime - TOSS_BEFORE_MS;
    this.tossWinner = rng.chance(0.5) ? 0 : 1;
    this.tossDecision = rng.chance(0.35) ? 'bat' : 'bowl';
    this.battingFirst = this.tossDecision === 'bat' ? this.tossWinner : ((1 - this.tossWinner) as 0 | 1);
    const diff = (fx.team1.rating - fx.team2.rating) / 60;
    this.edge = [diff, -diff];
    const ends = SESSIONS_FIRST.map((o) => o * 6);
    this.tables = [cachedInningsTables(this.edge[0], ends), cachedInningsTables(this.edge[1], ends)];
    this.chaseStart = [cachedChaseStart(this.edge[0]), cachedChaseStart(this.edge[1])];
    this.rainAt = rng.chance(0.04) ? { innings: rng.chance(0.5) ? 0 : 1, ball: rng.int(10, 110) } : undefined;
    this.superOverWinner = rng.chance(0.5) ? 0 : 1;
    this.nextBallAt = fx.startTime + 30 * SECOND;
    this.now = fx.startTime - 24 * 60 * MINUTE;
  }

  // ---- playing

  advance(now: number): void {
    this.now = now;
    if (this.phaseNow === 'PRE_TOSS' && now >= this.tossAt) this.setPhase('TOSS_DONE');
    while (this.finishedAt === undefined && now >= this.nextBallAt) {
      this.bowl(this.nextBallAt);
    }
  }

  private setPhase(phase: Phase): void {
    this.phaseNow = phase;
    this.seq += 1;
  }

  private current(): Innings | undefined {
    return this.innings[this.innings.length - 1];
  }

  private bowl(at: number): void {
    let inn = this.current();
    if (!inn) {
      inn = this.newInnings(this.battingFirst);
      this.setPhase('INNINGS_1');
    } else if (inn.endedAt !== undefined) {
      inn = this.newInnings((1 - inn.batting) as 0 | 1);
      this.setPhase('INNINGS_2');
    }
    const rain = this.rainAt;
    if (rain && this.innings.length - 1 === rain.innings && inn.balls >= rain.ball) {
      this.abandoned = true;
      this.finishedAt = at;
      inn.endedAt = at;
      this.setPhase('ABANDONED');
      return;
    }
    const p = ballProbabilities(inn.balls, inn.wickets, this.edge[inn.batting]);
    const outcome = OUTCOMES[this.rng.weighted(OUTCOMES.map((o) => p[o]))] as Outcome;
    inn.runs += RUNS[outcome];
    if (outcome === 'wd' || outcome === 'nb') inn.extras += 1;
    else inn.balls += 1;
    if (outcome === 'W') {
      inn.wickets += 1;
      inn.fallOfWickets.push(inn.runs);
      this.lastWicketAt = at;
    }
    inn.thisOver.push(outcome);
    this.lastBallAt = at;
    this.seq += 1;
    const overDone = outcome !== 'wd' && outcome !== 'nb' && inn.balls % 6 === 0;
    if (overDone) inn.runsAtOver.push(inn.runs);
    const target = this.target();
    const chaseDone = this.innings.length === 2 && target !== undefined && inn.runs >= target;
    if (inn.balls >= BALLS || inn.wickets >= 10 || chaseDone) {
      inn.endedAt = at;
      if (this.innings.length === 1) {
        this.setPhase('INNINGS_BREAK');
        this.nextBallAt = at + INNINGS_BREAK_MS;
      } else {
        this.finish(at);
      }
      return;
    }
    let gap = this.rng.int(26, 40) * SECOND;
    if (overDone) {
      gap += this.rng.int(40, 70) * SECOND;
      inn.thisOver = [];
    }
    if (outcome === 'W') gap += 60 * SECOND;
    this.nextBallAt = at + gap;
  }

  private newInnings(batting: 0 | 1): Innings {
    const inn: Innings = {
      batting,
      runs: 0,
      wickets: 0,
      balls: 0,
      extras: 0,
      fallOfWickets: [],
      runsAtOver: [],
      thisOver: [],
    };
    this.innings.push(inn);
    return inn;
  }

  private target(): number | undefined {
    const first = this.innings[0];
    return first && first.endedAt !== undefined ? first.runs + 1 : undefined;
  }

  private finish(at: number): void {
    const [a, b] = this.innings as [Innings, Innings];
    this.finishedAt = at;
    this.winner = a.runs > b.runs ? a.batting : b.runs > a.runs ? b.batting : this.superOverWinner;
    this.setPhase('FINISHED');
  }

  status(): EventStatus {
    if (this.finishedAt !== undefined) return 'CLOSED';
    return this.now >= this.tossAt + TOSS_BEFORE_MS ? 'IN_PLAY' : 'UPCOMING';
  }

  // ---- pricing

  private chanceMemo: { seq: number; tossKnown: boolean; value: number } | undefined;

  /** Chance that team index 0 wins; it only moves with the game, so it is worked out once a ball. */
  private team1Chance(): number {
    const tossKnown = this.now >= this.tossAt;
    const memo = this.chanceMemo;
    if (memo && memo.seq === this.seq && memo.tossKnown === tossKnown) return memo.value;
    const value = this.team1ChanceNow();
    this.chanceMemo = { seq: this.seq, tossKnown, value };
    return value;
  }

  private team1ChanceNow(): number {
    const inn = this.current();
    if (!inn) {
      if (this.now < this.tossAt) return this.averagedTeam1();
      const p = this.chanceBattingFirstWins(this.battingFirst, 0, 0, 0);
      return this.battingFirst === 0 ? p : 1 - p;
    }
    if (this.innings.length === 1 && inn.endedAt === undefined) {
      const p = this.chanceBattingFirstWins(inn.batting, inn.runs, inn.balls, inn.wickets);
      return inn.batting === 0 ? p : 1 - p;
    }
    const chasing = (1 - (this.innings[0] as Innings).batting) as 0 | 1;
    const second = this.innings[1];
    const target = this.target() as number;
    const p = second
      ? this.chaseTable(chasing).winChance(second.balls, second.wickets, target - second.runs)
      : this.chaseStart[chasing].winChance(target);
    return chasing === 0 ? p : 1 - p;
  }

  private chaseTable(side: 0 | 1): ChaseTable {
    return (this.chase[side] ??= cachedChaseTable(this.edge[side]));
  }

  /** Before the toss, team 1's chance averaged over who bats first. */
  private averagedTeam1(): number {
    const aFirst = this.chanceBattingFirstWins(0, 0, 0, 0);
    const bFirst = this.chanceBattingFirstWins(1, 0, 0, 0);
    return 0.5 * aFirst + 0.5 * (1 - bFirst);
  }

  /** The side batting first wins if the other side's chase of its total fails. */
  private chanceBattingFirstWins(first: 0 | 1, runs: number, balls: number, wickets: number): number {
    const t = this.tables[first];
    const mean = runs + tableAt(t.mean, balls, wickets);
    const sd = Math.sqrt(tableAt(t.variance, balls, wickets));
    const chase = this.chaseStart[(1 - first) as 0 | 1];
    if (sd < 0.5) return 1 - chase.winChance(Math.round(mean) + 1);
    let win = 0;
    let mass = 0;
    const lo = Math.max(runs, Math.floor(mean - 4 * sd));
    const hi = Math.ceil(mean + 4 * sd);
    for (let k = lo; k <= hi; k++) {
      const p = normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd);
      mass += p;
      win += p * (1 - chase.winChance(k + 1));
    }
    return mass > 0 ? win / mass : 0.5;
  }

  private ballStatus(now: number): 'OPEN' | 'SUSPENDED' | 'BALL_RUNNING' {
    if (now < this.lastWicketAt + WICKET_SUSPEND_MS) return 'SUSPENDED';
    const live = this.finishedAt === undefined && now >= this.tossAt + TOSS_BEFORE_MS;
    if (!live) return 'OPEN';
    if (now >= this.nextBallAt - BALL_RUNNING_BEFORE_MS || now < this.lastBallAt + BALL_RUNNING_AFTER_MS) {
      return 'BALL_RUNNING';
    }
    return 'OPEN';
  }

  markets(now: number): ModelMarketView[] {
    const views: ModelMarketView[] = [];
    const runners: ModelRunner[] = [
      { key: 't1', name: this.teams[0].name },
      { key: 't2', name: this.teams[1].name },
    ];
    const over = this.finishedAt !== undefined;
    const matchResult: ModelResult | undefined = this.abandoned
      ? { kind: 'void', reason: 'Match abandoned (rain)' }
      : over
        ? { kind: 'winner', runnerKey: this.winner === 0 ? 't1' : 't2' }
        : undefined;
    const p1 = over ? 0.5 : this.team1Chance();
    const ball = this.ballStatus(now);
    const wicketHold = now < this.lastWicketAt + WICKET_SUSPEND_MS;
    const withResult = (r: ModelResult | undefined) => (r ? { result: r } : {});
    views.push({
      key: 'mo',
      type: 'MATCH_ODDS',
      name: 'Match Odds',
      status: wicketHold ? 'SUSPENDED' : 'OPEN',
      runners,
      probabilities: [p1, 1 - p1],
      ...withResult(matchResult),
    });
    views.push({
      key: 'bm',
      type: 'BOOKMAKER',
      name: 'Bookmaker',
      status: ball,
      runners,
      probabilities: [p1, 1 - p1],
      ...withResult(matchResult),
    });
    views.push({
      key: 'toss',
      type: 'TOSS',
      name: 'Toss',
      status: 'OPEN',
      runners,
      probabilities: [0.5, 0.5],
      ...(now >= this.tossAt
        ? { result: { kind: 'winner', runnerKey: this.tossWinner === 0 ? 't1' : 't2' } }
        : {}),
    });
    if (now >= this.tossAt) views.push(...this.sessionViews(ball));
    return views;
  }

  /** Session markets of each innings once its batting side is known. */
  private sessionViews(ball: 'OPEN' | 'SUSPENDED' | 'BALL_RUNNING'): ModelMarketView[] {
    const views: ModelMarketView[] = [];
    for (const which of [0, 1] as const) {
      const inn = this.innings[which];
      const batting = inn?.batting ?? (which === 0 ? this.battingFirst : ((1 - this.battingFirst) as 0 | 1));
      // Second-innings sessions open at the innings break.
      const firstDone = this.innings[0]?.endedAt !== undefined;
      if (which === 1 && !firstDone) continue;
      const team = this.teams[batting];
      const runs = inn?.runs ?? 0;
      const balls = inn?.balls ?? 0;
      const wickets = inn?.wickets ?? 0;
      const ended = inn?.endedAt !== undefined || this.finishedAt !== undefined;
      const t = this.tables[batting];
      for (const overs of which === 0 ? SESSIONS_FIRST : SESSIONS_SECOND) {
        const end = overs * 6;
        let result: ModelResult | undefined;
        if (this.abandoned && balls < end && !(inn?.wickets === 10)) {
          result = { kind: 'void', reason: 'Match abandoned before the session ended' };
        } else if (inn && balls >= end) {
          result = { kind: 'runs', runs: inn.runsAtOver[overs - 1] ?? inn.runs };
        } else if (ended) {
          result = { kind: 'runs', runs: runs };
        }
        const sessionTable = t.sessionMean.get(Math.min(end, BALLS)) ?? t.mean;
        views.push({
          key: `s-${which}-${overs}`,
          type: 'FANCY',
          name: overs === 20 ? `20 over runs ${team.short}` : `${overs} over runs ${team.short}`,
          status: ball,
          fancy: { mean: runs + tableAt(sessionTable, balls, wickets), floor: runs + 1 },
          ...(result ? { result } : {}),
        });
      }
      // The next wicket's partnership, up to the fifth.
      const fallen = inn?.fallOfWickets ?? [];
      for (let k = 1; k <= Math.min(FALL_OF_WICKET_UP_TO, wickets + 1); k++) {
        let result: ModelResult | undefined;
        if (fallen.length >= k) result = { kind: 'runs', runs: fallen[k - 1] as number };
        else if (this.abandoned) result = { kind: 'void', reason: 'Match abandoned before the wicket fell' };
        else if (ended) result = { kind: 'runs', runs };
        views.push({
          key: `fow-${which}-${k}`,
          type: 'FANCY',
          name: `Fall of ${ordinal(k)} wkt ${team.short}`,
          status: ball,
          fancy: { mean: runs + tableAt(t.nextWicketMean, balls, wickets), floor: runs + 1 },
          ...(result ? { result } : {}),
        });
      }
    }
    return views;
  }

  // ---- scores

  score(): string | undefined {
    const inn = this.current();
    if (!inn) return undefined;
    if (this.finishedAt !== undefined) return this.resultText();
    const team = this.teams[inn.batting].short;
    const line = `${team} ${inn.runs}/${inn.wickets} (${oversText(inn.balls)} ov)`;
    if (this.innings.length === 1) return inn.endedAt !== undefined ? `${line}, innings break` : line;
    const target = this.target() as number;
    return `${line}, need ${target - inn.runs} from ${BALLS - inn.balls}`;
  }

  private resultText(): string {
    if (this.abandoned) return 'Match abandoned (rain)';
    const [a, b] = this.innings as [Innings, Innings];
    const winnerName = this.teams[this.winner as 0 | 1].name;
    if (a.runs === b.runs) return `Match tied, ${winnerName} won the super over`;
    if (this.winner === a.batting) return `${winnerName} won by ${a.runs - b.runs} runs`;
    return `${winnerName} won by ${10 - b.wickets} wickets`;
  }

  scoreCard(eventId: number, _now: number): CricketScoreCard {
    const inn = this.current();
    const target = this.target();
    const second = this.innings.length === 2 ? this.innings[1] : undefined;
    let summary: string;
    if (this.finishedAt !== undefined) summary = this.resultText();
    else if (!inn) {
      summary =
        this.phaseNow === 'PRE_TOSS'
          ? `Toss at ${new Date(this.tossAt).toISOString().slice(11, 16)} UTC`
          : `${this.teams[this.tossWinner].name} won the toss and chose to ${this.tossDecision}`;
    } else if (second && target !== undefined) {
      summary = `${this.teams[second.batting].name} need ${target - second.runs} runs from ${BALLS - second.balls} balls`;
    } else if (this.phaseNow === 'INNINGS_BREAK' && target !== undefined) {
      summary = `Innings break: ${this.teams[(1 - (inn?.batting ?? 0)) as 0 | 1].name} need ${target} to win`;
    } else {
      summary = `${this.teams[inn.batting].name} batting`;
    }
    const card: CricketScoreCard = {
      sport: 'cricket',
      eventId,
      format: 'T20',
      maxOvers: 20,
      phase: this.phaseNow,
      innings: this.innings.map((i) => ({
        team: this.teams[i.batting].name,
        runs: i.runs,
        wickets: i.wickets,
        balls: i.balls,
        overs: oversText(i.balls),
        extras: i.extras,
      })),
      recentBalls: inn ? [...inn.thisOver] : [],
      summary,
    };
    if (this.phaseNow !== 'PRE_TOSS') {
      card.toss = { winner: this.teams[this.tossWinner].name, decision: this.tossDecision };
    }
    if (inn) {
      card.battingTeam = this.teams[inn.batting].name;
      if (inn.balls > 0) card.currentRunRate = Math.round((inn.runs / inn.balls) * 600) / 100;
    }
    if (target !== undefined) {
      card.target = target;
      if (second && second.balls < BALLS) {
        card.requiredRunRate = Math.max(
          0,
          Math.round(((target - second.runs) / (BALLS - second.balls)) * 600) / 100,
        );
      }
    }
    return card;
  }

  scoreVersion(): number {
    return this.seq;
  }

  /** For tests: whether rain will end this match. */
  rainPlanned(): boolean {
    return this.rainAt !== undefined;
  }

  /** For tests: when the next ball will be bowled, and the wickets so far (time, innings). */
  nextBallTime(): number {
    return this.nextBallAt;
  }
  lastWicketTime(): number {
    return this.lastWicketAt;
  }
  inningsState(): readonly Readonly<Innings>[] {
    return this.innings;
  }
}
