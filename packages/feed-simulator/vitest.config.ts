import { defineConfig } from 'vitest/config';

// Long seeded runs of every sport and the calibration replays: generous time on a loaded 2-core machine.
export default defineConfig({
  test: { name: '@backlay/feed-simulator', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
