import { matchOddsMarket, TestFeed } from '@backlay/feed-simulator/test-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoDomains } from '../src/settings/seed';
import { openTestDatabase, testConfig } from './harness';
import { call } from './helpers';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/database';

/*
 * The console stays quiet: a request answered successfully writes no line at `info` (Fastify wrote
 * two JSON lines for every request, 4,775 lines in 35 minutes), a refused one writes one line with
 * its status and code, and no line carries the query (a refresh token travels there).
 */

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A feed whose prices have stopped: bets answer 503 PRICES_STALE, by design. */
class StaleFeed extends TestFeed {
  stale(): boolean {
    return true;
  }
}
const staleFeed = new StaleFeed().setMarket(
  matchOddsMarket({ id: '1.1', eventId: 1, runners: [{ id: 11, name: 'India', back: [2], lay: [2.02] }] }),
);

/** An app on `database` whose log lines land in `raw`. */
async function appLogging(database: Database, level: string, format?: 'json' | 'pretty') {
  const raw: string[] = [];
  const config = testConfig({ LOG_LEVEL: level, ...(format ? { LOG_FORMAT: format } : {}) });
  const logSink = { write: (line: string) => raw.push(line) };
  const app = await buildApp({ config, database, feed: staleFeed, logSink });
  await app.ready();
  raw.length = 0;
  return { app, raw };
}

describe('request logging', () => {
  let database: Database;
  let info: { app: FastifyInstance; raw: string[] };
  let debug: { app: FastifyInstance; raw: string[] };
  let pretty: { app: FastifyInstance; raw: string[] };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedDemoDomains(database.db);
    info = await appLogging(database, 'info');
    debug = await appLogging(database, 'debug');
    pretty = await appLogging(database, 'info', 'pretty');
  }, 180_000);
  afterAll(async () => {
    for (const x of [info, debug, pretty]) await x?.app.close();
    await database?.close();
  });

  const lines = (raw: string[]) =>
    raw
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);

  it('at info: successful requests write nothing, a refused one writes one line with its status and code', async () => {
    for (let i = 0; i < 5; i++) await call(info.app, { url: '/api/client-ip' });
    await call(info.app, { url: '/Setting/GetSetting' });
    expect(lines(info.raw)).toEqual([]);

    await call(info.app, {
      url: '/Account/Authenticate',
      body: { userNameOrEmailAddress: 'nobody_here', password: 'Wrong@1234' },
    });
    const refused = lines(info.raw);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      level: 30,
      method: 'POST',
      path: '/Account/Authenticate',
      status: 401,
      code: 'INVALID_CREDENTIALS',
      msg: 'POST /Account/Authenticate 401 INVALID_CREDENTIALS',
    });
  });

  it('a 503 by design (prices not coming in) is a refusal line, not an error with a stack', async () => {
    const demo = await call<{ accessToken: string }>(info.app, { url: '/Account/LoginAsDemoUser' });
    info.raw.length = 0;
    const bet = await call(info.app, {
      url: '/Bet/PlaceBetV2',
      token: demo.body.result.accessToken,
      body: {
        requestId: 'stale-feed-1',
        type: 1,
        rate: 2,
        stake: 100,
        marketId: '1.1',
        eventId: 1,
        runnerId: 11,
      },
    });
    expect(bet.status).toBe(503);
    expect(lines(info.raw)).toEqual([
      expect.objectContaining({
        level: 30,
        status: 503,
        code: 'PRICES_STALE',
        msg: 'POST /Bet/PlaceBetV2 503 PRICES_STALE',
      }),
    ]);
  });

  it('a request in the query: the line names the path alone, never the token', async () => {
    info.raw.length = 0;
    const secret = 'refresh-token-that-must-not-be-logged';
    await call(info.app, { url: '/Account/RefreshToken', query: { refreshToken: secret } });
    const text = info.raw.join('');
    expect(lines(info.raw)).toHaveLength(1);
    expect(text).toContain('/Account/RefreshToken');
    expect(text).not.toContain(secret);
  });

  it('at debug: one line per request, successful ones included', async () => {
    for (let i = 0; i < 3; i++) await call(debug.app, { url: '/api/client-ip' });
    const seen = lines(debug.raw).filter((l) => l.path === '/api/client-ip');
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ level: 20, method: 'GET', status: 200, msg: 'GET /api/client-ip 200' });
  });

  it('LOG_FORMAT=pretty writes readable lines, not JSON', async () => {
    await call(pretty.app, { url: '/Setting/GetPageContent', query: { page: 'nope' } });
    expect(pretty.raw.join('')).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}GET \/Setting\/GetPageContent 400 VALIDATION_FAILED ms=\d+\n$/,
    );
  });
});
