import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Paise } from '../games/money';
import { WalletError } from './errors';
import type { Sleep } from './retry';
import { signWalletCall } from './signature';
import { STATUS_OF, WalletModel } from './test-wallet-model';
import { WalletClient } from './wallet-client';
import type { WalletErrorCode } from './wire';

const SECRET = 'backlay-test-secret-0123456789abcdef';
const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const p = (n: number) => n as Paise;

/** What the test server saw of one call. */
interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

/**
 * The operator's wallet as a real HTTP server: it judges the signature exactly as the README says
 * (HMAC-SHA256 recomputed here over the timestamp header, a dot and the raw bytes received; 300 s
 * window on its own clock), reads rupees, and answers the model's envelope and statuses.
 */
class WalletServer {
  readonly model = new WalletModel();
  readonly seen: Seen[] = [];
  /** Per call, before the model: answer this instead (a status and code), or hang. */
  readonly script: ('hang' | '500' | '503' | 'garbage' | 'apply-then-500')[] = [];
  serverNow = NOW;
  private server!: Server;
  private readonly hanging: ServerResponse[] = [];
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, raw: Buffer, res: ServerResponse) {
    this.seen.push({ path: req.url ?? '', headers: req.headers, raw: raw.toString('utf8') });
    const fail = (status: number, code: string, extra: object = {}) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, result: null, error: { code, message: code, ...extra } }));
    };
    const timestamp = req.headers['x-casino-timestamp'];
    const signature = req.headers['x-casino-signature'];
    const hex = typeof signature === 'string' ? /^sha256=([0-9a-f]{64})$/i.exec(signature)?.[1] : undefined;
    if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || !hex) {
      return fail(401, 'CASINO_SIGNATURE_INVALID');
    }
    const expected = createHmac('sha256', SECRET)
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), raw]))
      .digest();
    if (!timingSafeEqual(Buffer.from(hex, 'hex'), expected)) return fail(401, 'CASINO_SIGNATURE_INVALID');
    if (Math.abs(this.serverNow / 1000 - Number(timestamp)) > 300) return fail(401, 'CASINO_SIGNATURE_STALE');

    const step = this.script.shift();
    if (step === 'hang') return void this.hanging.push(res);
    if (step === '500') return fail(500, 'INTERNAL');
    if (step === '503') return fail(503, 'CASINO_PROVIDER_UNAVAILABLE');
    if (step === 'garbage') return void res.writeHead(200).end('<html>proxy</html>');

    const call = /^\/api\/casino\/wallet\/dream\/(balance|bet|win|rollback)$/.exec(req.url ?? '')?.[1];
    if (!call || req.headers['content-type'] !== 'application/json') return fail(404, 'NOT_FOUND');
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if (body.currency !== undefined && body.currency !== 'INR') return fail(400, 'VALIDATION_FAILED');
    if ('amount' in body) {
      const a = body.amount as number;
      if (Math.abs(Math.round(a * 100) - a * 100) > 1e-6) return fail(400, 'VALIDATION_FAILED');
      body.amount = Math.round(a * 100);
    }
    try {
      const result = (this.model as unknown as Record<string, (b: unknown) => Record<string, unknown>>)[
        call
      ]!(call === 'balance' ? body.casinoToken : body);
      const wire = { ...result };
      for (const k of ['balance', 'refunded'] as const) if (k in wire) wire[k] = (wire[k] as number) / 100;
      if (step === 'apply-then-500') return fail(500, 'INTERNAL');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, result: wire, error: null }));
    } catch (e) {
      const err = e as WalletError;
      const code = err.code as WalletErrorCode;
      fail(
        STATUS_OF[code],
        code,
        err.balance === undefined ? {} : { balance: err.balance / 100, currency: 'INR' },
      );
    }
  }
}

const server = new WalletServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

let clock = NOW;
const client = (over: Partial<ConstructorParameters<typeof WalletClient>[0]> = {}) =>
  new WalletClient({
    baseUrl: server.url,
    provider: 'dream',
    secret: SECRET,
    now: () => clock,
    timeoutMs: 2_000,
    ...over,
  });

