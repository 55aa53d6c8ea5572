/*
 * The ball-by-ball model of a T20 innings and what follows from it exactly: expected runs, their
 * spread, session totals and the chance of a chase, by dynamic programming over (balls bowled,
 * wickets down). The same ball model plays the match and prices it, so the prices are the true
 * probabilities of the game being played (before the house's margin).
 */

export const BALLS = 120;
/** Chases are tabulated up to this many runs needed. */
export const MAX_NEED = 300;

/** Outcomes of one delivery; wides and no-balls give a run and are bowled again. */
export const OUTCOMES = ['0', '1', '2', '3', '4', '6', 'W', 'wd', 'nb'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const RUNS: Record<Outcome, number> = {
  '0': 0,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '6': 6,
  W: 0,
  wd: 1,
  nb: 1,
};
const LEGAL: readonly Outcome[] = ['0', '1', '2', '3', '4', '6', 'W'];

/**
 * Probabilities of each outcome for the next delivery, given legal balls bowled, wickets down and the
 * batting side's strength relative to the bowling side (log scale, about −0.3 to 0.3).
 */
export function ballProbabilities(ball: number, wickets: number, edge: number): Record<Outcome, number> {
  const over = Math.floor(ball / 6);
  const powerplay = over < 6;
  const death = over >= 15;
  let four = powerplay ? 0.12 : death ? 0.11 : 0.085;
  let six = powerplay ? 0.04 : death ? 0.075 : 0.045;
  let out = powerplay ? 0.04 : death ? 0.075 : 0.045;
  if (wickets >= 6) {
    four *= 0.8;
    six *= 0.75;
    out *= 1.15;
  }
  four *= Math.exp(edge);
  six *= Math.exp(edge);
  out *= Math.exp(-edge);
  const wide = 0.03;
  const noBall = 0.005;
  const two = 0.075;
  const three = 0.005;
  const rest = 1 - (four + six + out + wide + noBall + two + three);
  const single = rest * (death ? 0.55 : 0.5);
  const dot = rest - single;
  return { '0': dot, '1': single, '2': two, '3': three, '4': four, '6': six, W: out, wd: wide, nb: noBall };
}

function idx(ball: number, wickets: number): number {
  return ball * 11 + wickets;
}

export interface InningsTables {
  /** Expected runs still to come, by (ball, wickets). */
  mean: Float64Array;
  /** Their variance. */
  variance: Float64Array;
  /** Expected runs still to come before the innings reaches `endBall` balls, per session end. */
  sessionMean: Map<number, Float64Array>;
  /** Expected runs before the next wicket falls (or the innings ends). */
  nextWicketMean: Float64Array;
}

function expectedUntil(edge: number, endBall: number, stopAtWicket: boolean): Float64Array {
  const e = new Float64Array(121 * 11);
  for (let ball = endBall - 1; ball >= 0; ball--) {
    for (let w = 0; w < 10; w++) {
      const p = ballProbabilities(ball, w, edge);
      let sum = 0;
      for (const o of LEGAL) {
        if (o === 'W') {
          if (!stopAtWicket) sum += p.W * (w + 1 < 10 ? (e[idx(ball + 1, w + 1)] as number) : 0);
        } else {
          sum += p[o] * (RUNS[o] + (e[idx(ball + 1, w)] as number));
        }
      }
      const extras = p.wd + p.nb;
      e[idx(ball, w)] = (sum + extras) / (1 - extras);
    }
  }
  return e;
}

export function inningsTables(edge: number, sessionEnds: readonly number[]): InningsTables {
  const mean = expectedUntil(edge, BALLS, false);
  const second = new Float64Array(121 * 11);
  for (let ball = BALLS - 1; ball >= 0; ball--) {
    for (let w = 0; w < 10; w++) {
      const p = ballProbabilities(ball, w, edge);
      let sum = 0;
      for (const o of LEGAL) {
        const [nb, nw] = o === 'W' ? [ball + 1, w + 1] : [ball + 1, w];
        const m = nw < 10 ? (mean[idx(nb, nw)] as number) : 0;
        const m2 = nw < 10 ? (second[idx(nb, nw)] as number) : 0;
        const r = RUNS[o];
        sum += p[o] * (r * r + 2 * r * m + m2);
      }
      const extras = p.wd + p.nb;
      const here = mean[idx(ball, w)] as number;
      second[idx(ball, w)] = (sum + extras * (1 + 2 * here)) / (1 - extras);
    }
  }
  const variance = new Float64Array(121 * 11);
  for (let i = 0; i < variance.length; i++) {
    variance[i] = Math.max(0, (second[i] as number) - (mean[i] as number) ** 2);
  }
  const sessionMean = new Map<number, Float64Array>();
  for (const end of sessionEnds) sessionMean.set(end, expectedUntil(edge, end, false));
  return { mean, variance, sessionMean, nextWicketMean: expectedUntil(edge, BALLS, true) };
}

export function tableAt(table: Float64Array, ball: number, wickets: number): number {
  if (wickets >= 10 || ball >= BALLS) return 0;
  return table[idx(ball, wickets)] as number;
}

/**
 * Chance that a chasing side still needing `need` runs wins, by (ball, wickets, need); level scores
 * at the end count as a half (a super over).
 */
export class ChaseTable {
  private readonly p: Float32Array;

  constructor(edge: number) {
    const size = MAX_NEED + 1;
    this.p = new Float32Array(121 * 11 * size);
    // Terminal rows (innings over): a win only if nothing is needed, a half for level scores.
    const terminal = new Float32Array(size);
    terminal[0] = 1;
    terminal[1] = 0.5;
    const rowOf = (ball: number, w: number): { data: Float32Array; base: number } =>
      ball >= BALLS || w >= 10 ? { data: terminal, base: 0 } : { data: this.p, base: (ball * 11 + w) * size };
    const runsOf = [0, 1, 2, 3, 4, 6];
    for (let ball = BALLS - 1; ball >= 0; ball--) {
      for (let w = 0; w < 10; w++) {
        const pr = ballProbabilities(ball, w, edge);
        const probs = [pr['0'], pr['1'], pr['2'], pr['3'], pr['4'], pr['6']];
        const extras = pr.wd + pr.nb;
        const base = (ball * 11 + w) * size;
        const same = rowOf(ball + 1, w);
        const out = rowOf(ball + 1, w + 1);
        this.p[base] = 1;
        for (let need = 1; need <= MAX_NEED; need++) {
          let sum =
            extras * (this.p[base + need - 1] as number) + pr.W * (out.data[out.base + need] as number);
          for (let k = 0; k < 6; k++) {
            const left = need - (runsOf[k] as number);
            sum += (probs[k] as number) * (left <= 0 ? 1 : (same.data[same.base + left] as number));
          }
          this.p[base + need] = sum;
        }
      }
    }
  }

  /** Its row at ball 0 with no wicket down, copied: what a match needs before its chase starts. */
  startRow(): ChaseStart {
    return new ChaseStart(this.p.slice(0, MAX_NEED + 1));
  }

  winChance(ball: number, wickets: number, need: number): number {
    if (need <= 0) return 1;
    if (ball >= BALLS || wickets >= 10) return need === 1 ? 0.5 : 0;
    return this.p[(ball * 11 + wickets) * (MAX_NEED + 1) + Math.min(need, MAX_NEED)] as number;
  }
}

/**
 * A chase table's first row (ball 0, no wicket down): the chance that a side chasing `need` wins
 * before a ball of the chase is bowled. It is all a match needs until its second innings starts
 * (before the toss, the first innings, the target once set): 1.2 KB instead of the whole table.
 */
export class ChaseStart {
  constructor(private readonly p: Float32Array) {}

  winChance(need: number): number {
    if (need <= 0) return 1;
    return this.p[Math.min(need, MAX_NEED)] as number;
  }
}

// Tables depend only on the batting edge, and fixtures reuse a few team pairings: keep recent ones.
const CACHE_LIMIT = 48;
const inningsCache = new Map<string, InningsTables>();
const chaseStartCache = new Map<string, ChaseStart>();
/**
 * Whole chase tables (1.5 MB each) are held by the matches whose second innings is under way, and
 * shared here by weak reference: a match whose chase starts takes the table another match of that
 * edge holds, and a table no match holds any longer is collected. (A cache of the last two kept 3 MB
 * on an idle server, for first rows already made; before that, seven kept 11 MB.)
 */
const chaseTables = new Map<string, WeakRef<ChaseTable>>();
const chaseTableGone = new FinalizationRegistry<string>((key) => {
  if (chaseTables.get(key)?.deref() === undefined) chaseTables.delete(key);
});

function cached<T>(cache: Map<string, T>, key: string, make: () => T, limit = CACHE_LIMIT): T {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = make();
  cache.set(key, made);
  if (cache.size > limit) cache.delete(cache.keys().next().value as string);
  return made;
}

export function cachedInningsTables(edge: number, sessionEnds: readonly number[]): InningsTables {
  return cached(inningsCache, `${edge.toFixed(6)}|${sessionEnds.join(',')}`, () =>
    inningsTables(edge, sessionEnds),
  );
}

/** The chase table of this edge: the one a match holds, if one does; else made. */
export function cachedChaseTable(edge: number): ChaseTable {
  const key = edge.toFixed(6);
  const held = chaseTables.get(key)?.deref();
  if (held) return held;
  const made = new ChaseTable(edge);
  chaseTables.set(key, new WeakRef(made));
  chaseTableGone.register(made, key);
  return made;
}

/** The first row of the chase table of this edge: the same numbers as the whole table's. */
export function cachedChaseStart(edge: number): ChaseStart {
  return cached(chaseStartCache, edge.toFixed(6), () => cachedChaseTable(edge).startRow());
}
