// Where Engram keeps data and finds its bundled resources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_NAME = 'Engram';

/**
 * The per-user data folder, the same one Electron's `app.getPath('userData')` gives the
 * desktop app, so the CLI and the app share a memory by default.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.ENGRAM_DATA) return env.ENGRAM_DATA;
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}

let cachedResources: string | null = null;

/**
 * The `resources/` folder: next to the sources in development, next to the build output
 * when built, or wherever ENGRAM_RESOURCES points (the packaged app sets it).
 */
export function resourcesDir(): string {
  if (cachedResources) return cachedResources;
  const candidates = [process.env.ENGRAM_RESOURCES];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'resources'));
    dir = path.dirname(dir);
  }
  for (const c of candidates) {
    if (c && fs.existsSync(path.join(c, 'ontology'))) return (cachedResources = c);
  }
  throw new Error('the resources folder (ontology, prompts, demo) was not found; set ENGRAM_RESOURCES');
}

export function resourcePath(...parts: string[]): string {
  return path.join(resourcesDir(), ...parts);
}

let cachedVersion: string | null = null;

/**
 * Engram's version from its package.json: found by walking up from this module, since the
 * sources (electron/node/engine/) and the build (out/main/, or inside app.asar) sit at
 * different depths below it.
 */
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'engram' && pkg.version) return (cachedVersion = pkg.version);
    } catch {
      // No package.json here: one level up.
    }
    dir = path.dirname(dir);
  }
  return (cachedVersion = '0.0.0');
}
