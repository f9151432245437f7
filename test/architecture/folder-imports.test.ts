// Folders say where code runs: the renderer (a browser) reaches the engine only through the
// typed API and the common transport code in shared/, and shared/ runs anywhere, so it imports
// nothing from electron/ or renderer/ and no Node built-in.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module a file loads: static and dynamic imports, re-exports, and worker URLs. */
function specifiersOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]);
  return found;
}

interface Offence {
  file: string;
  specifier: string;
}

function offences(folder: string, isForbidden: (specifier: string, target: string | null) => boolean, opts: { skipTests?: boolean } = {}): Offence[] {
  const out: Offence[] = [];
  for (const file of sourceFiles(join(root, folder))) {
    if (opts.skipTests && /\.test\.tsx?$/.test(file)) continue;
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : null;
      if (isForbidden(specifier, target)) out.push({ file: relative(root, file), specifier });
    }
  }
  return out;
}

const under = (target: string | null, folder: string) => !!target && (target + sep).startsWith(join(root, folder) + sep);
const builtins = new Set(builtinModules);
const isNodeBuiltin = (s: string) => s.startsWith('node:') || builtins.has(s) || builtins.has(s.split('/')[0]);

describe('folder boundaries', () => {
  it('finds the imports it checks (the scanner itself)', () => {
    expect(specifiersOf(`import a from './a';\nimport type { B } from "../b";\nexport * from './c';\nimport './d.css';\nconst e = await import('./e');\nnew Worker(new URL('./f.ts', import.meta.url));`)).toEqual(
      expect.arrayContaining(['./a', '../b', './c', './d.css', './e', './f.ts']),
    );
    // The renderer does reach shared/: the scan sees real imports.
    const toShared = offences('renderer/src', (_s, target) => under(target, 'shared'), { skipTests: true });
    expect(toShared.length).toBeGreaterThan(10);
  });

  it('the renderer imports nothing from electron/, nor electron or Node built-ins', () => {
    const bad = offences('renderer/src', (s, target) => under(target, 'electron') || s === 'electron' || s.startsWith('electron/') || isNodeBuiltin(s), {
      // Tests run in vitest (Node); the rule is about what ships to the browser.
      skipTests: true,
    });
    expect(bad).toEqual([]);
  });

  it('shared/ imports nothing from electron/ or renderer/, nor electron or Node built-ins', () => {
    const bad = offences('shared', (s, target) => under(target, 'electron') || under(target, 'renderer') || s === 'electron' || isNodeBuiltin(s));
    expect(bad).toEqual([]);
  });

  it('the transport code sits in shared/transport and the browser uses it from there', () => {
    const uses = offences('renderer/src', (_s, target) => under(target, 'shared/transport'), { skipTests: true }).map((o) => o.file);
    expect(uses).toEqual(expect.arrayContaining(['renderer/src/api/http-client.ts', 'renderer/src/api/preload-client.ts']));
  });
});
