import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
    // The server's modules are loaded once per worker, not once per file: every file builds its
    // own app and database from them, and none changes a module's state for the next (a file that
    // mocks a module says so with vi.mock, which vitest keeps to that file). Loaded once, they are
    // also compiled and optimised once: on PGlite and PostgreSQL, 1,544 tests took 600 s on two
    // workers with a fresh load of the whole server for each file, 403 s this way.
    isolate: false,
  },
});