let tokenSeq = 0;
let token = '';
beforeEach(() => {
  clock = NOW;
  server.seen.length = 0;
  server.script.length = 0;
  token = `tok-${++tokenSeq}`;
  server.model.addPlayer(token, `player-${tokenSeq}`, 100_000); // ₹1,000
});
afterEach(() => expect(server.script).toEqual([]));

async function refusal(promise: Promise<unknown>): Promise<WalletError> {
  const e = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(WalletError);
  return e as WalletError;
}

describe('signing', () => {
  it('known answer: HMAC-SHA256(secret, "<timestamp>.<raw body>"), computed with Python and openssl', () => {
    // python3: hmac.new(SECRET, b'1767225600.{"casinoToken":"tok"}', sha256).hexdigest()
    expect(signWalletCall(SECRET, '{"casinoToken":"tok"}', NOW + 999)).toEqual({
      'X-Casino-Timestamp': '1767225600',
      'X-Casino-Signature': 'sha256=bd3585b52d334b2aae6110abd9a8f594411ed5ad854e99b73f1e5b8e36bf02d8',
    });
  });

  it('signs the bytes it sends: the server recomputes the HMAC over the raw body received', async () => {
    await client().balance(token);
    const [call] = server.seen;
    expect(call!.headers['x-casino-timestamp']).toBe('1767225600');
    const recomputed = createHmac('sha256', SECRET).update(`1767225600.${call!.raw}`).digest('hex');
    expect(call!.headers['x-casino-signature']).toBe(`sha256=${recomputed}`);
    expect(call!.raw).toBe(JSON.stringify({ casinoToken: token }));
  });

  it('a wrong secret is refused as CASINO_SIGNATURE_INVALID, a clock 301 s off as CASINO_SIGNATURE_STALE', async () => {
    const wrong = await refusal(client({ secret: `${SECRET}x` }).balance(token));
    expect([wrong.kind, wrong.code, wrong.status, wrong.definite]).toEqual([
      'rejected',
      'CASINO_SIGNATURE_INVALID',
      401,
      true,
    ]);
    clock = NOW + 301_000;
    const stale = await refusal(client().balance(token));
    expect([stale.kind, stale.code]).toEqual(['rejected', 'CASINO_SIGNATURE_STALE']);
    clock = NOW - 299_000;
    await expect(client().balance(token)).resolves.toMatchObject({ balance: 100_000 });
  });
});

