// Casino seamless-wallet benchmark (issue 15): wallet calls per second and latency on PostgreSQL with
// 64 concurrent players, each playing rounds on provider `dream` the way a provider calls us
// (apps/server/src/casino/README.md): a signed bet, then a win of 1.9× the stake (about half the
// rounds), a win of 0 closing a lost round, or now and then a rollback instead, and a balance call
// every 10 rounds. After the run the books are checked from the database.
//
//   npx tsx bench/casino-wallet/run.ts     (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
//
// Creates a fresh database on that server for the run and drops it afterwards. Knobs:
// BENCH_PLAYERS (64), BENCH_SECONDS (15), BENCH_WARMUP_SECONDS (5), BENCH_POOL (24),
// BENCH_ROLLBACK_SHARE (0.05), BENCH_WIN_SHARE (0.5 of the rounds not rolled back).
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  casinoWalletPath,
  type CasinoWalletCall,
} from '@backlay/contract';
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { FUNDING_PAISE, PROVIDER, SECRET, type ServerMessage, type ServerStats } from './shared';
import { HttpConnection } from '../lib/http-client';
import { percentile } from '../lib/percentile';
import { BASE_URL, databaseUrl, withAdmin } from '../lib/scratch-postgres';

const here = dirname(fileURLToPath(import.meta.url));
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ROLLBACK_SHARE = Number(process.env.BENCH_ROLLBACK_SHARE ?? 0.05);
const WIN_SHARE = Number(process.env.BENCH_WIN_SHARE ?? 0.5);
/** Refusals this load may meet by design: none (every player has ₹1 crore and every id is fresh). */
const EXPECTED_CODES: readonly string[] = [];
const CALLS: readonly CasinoWalletCall[] = ['bet', 'win', 'rollback', 'balance'];

const r2 = (n: number) => Math.round(n * 100) / 100;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** A fixed pseudo-random number in [0, 1000) for player i, round n and a salt. */
function draw(i: number, n: number, salt: number): number {
  const h = (Math.imul(n + salt * 7919, 2654435761) ^ Math.imul(i + 1, 40503)) >>> 0;
  return (Math.imul(h ^ (h >>> 15), 2246822519) >>> 0) % 1000;
}

interface Answer {
  status: number;
  /** The error's code when refused. */
  code: string | null;
  /** The result's stakeable balance in paise when taken. */
  balancePaise: number | null;
  /** A rollback's outcome (Reversed, AlreadyReversed, Tombstone). */
  outcome: string | null;
}

/** The signing headers of a call, as a provider makes them: HMAC-SHA256 of "<timestamp>.<raw body>". */
function sign(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const hex = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  return { [CASINO_TIMESTAMP_HEADER]: timestamp, [CASINO_SIGNATURE_HEADER]: `sha256=${hex}` };
}

/** A wallet call's answer as the benchmark reads it. */
function answerOf(status: number, text: string): Answer {
  let code: string | null = null;
  let balancePaise: number | null = null;
  let outcome: string | null = null;
  try {
    const parsed = JSON.parse(text) as {
      error?: { code?: string } | null;
      result?: { balance?: unknown; outcome?: unknown } | null;
    };
    if (status !== 200) code = parsed.error?.code ?? null;
    else {
      if (typeof parsed.result?.balance === 'number') balancePaise = Math.round(parsed.result.balance * 100);
      if (typeof parsed.result?.outcome === 'string') outcome = parsed.result.outcome;
    }
  } catch {
    code = 'unparsable';
  }
  return { status, code, balancePaise, outcome };
}

type WalletCaller = (what: CasinoWalletCall, payload: unknown) => Promise<Answer>;

/**
 * A provider's connection for one player's calls: Node's http.Agent, or (BENCH_HTTP_CLIENT=lean,
 * the default) bench/lib's lean keep-alive client. Every call is signed over its raw body.
 */
function walletCaller(port: number): { call: WalletCaller; close(): void } {
  if (process.env.BENCH_HTTP_CLIENT === 'node') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    return {
      call: (what, payload) => {
        const body = JSON.stringify(payload);
        return new Promise((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: casinoWalletPath(PROVIDER, what),
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                ...sign(body),
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve(answerOf(res.statusCode ?? 0, Buffer.concat(chunks).toString())));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      },
      close: () => agent.destroy(),
    };
  }
  const connection = new HttpConnection('127.0.0.1', port);
  return {
    call: async (what, payload) => {
      const body = JSON.stringify(payload);
      const answer = await connection.post(
        casinoWalletPath(PROVIDER, what),
        { 'content-type': 'application/json', ...sign(body) },
        body,
      );
      return answerOf(answer.status, answer.body);
    },
    close: () => connection.close(),
  };
}

