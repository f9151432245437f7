#!/usr/bin/env node
// `npm start`: build if needed, then open the desktop app; where the Electron binary is missing
// (an offline install), say so in one line and open the workbench in the browser instead.
//
// Also imported by the Electron e2e project for `electronBinary()` and `prepareElectronSqlite()`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const OFFLINE_LINE = 'Electron is not available on this machine (offline install); opening Engram in your browser instead.';

/** Newest modification time under a folder (sources that the build depends on). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether out/ is missing or older than anything it is built from. */
export function buildIsStale() {
  const outputs = ['out/main/index.js', 'out/main/engine-host.js', 'out/preload/preload.cjs', 'out/renderer/index.html'].map((p) => join(root, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const inputs = ['renderer', 'electron', 'shared', 'electron.vite.config.ts', 'package.json'].map((p) => join(root, p));
  return inputs.some((p) => newestMtime(p) > built);
}

export function build() {
  const res = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('the build failed (see above)');
}

/** The Electron executable if it is installed, else null. */
export function electronBinary() {
  try {
    const pathFile = join(dirname(require.resolve('electron/package.json')), 'path.txt');
    if (!existsSync(pathFile)) return null;
    const exe = join(dirname(pathFile), 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

/** Tries once, briefly, to fetch the Electron binary (fails fast when offline). */
function tryFetchElectron() {
  try {
    const installer = join(dirname(require.resolve('electron/package.json')), 'install.js');
    spawnSync(process.execPath, [installer], {
      cwd: root,
      stdio: 'ignore',
      timeout: 60_000,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
    });
  } catch {
    // Whatever went wrong, the browser fallback follows.
  }
  return electronBinary();
}

/**
 * better-sqlite3 for Electron's ABI, kept apart from the Node build that the CLI and tests use:
 * a copy of the package rebuilt with @electron/rebuild under .engram-native/. Returns the path
 * of its `better_sqlite3.node`; main passes it to Engine.open as `sqliteNativeBinding` (ENGRAM_SQLITE_BINDING).
 */
export function prepareElectronSqlite() {
  const electronVersion = require('electron/package.json').version;
  const sqliteVersion = require('better-sqlite3/package.json').version;
  const dir = join(root, '.engram-native', `electron-${electronVersion}-${process.platform}-${process.arch}`);
  const binding = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  const stamp = join(dir, `better-sqlite3-${sqliteVersion}`);
  if (existsSync(binding) && existsSync(stamp)) return binding;
  rmSync(dir, { recursive: true, force: true });
  const pkgDir = join(dir, 'node_modules', 'better-sqlite3');
  mkdirSync(pkgDir, { recursive: true });
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  cpSync(source, pkgDir, { recursive: true, filter: (p) => !p.includes(`${join(source, 'build')}`) });
  // Its own small project, so that the rebuild touches nothing in the repository's node_modules.
  const manifest = JSON.stringify({ name: 'engram-electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } });
  writeFileSync(join(dir, 'package.json'), manifest);
  const rebuild = join(dirname(require.resolve('@electron/rebuild/package.json')), 'lib', 'cli.js');
  const res = spawnSync(process.execPath, [rebuild, '--version', electronVersion, '--module-dir', dir, '--only', 'better-sqlite3', '--force'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0 || !existsSync(binding)) throw new Error('could not build better-sqlite3 for Electron');
  writeFileSync(stamp, '');
  return binding;
}

function runServeInBrowser(extraArgs) {
  const child = spawn(process.execPath, [join(root, 'bin/engram.mjs'), ...dataArgs(extraArgs), 'serve', '--open', ...rest(extraArgs)], {
    cwd: root,
    stdio: 'inherit',
    // the engine's allocator settings (ENGINE_ALLOCATOR_ENV in electron/node/engine/common/allocator-env.ts)
    env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '1048576' },
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}

/** `npm start -- --data DIR` passes the data folder to both the app and `engram serve`. */
function dataArgs(args) {
  const i = args.indexOf('--data');
  return i >= 0 && args[i + 1] ? ['--data', args[i + 1]] : [];
}
function rest(args) {
  const i = args.indexOf('--data');
  return i >= 0 ? [...args.slice(0, i), ...args.slice(i + 2)] : args;
}

async function main() {
  const args = process.argv.slice(2);
  if (buildIsStale()) {
    process.stdout.write('Building Engram…\n');
    build();
  }
  const exe = electronBinary() ?? tryFetchElectron();
  if (!exe) {
    process.stdout.write(`${OFFLINE_LINE}\n`);
    runServeInBrowser(args);
    return;
  }
  let binding;
  try {
    binding = prepareElectronSqlite();
  } catch (err) {
    process.stdout.write(`Could not prepare the database driver for the desktop app (${err.message}); opening Engram in your browser instead.\n`);
    runServeInBrowser(args);
    return;
  }
  const env = { ...process.env, ENGRAM_SQLITE_BINDING: binding };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(exe, [join(root, 'out/main/index.js'), ...args], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    process.stderr.write(`engram: ${err.message}\n`);
    process.exit(1);
  });
}
