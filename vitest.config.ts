import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'apps/operator', 'apps/games', 'eslint'],
    maxWorkers: 2,
  },
});