/** Latency and outcome of one call type inside the measured window. */
class Tally {
  readonly latencies: number[] = [];
  readonly refusals = new Map<string, number>();
  ok = 0;
  add(ms: number, answer: Answer): void {
    this.latencies.push(ms);
    if (answer.status === 200) this.ok += 1;
    else {
      const code = answer.code ?? String(answer.status);
      this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
    }
  }
  summary(): Record<string, unknown> {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      calls: this.latencies.length,
      ok: this.ok,
      perSecond: r1(this.latencies.length / SECONDS),
      errors: Object.fromEntries(this.refusals),
      latencyMs: {
        p50: r2(percentile(sorted, 50)),
        p90: r2(percentile(sorted, 90)),
        p99: r2(percentile(sorted, 99)),
        max: r2(sorted.at(-1) ?? Number.NaN),
      },
    };
  }
}

interface PlayerRow {
  user_id: string;
  balance: string;
  lines: string;
  funding: string;
  casino_lines: string;
  stakes: string;
  wins: string;
  refunds: string;
}

/**
 * Where every account's balance is read: the ledger's view (a house account summed over its
 * stripes, migration 0020), or the accounts themselves on a server from before it.
 */
async function balancesRelation(db: pg.Client): Promise<string> {
  const r = await db.query<{ v: string | null }>(`select to_regclass('ledger_account_balances')::text as v`);
  return r.rows[0]?.v ? 'ledger_account_balances' : '(select id as account_id, balance from ledger_accounts)';
}

