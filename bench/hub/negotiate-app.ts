// What negotiate costs the server inside the whole app, with every hook app.ts registers (request
// guard, security headers, domain resolution, CORS, rate limit, auth, operator auth) before the
// hub's own route, against the hub plugin alone as bench/hub/server.ts serves it. Both servers in
// this process on PGlite; the requests come over real HTTP on keep-alive connections; the figure
// is this process's CPU per negotiate, client included (the same client on both sides).
//
//   npx tsx bench/hub/negotiate-app.ts [requests=4000]      HUB_CPU_PROF=dir also writes CPU profiles
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { HUB_PATH } from '@backlay/contract';
import { TokenService } from '../../apps/server/src/auth/tokens';
import { createInProcessBus } from '../../apps/server/src/platform/bus';
import { realtimeHub } from '../../apps/server/src/realtime/plugin';
import { findDomainByName } from '../../apps/server/src/settings/domain-repository';
import { createTestApp, TEST_SECRET } from '../../apps/server/test/harness';
import { HttpConnection } from '../lib/http-client';

const REQUESTS = Number(process.argv[2] ?? 4000);
const CONCURRENCY = 50;
const PROF_DIR = process.env.HUB_CPU_PROF;

async function measure(name: string, app: FastifyInstance, tokens: string[]): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const connections = Array.from({ length: CONCURRENCY }, () => new HttpConnection('127.0.0.1', port));
  const run = async (count: number) => {
    let next = 0;
    await Promise.all(
      connections.map(async (connection) => {
        while (next < count) {
          const token = tokens[next++ % tokens.length]!;
          const answer = await connection.post(
            `${HUB_PATH}/negotiate?negotiateVersion=1&useStatefulReconnect=true`,
            {
              authorization: `Bearer ${token}`,
              'x-requested-with': 'XMLHttpRequest',
              'content-type': 'text/plain;charset=UTF-8',
            },
            '',
          );
          if (answer.status !== 200)
            throw new Error(`${name}: negotiate answered ${answer.status} ${answer.body}`);
        }
      }),
    );
  };
  await run(500); // warm-up, and every token verified once (the app's cache holds them)
  let session: Session | null = null;
  if (PROF_DIR) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
    await session.post('Profiler.start');
  }
  const before = process.cpuUsage();
  await run(REQUESTS);
  const used = process.cpuUsage(before);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    const file = join(PROF_DIR!, `negotiate-${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
    session.disconnect();
  }
  for (const connection of connections) connection.close();
  return (used.user + used.system) / 1000 / REQUESTS;
}

async function main(): Promise<void> {
  const context = await createTestApp('pglite');
  const domain = await findDomainByName(context.database.db, 'test');
  if (!domain) throw new Error('no test domain');
  const signer = new TokenService(TEST_SECRET, 3600);
  const tokens = await Promise.all(
    Array.from(
      { length: 1000 },
      async (_, i) =>
        (await signer.signAccess({ userId: i + 1, domainId: domain.id, sessionId: i + 1, isDemo: false }))
          .token,
    ),
  );

  // The hub plugin alone, as the hub bench serves it (its own TokenService, the same secret).
  const alone = Fastify({ logger: false, forceCloseConnections: true });
  const verifier = new TokenService(TEST_SECRET, 3600);
  await alone.register(realtimeHub, {
    path: HUB_PATH,
    bus: createInProcessBus(),
    isOriginAllowed: () => true,
    authenticate: async (token) => {
      const verified = await verifier.verifyAccess(token);
      return verified.ok
        ? { userId: String(verified.claims.userId), sessionId: String(verified.claims.sessionId) }
        : null;
    },
  });
  const pluginMs = await measure('plugin', alone, tokens);
  await alone.close();
  const appMs = await measure('app', context.app, tokens);
  console.log(
    `CPU per negotiate, client included: hub plugin alone ${pluginMs.toFixed(3)} ms, ` +
      `whole app ${appMs.toFixed(3)} ms (+${(appMs - pluginMs).toFixed(3)} ms)`,
  );
  await context.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
