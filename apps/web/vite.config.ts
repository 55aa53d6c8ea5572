import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleReport } from './scripts/bundle-report.ts';

const apiTarget = process.env.BACKLAY_API ?? 'http://localhost:8080';
// Every API path of the route table sits at the origin root; in development the server runs apart.
const apiPaths =
  '^/(Account|account|Setting|setting|UserStake|api|cdn|dev|Event|event|Market|Odds|Bet|Transaction|DepositWithdrawal|Referral|Bonus|docs)(/|$)';

/**
 * The contract package only declares schemas and constants, and the exchange package only pure
 * functions and constants. Marking their modules free of side effects lets the bundler keep zod off
 * the first paint when only constants are imported, and keep only the money helpers the header and
 * the storage keys use (not the ladder) when they import `@backlay/exchange`.
 */
const PURE_PACKAGES = /[\\/]packages[\\/](contract|exchange)[\\/]src[\\/]/;
const packagesArePure: Plugin = {
  name: 'backlay-packages-are-pure',
  transform(code, id) {
    if (PURE_PACKAGES.test(id)) return { code, moduleSideEffects: false };
    return null;
  },
};

export default defineConfig({
  plugins: [
    react(),
    packagesArePure,
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
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      [apiPaths]: { target: apiTarget, changeOrigin: false },
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
        // Libraries in their own long-lived chunks: a release of our code leaves them cached.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'axios', test: /node_modules[\\/]axios[\\/]/ },
            { name: 'toastify', test: /node_modules[\\/]react-toastify[\\/]/ },
            { name: 'fontawesome', test: /node_modules[\\/]@fortawesome[\\/]/ },
          ],
        },
      },
    },
  },
});