describe('the four calls', () => {
  it('balance, bet, win, rollback: rupees with two decimals on the wire, paise in the answers', async () => {
    const wallet = client();
    expect(await wallet.balance(token)).toEqual({
      playerId: `player-${tokenSeq}`,
      balance: 100_000,
      currency: 'INR',
      demo: false,
    });
    const bet = {
      casinoToken: token,
      transactionId: `B${tokenSeq}`,
      roundId: 'R1',
      gameCode: 'lucky-7',
      amount: p(1_250),
    };
    expect(await wallet.bet(bet)).toEqual({
      transactionId: `B${tokenSeq}`,
      balance: 98_750,
      currency: 'INR',
    });
    expect(JSON.parse(server.seen[1]!.raw)).toEqual({ ...bet, amount: 12.5, currency: 'INR' });
    expect(server.seen[1]!.path).toBe('/api/casino/wallet/dream/bet');
    const win = {
      casinoToken: token,
      transactionId: `W${tokenSeq}`,
      referenceTransactionId: `B${tokenSeq}`,
      roundId: 'R1',
      amount: p(2_437),
    };
    expect(await wallet.win(win)).toEqual({
      transactionId: `W${tokenSeq}`,
      balance: 101_187,
      currency: 'INR',
    });
    expect(JSON.parse(server.seen[2]!.raw)).toMatchObject({ amount: 24.37 });
    // Replays answer the first answer again and move nothing.
    expect(await wallet.bet(bet)).toEqual({
      transactionId: `B${tokenSeq}`,
      balance: 98_750,
      currency: 'INR',
    });
    expect(server.model.balanceOf(token)).toBe(101_187);

    const bet2 = { ...bet, transactionId: `B2-${tokenSeq}`, amount: p(1) };
    await wallet.bet(bet2);
    const rb = {
      casinoToken: token,
      transactionId: `RB${tokenSeq}`,
      referenceTransactionId: bet2.transactionId,
      roundId: 'R1',
    };
    expect(await wallet.rollback(rb)).toEqual({
      transactionId: `RB${tokenSeq}`,
      referenceTransactionId: bet2.transactionId,
      balance: 101_187,
      currency: 'INR',
      outcome: 'Reversed',
      refunded: 1,
    });
    expect(await wallet.rollback({ ...rb, transactionId: `RB2-${tokenSeq}` })).toMatchObject({
      outcome: 'AlreadyReversed',
      refunded: 0,
    });
  });

  it('typed refusals: insufficient funds with the balance, conflict, token expired, bet cancelled, bet has a win', async () => {
    const wallet = client();
    const bet = {
      casinoToken: token,
      transactionId: `X${tokenSeq}`,
      roundId: 'R1',
      gameCode: 'dice',
      amount: p(100_001),
    };
    const short = await refusal(wallet.bet(bet));
    expect([short.kind, short.code, short.status, short.balance]).toEqual([
      'insufficient-funds',
      'INSUFFICIENT_FUNDS',
      422,
      100_000,
    ]);
    await wallet.bet({ ...bet, amount: p(500) });
    const conflict = await refusal(wallet.bet({ ...bet, amount: p(600) }));
    expect([conflict.kind, conflict.status]).toEqual(['conflict', 409]);

    // A rollback before its bet leaves a tombstone: the late bet is refused.
    const tomb = await wallet.rollback({
      casinoToken: token,
      transactionId: `T${tokenSeq}`,
      referenceTransactionId: `LATE${tokenSeq}`,
      roundId: 'R1',
    });
    expect(tomb).toMatchObject({ outcome: 'Tombstone', refunded: 0 });
    expect(
      (await refusal(wallet.bet({ ...bet, transactionId: `LATE${tokenSeq}`, amount: p(100) }))).kind,
    ).toBe('bet-cancelled');

    await wallet.win({
      casinoToken: token,
      transactionId: `XW${tokenSeq}`,
      referenceTransactionId: `X${tokenSeq}`,
      roundId: 'R1',
      amount: p(990),
    });
    const hasWin = await refusal(
      wallet.rollback({
        casinoToken: token,
        transactionId: `XR${tokenSeq}`,
        referenceTransactionId: `X${tokenSeq}`,
        roundId: 'R1',
      }),
    );
    expect(hasWin.kind).toBe('bet-has-win');
    const notFound = await refusal(
      wallet.win({
        casinoToken: token,
        transactionId: `NW${tokenSeq}`,
        referenceTransactionId: 'nope',
        roundId: 'R1',
        amount: p(1),
      }),
    );
    expect(notFound.kind).toBe('bet-not-found');

    server.model.expire(token);
    const expired = await refusal(wallet.bet({ ...bet, transactionId: `E${tokenSeq}`, amount: p(100) }));
    expect([expired.kind, expired.status, expired.definite]).toEqual(['token-expired', 401, true]);
  });

  it('a 503 CASINO_PROVIDER_UNAVAILABLE is definite; another 5xx or an unreadable 200 is an unknown outcome', async () => {
    server.script.push('503', '500', 'garbage');
    const unavailable = await refusal(client().balance(token));
    expect([unavailable.kind, unavailable.definite]).toEqual(['provider-unavailable', true]);
    const fault = await refusal(client().balance(token));
    expect([fault.kind, fault.unknownCause, fault.definite]).toEqual([
      'unknown-outcome',
      'server-error',
      false,
    ]);
    const garbage = await refusal(client().balance(token));
    expect([garbage.kind, garbage.unknownCause]).toEqual(['unknown-outcome', 'bad-answer']);
  });
});

