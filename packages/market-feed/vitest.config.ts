import { defineConfig } from 'vitest/config';

// Property tests run thousands of cases: generous time on a loaded 2-core CI machine.
export default defineConfig({
  test: { name: '@backlay/market-feed', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
