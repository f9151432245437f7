// Starts a worker thread whose entry module sits beside the calling module: the built JavaScript
// file (the CLI bundle and electron-vite put each worker entry next to the engine's chunks), or
// under tsx/vitest the TypeScript source through a tiny bootstrap that registers tsx's loader first.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import fs from 'node:fs';
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

/**
 * As startModuleWorker, but under tsx/vitest the compiled CLI's copy of the entry when that build
 * is current (scripts/cli-build.mjs: built from these very sources): such a worker starts without
 * tsx's loader, which made every module it loads cost a transform and a round trip to a loader
 * thread. Else the TypeScript source, as startModuleWorker.
 */
export async function startBuiltModuleWorker(here: string, name: string, options: Pick<WorkerOptions, 'workerData' | 'resourceLimits'> = {}): Promise<Worker> {
  if (here.endsWith('.ts')) {
    const built = await builtEntry(name).catch(() => null);
    if (built) return new Worker(built, options);
  }
  return startModuleWorker(here, name, options);
}

async function builtEntry(name: string): Promise<URL | null> {
  const script = new URL('../../../../scripts/cli-build.mjs', import.meta.url);
  if (!fs.existsSync(script)) return null;
  const { freshBuild } = (await import(script.href)) as { freshBuild: () => string | null };
  const engram = freshBuild();
  const entry = engram && path.join(path.dirname(engram), `${name}.js`);
  return entry && fs.existsSync(entry) ? pathToFileURL(entry) : null;
}
