import { defineConfig } from 'vitest/config';
import { reactAsPreact } from './electron.vite.config';

export default defineConfig({
  // The renderer's components and the React libraries they use run on Preact, as they ship.
  resolve: {
    alias: {
      ...reactAsPreact,
      // its ES module build (the package's "module"), whose imports of react-dom the alias reaches;
      // Node would load the CommonJS build, which requires React's own react-dom
      '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
    },
  },
  test: {
    // Engine, CLI, transports and stores under test/; the workbench's tests beside its code.
    // Renderer tests that render components ask for a DOM with `// @vitest-environment happy-dom`.
    include: ['test/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Exports that only know instants (ChatGPT, Claude) are shown in the machine's zone; tests pin it.
    env: { TZ: 'UTC' },
    globalSetup: ['test/support/build-cli.ts'],
    setupFiles: ['test/support/remove-temp-dirs.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Native stores (SQLite, LanceDB) and the graph worker are process-heavy; two cores here.
    pool: 'forks',
    maxWorkers: 2,
    // Libraries that import react are transformed by Vite rather than loaded by Node as they are,
    // so that the alias above reaches their imports too.
    server: { deps: { inline: ['@testing-library/react', 'react-markdown', 'zustand', '@tanstack/react-virtual'] } },
  },
});
