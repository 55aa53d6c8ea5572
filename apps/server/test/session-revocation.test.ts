import type { AddressInfo } from 'node:net';
import { HUB_PATH, type LoginResult } from '@backlay/contract';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExpiredDemoAccounts } from '../src/account/demo-cleanup';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/platform/db/database';
import { users } from '../src/platform/db/schema';
import { seedDemoDomains } from '../src/settings/seed';
import { backends, createTestApp, scratchPostgres, testConfig, type TestContext } from './harness';
import { authenticate, call, expectOk, expectRefused, PASSWORD, registerVerified } from './helpers';

/*
 * A revoked sign-in session (a password change signs out the others; a closed demo account) loses
 * its access tokens at once, not when they expire: every call with one is refused as an expired
 * token, on this server, on a server that starts later, and its hub connections are closed.
 */

const NEW_PASSWORD = 'Newer@456';
const CLIENT = { Browser: 'vitest', Domain: 'localhost', CurrentPage: '/inplay' };

/** An authenticated call that reads nothing but the user's own rows. */
const loginAttempts = (app: FastifyInstance, token: string) =>
  call(app, { method: 'POST', url: '/Account/GetUserLoginAttempts', token });

/** The bet path's read, through the same auth hook as a bet. */
const openBets = (app: FastifyInstance, token: string) => call(app, { url: '/Bet/GetUserOpenBets', token });

