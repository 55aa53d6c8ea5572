import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, scratchPostgres } from './harness';
import { signInOverHttp } from './operator-helpers';

/**
 * Scale-out, as deployed: two server processes on one PostgreSQL and one Redis. A player connected
 * to the first server hears the balance change an operator makes through the second.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const serverMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Backlay is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

describe.runIf(DATABASE_URL && REDIS_URL)('two server processes on one PostgreSQL and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  const servers: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    scratch = await scratchPostgres('backlay_multi');
    const common = {
      DATABASE_URL: scratch.url,
      REDIS_URL: REDIS_URL as string,
      REDIS_PREFIX: `backlay-multi-${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      NODE_ENV: 'test',
      // The start banner is an info line in JSON mode (the child's stdout is no terminal).
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      WEB_DIST: join(tmpdir(), 'backlay-no-web'),
    };
    for (let i = 0; i < 2; i++) ports.push(await freePort());
    // Both start at once: migrations and the demo seed must cope with a concurrent twin.
    const started = await Promise.all(
      ports.map((port) =>
        startServer({
          ...common,
          PORT: String(port),
          DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-multi-')),
        }),
      ),
    );
    servers.push(...started);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      s.removeAllListeners('exit');
      s.kill('SIGTERM');
    }
    await new Promise((r) => setTimeout(r, 500));
    await scratch.drop();
  });

  it('delivers UserBalance to a connection on server A for a wallet change made through server B', async () => {
    const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const login = (await (await fetch(`${a}/Account/LoginAsDemoUser`)).json()) as {
      result: { accessToken: string; userId: number; balance: number };
    };
    const { accessToken, userId, balance } = login.result;

    const messages: { Code: string; Data: { Balance: number; Exposure: number } }[] = [];
    const connection = new HubConnectionBuilder()
      .withUrl(`${a}/notify`, {
        accessTokenFactory: () => accessToken,
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    const received = new Promise<void>((resolve) => {
      connection.on('Message', (m: (typeof messages)[number]) => {
        messages.push(m);
        // RegisterClient is answered with the balance as it is; the credit made on B comes after.
        if (m.Code === 'UserBalance' && m.Data.Balance !== balance) resolve();
      });
    });
    await connection.start();
    await connection.invoke('RegisterClient', {
      Browser: 'vitest',
      Domain: 'localhost',
      CurrentPage: '/inplay',
      Token: accessToken,
    });

    // The demo site's owner (seeded by main.ts outside production) signs in on B.
    const owner = await signInOverHttp(b, 'owner');
    const adjust = await fetch(`${b}/admin/wallets/adjust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: JSON.stringify({ userId, amount: 500, reason: 'Goodwill credit', reference: `multi-${userId}` }),
    });
    expect(adjust.status).toBe(200);

    await received;
    await connection.stop();
    expect(messages.filter((m) => m.Code === 'UserBalance').map((m) => m.Data)).toEqual([
      { Balance: balance, Exposure: 0, BonusBalance: 0 },
      { Balance: balance + 500, Exposure: 0, BonusBalance: 0 },
    ]);
  }, 60_000);
});