describe('timeouts and the network', () => {
  it('a call with no answer within timeoutMs is an unknown outcome (timeout)', async () => {
    server.script.push('hang');
    const started = Date.now();
    const e = await refusal(
      client({ timeoutMs: 40 }).bet({
        casinoToken: token,
        transactionId: `H${tokenSeq}`,
        roundId: 'R',
        gameCode: 'dice',
        amount: p(100),
      }),
    );
    expect([e.kind, e.unknownCause]).toEqual(['unknown-outcome', 'timeout']);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a caller that gives up gets an unknown outcome (aborted); a refused connection one (network)', async () => {
    server.script.push('hang');
    const controller = new AbortController();
    const pending = client().balance(token, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await refusal(pending)).unknownCause).toBe('aborted');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await refusal(client({ baseUrl: `http://127.0.0.1:${port}` }).balance(token));
    expect([e.kind, e.unknownCause]).toEqual(['unknown-outcome', 'network']);
  });
});

describe('rollback until a definite answer', () => {
  const recordingSleep =
    (delays: number[]): Sleep =>
    (ms) => {
      delays.push(ms);
      return Promise.resolve();
    };
  const rollback = () => ({
    casinoToken: token,
    transactionId: `RB${tokenSeq}`,
    referenceTransactionId: `B${tokenSeq}`,
    roundId: 'R1',
  });

  it('repeats through 5xx, 503 and timeouts with doubling waits, and the stake goes back once', async () => {
    // Long enough that only the scripted hang times out, however loaded the machine (40 ms once
    // timed out an answered call in CI and the waits came out one longer).
    const wallet = client({ timeoutMs: 1_000 });
    await wallet.bet({
      casinoToken: token,
      transactionId: `B${tokenSeq}`,
      roundId: 'R1',
      gameCode: 'dice',
      amount: p(700),
    });
    // The third call is applied but its answer lost: the fourth is a replay and answers the same.
    server.script.push('500', '503', 'apply-then-500', 'hang');
    const delays: number[] = [];
    const answer = await wallet.rollbackUntilDefinite(rollback(), {
      policy: { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 350 },
      sleep: recordingSleep(delays),
    });
    expect(answer).toMatchObject({ outcome: 'Reversed', refunded: 700, balance: 100_000 });
    expect(delays).toEqual([100, 200, 350, 350]);
    expect(server.model.reversals.get(`B${tokenSeq}`)).toBe(1);
    expect(server.model.balanceOf(token)).toBe(100_000);
  });

  it('is bounded: after maxAttempts it rejects with the last unknown outcome', async () => {
    server.script.push('500', '500', '500');
    const delays: number[] = [];
    const e = await refusal(
      client().rollbackUntilDefinite(rollback(), {
        policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 1_000 },
        sleep: recordingSleep(delays),
      }),
    );
    expect([e.kind, server.seen.length, delays]).toEqual(['unknown-outcome', 3, [10, 20]]);
  });

  it('stops at once on a definite refusal (a paid bet is final)', async () => {
    const wallet = client();
    await wallet.bet({
      casinoToken: token,
      transactionId: `B${tokenSeq}`,
      roundId: 'R1',
      gameCode: 'dice',
      amount: p(700),
    });
    await wallet.win({
      casinoToken: token,
      transactionId: `W${tokenSeq}`,
      referenceTransactionId: `B${tokenSeq}`,
      roundId: 'R1',
      amount: p(0),
    });
    const e = await refusal(wallet.rollbackUntilDefinite(rollback(), { sleep: recordingSleep([]) }));
    expect(e.kind).toBe('bet-has-win');
    expect(server.seen.length).toBe(3);
  });

  it('is cancellable: an abort during the wait rejects with the last error and calls no more', async () => {
    server.script.push('500');
    const controller = new AbortController();
    const sleep: Sleep = (_ms, signal) =>
      new Promise((_resolve, reject) => {
        signal!.addEventListener('abort', () => reject(signal!.reason as Error));
        controller.abort();
      });
    const e = await refusal(client().rollbackUntilDefinite(rollback(), { sleep, signal: controller.signal }));
    expect([e.kind, e.unknownCause, server.seen.length]).toEqual(['unknown-outcome', 'server-error', 1]);
  });
});
