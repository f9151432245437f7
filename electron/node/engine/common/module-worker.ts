// Starts a worker thread whose entry module sits beside the calling module: the built JavaScript
// file (the CLI bundle and electron-vite put each worker entry next to the engine's chunks), or
// under tsx/vitest the TypeScript source through a tiny bootstrap that registers tsx's loader first.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** `here`: the caller's import.meta.url; `name`: the entry's file name without extension. */
export function startModuleWorker(here: string, name: string, options: Pick<WorkerOptions, 'workerData' | 'resourceLimits'> = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  // The ESM build of tsx's API (its CommonJS build cannot register ESM hooks from a worker).
  const tsxDir = path.dirname(createRequire(here).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL(`./${name}.ts`, here).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
