import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleReport } from './scripts/bundle-report.ts';
import { precompress } from './scripts/precompress.ts';
import { inlineCss } from './scripts/inline-css.ts';
import { slicedModules } from './scripts/sliced-modules.ts';
import { linguiCatalogs } from './scripts/lingui-catalogs.ts';
import { API_PATHS } from './src/shared/pwa/server-paths.ts';

const apiTarget = process.env.BACKLAY_API ?? 'http://localhost:8080';

/**
 * The contract package only declares schemas and constants, and the exchange package only pure
 * functions and constants. Marking their modules free of side effects lets the bundler keep zod off
 * the first paint when only constants are imported, and keep only the money helpers the header and
 * the storage keys use (not the ladder) when they import `@backlay/exchange`.
 */
/**
 * The data layer: the HTTP client and the settings loader. None of it is on the path to the first
 * paint (shared/http/api.ts loads the client on demand, a task after its libraries zod and axios,
 * which have their chunk `data-libs`). The contract's route table is not here: each feature's
 * routes and schemas are a chunk of their own, loaded when one of its routes is first called
 * (shared/http/route-defs.ts). A module the first paint imports must not be listed here, or zod
 * comes onto that path (the bundle report below would show it over the budget).
 */
const DATA_LAYER = [
  /apps[\\/]web[\\/]src[\\/]shared[\\/]http[\\/](client|base-url)\.ts$/,
  /apps[\\/]web[\\/]src[\\/]features[\\/]settings[\\/](api[\\/]get-domain-settings|lib[\\/]apply-look)\.ts$/,
];

/**
 * Small modules of the first paint that two of its chunks share (start-up, the In-Play page, the
 * data layer): storage, session, stores, errors, the event lists, the exchange's money helpers,
 * the contract's constants. One chunk, not one request for each. Nothing here may import zod.
 */
const FIRST_PAINT_SHARED = [
  /apps[\\/]web[\\/]src[\\/]shared[\\/](storage[\\/]storage|session[\\/]|settings[\\/]|stores[\\/]|events[\\/]|config[\\/]|ui[\\/](feedback|Icon|icons|toast)|lib[\\/](date|money|clock|time|route-handle)|http[\\/](api|errors|sanitize|request-tracker)|realtime[\\/]registry)/,
  /apps[\\/]web[\\/]src[\\/]features[\\/]sports[\\/](api[\\/]get-live-scores|components[\\/](EventList|SearchBox|SearchResults))\.tsx?$/,
  /apps[\\/]web[\\/]src[\\/]features[\\/]betting[\\/]api[\\/]get-user-open-bets\.ts$/,
  /packages[\\/]exchange[\\/]src[\\/]/,
  /packages[\\/]contract[\\/]src[\\/](storage-keys|sport-ids|index)\.ts$/,
  // The offline notice, drawn by the root: its few rules go in this chunk's stylesheet, which the
  // first paint loads already, not in a stylesheet of their own.
  /apps[\\/]web[\\/]src[\\/]shared[\\/]pwa[\\/](OfflineNotice\.tsx|offline-notice\.css)$/,
];

/**
 * The contract's schemas, by feature: a route file and the schemas it declares are one chunk (the
 * web client loads it when it first calls one of its routes, shared/http/route-defs.ts), and the
 * pieces every feature shares (envelope, money, validation, entities, errors, fields) one more. A visit
 * fetches and builds the features it uses, each in a task of its own, in a few requests.
 */
const CONTRACT_FEATURE_OF: Record<string, string> = {
  statement: 'betting',
  trading: 'betting',
  'site-settings': 'settings',
  'login-link': 'account',
};
const CONTRACT_SHARED = new Set([
  'envelope',
  'money',
  'validation',
  'entities',
  'errors',
  'route-def',
  'ocr',
  'fields',
]);
const CONTRACT_MODULE = /packages[\\/]contract[\\/]src[\\/](routes[\\/])?([a-z-]+)\.ts$/;
function contractChunk(id: string): string | null {
  const match = CONTRACT_MODULE.exec(id);
  if (match === null) return null;
  const name = match[2] as string;
  if (CONTRACT_SHARED.has(name)) return 'contract';
  if (['index', 'storage-keys', 'sport-ids', 'route-domains', 'paths', 'openapi'].includes(name)) return null;
  return `contract-${CONTRACT_FEATURE_OF[name] ?? name}`;
}

/** The realtime client, loaded after start-up with SignalR: not part of the first paint. */
const REALTIME =
  /apps[\\/]web[\\/]src[\\/](shared[\\/]realtime[\\/](signalr-connection|connection)|app[\\/]realtime-setup)\.ts$/;

/**
 * Our modules (apps/web/src) the app's start-up (src/app/start.tsx) imports statically, found once the
 * module graph is known: they are all evaluated together when the app starts, so they travel in one
 * chunk (`app`), not in a dozen small ones; start.tsx itself stays the `start` chunk the entry asks for.
 */
