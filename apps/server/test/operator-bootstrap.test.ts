import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes, PAYMENT_IMAGE_PATH, type RouteDef } from '@backlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { num, queryRows } from '../src/betting/sql-rows';
import { openDatabase } from '../src/platform/db/database';
import { seedDemoDomains } from '../src/settings/seed';
import { backends, createTestApp, TEST_SECRET, testConfig, type TestContext } from './harness';
import { call, expectOk, expectRefused, registerVerified } from './helpers';
import { operatorToken, signInOperator } from './operator-helpers';

/*
 * The shared operator key (ADMIN_API_KEY, header X-Admin-Key) is retired: operators sign in, and a
 * site's first owner is written to the database by `npm run operator:create`, so no shared secret
 * opens anything over the network.
 */

const KEY = 'a-shared-operator-key-that-is-retired-0123';
const operatorRoutes = Object.values(routes as Record<string, RouteDef>).filter((r) => r.auth === 'operator');

describe.each(backends)('the retired operator key (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A deployment that still sets the key: the server starts, and the key opens nothing.
    ctx = await createTestApp(backend, { ADMIN_API_KEY: KEY });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is refused on every operator route with 401 UNAUTHENTICATED, saying how operators sign in', async () => {
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(9);
    for (const route of operatorRoutes) {
      const answer = await call(ctx.app, {
        method: route.method,
        url: route.path,
        ...(route.method === 'POST' ? { body: {} } : {}),
        headers: { 'x-admin-key': KEY },
      });
      expectRefused(
        answer,
        401,
        'UNAUTHENTICATED',
        /X-Admin-Key is no longer accepted.*\/admin\/auth\/login/,
      );
    }
    // Nothing was done as anybody.
    const [row] = await queryRows<{ n: unknown }>(
      ctx.database.db,
      sql`select count(*) as n from operator_audit_log`,
    );
    expect(num(row?.n)).toBe(0);
  });

  it("opens no payment screenshot, and beside a player's token is still no operator's", async () => {
    const p = await registerVerified(ctx.app);
    const image =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const { url } = expectOk(
      await call<{ url: string }>(ctx.app, {
        url: '/Setting/StoreImage',
        body: { image },
        token: p.login.accessToken,
      }),
    );
    expect(url.startsWith(PAYMENT_IMAGE_PATH)).toBe(true);
    const withKey = await ctx.app.inject({ url, headers: { 'x-admin-key': KEY } });
    expect(withKey.statusCode).toBe(401);
    const finance = await operatorToken(ctx.app, 'finance');
    const asFinance = await ctx.app.inject({ url, headers: { authorization: `Bearer ${finance}` } });
    expect(asFinance.statusCode).toBe(200);
    expectRefused(
      await call(ctx.app, {
        url: '/admin/payment-requests',
        method: 'GET',
        token: p.login.accessToken,
        headers: { 'x-admin-key': KEY },
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('leaves operator tokens working beside it', async () => {
    const owner = await operatorToken(ctx.app, 'owner');
    expectOk(await call(ctx.app, { url: '/admin/audit-log', method: 'GET', token: owner }));
  });
});

/** Runs the operator:create command as a person would; answers its exit code and output. */
function runCreate(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const script = fileURLToPath(new URL('../src/create-operator.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    // The command's own environment: none of the test run's database or Redis.
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    delete inherited.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('npm run operator:create: the first owner of a site, written to the database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-operator-create-'));
  // As on a production host (here on PGlite: the command is the same on PostgreSQL).
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // A ceiling, not a speed target: four runs of the command, each starting tsx and PGlite, and two
  // openings of the database take tens of seconds on a loaded 2-core machine.
  it('makes an owner who signs in on that site with the printed password and TOTP secret', async () => {
    // A production site's database: its sites, no operator.
    const seeded = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await seedDemoDomains(seeded.db);
    await seeded.close();

    const made = await runCreate(['--domain', 'skipotp.backlay.local', '--user', 'first_owner'], env);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const password = /password\s+(\S+)/.exec(made.out)?.[1];
    const secret = /TOTP secret\s+([A-Z2-7]+)/.exec(made.out)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(12);
    expect(secret).toBeTruthy();
    expect(made.out).toContain('otpauth://totp/');

    // The same name again, an unknown site, a bad role: refused, nothing made.
    const again = await runCreate(['--domain', 'test', '--user', 'FIRST_OWNER'], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already has the user name/);
    const nowhere = await runCreate(['--domain', 'nowhere.example', '--user', 'someone'], env);
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toMatch(/No site is named or hosted at "nowhere.example". Sites: .*skipotp/);
    const badRole = await runCreate(['--domain', 'test', '--user', 'someone', '--role', 'root'], env);
    expect(badRole.code).toBe(1);
    expect(badRole.err).toMatch(/--role/);

    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const app = await buildApp({ config: testConfig(), database });
    try {
      await app.ready();
      const signedIn = await signInOperator(app, {
        userName: 'first_owner',
        password: password as string,
        secret: secret as string,
        host: 'skipotp.backlay.local',
      });
      expect(signedIn.operator).toMatchObject({ userName: 'first_owner', role: 'owner' });
      // An owner of that site alone: it adds the site's other operators, and the log shows who made it.
      const log = expectOk(
        await call<{ items: { actor: string; action: string; target: string | null }[] }>(app, {
          url: '/admin/audit-log',
          method: 'GET',
          token: signedIn.accessToken,
          host: 'skipotp.backlay.local',
        }),
      );
      expect(log.items.map((i) => i.action)).toEqual(['auth.sign_in', 'operator.create']);
      expect(log.items[1]).toMatchObject({ target: 'operator:first_owner' });
      expect(log.items[1]?.actor).toMatch(/^cli:/);
      expectRefused(
        await call(app, { url: '/admin/audit-log', method: 'GET', token: signedIn.accessToken }),
        401,
        'UNAUTHENTICATED',
      );
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
