// One-way imports on the server and in the packages, kept by eslint-plugin-boundaries. Imports run
//   packages -> platform -> features (each seen by the others only through its index.ts) -> app
// with three narrower rooms: the database schema (only repositories read it), the generic SignalR
// server (no Backlay code) and the pure packages (no I/O). Tests may reach anything on the server:
// they arrange state through whichever module owns it.
import { boundaries, boundariesSettings } from './boundaries-base.js';

const src = 'apps/server/src';

export const serverElements = [
  // First match wins, so the narrow rooms come before the folders that hold them.
  { type: 'server-schema', pattern: `${src}/platform/db/schema`, partialMatch: false },
  { type: 'server-platform', pattern: `${src}/platform`, partialMatch: false },
  { type: 'server-signalr', pattern: `${src}/realtime/signalr`, partialMatch: false },
  { type: 'server-feature', pattern: `${src}/*`, capture: ['feature'], partialMatch: false },
  // What is left in src/: app.ts and main.ts (the composition root) and config.ts.
  { type: 'server-app', pattern: src, partialMatch: false },
  { type: 'server-test', pattern: 'apps/server/test', partialMatch: false },
  // drizzle.config.ts, vitest.config.ts.
  { type: 'server-tooling', pattern: 'apps/server', partialMatch: false },
  { type: 'package', pattern: 'packages/*', capture: ['pkg'], partialMatch: false },
  // Any other app (apps/web): only ever a target, which packages must not import.
  { type: 'app', pattern: 'apps/*', capture: ['app'], partialMatch: false },
];

// Files whose name says what they may do, whatever element holds them.
export const serverFiles = [
  { category: 'repository', pattern: `${src}/**/*-repository.ts` },
  { category: 'test', pattern: [`${src}/**/*.test.ts`, 'apps/server/test/**'] },
  // Opens the database: its Drizzle instance is typed by the schema.
  { category: 'database', pattern: `${src}/platform/db/database.ts` },
  { category: 'feed-runner', pattern: `${src}/sports/feed/run-feed.ts` },
];

const type = (...types) => ({ element: { types } });
const feature = (name) => ({ element: { type: 'server-feature', captured: { feature: name } } });
const category = (name) => ({ file: { categories: name } });
const side = (who) =>
  `{{ ${who}.element.type }}{{#if ${who}.element.captured.feature}} '{{ ${who}.element.captured.feature }}'{{/if}}{{#if ${who}.element.captured.pkg}} '{{ ${who}.element.captured.pkg }}'{{/if}}`;
const serverTypes = [
  'server-schema',
  'server-platform',
  'server-signalr',
  'server-feature',
  'server-app',
  'server-test',
  'server-tooling',
];
// Pure packages compute; the server does their I/O. Node's own modules are refused by origin.
const ioLibraries = [
  'pg',
  'pg-*',
  '@electric-sql/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'ioredis',
  'redis',
  'undici',
  'ws',
  'fastify',
  'fastify-*',
  '@fastify/*',
];

