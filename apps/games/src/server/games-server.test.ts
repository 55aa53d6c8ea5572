// The provider process through app.inject() (and a real listen for the event stream), against a
// real local wallet: a node:http server over the wallet model, checking each provider's signature.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_INFO, PROVIDERS, type ProviderId } from '../catalogue/catalogue';
import { commitment } from '../fair/seeds';
import { verifyRound } from '../games/verify';
import { createGamesServer, type GamesServer } from './index';
import { TEST_SECRETS, TestWalletServer } from './test-wallet-server';

const PUBLIC = 'http://games.test:8090';
const wallet = new TestWalletServer();
let server: GamesServer;
let tokens = 0;

beforeAll(async () => {
  await wallet.start();
  server = await createGamesServer({
    publicUrl: `${PUBLIC}/`,
    walletUrl: wallet.url,
    secrets: TEST_SECRETS,
    bettingMs: 1_500,
    pauseMs: 300,
    frameAncestors: ['https://site.test', 'http://localhost:5173'],
  });
});
afterAll(async () => {
  await server.close();
  await wallet.stop();
});

/** A player of the wallet model with this many paise. */
function player(balance: number): string {
  const token = `tok-${++tokens}`;
  wallet.model.addPlayer(token, `player-${tokens}`, balance);
  return token;
}

const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });

async function launch(provider: ProviderId, gameCode: string, token: string): Promise<string> {
  const res =
    provider === 'king'
      ? await inject('POST', `/king/launch/${gameCode}`, undefined, { authorization: `Bearer ${token}` })
      : await inject('POST', `/${provider}/launch`, {
          gameCode,
          casinoToken: token,
          lobbyUrl: 'http://localhost:5173/lobby',
          platform: 'desktop',
        });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ url?: string; data?: { url: string } }>();
  const url = body.url ?? body.data!.url;
  return url.slice(PUBLIC.length);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until `fn` gives a value (bounded by the test's time limit, never asserted on time). */
async function until<T>(fn: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    await sleep(25);
  }
}

interface TableState {
  balance: number | null;
  serverNow: number;
  round: { roundId: string; phase: string; closesAt: number; commitment: string } | null;
  myBets: {
    id: string;
    roundId: string;
    market: string;
    stake: number;
    status: string;
    payout: number | null;
  }[];
  history: { roundId: string; serverSeed: string | null; verifyUrl: string | null; outcome: unknown }[];
}
const state = async (path: string) => (await inject('GET', `${path}/state`)).json<TableState>();

/** Bets in a round with time left; a round that closed under a slow machine is retried in the next. */
async function betInFreshRound(path: string, market: string, stakePaise: number) {
  for (;;) {
    await until(async () => {
      const s = await state(path);
      return s.round?.phase === 'betting' && s.round.closesAt - s.serverNow > 900 ? s : undefined;
    });
    const res = await inject('POST', `${path}/bet`, { market, stakePaise });
    if (res.statusCode === 409 && res.json<{ error: { code: string } }>().error.code === 'BETTING_CLOSED')
      continue;
    return res;
  }
}

