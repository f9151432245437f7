// Bundles the suite's child process and the graph worker it starts into plain JavaScript, so that
// each of the hundreds of processes the suite starts and kills loads in a fraction of a second
// (tsx compiles on every start). The bundle lives in node_modules/.cache so that the native and
// WebAssembly packages (better-sqlite3, LanceDB, Oxigraph) and resources/ resolve from it as they
// do from the sources.
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUNDLE_DIR = path.join(ROOT, 'node_modules', '.cache', 'engram-faults');

export async function bundleChild(): Promise<string> {
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node20',
    external: ['better-sqlite3', '@lancedb/lancedb', 'oxigraph', 'apache-arrow'],
    logLevel: 'error' as const,
    // Bundled ESM has no require: the CommonJS packages it loads get one.
    banner: { js: "import { createRequire as __engramRequire } from 'node:module'; const require = __engramRequire(import.meta.url);" },
  };
  await build({ ...common, entryPoints: [path.join(ROOT, 'scripts/faults/child.ts')], outfile: path.join(BUNDLE_DIR, 'child.mjs') });
  // The graph store starts `./graph-worker.js` next to the module that holds it (the bundle).
  await build({ ...common, entryPoints: [path.join(ROOT, 'electron/node/engine/stores/graph/graph-worker.ts')], outfile: path.join(BUNDLE_DIR, 'graph-worker.js') });
  return path.join(BUNDLE_DIR, 'child.mjs');
}
