// Build of the three Electron targets (main with the engine host and graph worker, preload,
// renderer) into out/.
//
// The same out/renderer is served by `engram serve` in a browser, so the renderer must not
// depend on anything Electron-specific at build time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const graphWorker = resolve(root, 'electron/node/engine/stores/graph/graph-worker.ts');

// Main starts the engine in a utility process whose entry is out/main/engine-host.js. The graph
// store runs Oxigraph in a worker thread; its entry is built next to them so the engine finds
// it at out/main/graph-worker.js. Added only once the engine provides it.
const mainInputs: Record<string, string> = {
  index: resolve(root, 'electron/electron-main/main.ts'),
  'engine-host': resolve(root, 'electron/node/engine-host/main.ts'),
};
if (existsSync(graphWorker)) mainInputs['graph-worker'] = graphWorker;
// The automatic job's analysis worker (extraction/auto/analysis-worker.ts), found the same way.
mainInputs['analysis-worker'] = resolve(root, 'electron/node/engine/extraction/auto/analysis-worker.ts');
// The retrieve batch's workers (timeline/batch-worker.ts), likewise.
mainInputs['batch-worker'] = resolve(root, 'electron/node/engine/timeline/batch-worker.ts');

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rollupOptions: {
        input: mainInputs,
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot load modules: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(root, 'electron/preload/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 6000,
      // Served over HTTP by `engram serve` too: minified loads noticeably faster in a browser.
      minify: true,
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
