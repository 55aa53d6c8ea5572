import type { EventStatus, TennisScoreCard } from '@backlay/contract';
import type { ModelMarketView, ModelResult, SportModel } from '../model';
import type { Rng } from '../prng';

export interface TennisFixture {
  players: [string, string];
  /** Chance each player wins a point on their own serve. */
  serve: [number, number];
  bestOf: 3 | 5;
  startTime: number;
}

const SECOND = 1000;

/**
 * Point by point, with the exact chance of winning the match from any score (games, tie-breaks and
 * sets by recursion over the two serve probabilities). Rarely a player retires: the match goes to the
 * opponent if a set was completed, otherwise it is void.
 */
export class TennisModel implements SportModel {
  readonly sport = 'tennis' as const;
  private readonly fx: TennisFixture;
  private readonly rng: Rng;
  /** [player1 games, player2 games] per set. */
  private sets: [number, number][] = [[0, 0]];
  private points: [number, number] = [0, 0];
  private server: 0 | 1;
  private tieBreakFirstServer: 0 | 1 = 0;
  private setsWon: [number, number] = [0, 0];
  private nextPointAt: number;
  private readonly retireAfterPoints: number | undefined;
  private pointsPlayed = 0;
  private finished = false;
  private retired: 0 | 1 | undefined;
  private winner: 0 | 1 | undefined;
  private now: number;
  private seq = 0;
  private readonly setMemo = new Map<string, number>();
  private chanceMemo: { seq: number; value: number } | undefined;

  constructor(fx: TennisFixture, rng: Rng) {
    this.fx = fx;
    this.rng = rng;
    this.server = rng.chance(0.5) ? 0 : 1;
    this.nextPointAt = fx.startTime + 5 * 60 * SECOND;
    this.retireAfterPoints = rng.chance(0.03) ? rng.int(20, 180) : undefined;
    this.now = fx.startTime - 1;
  }

  private get need(): number {
    return this.fx.bestOf === 3 ? 2 : 3;
  }

  private inTieBreak(): boolean {
    const [a, b] = this.sets[this.sets.length - 1] as [number, number];
    return a === 6 && b === 6;
  }

  /** Chance player 1 wins a point with `server` serving. */
  private pointChance(server: 0 | 1): number {
    return server === 0 ? (this.fx.serve[0] as number) : 1 - (this.fx.serve[1] as number);
  }

  advance(now: number): void {
    this.now = now;
    while (!this.finished && now >= this.nextPointAt) this.playPoint(this.nextPointAt);
  }

  private playPoint(at: number): void {
    if (this.retireAfterPoints !== undefined && this.pointsPlayed >= this.retireAfterPoints) {
      this.retired = this.rng.chance(0.5) ? 0 : 1;
      this.finished = true;
      this.seq += 1;
      return;
    }
    const tieBreak = this.inTieBreak();
    const server = tieBreak ? this.tieBreakServer() : this.server;
    const p1 = this.rng.chance(this.pointChance(server));
    this.points[p1 ? 0 : 1] += 1;
    this.pointsPlayed += 1;
    this.seq += 1;
    let gap = this.rng.int(22, 40) * SECOND;
    const [a, b] = this.points;
    const target = tieBreak ? 7 : 4;
    if ((a >= target || b >= target) && Math.abs(a - b) >= 2) {
      const winner: 0 | 1 = a > b ? 0 : 1;
      const set = this.sets[this.sets.length - 1] as [number, number];
      set[winner] += 1;
      this.points = [0, 0];
      // After a tie-break, the player who received first in it serves the next set.
      this.server = tieBreak ? ((1 - this.tieBreakFirstServer) as 0 | 1) : ((1 - this.server) as 0 | 1);
      const [ga, gb] = set;
      const setOver = ga === 7 || gb === 7 || ((ga >= 6 || gb >= 6) && Math.abs(ga - gb) >= 2);
      if (setOver) {
        this.setsWon[ga > gb ? 0 : 1] += 1;
        if (this.setsWon[0] === this.need || this.setsWon[1] === this.need) {
          this.finished = true;
          this.winner = this.setsWon[0] === this.need ? 0 : 1;
          return;
        }
        this.sets.push([0, 0]);
        gap += 120 * SECOND;
      } else {
        if (ga === 6 && gb === 6) this.tieBreakFirstServer = this.server;
        if ((ga + gb) % 2 === 1) gap += 90 * SECOND;
      }
    }
    this.nextPointAt = at + gap;
  }

