import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  casinoWalletPath,
  type CasinoCategory,
  type LoginResult,
  type SettingWithSportTree,
} from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CasinoCatalogue, CasinoProviderDown, signWalletCall, type CasinoProvider } from '../src/casino';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused } from './helpers';

/*
 * The lobby's lists (issue 15, section C4) from the providers' own lists over HTTP: grouped by
 * category with launch addresses, one provider down, slow or talking nonsense leaves the others
 * listed and is named in a 503, the site's casino switch, and the sport tree's `games`.
 */

type Behaviour = 'ok' | 'slow' | 'nonsense' | 'error';

/** A provider host stand-in: `GET /{provider}/games` answers as its behaviour says; counts calls. */
async function providersStandIn(behaviour: Record<string, Behaviour>) {
  const hits = new Map<string, number>();
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const [, provider, what] = (req.url ?? '').split('/');
    if (!provider || what !== 'games') {
      res.writeHead(404).end();
      return;
    }
    hits.set(provider, (hits.get(provider) ?? 0) + 1);
    const b = behaviour[provider] ?? 'ok';
    if (b === 'slow') {
      held.push(res); // answers only when the test ends: slower than the catalogue waits
      return;
    }
    if (b === 'error') {
      res.writeHead(500).end('oops');
      return;
    }
    if (b === 'nonsense') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"games":[{"code":"has space"}]}');
      return;
    }
    const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        games: [
          {
            code: 'tp2020',
            name: `Teen Patti 20-20 (${provider})`,
            category: 'Live Casino',
            image: `${origin}/art/tp.svg`,
          },
          { code: 'dice', name: 'Dice', category: 'Instant Games', image: `${origin}/art/dice.svg` },
          {
            code: 'ab',
            name: 'Andar Bahar',
            category: 'Live Casino',
            image: `${origin}/art/ab.svg`,
            extra: 1,
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(backends)('casino lobby lists (%s)', (backend) => {
  let ctx: TestContext;
  let stand: Awaited<ReturnType<typeof providersStandIn>>;

  beforeAll(async () => {
    stand = await providersStandIn({
      international: 'ok',
      dream: 'ok',
      king: 'ok',
      mac: 'error',
      udan: 'slow',
    });
    ctx = await createTestApp(backend, {
      CASINO_DEV_GAMES_URL: stand.origin,
      // A provider nobody listens for: refused at once.
      CASINO_MAC_HOST: 'http://127.0.0.1:9/mac',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stand.close();
  });

  it("lists the international provider's games by category, with where to launch them", async () => {
    const cats = expectOk(
      await call<CasinoCategory[]>(ctx.app, { url: '/api/InternationalCasino/GetGames' }),
    );
    expect(cats.map((c) => c.category)).toEqual(['Live Casino', 'Instant Games']);
    expect(cats[0]?.games.map((g) => g.code)).toEqual(['tp2020', 'ab']);
    expect(cats[0]?.games[0]).toEqual({
      id: 'international-tp2020',
      code: 'tp2020',
      name: 'Teen Patti 20-20 (international)',
      provider: 'international',
      category: 'Live Casino',
      imageURL: `${stand.origin}/art/tp.svg`,
      url: `${stand.origin}/international/launch`,
    });
  });

  it("names king's game in its launch address (king takes no body)", async () => {
    const cats = expectOk(
      await call<CasinoCategory[]>(ctx.app, { url: '/api/casino/games', query: { provider: 'king' } }),
    );
    const urls = cats.flatMap((c) => c.games.map((g) => g.url));
    expect(urls).toContain(`${stand.origin}/king/launch/tp2020`);
    expect(cats.flatMap((c) => c.games).every((g) => g.provider === 'king' && g.id.startsWith('king-'))).toBe(
      true,
    );
  });

  it('keeps a list for a minute: a second lobby does not ask the provider again', async () => {
    await call(ctx.app, { url: '/api/casino/games', query: { provider: 'dream' } });
    const before = stand.hits.get('dream') ?? 0;
    expectOk(await call(ctx.app, { url: '/api/casino/games', query: { provider: 'dream' } }));
    expect(stand.hits.get('dream')).toBe(before);
  });

  it('a provider that fails, is unreachable or too slow answers 503 naming it; the others still list', async () => {
    for (const provider of ['mac', 'udan']) {
      expectRefused(
        await call(ctx.app, { url: '/api/casino/games', query: { provider } }),
        503,
        'CASINO_PROVIDER_UNAVAILABLE',
        `The ${provider} games are unavailable just now.`,
      );
    }
    expectOk(await call(ctx.app, { url: '/api/casino/games', query: { provider: 'dream' } }));
  });

  it('refuses an unknown provider with a validation error', async () => {
    const answer = await call(ctx.app, { url: '/api/casino/games', query: { provider: 'evolution' } });
    expectRefused(answer, 400, 'VALIDATION_FAILED');
  });

  it("lists nothing on a site whose casino is off, and the tree's games are empty there", async () => {
    const host = 'nosignup.backlay.local';
    expect(expectOk(await call(ctx.app, { url: '/api/InternationalCasino/GetGames', host }))).toEqual([]);
    expect(
      expectOk(await call(ctx.app, { url: '/api/casino/games', query: { provider: 'dream' }, host })),
    ).toEqual([]);
    const tree = expectOk(
      await call<SettingWithSportTree>(ctx.app, { url: '/Setting/GetSettingWithSportTree', host }),
    );
    expect(tree.games).toEqual([]);
  });

  it("names the game on the cash statement by the provider's list (its code when the list is not known)", async () => {
    const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    const bet = async (provider: 'dream' | 'mac', transactionId: string) => {
      const payload = JSON.stringify({
        casinoToken: demo.casinoToken,
        transactionId,
        roundId: `r-${transactionId}`,
        gameCode: 'tp2020',
        amount: 10,
      });
      const secret = ctx.config.casinoProviders[provider].secret ?? '';
      expectOk(
        await call(ctx.app, {
          url: casinoWalletPath(provider, 'bet'),
          raw: { payload, contentType: 'application/json' },
          headers: signWalletCall(secret, payload, new Date()),
        }),
      );
    };
    // dream's list is at hand (an earlier lobby read it); mac's cannot be had.
    expectOk(await call(ctx.app, { url: '/api/casino/games', query: { provider: 'dream' } }));
    await bet('dream', 'name-1');
    await bet('mac', 'name-2');
    const statement = expectOk(
      await call<{ items: { description: string }[] }>(ctx.app, {
        url: '/Transaction/GetHistory',
        query: { kind: 'casino' },
        token: demo.accessToken,
      }),
    );
    expect(statement.items.map((l) => l.description).sort()).toEqual([
      'Casino bet: Teen Patti 20-20 (dream) (dream), round r-name-1',
      'Casino bet: tp2020 (mac), round r-name-2',
    ]);
  });

  it('a site suspended or with its casino off takes no new stake, and a stake already taken still pays', async () => {
    const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    const secret = ctx.config.casinoProviders.dream.secret ?? '';
    const wallet = (what: 'bet' | 'win', body: Record<string, unknown>) => {
      const payload = JSON.stringify({ casinoToken: demo.casinoToken, roundId: 'site-r1', ...body });
      return call(ctx.app, {
        url: casinoWalletPath('dream', what),
        raw: { payload, contentType: 'application/json' },
        headers: signWalletCall(secret, payload, new Date()),
      });
    };
    const setSite = (patch: Record<string, boolean>) =>
      ctx.database.db.execute(
        sql`update domains set settings = settings || ${JSON.stringify(patch)}::jsonb where name = 'test'`,
      );
    expectOk(await wallet('bet', { transactionId: 'site-b1', gameCode: 'tp2020', amount: 10 }));
    try {
      await setSite({ casino: false });
      expectRefused(
        await wallet('bet', { transactionId: 'site-b2', gameCode: 'tp2020', amount: 10 }),
        403,
        'FORBIDDEN',
        "The player's site has its casino switched off.",
      );
      await setSite({ casino: true, siteSuspended: true });
      expectRefused(
        await wallet('bet', { transactionId: 'site-b3', gameCode: 'tp2020', amount: 10 }),
        503,
        'SITE_SUSPENDED',
      );
      // The round staked before still pays.
      expectOk(
        await wallet('win', { transactionId: 'site-w1', referenceTransactionId: 'site-b1', amount: 19.8 }),
      );
    } finally {
      await setSite({ casino: true, siteSuspended: false });
    }
    // Switched back on, the same refused bet is judged again and taken.
    expectOk(await wallet('bet', { transactionId: 'site-b2', gameCode: 'tp2020', amount: 10 }));
  });

  it("the sport tree's games are every answering provider's, as summaries", async () => {
    const tree = expectOk(
      await call<SettingWithSportTree>(ctx.app, { url: '/Setting/GetSettingWithSportTree' }),
    );
    const providers = new Set(tree.games.map((g) => g.provider));
    expect([...providers].sort()).toEqual(['dream', 'international', 'king']);
    expect(tree.games).toContainEqual({
      id: 'dream-ab',
      name: 'Andar Bahar',
      provider: 'dream',
      category: 'Live Casino',
      imageURL: `${stand.origin}/art/ab.svg`,
    });
  });
});

describe('the catalogue', () => {
  const game = (provider: 'dream') => ({
    id: `${provider}-x`,
    code: 'x',
    name: 'X',
    provider,
    category: 'C',
    imageURL: 'http://p/x.svg',
    url: 'http://p/launch',
  });

  it('asks again after a minute, a failed provider after ten seconds, and one request at a time', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const dream: CasinoProvider = {
      id: 'dream',
      host: 'http://p',
      games: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new CasinoProviderDown('dream', 'answered HTTP 500');
        return [game('dream')];
      },
    };
    const catalogue = new CasinoCatalogue({ dream }, () => clock);
    await Promise.all([catalogue.games('dream'), catalogue.games('dream'), catalogue.games('dream')]);
    expect(calls).toBe(1);
    clock = 59_999;
    await catalogue.games('dream');
    expect(calls).toBe(1);
    clock = 60_000;
    fail = true;
    await expect(catalogue.games('dream')).rejects.toThrow('dream: answered HTTP 500');
    expect(calls).toBe(2);
    clock = 69_999;
    await expect(catalogue.games('dream')).rejects.toThrow(CasinoProviderDown);
    expect(calls).toBe(2);
    fail = false;
    clock = 70_000;
    expect(await catalogue.games('dream')).toHaveLength(1);
    expect(calls).toBe(3);
  });

  it('a provider not configured here is unavailable, and everyGame leaves it out', async () => {
    const catalogue = new CasinoCatalogue({});
    await expect(catalogue.games('king')).rejects.toThrow('king: not configured here');
    expect(await catalogue.everyGame(50)).toEqual([]);
  });
});
