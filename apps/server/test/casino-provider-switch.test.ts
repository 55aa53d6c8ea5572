import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  casinoWalletPath,
  type CasinoCategory,
  type CasinoProviderId,
  type CasinoProviderSettings,
  type CasinoWalletCall,
  type LoginResult,
  type SettingWithSportTree,
} from '@backlay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { queryRows } from '../src/betting/sql-rows';
import { signWalletCall } from '../src/casino';
import { expectLedgerBalanced } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified } from './helpers';
import { operatorToken } from './operator-helpers';

/*
 * Casino providers on and off per site (issue 16): the owner reads the five with their names and
 * switches one (audited, before and after). Off, for that site only and at once: its games leave
 * the lobby's lists, the sport tree's and the first screen's `games`; its wallet answers no balance
 * (the provider's launch checks the token with one) and takes no new stake, while a round staked
 * before still pays its win and its rollback. Switched on again, everything comes back.
 */

const PATH = '/admin/casino-providers';
const OTHER_HOST = 'skipotp.backlay.local';
const PAGE = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A provider host stand-in: `GET /{provider}/games` answers two games of that provider. */
async function providersStandIn() {
  const server: Server = createServer((req, res) => {
    const [, provider, what] = (req.url ?? '').split('/');
    if (!provider || what !== 'games') {
      res.writeHead(404).end();
      return;
    }
    const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        games: [
          {
            code: 'tp2020',
            name: 'Teen Patti 20-20',
            category: 'Live Casino',
            image: `${origin}/art/tp.svg`,
          },
          { code: 'dice', name: 'Dice', category: 'Instant Games', image: `${origin}/art/dice.svg` },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface AuditRow {
  actor: string;
  role: string;
  target: string;
  before: unknown;
  after: unknown;
}

describe.each(backends)('casino providers switched per site (%s)', (backend) => {
  let ctx: TestContext;
  let stand: Awaited<ReturnType<typeof providersStandIn>>;
  let dist: string;

  beforeAll(async () => {
    stand = await providersStandIn();
    // A built players' client, for the first screen its pages carry.
    dist = mkdtempSync(join(tmpdir(), 'backlay-web-'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    ctx = await createTestApp(backend, { CASINO_DEV_GAMES_URL: stand.origin, WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx?.close();
    await stand?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const owner = () => operatorToken(ctx.app, 'owner');
  const read = (token?: string) =>
    call<CasinoProviderSettings>(ctx.app, { url: PATH, ...(token ? { token } : {}) });
  const save = (body: unknown, token?: string, host?: string) =>
    call<CasinoProviderSettings>(ctx.app, {
      method: 'PUT',
      url: PATH,
      body,
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });
  const switchTo = async (provider: CasinoProviderId, enabled: boolean) =>
    expectOk(await save({ provider, enabled }, await owner()));
  const auditRows = () =>
    queryRows<AuditRow>(
      ctx.database.db,
      sql`select actor, role, target, before, after from operator_audit_log
          where action = 'casino.switch_provider' order by id`,
    );
  const lobby = async (provider: CasinoProviderId, opts: { host?: string; app?: FastifyInstance } = {}) =>
    expectOk(
      await call<CasinoCategory[]>(opts.app ?? ctx.app, {
        ...(provider === 'international'
          ? { url: '/api/InternationalCasino/GetGames' }
          : { url: '/api/casino/games', query: { provider } }),
        ...(opts.host ? { host: opts.host } : {}),
      }),
    ).flatMap((c) => c.games.map((g) => g.id));
  const treeProviders = async (host?: string) =>
    new Set(
      expectOk(
        await call<SettingWithSportTree>(ctx.app, {
          url: '/Setting/GetSettingWithSportTree',
          ...(host ? { host } : {}),
        }),
      ).games.map((g) => g.provider),
    );
  /** The providers of the `games` a page's first screen carries. */
  const firstScreenProviders = async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/inplay', headers: { accept: 'text/html' } });
    const json = /<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(page.body)?.[1];
    const data = JSON.parse(json ?? 'null') as SettingWithSportTree;
    return new Set(data.games.map((g) => g.provider));
  };

  it('answers the owner the five providers with their lobby names, each on until switched off', async () => {
    expect(expectOk(await read(await owner()))).toEqual({
      providers: [
        { provider: 'international', name: 'International', enabled: true },
        { provider: 'dream', name: 'Dream', enabled: true },
        { provider: 'king', name: 'King', enabled: true },
        { provider: 'mac', name: 'Mac', enabled: true },
        { provider: 'udan', name: 'Udan', enabled: true },
      ],
    });
  });

  it('takes a provider out of the lobby, the sport tree and the first screen at once, on this site only', async () => {
    // Every list read (and kept by the catalogue) before the switch.
    expect(await lobby('dream')).toEqual(['dream-tp2020', 'dream-dice']);
    expect(await lobby('international')).toHaveLength(2);
    for (const p of ['king', 'mac', 'udan'] as const) await lobby(p);
    expect(await treeProviders()).toContain('dream');
    expect(await firstScreenProviders()).toContain('dream');
    const audits = (await auditRows()).length;

    const answer = await switchTo('dream', false);
    expect(answer.providers.find((p) => p.provider === 'dream')).toEqual({
      provider: 'dream',
      name: 'Dream',
      enabled: false,
    });
    expect(answer.providers.filter((p) => p.enabled)).toHaveLength(4);
    expect(expectOk(await read(await owner()))).toEqual(answer);
    try {
      // Off: the lobby lists it as a site with its casino off does (nothing), the others as before.
      expect(await lobby('dream')).toEqual([]);
      expect(await lobby('international')).toEqual(['international-tp2020', 'international-dice']);
      expect([...(await treeProviders())].sort()).toEqual(['international', 'king', 'mac', 'udan']);
      expect([...(await firstScreenProviders())].sort()).toEqual(['international', 'king', 'mac', 'udan']);
      // Another site keeps it.
      expect(await lobby('dream', { host: OTHER_HOST })).toEqual(['dream-tp2020', 'dream-dice']);
      expect(await treeProviders(OTHER_HOST)).toContain('dream');

      // Another server on the same database sees the switch at once: nothing is cached.
      const other = await buildApp({ config: ctx.config, database: ctx.database });
      try {
        await other.ready();
        expect(await lobby('dream', { app: other })).toEqual([]);
        expect(await lobby('king', { app: other })).toEqual(['king-tp2020', 'king-dice']);
      } finally {
        await other.close();
      }

      // One audit row: who, which provider, before and after.
      const rows = await auditRows();
      expect(rows).toHaveLength(audits + 1);
      expect(rows.at(-1)).toEqual({
        actor: 'owner',
        role: 'owner',
        target: 'casino_provider:dream',
        before: { enabled: true },
        after: { enabled: false },
      });
    } finally {
      await switchTo('dream', true);
    }

    // On again: everything is back, and the switch back is audited too.
    expect(await lobby('dream')).toEqual(['dream-tp2020', 'dream-dice']);
    expect(await treeProviders()).toContain('dream');
    expect(await firstScreenProviders()).toContain('dream');
    expect((await auditRows()).at(-1)).toMatchObject({
      before: { enabled: false },
      after: { enabled: true },
    });
  });

  it('switching a provider to the state it is in changes nothing and writes no audit row', async () => {
    const audits = (await auditRows()).length;
    const answer = await switchTo('mac', true);
    expect(answer.providers.every((p) => p.enabled)).toBe(true);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('off, its wallet answers no balance and takes no new stake; a round staked before still pays', async () => {
    const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    const wallet = (provider: CasinoProviderId, what: CasinoWalletCall, body: Record<string, unknown>) => {
      const payload = JSON.stringify({ casinoToken: demo.casinoToken, roundId: 'switch-r1', ...body });
      return call<{ balance: number; outcome?: string }>(ctx.app, {
        url: casinoWalletPath(provider, what),
        raw: { payload, contentType: 'application/json' },
        headers: signWalletCall(ctx.config.casinoProviders[provider].secret ?? '', payload, new Date()),
      });
    };
    const bet = (provider: CasinoProviderId, transactionId: string) =>
      wallet(provider, 'bet', { transactionId, gameCode: 'tp2020', amount: 10 });
    const offMessage = "The player's site has the dream games switched off.";

    expectOk(await wallet('dream', 'balance', {}));
    expectOk(await bet('dream', 'switch-b1'));
    expectOk(await bet('dream', 'switch-b2'));
    await switchTo('dream', false);
    try {
      // No balance: the provider's launch, which checks the token with one, fails.
      expectRefused(await wallet('dream', 'balance', {}), 403, 'FORBIDDEN', offMessage);
      expectRefused(await bet('dream', 'switch-b3'), 403, 'FORBIDDEN', offMessage);
      // The rounds staked before the switch still end: a win, a rollback, and their replays.
      const won = expectOk(
        await wallet('dream', 'win', {
          transactionId: 'switch-w1',
          referenceTransactionId: 'switch-b1',
          amount: 19.8,
        }),
      );
      const rolled = expectOk(
        await wallet('dream', 'rollback', {
          transactionId: 'switch-rb2',
          referenceTransactionId: 'switch-b2',
        }),
      );
      expect(rolled.outcome).toBe('Reversed');
      expect(
        expectOk(
          await wallet('dream', 'win', {
            transactionId: 'switch-w1',
            referenceTransactionId: 'switch-b1',
            amount: 19.8,
          }),
        ),
      ).toEqual(won);
      // Another provider of the same site plays on.
      expectOk(await wallet('king', 'balance', {}));
      expectOk(await bet('king', 'switch-k1'));
    } finally {
      await switchTo('dream', true);
    }
    // On again, the refused bet is judged again and taken (nothing was recorded of it).
    expectOk(await wallet('dream', 'balance', {}));
    expectOk(await bet('dream', 'switch-b3'));
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses an unknown provider or a switch that is not a boolean (400), changing nothing', async () => {
    const audits = (await auditRows()).length;
    for (const body of [
      { provider: 'evolution', enabled: false },
      { provider: 'dream', enabled: 'no' },
      { provider: 'dream' },
      { enabled: false },
    ]) {
      expectRefused(await save(body, await owner()), 400, 'VALIDATION_FAILED');
    }
    expect(expectOk(await read(await owner())).providers.every((p) => p.enabled)).toBe(true);
    expect(await auditRows()).toHaveLength(audits);
  });

  it('admits the owner only: finance, trader and support 403, a player 403, no token 401', async () => {
    const audits = (await auditRows()).length;
    const body = { provider: 'king', enabled: false };
    for (const role of ['finance', 'trader', 'support'] as const) {
      const token = await operatorToken(ctx.app, role);
      const needs = `Your role (${role}) may not do this: it needs owner.`;
      expectRefused(await read(token), 403, 'FORBIDDEN', needs);
      expectRefused(await save(body, token), 403, 'FORBIDDEN', needs);
    }
    const player = (await registerVerified(ctx.app)).login.accessToken;
    expectRefused(await read(player), 403, 'FORBIDDEN', /for operators/);
    expectRefused(await save(body, player), 403, 'FORBIDDEN');
    expectRefused(await read(), 401, 'UNAUTHENTICATED');
    expectRefused(await save(body), 401, 'UNAUTHENTICATED');
    // The owner's token is good on its own site only.
    expectRefused(await save(body, await owner(), OTHER_HOST), 401, 'UNAUTHENTICATED');
    expect(expectOk(await read(await owner())).providers.every((p) => p.enabled)).toBe(true);
    expect(await auditRows()).toHaveLength(audits);
  });
});