describe('the catalogue', () => {
  it('GET /health', async () => {
    const res = await inject('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('each provider lists its own games with absolute, provider-tinted SVG art; any origin may read it', async () => {
    const arts = new Set<string>();
    for (const p of PROVIDERS) {
      const res = await inject('GET', `/${p}/games`, undefined, { origin: 'https://site.test' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const { games } = res.json<{
        games: { code: string; name: string; category: string; image: string }[];
      }>();
      expect(games).toEqual(
        PROVIDER_INFO[p].games.map((g) => ({ ...g, image: `${PUBLIC}/${p}/art/${g.code}.svg` })),
      );
      for (const g of games) {
        const art = await inject('GET', g.image.slice(PUBLIC.length));
        expect(art.statusCode).toBe(200);
        expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(art.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        arts.add(art.body);
      }
    }
    expect(PROVIDER_INFO.international.games.map((g) => g.code).sort()).toEqual(
      ['andar-bahar', 'dice', 'dragon-tiger', 'lucky-7', 'teen-patti-2020'].sort(),
    );
    // 14 tiles, each different (its game's picture in its provider's colours).
    expect(arts.size).toBe(PROVIDERS.reduce((n, p) => n + PROVIDER_INFO[p].games.length, 0));
    expect((await inject('GET', '/dream/art/dice.svg')).statusCode).toBe(404);
  });
});

describe('the launch', () => {
  it('answers { url } (international, mac), { data: { url } } (dream, udan) and king’s bearer call; each checks the token with its own signed balance call', async () => {
    const token = player(100_000);
    for (const p of PROVIDERS) {
      const code = PROVIDER_INFO[p].games[0]!.code;
      const before = wallet.count(`${p}/balance`);
      const res =
        p === 'king'
          ? await inject('POST', `/king/launch/${code}`, undefined, {
              authorization: `Bearer ${token}`,
              origin: 'https://site.test',
            })
          : await inject(
              'POST',
              `/${p}/launch`,
              { gameCode: code, casinoToken: token, lobbyUrl: 'https://site.test/lobby', platform: 'mobile' },
              { origin: 'https://site.test' },
            );
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const body = res.json<Record<string, unknown>>();
      const url = p === 'dream' || p === 'udan' ? (body.data as { url: string }).url : (body.url as string);
      expect(Object.keys(body)).toEqual([p === 'dream' || p === 'udan' ? 'data' : 'url']);
      expect(url).toMatch(new RegExp(`^${PUBLIC}/${p}/play/[A-Za-z0-9_-]{22}$`));
      expect(wallet.count(`${p}/balance`)).toBe(before + 1);
      const page = await inject('GET', url.slice(PUBLIC.length));
      expect(page.statusCode).toBe(200);
    }
  });

  it('lets any origin preflight the launch, king’s Authorization header included; the play endpoints are not open', async () => {
    const pre = await server.app.inject({
      method: 'OPTIONS',
      url: '/king/launch/lucky-7',
      headers: {
        origin: 'https://site.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const path = await launch('dream', 'andar-bahar', player(100_000));
    const res = await inject('GET', `${path}/state`, undefined, { origin: 'https://evil.test' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a token the wallet does not know (401 CASINO_TOKEN_INVALID) or has expired (401 CASINO_TOKEN_EXPIRED)', async () => {
    const bad = await inject('POST', '/international/launch', {
      gameCode: 'dice',
      casinoToken: 'not-a-token',
      lobbyUrl: 'https://site.test/lobby',
      platform: 'desktop',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: { code: 'CASINO_TOKEN_INVALID', message: expect.any(String) } });
    const old = player(100_000);
    wallet.model.expire(old);
    const expired = await inject('POST', '/king/launch/lucky-7', undefined, {
      authorization: `Bearer ${old}`,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ error: { code: string } }>().error.code).toBe('CASINO_TOKEN_EXPIRED');
    const none = await inject('POST', '/king/launch/lucky-7');
    expect(none.statusCode).toBe(401);
    expect(none.json<{ error: { code: string } }>().error.code).toBe('CASINO_TOKEN_INVALID');
  });

  it('404 GAME_NOT_FOUND for a game not in that provider’s catalogue', async () => {
    const token = player(100_000);
    const res = await inject('POST', '/dream/launch', {
      gameCode: 'dice',
      casinoToken: token,
      lobbyUrl: 'https://site.test/lobby',
      platform: 'desktop',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('GAME_NOT_FOUND');
    const king = await inject('POST', '/king/launch/teen-patti-2020', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(king.statusCode).toBe(404);
  });

  it('400 BAD_REQUEST for a bad body, before any wallet call', async () => {
    const token = player(100_000);
    const good = {
      gameCode: 'dice',
      casinoToken: token,
      lobbyUrl: 'https://site.test/lobby',
      platform: 'desktop',
    };
    const before = wallet.calls.length;
    for (const payload of [
      { ...good, platform: 'tv' },
      { ...good, lobbyUrl: 'javascript:alert(1)' },
      { ...good, gameCode: 'has space' },
      { ...good, casinoToken: '' },
      { gameCode: 'dice' },
    ]) {
      const res = await inject('POST', '/international/launch', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST');
    }
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/mac/launch',
      payload: '{"gameCode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST');
    const empty = await inject('POST', '/mac/launch');
    expect(empty.statusCode).toBe(400);
    expect(wallet.calls.length).toBe(before);
  });

  it('the wallet down: 502 WALLET_UNREACHABLE; a wallet refusing our signature: 502 WALLET_REFUSED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await createGamesServer({
      publicUrl: PUBLIC,
      walletUrl: `http://127.0.0.1:${port}`,
      secrets: TEST_SECRETS,
      bettingMs: 200,
      pauseMs: 60_000,
    });
    const wrong = await createGamesServer({
      publicUrl: PUBLIC,
      walletUrl: wallet.url,
      secrets: { ...TEST_SECRETS, udan: 'not-the-secret' },
      bettingMs: 200,
      pauseMs: 60_000,
    });
    try {
      const body = {
        gameCode: 'andar-bahar',
        casinoToken: player(100_000),
        lobbyUrl: 'https://site.test/',
        platform: 'desktop',
      };
      const res = await down.app.inject({ method: 'POST', url: '/udan/launch', payload: body });
      expect(res.statusCode).toBe(502);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('WALLET_UNREACHABLE');
      const refused = await wrong.app.inject({ method: 'POST', url: '/udan/launch', payload: body });
      expect(refused.statusCode).toBe(502);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('WALLET_REFUSED');
      // The other providers of that process still sign with their own, right, secrets.
      const dream = await wrong.app.inject({ method: 'POST', url: '/dream/launch', payload: body });
      expect(dream.statusCode).toBe(200);
    } finally {
      await Promise.all([down.close(), wrong.close()]);
    }
  });
});

describe('the game page and its endpoints', () => {
  it('serves the page with the CSP’s frame-ancestors, no inline script, and the bundled script as a file', async () => {
    const path = await launch('international', 'teen-patti-2020', player(100_000));
    const page = await inject('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors https://site.test http://localhost:5173');
    expect(csp).toContain("script-src 'self'");
    expect(page.body).toContain('Teen Patti 20-20');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![2]).toBe('');
    const src = /src="(\/assets\/table-[A-Z0-9]+\.js)"/.exec(scripts[0]![1]!)![1]!;
    const js = await inject('GET', src);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('stakePaise');
    expect(js.headers['cache-control']).toContain('immutable');
    const missing = await inject('GET', '/international/play/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    // A session belongs to its provider.
    expect((await inject('GET', `${path.replace('/international/', '/dream/')}/state`)).statusCode).toBe(404);
  });

  it('a bet through the page moves the wallet exactly once; the state shows it and the balance', async () => {
    const token = player(100_000);
    const path = await launch('dream', 'teen-patti-2020', token);
    const first = await state(path);
    expect(first.balance).toBe(100_000);
    const bets = wallet.count('dream/bet');
    const res = await betInFreshRound(path, 'playerA', 10_000);
    expect(res.statusCode).toBe(200);
    const { bet, balance } = res.json<{
      bet: { id: string; status: string; stake: number };
      balance: number;
    }>();
    expect(bet).toMatchObject({ status: 'accepted', stake: 10_000 });
    expect(balance).toBe(90_000);
    expect(wallet.model.balanceOf(token)).toBe(90_000);
    expect(wallet.model.debits.get(bet.id)).toBe(1);
    expect(wallet.count('dream/bet')).toBe(bets + 1);
    const after = await state(path);
    expect(after.myBets[0]).toMatchObject({ id: bet.id, market: 'playerA', stake: 10_000 });
  });

  it('refuses a stake not in whole paise, outside the limits, or an unknown market, moving nothing', async () => {
    const token = player(100_000);
    const path = await launch('king', 'lucky-7', token);
    const calls = wallet.calls.length;
    for (const [body, code] of [
      [{ market: 'seven', stakePaise: 1_000.5 }, 'INVALID_STAKE'],
      [{ market: 'seven', stakePaise: '1000' }, 'INVALID_STAKE'],
      [{ market: 'seven', stakePaise: 999 }, 'INVALID_STAKE'],
      [{ market: 'eight', stakePaise: 1_000 }, 'UNKNOWN_MARKET'],
    ] as const) {
      const res = await inject('POST', `${path}/bet`, body);
      // A round closed meanwhile would say BETTING_CLOSED; the checks come first whenever betting is open.
      if (res.statusCode === 409) continue;
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
    }
    expect(wallet.calls.length).toBe(calls);
    expect(wallet.model.balanceOf(token)).toBe(100_000);
  });

  it('INSUFFICIENT_FUNDS carries the balance, in paise', async () => {
    const token = player(5_000);
    const path = await launch('udan', 'dragon-tiger', token);
    const res = await betInFreshRound(path, 'dragon', 10_000);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: 'INSUFFICIENT_FUNDS', message: expect.any(String), balance: 5_000 },
    });
    expect(wallet.model.balanceOf(token)).toBe(5_000);
  });

  it('a round settles and pays once; its seed is revealed right after, never before, and verifies', async () => {
    const token = player(1_000_000);
    const path = await launch('international', 'andar-bahar', token);
    const a = await betInFreshRound(path, 'andar', 10_000);
    const b = await inject('POST', `${path}/bet`, { market: 'bahar', stakePaise: 20_000 });
    const roundA = a.json<{ bet: { id: string; roundId: string } }>().bet;
    // The second bet may fall in the next round on a slow machine: follow its own round.
    const betB = b.statusCode === 200 ? b.json<{ bet: { id: string; roundId: string } }>().bet : undefined;
    const roundId = roundA.roundId;

    const open = await inject('GET', `/international/rounds/${roundId}`);
    const openBody = open.json<{ settled: boolean; seeds: Record<string, unknown>; outcome?: unknown }>();
    if (openBody.settled === false) {
      expect(openBody.seeds.serverSeed).toBeUndefined();
      expect(openBody.outcome).toBeUndefined();
      expect(open.body).not.toMatch(/"serverSeed"/);
    }

    const settled = await until(async () => {
      const s = await state(path);
      return s.history.some((r) => r.roundId === roundId) ? s : undefined;
    });
    const mine = settled.myBets.find((x) => x.id === roundA.id)!;
    expect(['won', 'lost']).toContain(mine.status);
    const record = (await inject('GET', `/international/rounds/${roundId}`)).json<{
      settled: boolean;
      revealed: boolean;
      game: string;
      seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
      outcome: { winner: string };
      verifyUrl: string;
    }>();
    expect(record).toMatchObject({ settled: true, revealed: true, game: 'andar-bahar' });
    expect(commitment(record.seeds.serverSeed)).toBe(record.seeds.serverSeedHash);
    expect(verifyRound('andar-bahar', record.seeds, record.outcome).ok).toBe(true);
    expect(record.verifyUrl).toContain(`serverSeed=${record.seeds.serverSeed}`);
    expect(record.verifyUrl).toContain(`round=${roundId}`);
    const strip = settled.history.find((r) => r.roundId === roundId)!;
    expect(strip.serverSeed).toBe(record.seeds.serverSeed);
    expect(strip.verifyUrl).toBe(record.verifyUrl);
    // Each round has its own seed: the round after it shows another commitment.
    const next = await until(async () => {
      const s = await state(path);
      return s.round && s.round.roundId !== roundId && s.round.phase === 'betting' ? s : undefined;
    });
    expect(next.round!.commitment).not.toBe(record.seeds.serverSeedHash);

    // Paid once: the winning bet has exactly one win, of stake × odds; the books add up.
    const winner = record.outcome.winner;
    expect(mine.status).toBe(winner === 'andar' ? 'won' : 'lost');
    const betA = wallet.model.bets.get(roundA.id)!;
    expect([...betA.wins.values()]).toEqual(winner === 'andar' ? [19_000] : []);
    let expected = 1_000_000 - 10_000 + (winner === 'andar' ? 19_000 : 0);
    if (betB) {
      const settledB = await until(async () => {
        const s = await state(path);
        const x = s.myBets.find((m) => m.id === betB.id);
        return x && x.status !== 'accepted' ? x : undefined;
      });
      const paidB = wallet.model.bets.get(betB.id)!.wins;
      expect(paidB.size).toBe(settledB.status === 'won' ? 1 : 0);
      expected += -20_000 + (settledB.status === 'won' ? 40_000 : 0);
    }
    expect(wallet.model.balanceOf(token)).toBe(expected);
    expect((await state(path)).balance).toBe(expected);
  });

  it('BETTING_CLOSED once the round has closed', async () => {
    const closedServer = await createGamesServer({
      publicUrl: PUBLIC,
      walletUrl: wallet.url,
      secrets: TEST_SECRETS,
      bettingMs: 100,
      pauseMs: 600_000,
    });
    try {
      const token = player(100_000);
      const res = await closedServer.app.inject({
        method: 'POST',
        url: '/mac/launch',
        payload: {
          gameCode: 'lucky-7',
          casinoToken: token,
          lobbyUrl: 'https://site.test/',
          platform: 'desktop',
        },
      });
      const path = res.json<{ url: string }>().url.slice(PUBLIC.length);
      // The first round settles after 100 ms, then the table rests for ten minutes.
      await until(async () => {
        const s = (await closedServer.app.inject({ method: 'GET', url: `${path}/state` })).json<TableState>();
        return s.round?.phase === 'settled' ? s : undefined;
      });
      const bet = await closedServer.app.inject({
        method: 'POST',
        url: `${path}/bet`,
        payload: { market: 'red', stakePaise: 1_000 },
      });
      expect(bet.statusCode).toBe(409);
      expect(bet.json<{ error: { code: string } }>().error.code).toBe('BETTING_CLOSED');
      expect(wallet.model.balanceOf(token)).toBe(100_000);
    } finally {
      await closedServer.close();
    }
  });

  it('dice: a roll moves the stake and the win once; rotation reveals the seed, which verifies the roll', async () => {
    const token = player(100_000);
    const path = await launch('mac', 'dice', token);
    const before = (await inject('GET', `${path}/state`)).json<{
      seeds: { serverSeedHash: string; nextNonce: number };
    }>();
    const res = await inject('POST', `${path}/dice`, {
      stakePaise: 10_000,
      direction: 'under',
      target: 5_000,
    });
    expect(res.statusCode).toBe(200);
    const { play, balance } = res.json<{
      play: {
        betId: string;
        roundId: string;
        roll: number;
        status: string;
        payout: number;
        seeds: { serverSeedHash: string; nonce: number };
        verifyUrl: string | null;
      };
      balance: number;
    }>();
    expect(play.seeds).toMatchObject({
      serverSeedHash: before.seeds.serverSeedHash,
      nonce: before.seeds.nextNonce,
    });
    expect(play.status).toBe(play.roll < 5_000 ? 'won' : 'lost');
    expect(play.payout).toBe(play.status === 'won' ? 19_801 : 0);
    expect(balance).toBe(100_000 - 10_000 + play.payout);
    expect(wallet.model.balanceOf(token)).toBe(balance);
    expect(wallet.model.debits.get(play.betId)).toBe(1);
    expect(play.verifyUrl).toBeNull();
    const hidden = (await inject('GET', `/mac/rounds/${play.roundId}`)).json<{
      revealed: boolean;
      seeds: object;
    }>();
    expect(hidden.revealed).toBe(false);
    expect(hidden.seeds).not.toHaveProperty('serverSeed');

    const bad = await inject('POST', `${path}/dice`, {
      stakePaise: 10_000,
      direction: 'under',
      target: 9_900,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('INVALID_TARGET');

    const rotated = await inject('POST', `${path}/rotate`, { clientSeed: 'my-lucky-seed' });
    expect(rotated.statusCode).toBe(200);
    const { revealed, state: after } = rotated.json<{
      revealed: { serverSeed: string; serverSeedHash: string; noncesUsed: number };
      state: { seeds: { clientSeed: string; nextNonce: number }; plays: { verifyUrl: string | null }[] };
    }>();
    expect(revealed.serverSeedHash).toBe(before.seeds.serverSeedHash);
    expect(after.seeds).toMatchObject({ clientSeed: 'my-lucky-seed', nextNonce: 0 });
    expect(after.plays[0]!.verifyUrl).toContain(`serverSeed=${revealed.serverSeed}`);
    const record = (await inject('GET', `/mac/rounds/${play.roundId}`)).json<{
      seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
      outcome: unknown;
    }>();
    expect(verifyRound('dice', record.seeds, record.outcome).ok).toBe(true);
    expect((await inject('POST', `${path}/rotate`, { clientSeed: 'bad:seed' })).statusCode).toBe(400);
  });

  it('pushes the state as Server-Sent Events', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const path = await launch('king', 'dragon-tiger', player(100_000));
    const abort = new AbortController();
    const res = await fetch(`${address}${path}/events`, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!/event: state\ndata: .*\n\n/.test(text))
      text += new TextDecoder().decode((await reader.read()).value);
    const data = JSON.parse(/event: state\ndata: (.*)\n\n/.exec(text)![1]!) as {
      kind: string;
      gameCode: string;
    };
    expect(data).toMatchObject({ kind: 'table', gameCode: 'dragon-tiger' });
    abort.abort();
    const gone = await fetch(`${address}/king/play/AAAAAAAAAAAAAAAAAAAAAA/events`);
    expect(gone.status).toBe(404);
  });
});

describe('the verification page', () => {
  it('is a form with its script as a file, under the same CSP', async () => {
    const res = await inject('GET', '/verify?game=dice&serverSeed=00&nonce=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors');
    expect(res.body).toMatch(/<form id="verify-form"/);
    for (const name of ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'round', 'provider']) {
      expect(res.body).toContain(`name="${name}"`);
    }
    const src = /src="(\/assets\/verify-[A-Z0-9]+\.js)"/.exec(res.body)![1]!;
    const js = await inject('GET', src);
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('subtle');
    // The bundle never reaches for node:crypto (the rules' stream is replaced by Web Crypto).
    expect(js.body).not.toMatch(/from\s*["']node:/);
  });
});
