// Versioned prompt files (resources/prompts/<id>.v<version>.md): a header block of
// `key: value` lines between --- lines, then the prompt with {{slot}} placeholders.
import fs from 'node:fs';
import { resourcePath } from '../paths';

export interface PromptTemplate {
  id: string;
  version: number;
  /** `<id>.v<version>`, recorded with every chunk. */
  ref: string;
  placeholders: string[];
  body: string;
}

export function parsePrompt(text: string, file = 'prompt'): PromptTemplate {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: no header block`);
  const meta: Record<string, string> = {};
  for (const line of m[1].split(/\r?\n/)) {
    const kv = /^([a-z_ ]+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]] = kv[2];
  }
  const version = Number(meta.version);
  if (!meta.id || !Number.isInteger(version)) throw new Error(`${file}: the header needs id and version`);
  return {
    id: meta.id,
    version,
    ref: `${meta.id}.v${version}`,
    placeholders: (meta.placeholders ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    body: m[2],
  };
}

const cache = new Map<string, PromptTemplate>();

export function loadPrompt(id: string, version: number): PromptTemplate {
  const key = `${id}.v${version}`;
  let p = cache.get(key);
  if (!p) {
    const file = resourcePath('prompts', `${key}.md`);
    p = parsePrompt(fs.readFileSync(file, 'utf8'), file);
    cache.set(key, p);
  }
  return p;
}

/** Fills every declared slot; a missing value or a leftover placeholder is an error. */
export function fillPrompt(p: PromptTemplate, values: Record<string, string>): string {
  for (const name of p.placeholders) {
    if (values[name] === undefined) throw new Error(`${p.ref}: no value for {{${name}}}`);
  }
  // One pass, so a value that happens to contain "{{x}}" is not substituted again.
  return p.body.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}