  private tieBreakServer(): 0 | 1 {
    const n = this.points[0] + this.points[1];
    const first = this.tieBreakFirstServer;
    return Math.floor((n + 1) / 2) % 2 === 0 ? first : ((1 - first) as 0 | 1);
  }

  status(): EventStatus {
    if (this.finished) return 'CLOSED';
    return this.now >= this.fx.startTime ? 'IN_PLAY' : 'UPCOMING';
  }

  // ---- probabilities

  /** Server wins the game from points (s, r). */
  private gameWin(p: number, s: number, r: number): number {
    if (s >= 4 && s - r >= 2) return 1;
    if (r >= 4 && r - s >= 2) return 0;
    if (s >= 3 && r >= 3) {
      const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
      if (s === r) return deuce;
      return s > r ? p + (1 - p) * deuce : p * deuce;
    }
    return p * this.gameWin(p, s + 1, r) + (1 - p) * this.gameWin(p, s, r + 1);
  }

  /** Player 1 wins the tie-break from (a, b), `first` having served its first point. */
  private tieBreakWin(a: number, b: number, first: 0 | 1): number {
    if (a >= 7 && a - b >= 2) return 1;
    if (b >= 7 && b - a >= 2) return 0;
    if (a >= 6 && b >= 6 && a === b) {
      const x = this.pointChance(0);
      const y = this.pointChance(1);
      const both = x * y;
      const neither = (1 - x) * (1 - y);
      return both / (both + neither);
    }
    const n = a + b;
    const server: 0 | 1 = Math.floor((n + 1) / 2) % 2 === 0 ? first : ((1 - first) as 0 | 1);
    const p = this.pointChance(server);
    return p * this.tieBreakWin(a + 1, b, first) + (1 - p) * this.tieBreakWin(a, b + 1, first);
  }

  /** Player 1 wins the set from games (a, b) with `server` to serve the next game. */
  private setWin(a: number, b: number, server: 0 | 1): number {
    if (a === 7 || (a >= 6 && a - b >= 2)) return 1;
    if (b === 7 || (b >= 6 && b - a >= 2)) return 0;
    if (a === 6 && b === 6) return this.tieBreakWin(0, 0, server);
    const key = `${a}:${b}:${server}`;
    const hit = this.setMemo.get(key);
    if (hit !== undefined) return hit;
    const hold = this.gameWin(server === 0 ? this.pointChance(0) : 1 - this.pointChance(1), 0, 0);
    const p1Game = server === 0 ? hold : 1 - hold;
    const next = (1 - server) as 0 | 1;
    const value = p1Game * this.setWin(a + 1, b, next) + (1 - p1Game) * this.setWin(a, b + 1, next);
    this.setMemo.set(key, value);
    return value;
  }

  /** Player 1 wins the match from sets (a, b), future sets opened by either player alike. */
  private matchFromSets(a: number, b: number): number {
    if (a === this.need) return 1;
    if (b === this.need) return 0;
    const s = (this.setWin(0, 0, 0) + this.setWin(0, 0, 1)) / 2;
    return s * this.matchFromSets(a + 1, b) + (1 - s) * this.matchFromSets(a, b + 1);
  }

