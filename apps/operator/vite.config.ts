import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/*
 * The operators' console: its own bundle, never part of the players' client, served by the server
 * at /operator/ (apps/server/src/platform/http/operator-console.ts). In development Vite serves it
 * and passes the operator API (/admin) and the payment screenshots to the server.
 */
const apiTarget = process.env.BACKLAY_API ?? 'http://localhost:8080';

export default defineConfig({
  base: '/operator/',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5174,
    // /Setting: the payment screenshots (Setting/Image/{id}) and the site's name (Setting/GetSetting).
    proxy: { '^/(admin|api|Setting)(/|$)': { target: apiTarget, changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