/** The books after the run, read from the database. */
async function consistency(
  db: pg.Client,
  userIds: number[],
  lastAnswered: Map<number, number | null>,
  takenByClient: Record<string, number>,
): Promise<Record<string, unknown>> {
  const players = await db.query<PlayerRow>(
    `with p as (
       select a.user_id, a.id as account_id, a.balance from ledger_accounts a
        where a.code = 'PLAYER_CASH' and a.user_id = any($1::bigint[])
     ), l as (
       select l.account_id, sum(l.amount) as lines,
              coalesce(sum(l.amount) filter (where j.kind = 'adjustment'), 0) as funding,
              coalesce(sum(l.amount) filter (where j.kind in ('casino_debit', 'casino_credit')), 0) as casino_lines
         from journal_lines l join journals j on j.id = l.journal_id
        where l.account_id in (select account_id from p) group by l.account_id
     ), c as (
       select user_id,
              coalesce(sum(amount_paise) filter (where type = 'bet'), 0) as stakes,
              coalesce(sum(amount_paise) filter (where type = 'win'), 0) as wins,
              coalesce(sum(amount_paise) filter (where type = 'rollback' and outcome = 'reversed'), 0) as refunds
         from casino_transactions where provider = $2 group by user_id
     )
     select p.user_id, p.balance, coalesce(l.lines, 0) as lines, coalesce(l.funding, 0) as funding,
            coalesce(l.casino_lines, 0) as casino_lines, coalesce(c.stakes, 0) as stakes,
            coalesce(c.wins, 0) as wins, coalesce(c.refunds, 0) as refunds
       from p left join l on l.account_id = p.account_id left join c on c.user_id = p.user_id`,
    [userIds, PROVIDER],
  );
  const mismatches: Record<string, unknown>[] = [];
  let stakes = 0;
  let wins = 0;
  let refunds = 0;
  for (const row of players.rows) {
    const [balance, lines, funding, casinoLines] = [
      row.balance,
      row.lines,
      row.funding,
      row.casino_lines,
    ].map(Number);
    const [s, w, f] = [row.stakes, row.wins, row.refunds].map(Number) as [number, number, number];
    stakes += s;
    wins += w;
    refunds += f;
    const expected = (funding as number) - s + w + f;
    const answered = lastAnswered.get(Number(row.user_id));
    const problems = [
      balance !== expected && 'cash ≠ funding − stakes + wins + refunds',
      balance !== lines && 'cash ≠ sum of its journal lines',
      funding !== FUNDING_PAISE && 'funding ≠ ₹1 crore',
      casinoLines !== -s + w + f && 'casino journal lines ≠ −stakes + wins + refunds',
      answered !== undefined && answered !== null && answered !== balance && 'last answered balance ≠ cash',
    ].filter(Boolean);
    if (problems.length > 0)
      mismatches.push({ userId: Number(row.user_id), balance, expected, answered, problems });
  }
  const ledger = await db.query<{ total: string | null; lines: string }>(
    'select sum(amount) as total, count(*) as lines from journal_lines',
  );
  const unbalanced = await db.query<{ n: string }>(
    'select count(*) as n from (select journal_id from journal_lines group by journal_id having sum(amount) <> 0) x',
  );
  // Every account's balance (a house account's summed over its stripes) against its lines.
  const balances = await balancesRelation(db);
  const drift = await db.query<{ n: string }>(
    `select count(*) as n from ${balances} b
      where b.balance <> coalesce((select sum(amount) from journal_lines l where l.account_id = b.account_id), 0)`,
  );
  // The site's casino house account: its balance, its lines, and how many stripes took them.
  const striped = balances === 'ledger_account_balances';
  const house = await db.query<{ balance: string; lines: string; stripes_used: string }>(
    `select b.balance,
            coalesce((select sum(amount) from journal_lines l where l.account_id = a.id), 0) as lines,
            ${striped ? '(select count(*) from ledger_account_stripes s where s.account_id = a.id and s.balance <> 0)' : '1'} as stripes_used
       from ledger_accounts a join ${balances} b on b.account_id = a.id
      where a.user_id is null and a.code = 'HOUSE_CASINO'`,
  );
  const logged = await db.query<{ type: string; outcome: string; n: string }>(
    'select type, outcome, count(*) as n from casino_transactions group by type, outcome order by type, outcome',
  );
  const loggedByType: Record<string, number> = {};
  for (const row of logged.rows) loggedByType[row.type] = (loggedByType[row.type] ?? 0) + Number(row.n);
  const logMatchesClient = ['bet', 'win', 'rollback'].every(
    (t) => (loggedByType[t] ?? 0) === (takenByClient[t] ?? 0),
  );
  const ledgerSum = Number(ledger.rows[0]?.total ?? 0);
  const houseRow = house.rows[0];
  const houseCasino = {
    balancePaise: Number(houseRow?.balance ?? 0),
    linesPaise: Number(houseRow?.lines ?? 0),
    stripesUsed: Number(houseRow?.stripes_used ?? 0),
  };
  // The house's casino account took exactly what the players' casino lines gave.
  const houseMatches =
    houseCasino.balancePaise === houseCasino.linesPaise &&
    houseCasino.balancePaise === stakes - wins - refunds;
  const ok =
    players.rows.length === userIds.length &&
    mismatches.length === 0 &&
    ledgerSum === 0 &&
    Number(unbalanced.rows[0]?.n) === 0 &&
    Number(drift.rows[0]?.n) === 0 &&
    houseMatches &&
    logMatchesClient;
  return {
    ok,
    playersChecked: players.rows.length,
    playerMismatches: mismatches.slice(0, 10),
    playerMismatchCount: mismatches.length,
    totalsPaise: { stakes, wins, refunds, playersNet: -stakes + wins + refunds },
    ledgerSumPaise: ledgerSum,
    journalLines: Number(ledger.rows[0]?.lines ?? 0),
    unbalancedJournals: Number(unbalanced.rows[0]?.n ?? 0),
    accountsDriftingFromLines: Number(drift.rows[0]?.n ?? 0),
    houseCasino: { ...houseCasino, matchesPlayersCasinoLines: houseMatches },
    casinoTransactions: Object.fromEntries(logged.rows.map((r) => [`${r.type}:${r.outcome}`, Number(r.n)])),
    takenByClientWithWarmUp: takenByClient,
    logMatchesClient,
  };
}

/** The scratch database of the run under way (the companion names it to the parent). */
let runDatabase = '';
const databaseOf = () => runDatabase;

/**
 * The run: a fresh database and server, the players' rounds for the warm-up and the measured
 * seconds, then the books. `gate` (companion mode) is awaited once the server is ready, before the
 * clock starts, so another benchmark can start its load at the same moment.
 */
