import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'operator',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A ceiling, not a speed target: a screen's chunk is loaded on first use (lazy routes), and
    // findBy* waits up to 5 s on a loaded 2-core machine.
    testTimeout: 20_000,
  },
});
