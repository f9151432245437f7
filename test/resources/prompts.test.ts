import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PREFIXES } from '../../shared/rdf';

const oxigraph = createRequire(import.meta.url)('oxigraph');

const dir = new URL('../../resources/prompts/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.md'));

interface Prompt {
  file: string;
  meta: Record<string, string>;
  body: string;
}

/** The first block (between --- lines) holds `key: value` lines; the rest is the prompt. */
function load(file: string): Prompt {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: no front-matter block`);
  const meta: Record<string, string> = {};
  for (const line of m[1].split('\n')) {
    const kv = /^([a-z_ ]+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]] = kv[2];
  }
  return { file, meta, body: m[2] };
}

const placeholdersIn = (text: string) => new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]));

const ontology = new oxigraph.Store();
ontology.load(readFileSync(new URL('../../resources/ontology/pcm.ttl', import.meta.url), 'utf8'), { format: 'text/turtle' });

describe('prompts (resources/prompts)', () => {
  it('has the extraction prompt and its fix prompt', () => {
    expect(files).toEqual(expect.arrayContaining(['extract-turtle.v1.md', 'extract-turtle-fix.v1.md']));
  });

  for (const file of files) {
    describe(file, () => {
      const p = load(file);

      it('states id, version, purpose and placeholders; the file name is <id>.v<version>.md', () => {
        for (const key of ['id', 'version', 'purpose', 'placeholders']) {
          expect(p.meta[key], key).toBeTruthy();
        }
        expect(file).toBe(`${p.meta.id}.v${p.meta.version}.md`);
      });

      it('uses exactly the placeholders it declares', () => {
        const declared = new Set(p.meta.placeholders.split(',').map((s) => s.trim()));
        const used = placeholdersIn(p.body);
        expect([...used].sort()).toEqual([...declared].sort());
        for (const name of used) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      });
    });
  }

  describe('extract-turtle.v1.md', () => {
    const p = load('extract-turtle.v1.md');

    it('declares the slots the extraction fills', () => {
      const declared = p.meta.placeholders.split(',').map((s) => s.trim()).sort();
      expect(declared).toEqual(
        ['known_entities', 'messages', 'namespace', 'ontology_catalog', 'prefixes', 'primary_agent_iri', 'primary_agent_name'].sort(),
      );
    });

    it('has a worked example whose output parses as Turtle', () => {
      const m = /\nOutput:\n([\s\S]*?)\n\nKNOWN ENTITIES\n/.exec(p.body);
      expect(m).not.toBeNull();
      const prefixes = Object.entries({ ...PREFIXES, ent: 'https://engram.local/memory/entity/', msg: 'https://engram.local/memory/message/demo/' })
        .map(([k, v]) => `@prefix ${k}: <${v}> .`)
        .join('\n');
      const quads = oxigraph.parse(`${prefixes}\n${m![1]}`, { format: 'text/turtle' });
      expect(quads.length).toBeGreaterThan(30);
      // every subject minted in the example has a label (blank-node schedules excepted)
      const subjects = new Set<string>(quads.filter((q: any) => q.subject.termType === 'NamedNode').map((q: any) => q.subject.value));
      const labelled = new Set<string>(
        quads.filter((q: any) => q.predicate.value === `${PREFIXES.rdfs}label`).map((q: any) => q.subject.value),
      );
      const unlabelled = [...subjects].filter((s) => !labelled.has(s) && !s.endsWith('/alex'));
      expect(unlabelled).toEqual([]);
    });

    it('mentions only terms the ontology declares', () => {
      const prefixes = Object.keys(PREFIXES).filter((k) => !['mem', 'rdf', 'rdfs', 'owl', 'xsd'].includes(k));
      const re = new RegExp(`\\b(${prefixes.join('|')}):([A-Za-z][A-Za-z0-9_]*)`, 'g');
      const undeclared = new Set<string>();
      for (const m of p.body.matchAll(re)) {
        const iri = `${PREFIXES[m[1]]}${m[2]}`;
        if (!ontology.query(`ASK { <${iri}> a ?t }`)) undeclared.add(m[0]);
      }
      expect([...undeclared]).toEqual([]);
    });
  });
});
