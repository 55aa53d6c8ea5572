import { defineConfig } from 'vitest/config';

// Property tests simulate thousands of rounds: generous time on a loaded 2-core CI machine.
export default defineConfig({
  test: { name: 'games', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
