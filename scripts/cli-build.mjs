#!/usr/bin/env node
// The compiled `engram` CLI: esbuild bundles electron/node/cli/engram.ts (and the worker threads
// it starts) into out/cli/, one ES module per command's code (split at its dynamic imports), so
// `engram --help` loads commander and the command list, not the engine. Packages stay
// external (native modules, Oxigraph's WebAssembly, LanceDB).
//
// Built by `npm install` (prepare) and `npm run build`. bin/engram.mjs runs it, and in a source
// checkout builds it again first when a source it was built from has changed since (about a
// second), so development needs no step. Each build goes to its own folder and `current.json`
// names the one to run (written last, atomically): a command already running keeps its chunks.
//
// `node scripts/cli-build.mjs` builds unconditionally; `--if-stale` only when out of date.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = join(root, 'out', 'cli');
const pointer = join(outRoot, 'current.json');
/** Builds older than this (other than the current one) are removed by the next build. */
const KEEP_OLD_MS = 10 * 60_000;

function readPointer() {
  try {
    return JSON.parse(readFileSync(pointer, 'utf8'));
  } catch {
    return null;
  }
}

/** The current build, if its entry exists and no source it was built from changed since. */
export function freshBuild() {
  const current = readPointer();
  if (!current) return null;
  const entry = join(outRoot, current.dir, 'engram.js');
  if (!existsSync(entry)) return null;
  for (const input of current.inputs) {
    let mtime;
    try {
      mtime = statSync(join(root, input)).mtimeMs;
    } catch {
      // An input gone: a packaged copy without sources runs what it has; a checkout rebuilds.
      if (existsSync(join(root, 'electron'))) return null;
      continue;
    }
    if (mtime > current.builtAt) return null;
  }
  return entry;
}

export async function buildCli() {
  const { build } = await import('esbuild');
  const builtAt = Date.now();
  const dir = `b${builtAt.toString(36)}-${process.pid}`;
  const outdir = join(outRoot, dir);
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      engram: 'electron/node/cli/engram.ts',
      // Worker threads, started as `./<name>.js` beside the chunk that starts them
      // (common/module-worker.ts): the graph store's, and the automatic job's analysis.
      'graph-worker': 'electron/node/engine/stores/graph/graph-worker.ts',
      'analysis-worker': 'electron/node/engine/extraction/auto/analysis-worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Bundled ES modules may still call require() for Node built-ins.
    banner: { js: "import { createRequire as __engramCreateRequire } from 'node:module'; const require = __engramCreateRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs).map((p) => relative(root, resolve(root, p)));
  const tmp = `${pointer}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ dir, builtAt, inputs }));
  renameSync(tmp, pointer);
  for (const old of readdirSync(outRoot)) {
    if (old === dir || !/^b[0-9a-z]+-\d+$/.test(old)) continue;
    const at = parseInt(old.slice(1).split('-')[0], 36);
    if (builtAt - at > KEEP_OLD_MS) rmSync(join(outRoot, old), { recursive: true, force: true });
  }
  return join(outdir, 'engram.js');
}

/** The CLI's entry module, built first if it is missing or out of date. */
export async function cliEntry() {
  return freshBuild() ?? (await buildCli());
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const ifStale = process.argv.includes('--if-stale');
  const started = performance.now();
  const fresh = ifStale ? freshBuild() : null;
  const entry = fresh ?? (await buildCli());
  process.stdout.write(`engram CLI ${fresh ? 'up to date' : 'built'}: ${relative(root, entry)} (${Math.round(performance.now() - started)} ms)\n`);
}
