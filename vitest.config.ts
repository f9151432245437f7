import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Native stores (SQLite, LanceDB) and the graph worker are process-heavy; two cores here.
    pool: 'forks',
    maxWorkers: 2,
  },
});