export default [
  {
    files: ['apps/server/**/*.{ts,js,mjs}', 'packages/**/*.{ts,js,mjs}'],
    plugins: { boundaries },
    settings: {
      ...boundariesSettings({ elements: serverElements, tsconfig: 'apps/server/tsconfig.json' }),
      'boundaries/files': serverFiles,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          // Anything no policy allows is refused. The last policy that matches decides, so each
          // rule below is a refusal with its reason followed by the exceptions it makes.
          default: 'disallow',
          // npm packages and node's modules are checked too (signalr, pure packages, simulator).
          checkAllOrigins: true,
          message: `${side('from')} must not import ${side('to')}: server imports run packages -> platform -> features (through their index.ts) -> app`,
          policies: [
            // The layers: packages -> platform -> features -> app.
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            { from: type('package'), allow: { to: type('package') } },
            { from: type('server-schema'), allow: { to: type('package') } },
            { from: type('server-platform'), allow: { to: type('package') } },
            { from: type('server-feature'), allow: { to: type('server-platform', 'package') } },
            { from: feature('realtime'), allow: { to: type('server-signalr') } },
            { from: type('server-signalr'), allow: { to: type('server-platform') } },
            { from: type('server-app'), allow: { to: type('server-platform', 'package') } },
            { from: type('server-tooling'), allow: { to: type('server-platform', 'package') } },

            // Platform is what features stand on: it knows no feature, nor the app, nor realtime's hub.
            {
              from: type('server-platform', 'server-schema'),
              disallow: { to: type('server-feature', 'server-signalr', 'server-app') },
              message: `platform must not import ${side('to')}: features build on platform, never the other way round (move what platform needs into platform, or have the feature hand it in)`,
            },

            // Features and the app see a feature only through its index.ts, its public entry.
            {
              from: type('server-feature', 'server-app'),
              disallow: { to: type('server-feature') },
              message: `${side('from')} must import ${side('to')} through its public entry, ${src}/{{ to.element.captured.feature }}/index.ts (export there what others use)`,
            },
            {
              from: type('server-feature', 'server-app'),
              allow: { to: { element: { type: 'server-feature', fileInternalPath: 'index.ts' } } },
            },
            // The root's config.ts is loaded once by main.ts; features know only its type.
            {
              from: type('server-feature'),
              allow: {
                to: { element: { type: 'server-app', fileInternalPath: 'config.ts' } },
                dependency: { kind: 'type' },
              },
            },

            // Only repositories read the database schema.
            {
              to: type('server-schema'),
              disallow: { from: type(...serverTypes) },
              message: `${side('from')} must not import the database schema: only *-repository.ts files (and platform/db/database.ts, drizzle config, tests) do; move the query into a repository`,
            },
            {
              to: type('server-schema'),
              allow: [
                { from: category('repository') },
                { from: category('database') },
                { from: type('server-tooling') },
              ],
            },

            // The generic SignalR server knows nothing of Backlay.
            {
              from: type('server-signalr'),
              disallow: { to: type('package', 'server-feature', 'server-app', 'server-schema') },
              message: `realtime/signalr must not import ${side('to')}: the generic SignalR server knows no @backlay package, no Backlay hub code and no feature; realtime/ plugs Backlay into it`,
            },

            // The market simulator runs only through sports/feed/run-feed.ts; its test feed only
            // in tests (and bench/, outside these files).
            {
              from: type(...serverTypes),
              disallow: { to: { element: { type: 'package', captured: { pkg: 'feed-simulator' } } } },
              message: `${side('from')} must not import @backlay/feed-simulator: production code starts the simulator only in sports/feed/run-feed.ts, and its test feed is for tests`,
            },
            {
              from: category('feed-runner'),
              allow: {
                to: {
                  element: {
                    type: 'package',
                    captured: { pkg: 'feed-simulator' },
                    fileInternalPath: 'src/index.ts',
                  },
                },
              },
            },

            // Packages never reach into apps.
            {
              from: type('package'),
              disallow: { to: type(...serverTypes, 'app') },
              message: `${side('from')} must not import ${side('to')}: packages are used by apps, never the other way round`,
            },
            // The pure packages do no I/O.
            {
              from: { element: { type: 'package', captured: { pkg: ['exchange', 'market-feed'] } } },
              disallow: [
                { to: { module: { origin: 'core' } } },
                { to: { module: { origin: 'external', source: ioLibraries } } },
              ],
              message: `${side('from')} must not import '{{ dependency.source }}': the pure packages do no I/O (no node modules, databases, network or servers)`,
            },

            // Last, so it outranks every refusal above: tests arrange state through whichever
            // server module owns it (schema, internals, the simulator's test feed included).
            {
              from: [category('test'), type('server-test')],
              allow: { to: type(...serverTypes, 'package') },
            },
            // The server's tests drive the real wallet with our own games provider's client, as a
            // provider standing outside calls it (the production server never imports it).
            {
              from: type('server-test'),
              allow: { to: { element: { type: 'app', captured: { app: 'games' } } } },
            },
          ],
        },
      ],
    },
  },
];