async function walletRun(gate?: () => Promise<void>): Promise<Record<string, unknown>> {
  const name = `backlay_bench_casino_${randomBytes(4).toString('hex')}`;
  runDatabase = name;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const child = fork(join(here, 'server.ts'), [databaseUrl(name), String(PLAYERS)], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    stdio: 'inherit',
  });
  try {
    const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
      child.once('message', (m: ServerMessage) =>
        m.type === 'ready' ? resolve(m) : reject(new Error('bad start')),
      );
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    await gate?.();
    const started = performance.now();
    let clientCpu = process.cpuUsage();
    let clientCpuAt = performance.now();
    const warmupEnds = started + WARMUP_SECONDS * 1000;
    const ends = warmupEnds + SECONDS * 1000;
    const tallies = new Map(CALLS.map((c) => [c, new Tally()]));
    const all = new Tally();
    const takenByClient: Record<string, number> = { bet: 0, win: 0, rollback: 0, balance: 0 };
    const rollbackOutcomes = new Map<string, number>();
    const lastAnswered = new Map<number, number | null>();
    let transportErrors = 0;
    let rounds = 0;
    let winsPaid = 0;
    let winsZero = 0;
    let rollbacks = 0;

    const player = async (i: number) => {
      const { userId, casinoToken } = ready.players[i] as (typeof ready.players)[number];
      const connection = walletCaller(ready.port);
      let n = 0;
      let trusted = true;
      const send = async (
        what: CasinoWalletCall,
        payload: Record<string, unknown>,
      ): Promise<Answer | null> => {
        const t0 = performance.now();
        let answer: Answer;
        try {
          answer = await connection.call(what, { casinoToken, ...payload });
        } catch {
          transportErrors += 1;
          trusted = false;
          return null;
        }
        const t1 = performance.now();
        if (answer.status === 200) {
          takenByClient[what] = (takenByClient[what] ?? 0) + 1;
          lastAnswered.set(userId, trusted ? answer.balancePaise : null);
        }
        if (t0 >= warmupEnds && t1 <= ends) {
          tallies.get(what)?.add(t1 - t0, answer);
          all.add(t1 - t0, answer);
        }
        return answer;
      };
      while (performance.now() < ends) {
        n += 1;
        const roundStart = performance.now();
        const roundId = `round-${i}-${n}`;
        const betId = `bet-${i}-${n}`;
        const stakePaise = (10 + (draw(i, n, 1) % 91)) * 100; // ₹10..₹100
        const bet = await send('bet', {
          transactionId: betId,
          roundId,
          gameCode: 'teen-patti-2020',
          amount: stakePaise / 100,
          currency: 'INR',
        });
        if (bet?.status === 200) {
          const fate = draw(i, n, 2);
          let end: Answer | null;
          let kind: 'paid' | 'zero' | 'rollback';
          if (fate < ROLLBACK_SHARE * 1000) {
            kind = 'rollback';
            end = await send('rollback', {
              transactionId: `rb-${i}-${n}`,
              referenceTransactionId: betId,
              roundId,
            });
            if (end?.status === 200) {
              const outcome = end.outcome ?? 'unknown';
              rollbackOutcomes.set(outcome, (rollbackOutcomes.get(outcome) ?? 0) + 1);
            }
          } else {
            const paid = draw(i, n, 3) < WIN_SHARE * 1000;
            kind = paid ? 'paid' : 'zero';
            end = await send('win', {
              transactionId: `win-${i}-${n}`,
              referenceTransactionId: betId,
              roundId,
              amount: paid ? (stakePaise * 19) / 10 / 100 : 0,
              currency: 'INR',
            });
          }
          if (end?.status === 200 && roundStart >= warmupEnds && performance.now() <= ends) {
            rounds += 1;
            if (kind === 'paid') winsPaid += 1;
            else if (kind === 'zero') winsZero += 1;
            else rollbacks += 1;
          }
        }
        if (n % 10 === 0) await send('balance', {});
      }
      connection.close();
    };
    const marker = setTimeout(() => {
      child.send({ type: 'mark' });
      clientCpu = process.cpuUsage();
      clientCpuAt = performance.now();
    }, warmupEnds - performance.now());
    let clientUsed = { user: 0, system: 0 };
    let clientWallMs = 1;
    const statsAtEnd = new Promise<ServerStats>((resolve) => {
      setTimeout(() => {
        child.once('message', (m: ServerMessage) =>
          resolve(m.type === 'stats' ? m.stats : { wallMs: 0, userCpuMs: 0, systemCpuMs: 0 }),
        );
        child.send({ type: 'stats' });
        clientUsed = process.cpuUsage(clientCpu);
        clientWallMs = performance.now() - clientCpuAt;
      }, ends - performance.now());
    });
    await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(i)));
    clearTimeout(marker);
    const serverStats = await statsAtEnd;

    const errors: Record<string, number> = {};
    for (const tally of tallies.values()) {
      for (const [code, count] of tally.refusals) errors[code] = (errors[code] ?? 0) + count;
    }
    const unexpectedErrors =
      Object.entries(errors)
        .filter(([code]) => !EXPECTED_CODES.includes(code))
        .reduce((s, [, count]) => s + count, 0) + transportErrors;
    const unexpectedRollbacks = [...rollbackOutcomes]
      .filter(([o]) => o !== 'Reversed')
      .reduce((s, [, c]) => s + c, 0);

    const db = new pg.Client({ connectionString: databaseUrl(name) });
    await db.connect();
    let check: Record<string, unknown>;
    try {
      check = await consistency(
        db,
        ready.players.map((p) => p.userId),
        lastAnswered,
        takenByClient,
      );
    } finally {
      await db.end();
    }
    const cpuMs = serverStats.userCpuMs + serverStats.systemCpuMs;
    return {
      provider: PROVIDER,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      players: PLAYERS,
      mix: {
        rollbackShare: ROLLBACK_SHARE,
        winShareOfRest: WIN_SHARE,
        winMultiplier: 1.9,
        balanceEveryRounds: 10,
      },
      callsPerSecond: r1(all.latencies.length / SECONDS),
      roundsPerSecond: r1(rounds / SECONDS),
      rounds: { completed: rounds, winsPaid, winsZero, rollbacks },
      latencyMs: (all.summary() as { latencyMs: unknown }).latencyMs,
      byCall: Object.fromEntries(CALLS.map((c) => [c, tallies.get(c)?.summary()])),
      errors,
      expectedErrorCodes: EXPECTED_CODES,
      transportErrors,
      unexpectedErrors,
      rollbackOutcomes: Object.fromEntries(rollbackOutcomes),
      unexpectedRollbackOutcomes: unexpectedRollbacks,
      serverCpu: {
        busyShareOfOneCore: r2(cpuMs / serverStats.wallMs),
        msPerCall: Math.round((cpuMs / Math.max(1, all.latencies.length)) * 1000) / 1000,
        systemShare: r2(serverStats.systemCpuMs / Math.max(1, cpuMs)),
      },
      clientCpu: {
        busyShareOfOneCore: r2((clientUsed.user + clientUsed.system) / 1000 / clientWallMs),
        msPerCall:
          Math.round(
            ((clientUsed.user + clientUsed.system) / 1000 / Math.max(1, all.latencies.length)) * 1000,
          ) / 1000,
      },
      consistency: check,
    };
  } finally {
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/** Companion mode (bench/bets runs this beside its own load): the wallet's figures go to the parent. */
interface CompanionMessage {
  type: 'go';
}

if (process.env.BENCH_COMPANION === '1' && process.send) {
  const send = process.send.bind(process);
  const wallet = await walletRun(
    () =>
      new Promise<void>((resolve) => {
        process.once('message', (m: CompanionMessage) => {
          if (m.type === 'go') resolve();
        });
        send({ type: 'ready', database: databaseOf() });
      }),
  );
  send({ type: 'result', wallet });
  process.disconnect?.();
} else {
  await main();
}

async function main(): Promise<void> {
  const loadAtStart = loadavg().map(r2);
  const wallet = await walletRun();
  const loadAtEnd = loadavg().map(r2);
  const check = wallet.consistency as { ok: boolean; ledgerSumPaise: number; playerMismatchCount: number };
  const passed = check.ok && wallet.unexpectedErrors === 0 && wallet.unexpectedRollbackOutcomes === 0;
  const report = {
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'unknown',
      loadavgAtStart: loadAtStart,
      loadavgAtEnd: loadAtEnd,
    },
    postgres: BASE_URL.replace(/\/\/[^@]*@/, '//'),
    wallet,
    passed,
  };
  const byCall = wallet.byCall as Record<string, { perSecond: number; latencyMs: Record<string, number> }>;
  console.log(
    `\ncasino wallet calls/s: ${String(wallet.callsPerSecond)}   rounds/s: ${String(wallet.roundsPerSecond)}   all ${JSON.stringify(wallet.latencyMs)}`,
  );
  for (const c of CALLS) {
    console.log(
      `  ${c.padEnd(8)} ${String(byCall[c]?.perSecond).padStart(7)}/s  ${JSON.stringify(byCall[c]?.latencyMs)}`,
    );
  }
  console.log(
    `errors: ${JSON.stringify(wallet.errors)}  transport: ${String(wallet.transportErrors)}  rollbacks: ${JSON.stringify(wallet.rollbackOutcomes)}`,
  );
  console.log(
    `books: ${check.ok ? 'consistent' : 'INCONSISTENT'} (ledger sum ${String(check.ledgerSumPaise)} paise, ${String(check.playerMismatchCount)} player mismatches)   load ${JSON.stringify(loadAtStart)} → ${JSON.stringify(loadAtEnd)} on ${String(cpus().length)} cores`,
  );
  // BENCH_REPORT: somewhere else than bench/reports (a short or exploratory run).
  const out = process.env.BENCH_REPORT ?? join(here, '..', 'reports', 'casino-wallet.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
  if (!passed) {
    console.error('casino-wallet: unexpected errors or inconsistent books (see the report)');
    process.exit(1);
  }
}
