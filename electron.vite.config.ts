// Build of the three Electron targets (main with the engine host and graph worker, preload,
// renderer) into out/.
//
// The same out/renderer is served by `engram serve` in a browser, so the renderer must not
// depend on anything Electron-specific at build time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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

// The page's first script (renderer/src/boot.ts): its own entry, so that it needs only its few
// modules, not the workbench's, before it runs and sends the first screen's calls. Written into
// index.html ahead of the workbench's entry (module scripts run in document order).
const bootEntry = resolve(root, 'renderer/src/boot.ts');
/** The modules the first script imports (directly or not), found once the build has read them. */
const firstScriptModules = new Set<string>();
function firstScript(): Plugin {
  return {
    name: 'engram-first-script',
    buildEnd() {
      firstScriptModules.clear();
      const walk = (id: string) => {
        if (firstScriptModules.has(id)) return;
        firstScriptModules.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) walk(dep);
      };
      walk(bootEntry);
      firstScriptModules.delete(bootEntry);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let src = '/src/boot.ts';
        let preloads: string[] = [];
        if (ctx.bundle) {
          const boot = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === bootEntry);
          if (!boot || boot.type !== 'chunk') throw new Error('renderer build: the first script (boot.ts) was not bundled');
          src = `./${boot.fileName}`;
          preloads = boot.imports.filter((file) => !html.includes(`/${file}"`));
        }
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('renderer build: index.html has no module script to put the first script before');
        const tags = [`<script type="module" crossorigin src="${src}"></script>`, ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`)];
        return `${html.slice(0, at)}${tags.join('\n    ')}\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The renderer's React is Preact's compat layer: the same API (hooks, lazy/Suspense, portals,
 * useSyncExternalStore) for the workbench and the React libraries it uses, at a fraction of
 * react-dom's code to load and run before the first screen is interactive. Vite matches a key and
 * its subpaths (react/jsx-runtime, react-dom/client), not react-markdown. Shared with vitest.
 */
export const reactAsPreact = { react: 'preact/compat', 'react-dom': 'preact/compat' };

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
    resolve: { alias: reactAsPreact },
    plugins: [react(), firstScript()],
    worker: { format: 'es' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 6000,
      // Served over HTTP by `engram serve` too: minified loads noticeably faster in a browser.
      minify: true,
      rollupOptions: {
        input: { index: resolve(root, 'renderer/index.html'), boot: bootEntry },
        // Few files for the first screen (a browser opens at most six connections to a server;
        // the seventh file waits for one): the first script's modules in one chunk, everything
        // else the workbench's entry needs in the entry's chunk. Left to itself the bundler
        // makes a small chunk of each set of modules the lazily loaded tabs share with it.
        output: {
          codeSplitting: {
            groups: [
              { name: 'first-calls', test: (id: string) => firstScriptModules.has(id), priority: 2 },
              { name: 'index', tags: ['$initial'], test: (id: string) => id !== bootEntry, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