const START_ENTRY = /apps[\\/]web[\\/]src[\\/]app[\\/]start\.tsx$/;
const WEB_SOURCE = /apps[\\/]web[\\/]src[\\/]/;
const ourStartModules = new Set<string>();
const collectStartGraph: Plugin = {
  name: 'backlay-start-graph',
  buildEnd() {
    ourStartModules.clear();
    const entry = [...this.getModuleIds()].find((id) => START_ENTRY.test(id));
    const seen = new Set<string>();
    const pending = entry ? [entry] : [];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (id !== entry && WEB_SOURCE.test(id)) ourStartModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

const PURE_PACKAGES = /[\\/]packages[\\/](contract|exchange)[\\/]src[\\/]/;
const packagesArePure: Plugin = {
  name: 'backlay-packages-are-pure',
  transform(code, id) {
    if (PURE_PACKAGES.test(id)) return { code, moduleSideEffects: false };
    return null;
  },
};

export default defineConfig(({ command, mode }) => {
  // `vite build` makes the production bundle whatever NODE_ENV the caller's shell holds (a
  // NODE_ENV=development left in a shell gave React's development build, over the size budget).
  // Vite reads NODE_ENV after loading this file. A development build asks for `--mode development`.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config;
});

const config: UserConfig = {
  plugins: [
    linguiCatalogs(),
    react(),
    packagesArePure,
    collectStartGraph,
    // The contract's schemas built in slices of about 10 ms of the main thread (scripts/sliced-modules.ts).
    slicedModules({ include: /packages[\\/]contract[\\/]src[\\/].+\.ts$/, budgetMs: 10 }),
    bundleReport({
      routeModule: 'src/features/sports/routes/inplay',
      budgetBytes: 150 * 1024,
      deferredModules: [
        'src/shared/http/client',
        'src/features/settings/api/get-domain-settings',
        'src/app/realtime-setup',
        '@microsoft/signalr',
      ],
    }),
    inlineCss(),
    VitePWA({
      // Our own worker (src/shared/pwa/sw.ts, built to /sw.js as a classic script), registered by
      // src/main.tsx after the page has loaded: no script of the plugin's in the page.
      strategies: 'injectManifest',
      srcDir: 'src/shared/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      // The server sends each site's own copy, named after the site (apps/server's web-client.ts).
      manifest: {
        id: '/',
        name: 'Backlay',
        short_name: 'Backlay',
        description: 'Sports betting exchange',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#10131c',
        background_color: '#eef0f6',
        lang: 'en',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The manifest's icons are precached with these (includeManifestIcons).
      includeAssets: ['favicon.svg'],
      injectManifest: {
        // The hashed build and the built page, nothing guessed: pages come from the network. Every
        // page's chunk and catalog, so any page opens offline (about 100 files: the install runs
        // seconds after the load, src/main.tsx, so it does not compete with the first visit).
        globPatterns: ['assets/*.{js,css}', 'index.html'],
        rollupFormat: 'iife',
      },
    }),
    // After the worker has its precache list (vite-plugin-pwa writes sw.js as the build closes).
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      // In development the server runs apart: every API path goes to it.
      [API_PATHS]: { target: apiTarget, changeOrigin: false },
      '/notify': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // The contract and exchange packages only declare schemas, constants and pure functions.
      treeshake: {
        moduleSideEffects: [
          { test: PURE_PACKAGES, sideEffects: false },
          { test: /./, sideEffects: true },
        ],
      },
      output: {
        // Few requests on a cold visit (each costs a round trip on a phone network, and HTTP/1.1
        // opens six at a time): the libraries of the first paint in one long-lived chunk, which a
        // release of our code leaves cached, and the data layer fetched right after start-up in one.
        codeSplitting: {
          groups: [
            // Vite's loader of dynamic imports, on its own: the entry needs nothing else before the
            // app starts (src/main.tsx), so React and the app are evaluated after the first paint.
            { name: 'preload', test: /vite[\\/]preload-helper/, priority: 5 },
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|@fortawesome)[\\/]/,
              priority: 4,
            },
            // zod and axios: evaluated a task before the rest of the data layer (shared/http/api.ts).
            { name: 'data-libs', test: /node_modules[\\/](zod|axios)[\\/]/, priority: 3 },
            // Which feature file declares each route, and their loaders (shared/http/route-defs.ts):
            // fetched beside zod and axios, so a first call can ask for its feature's chunk at once.
            {
              name: 'routing',
              test: /(apps[\\/]web[\\/]src[\\/]shared[\\/]http[\\/]route-defs|packages[\\/]contract[\\/]src[\\/]routes[\\/]route-domains)\.ts$/,
              priority: 5,
            },
            { name: contractChunk, priority: 2 },
            {
              name: 'data',
              test: (id) => DATA_LAYER.some((pattern) => pattern.test(id)),
              priority: 1,
            },
            {
              name: 'app',
              test: (id) =>
                (FIRST_PAINT_SHARED.some((pattern) => pattern.test(id)) || ourStartModules.has(id)) &&
                !REALTIME.test(id),
              priority: 3,
            },
            { name: 'toastify', test: /node_modules[\\/]react-toastify[\\/]/ },
          ],
        },
      },
    },
  },
};