  private matchChance(): number {
    const [ga, gb] = this.sets[this.sets.length - 1] as [number, number];
    const [pa, pb] = this.points;
    let setChance: number;
    if (this.inTieBreak()) {
      setChance = this.tieBreakWin(pa, pb, this.tieBreakFirstServer);
    } else {
      const server = this.server;
      const serverPoint = server === 0 ? this.pointChance(0) : 1 - this.pointChance(1);
      const hold = this.gameWin(serverPoint, server === 0 ? pa : pb, server === 0 ? pb : pa);
      const p1Game = server === 0 ? hold : 1 - hold;
      const next = (1 - server) as 0 | 1;
      setChance = p1Game * this.setWin(ga + 1, gb, next) + (1 - p1Game) * this.setWin(ga, gb + 1, next);
    }
    const [sa, sb] = this.setsWon;
    return setChance * this.matchFromSets(sa + 1, sb) + (1 - setChance) * this.matchFromSets(sa, sb + 1);
  }

  markets(_now: number): ModelMarketView[] {
    let result: ModelResult | undefined;
    if (this.retired !== undefined) {
      const completedSet = this.setsWon[0] + this.setsWon[1] > 0;
      result = completedSet
        ? { kind: 'winner', runnerKey: this.retired === 0 ? 'p2' : 'p1' }
        : { kind: 'void', reason: 'Retirement before the first set was completed' };
    } else if (this.winner !== undefined) {
      result = { kind: 'winner', runnerKey: this.winner === 0 ? 'p1' : 'p2' };
    }
    if (this.chanceMemo?.seq !== this.seq)
      this.chanceMemo = { seq: this.seq, value: result ? 0.5 : this.matchChance() };
    const p = this.chanceMemo.value;
    return [
      {
        key: 'mo',
        type: 'MATCH_ODDS',
        name: 'Match Odds',
        status: 'OPEN',
        runners: [
          { key: 'p1', name: this.fx.players[0] },
          { key: 'p2', name: this.fx.players[1] },
        ],
        probabilities: [p, 1 - p],
        ...(result ? { result } : {}),
      },
    ];
  }

  // ---- scores

  private pointsText(): [string, string] {
    const [a, b] = this.points;
    if (this.inTieBreak()) return [String(a), String(b)];
    const names = ['0', '15', '30', '40'];
    if (a >= 3 && b >= 3) {
      if (a === b) return ['40', '40'];
      return a > b ? ['AD', '40'] : ['40', 'AD'];
    }
    return [names[a] ?? '40', names[b] ?? '40'];
  }

  score(): string | undefined {
    if (this.now < this.fx.startTime && this.pointsPlayed === 0) return undefined;
    const sets = this.sets.map(([a, b]) => `${a}-${b}`).join(' ');
    if (this.retired !== undefined) return `${sets} ret.`;
    if (this.finished) return sets;
    const [pa, pb] = this.pointsText();
    return `${sets} (${pa}-${pb})`;
  }

  scoreCard(eventId: number, now: number): TennisScoreCard {
    const status =
      this.retired !== undefined
        ? 'RETIRED'
        : this.finished
          ? 'FINISHED'
          : now >= this.fx.startTime
            ? 'IN_PROGRESS'
            : 'NOT_STARTED';
    const names = this.fx.players;
    let summary: string;
    if (this.retired !== undefined) summary = `${names[this.retired]} retired`;
    else if (this.winner !== undefined)
      summary = `${names[this.winner]} won ${this.setsWon[this.winner]}-${this.setsWon[(1 - this.winner) as 0 | 1]}`;
    else if (status === 'NOT_STARTED') summary = `Best of ${this.fx.bestOf} sets`;
    else summary = `${names[this.inTieBreak() ? this.tieBreakServer() : this.server]} serving`;
    return {
      sport: 'tennis',
      eventId,
      players: [names[0], names[1]],
      bestOf: this.fx.bestOf,
      sets: this.sets.map(([a, b]) => [a, b] as [number, number]),
      points: this.pointsText(),
      tieBreak: this.inTieBreak(),
      server: this.inTieBreak() ? this.tieBreakServer() : this.server,
      status,
      summary,
    };
  }

  /** For tests: after how many points a player retires, if one does. */
  retirementPlanned(): number | undefined {
    return this.retireAfterPoints;
  }

  scoreVersion(): number {
    return this.seq;
  }
}
