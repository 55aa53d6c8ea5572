import { defineConfig } from 'vitest/config';

// The lint rules' own tests: they run ESLint's Node API on probe sources, in Node.
export default defineConfig({
  test: {
    name: 'eslint',
    environment: 'node',
    include: ['*.test.ts'],
    // The first lint loads typescript-eslint and builds the tsconfig resolver.
    testTimeout: 60_000,
  },
});
