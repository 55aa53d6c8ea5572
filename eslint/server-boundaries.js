// One-way imports on the server and in the packages (filled in by the boundaries work of issue 10).
export default [
  {
    // The pure domain package does no I/O.
    files: ['packages/exchange/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'http', 'pg', '@electric-sql/*'] }],
    },
  },
];