const changePassword = (app: FastifyInstance, token: string, from = PASSWORD) =>
  call<{ message: string }>(app, {
    url: '/Account/changePassword',
    body: { currentPassword: from, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    token,
  });

function expectSignedOut(answer: Awaited<ReturnType<typeof call>>) {
  expectRefused(answer, 401, 'TOKEN_EXPIRED', /signed out/);
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${HUB_PATH}`;
}

/** The official client; `closed` settles with the error the connection closed with, if it does. */
function hubClient(url: string, transport: HttpTransportType, token?: string) {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(url, { transport, ...(token ? { accessTokenFactory: () => token } : {}) })
    .withAutomaticReconnect([0, 0, 0])
    .configureLogging(LogLevel.None)
    .build();
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  let reconnecting = false;
  connection.onreconnecting(() => {
    reconnecting = true;
  });
  return { connection, closed, reconnecting: () => reconnecting };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A player with three sessions: the one that changes the password, and two others. */
async function playerWithSessions(app: FastifyInstance) {
  const who = await registerVerified(app);
  const other = expectOk(await authenticate(app, who.userName, PASSWORD));
  const current = expectOk(await authenticate(app, who.userName, PASSWORD));
  return { who, first: who.login, other, current };
}

describe.each(backends)('revoked sessions (%s)', (backend) => {
  let ctx: TestContext;
  let hubUrl: string;
  const extraApps: FastifyInstance[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    hubUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await ctx?.close();
  });

  /** A second server on the same database, with a bus of its own: it hears nothing from the first. */
  async function secondServer(): Promise<FastifyInstance> {
    const app = await buildApp({ config: testConfig(), database: ctx.database });
    await app.ready();
    extraApps.push(app);
    return app;
  }

  it("a password change refuses the other sessions' access tokens at once, cached or not; the current one still works", async () => {
    const { first, other, current } = await playerWithSessions(ctx.app);
    // Used once, so the verified-token cache holds it.
    expectOk(await loginAttempts(ctx.app, other.accessToken));
    expectOk(await openBets(ctx.app, other.accessToken));

    expect(expectOk(await changePassword(ctx.app, current.accessToken)).message).toMatch(/Password changed/);

    for (const signedOut of [other, first]) {
      expectSignedOut(await loginAttempts(ctx.app, signedOut.accessToken));
      expectSignedOut(await openBets(ctx.app, signedOut.accessToken));
    }
    expect(
      expectOk(
        await call(ctx.app, {
          method: 'POST',
          url: '/Account/GetAccessTokenValidateTime',
          query: { accessToken: other.accessToken },
        }),
      ),
    ).toEqual({ isValid: false, expireInSeconds: 0, expireDateTime: null });

    expectOk(await loginAttempts(ctx.app, current.accessToken));
    expectOk(await openBets(ctx.app, current.accessToken));
    // Its refresh keeps the session, so the renewed token works too.
    const renewed = expectOk(
      await call<{ accessToken: string }>(ctx.app, {
        url: '/Account/RefreshToken',
        query: { refreshToken: current.refreshToken },
      }),
    );
    expectOk(await loginAttempts(ctx.app, renewed.accessToken));
  });

  it('closing an expired demo account refuses its access token at once', async () => {
    const demo = expectOk(await call<LoginResult>(ctx.app, { url: '/Account/LoginAsDemoUser' }));
    expectOk(await loginAttempts(ctx.app, demo.accessToken));
    await ctx.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(users.id, demo.userId));
    expect(
      await closeExpiredDemoAccounts(ctx.database.db, ctx.app.ledger, ctx.app.sessionRevocations, 24),
    ).toBeGreaterThan(0);
    expectSignedOut(await loginAttempts(ctx.app, demo.accessToken));
  });

  it('a server started after the revocation refuses the token', async () => {
    const { other, current } = await playerWithSessions(ctx.app);
    expectOk(await changePassword(ctx.app, current.accessToken));
    const later = await secondServer();
    expectSignedOut(await loginAttempts(later, other.accessToken));
    expectOk(await loginAttempts(later, current.accessToken));
  });

  it('a server that missed the message on the bus refuses the token after its next read of the database', async () => {
    const { other, current } = await playerWithSessions(ctx.app);
    const deaf = await secondServer();
    expectOk(await loginAttempts(deaf, other.accessToken));
    expectOk(await changePassword(ctx.app, current.accessToken));
    // Its bus is not the first server's: nothing told it yet.
    expectOk(await loginAttempts(deaf, other.accessToken));
    await deaf.sessionRevocations.catchUp();
    expectSignedOut(await loginAttempts(deaf, other.accessToken));
    expectOk(await loginAttempts(deaf, current.accessToken));
  });

  it("the revoked sessions' hub connections are closed without reconnecting; the current session's stays", async () => {
    const { other, current } = await playerWithSessions(ctx.app);
    const byWebSocket = hubClient(hubUrl, HttpTransportType.WebSockets, other.accessToken);
    const byLongPolling = hubClient(hubUrl, HttpTransportType.LongPolling, other.accessToken);
    // Opened without a token, then claimed by one of the revoked session in RegisterClient.
    const claimed = hubClient(hubUrl, HttpTransportType.WebSockets);
    const kept = hubClient(hubUrl, HttpTransportType.WebSockets, current.accessToken);
    const revoked = [byWebSocket, byLongPolling, claimed];
    await Promise.all([...revoked, kept].map((c) => c.connection.start()));
    expect(
      await claimed.connection.invoke('RegisterClient', { ...CLIENT, Token: other.accessToken }),
    ).toMatchObject({ Authenticated: true });

    expectOk(await changePassword(ctx.app, current.accessToken));

    for (const client of revoked) {
      const error = await within(client.closed, 5_000, 'the revoked connection to close');
      expect(error?.message).toMatch(/signed out/);
      expect(client.reconnecting()).toBe(false);
      expect(client.connection.state).toBe(HubConnectionState.Disconnected);
    }
    expect(kept.connection.state).toBe(HubConnectionState.Connected);
    expect(
      await kept.connection.invoke('SendHeartbeat', { ...CLIENT, Token: current.accessToken, GroupBy: 1 }),
    ).toMatchObject({ Authenticated: true });

    // The revoked token opens no new connection, nor claims an anonymous one.
    const again = hubClient(hubUrl, HttpTransportType.WebSockets, other.accessToken);
    await expect(again.connection.start()).rejects.toThrow(/401/);
    const anonymous = hubClient(hubUrl, HttpTransportType.WebSockets);
    await anonymous.connection.start();
    await expect(
      anonymous.connection.invoke('RegisterClient', { ...CLIENT, Token: other.accessToken }),
    ).rejects.toThrow(/invalid or has expired/);
    await anonymous.connection.stop();
    await kept.connection.stop();
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.runIf(DATABASE_URL && REDIS_URL)('revoked sessions across servers (PostgreSQL and Redis)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bHubUrl: string;
  beforeAll(async () => {
    scratch = await scratchPostgres('backlay_revoke');
    // Two servers, each with its own connection pool and its own Redis connections, on one
    // database and one Redis namespace: as deployed.
    const config = testConfig({ REDIS_URL: REDIS_URL as string });
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
      if (i === 0) await seedDemoDomains(database.db);
      databases.push(database);
      const app = await buildApp({ config, database });
      await app.ready();
      apps.push(app);
    }
    [a, b] = apps as [FastifyInstance, FastifyInstance];
    bHubUrl = await listen(b);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch.drop();
  });

  it('a session revoked on server A is refused on server B within moments, and its hub connection there is closed', async () => {
    const { other, current } = await playerWithSessions(a);
    // B has verified and cached the token, and holds the session's hub connection.
    expectOk(await loginAttempts(b, other.accessToken));
    const hub = hubClient(bHubUrl, HttpTransportType.WebSockets, other.accessToken);
    await hub.connection.start();

    const revokedAt = Date.now();
    expectOk(await changePassword(a, current.accessToken));
    // Well inside the half-minute database catch-up: the bus carried it.
    await eventually(async () => (await loginAttempts(b, other.accessToken)).status === 401, 3_000);
    expect(Date.now() - revokedAt).toBeLessThan(3_000);
    expectSignedOut(await loginAttempts(b, other.accessToken));
    expectSignedOut(await openBets(b, other.accessToken));
    const error = await within(hub.closed, 3_000, 'the hub connection on B to close');
    expect(error?.message).toMatch(/signed out/);
    expectOk(await loginAttempts(b, current.accessToken));
  });
});

async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
