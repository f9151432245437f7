import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Engine, CLI, transports and stores under test/; the workbench's tests beside its code.
    // Renderer tests that render components ask for a DOM with `// @vitest-environment happy-dom`.
    include: ['test/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Exports that only know instants (ChatGPT, Claude) are shown in the machine's zone; tests pin it.
    env: { TZ: 'UTC' },
    globalSetup: ['test/support/build-cli.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Native stores (SQLite, LanceDB) and the graph worker are process-heavy; two cores here.
    pool: 'forks',
    maxWorkers: 2,
  },
});
