import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiCatalogs } from './scripts/lingui-catalogs.ts';

export default defineConfig({
  plugins: [linguiCatalogs()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
