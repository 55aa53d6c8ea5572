import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Probe sources linted as if they lived at paths that break (or keep) a server or package
// boundary. The imported modules are real files, so the resolver classifies them as the linter
// does in CI. Each refusal is matched by its rule's own message: if that rule went, the import
// would still be refused by the default, but with another message, and the probe would fail.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  // A probe the config ignored would pass every "allowed" case for the wrong reason.
  expect(result?.messages.filter((m) => m.ruleId == null)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const server = (file: string) => `apps/server/src/${file}`;

const PLATFORM = /^platform must not import server-(feature|app)/;
const PUBLIC_ENTRY = /must import server-feature '\w+' through its public entry/;
const NOT_A_LAYER = /must not import .*: server imports run packages -> platform -> features/;
const SCHEMA = /must not import the database schema: only \*-repository\.ts files/;
const SIGNALR = /^realtime\/signalr must not import .*: the generic SignalR server/;
const SIMULATOR = /must not import @backlay\/feed-simulator: production code starts the simulator only/;
const PACKAGES = /^package '\w+(-\w+)*' must not import .*: packages are used by apps/;
const PURE = /^package '(exchange|market-feed)' must not import '.+': the pure packages do no I\/O/;

describe('server boundaries', () => {
  it.each([
    // 1. platform -> features
    [
      'platform -> feature (its public entry too)',
      server('platform/http/probe.ts'),
      `import type { Domain } from '../../settings';\nexport type Probe = Domain;`,
      PLATFORM,
    ],
    [
      'platform -> feature internals',
      server('platform/probe.ts'),
      `import { MarketStore } from '../sports/market-store';\nexport const probe = MarketStore;`,
      PLATFORM,
    ],
    [
      'platform -> the app',
      server('platform/db/probe.ts'),
      `import { buildApp } from '../../app';\nexport const probe = buildApp;`,
      PLATFORM,
    ],
    // 2. features -> each other only through index.ts
    [
      'feature -> other feature internals',
      server('betting/probe.ts'),
      `import { MarketStore } from '../sports/market-store';\nexport const probe = MarketStore;`,
      PUBLIC_ENTRY,
    ],
    [
      'feature -> other feature internals (type import)',
      server('statement/probe.ts'),
      `import type { BetService } from '../betting/bet-service';\nexport type Probe = BetService;`,
      PUBLIC_ENTRY,
    ],
    [
      'feature -> other feature internals (dynamic import)',
      server('account/probe.ts'),
      `export const probe = () => import('../settings/seed');`,
      PUBLIC_ENTRY,
    ],
    [
      'feature -> other feature internals (re-export)',
      server('operator/probe.ts'),
      `export { Ledger } from '../ledger/ledger';`,
      PUBLIC_ENTRY,
    ],
    [
      "feature -> a nested index.ts that is not the feature's entry",
      server('betting/probe.ts'),
      `import { runFeed } from '../sports/feed';\nexport const probe = runFeed;`,
      PUBLIC_ENTRY,
    ],
    [
      'app -> feature internals',
      server('probe.ts'),
      `import { SportsService } from './sports/sports-service';\nexport const probe = SportsService;`,
      PUBLIC_ENTRY,
    ],
    [
      'feature -> the generic SignalR server (it is realtime/ own)',
      server('sports/probe.ts'),
      `import { SignalRHub } from '../realtime/signalr/hub';\nexport const probe = SignalRHub;`,
      NOT_A_LAYER,
    ],
    [
      'feature -> the app root (a value, not the config type)',
      server('account/probe.ts'),
      `import { loadConfig } from '../config';\nexport const probe = loadConfig;`,
      NOT_A_LAYER,
    ],
    // 3. only repositories import the schema
    [
      'service -> schema',
      server('betting/probe-service.ts'),
      `import { bets } from '../platform/db/schema';\nexport const probe = bets;`,
      SCHEMA,
    ],
    [
      'platform module -> schema',
      server('platform/sms/probe.ts'),
      `import { smsOutbox } from '../db/schema';\nexport const probe = smsOutbox;`,
      SCHEMA,
    ],
    [
      'app -> schema (type import)',
      server('probe.ts'),
      `import type { wallets } from './platform/db/schema';\nexport type Probe = typeof wallets;`,
      SCHEMA,
    ],
    // 4. the generic SignalR server, the simulator, packages
    [
      'signalr -> @backlay package',
      server('realtime/signalr/probe.ts'),
      `import { HUB_PATH } from '@backlay/contract';\nexport const probe = HUB_PATH;`,
      SIGNALR,
    ],
    [
      'signalr -> the rest of realtime/',
      server('realtime/signalr/probe.ts'),
      `import { realtimeHub } from '../plugin';\nexport const probe = realtimeHub;`,
      SIGNALR,
    ],
    [
      'signalr -> a feature',
      server('realtime/signalr/probe.ts'),
      `import { MarketStore } from '../../sports';\nexport const probe = MarketStore;`,
      SIGNALR,
    ],
    [
      'production code -> the simulator outside run-feed.ts',
      server('sports/feed/probe.ts'),
      `import { SimulatedFeed } from '@backlay/feed-simulator';\nexport const probe = SimulatedFeed;`,
      SIMULATOR,
    ],
    [
      'production code -> the test feed',
      server('betting/probe.ts'),
      `import { TestFeed } from '@backlay/feed-simulator/test-feed';\nexport const probe = TestFeed;`,
      SIMULATOR,
    ],
    [
      'run-feed.ts -> the test feed',
      server('sports/feed/run-feed.ts'),
      `import { TestFeed } from '@backlay/feed-simulator/test-feed';\nexport const probe = TestFeed;`,
      SIMULATOR,
    ],
    [
      'package -> the server',
      'packages/exchange/src/probe.ts',
      `import { buildApp } from '../../../apps/server/src/app';\nexport const probe = buildApp;`,
      PACKAGES,
    ],
    [
      'package -> the web client',
      'packages/contract/src/probe.ts',
      `import { formatRupees } from '../../../apps/web/src/shared/lib/money';\nexport const probe = formatRupees;`,
      PACKAGES,
    ],
    [
      'pure package -> node module',
      'packages/exchange/src/probe.ts',
      `import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;`,
      PURE,
    ],
    [
      'pure package -> node module without the node: prefix',
      'packages/market-feed/src/probe.ts',
      `import { createServer } from 'http';\nexport const probe = createServer;`,
      PURE,
    ],
    [
      'pure package -> database driver',
      'packages/market-feed/src/probe.ts',
      `import pg from 'pg';\nexport const probe = pg;`,
      PURE,
    ],
    [
      'a feature -> our games provider (it stands outside, reached only over the wallet API)',
      server('casino/probe.ts'),
      `import { WalletClient } from '@backlay/games';\nexport const probe = WalletClient;`,
      NOT_A_LAYER,
    ],
  ])('reports %s', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      "feature -> other feature's index.ts",
      server('betting/probe.ts'),
      `import { MarketStore } from '../sports';\nexport const probe = MarketStore;`,
    ],
    [
      'feature -> its own files',
      server('betting/probe.ts'),
      `import { BetService } from './bet-service';\nexport const probe = BetService;`,
    ],
    [
      'feature -> platform and packages',
      server('betting/probe.ts'),
      `import { paise } from '@backlay/exchange';\nimport { AppError } from '../platform/http/app-error';\nexport const probe = [paise, AppError];`,
    ],
    [
      'feature -> the config type',
      server('account/probe.ts'),
      `import type { Config } from '../config';\nexport type Probe = Config;`,
    ],
    [
      'realtime -> its SignalR server',
      server('realtime/probe.ts'),
      `import { SignalRHub } from './signalr/hub';\nexport const probe = SignalRHub;`,
    ],
    [
      'signalr -> platform',
      server('realtime/signalr/probe.ts'),
      `import type { Bus } from '../../platform/bus';\nexport type Probe = Bus;`,
    ],
    [
      "app -> a feature's index.ts",
      server('probe.ts'),
      `import { SportsService } from './sports';\nexport const probe = SportsService;`,
    ],
    [
      'platform -> packages',
      server('platform/probe.ts'),
      `import { paise } from '@backlay/exchange';\nimport { routes } from '@backlay/contract';\nexport const probe = [paise, routes];`,
    ],
    [
      'a repository -> schema',
      server('betting/probe-repository.ts'),
      `import { bets } from '../platform/db/schema';\nexport const probe = bets;`,
    ],
    [
      'a platform repository -> schema',
      server('platform/sms/probe-repository.ts'),
      `import { smsOutbox } from '../db/schema';\nexport const probe = smsOutbox;`,
    ],
    [
      'the database -> schema',
      server('platform/db/database.ts'),
      `import * as schema from './schema';\nexport const probe = schema;`,
    ],
    [
      'drizzle config -> schema',
      'apps/server/drizzle.config.ts',
      `import * as schema from './src/platform/db/schema';\nexport const probe = schema;`,
    ],
    [
      "a feature's test -> schema, other features' internals and the test feed",
      server('betting/probe.test.ts'),
      `import { TestFeed } from '@backlay/feed-simulator/test-feed';\nimport { bets } from '../platform/db/schema';\nimport { MarketStore } from '../sports/market-store';\nexport const probe = [TestFeed, bets, MarketStore];`,
    ],
    [
      'server tests -> anything on the server',
      'apps/server/test/probe.test.ts',
      `import { TestFeed } from '@backlay/feed-simulator/test-feed';\nimport { wallets } from '../src/platform/db/schema';\nimport { MarketStore } from '../src/sports/market-store';\nexport const probe = [TestFeed, wallets, MarketStore];`,
    ],
    [
      "server tests -> our games provider's wallet client",
      'apps/server/test/probe.test.ts',
      `import { WalletClient } from '@backlay/games';\nexport const probe = WalletClient;`,
    ],
    [
      'run-feed.ts -> the simulator',
      server('sports/feed/run-feed.ts'),
      `import { SimulatedFeed } from '@backlay/feed-simulator';\nexport const probe = SimulatedFeed;`,
    ],
    [
      'package -> package',
      'packages/market-feed/src/probe.ts',
      `import { paise } from '@backlay/exchange';\nexport const probe = paise;`,
    ],
    [
      'an I/O package -> node module',
      'packages/contract/src/probe.ts',
      `import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;`,
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
