// Ask's resources: the few-shot examples (question → SPARQL), the lexicon that maps words to
// the PCM ontology, and the two prompts.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PREFIXES } from '../../shared/rdf';
import { loadExamples, sparqlPrompt, answerPrompt, extractSparql, citationsIn } from '../../electron/node/engine/ask/llm';
import { ATTRIBUTES, CONCEPTS, DATE_PROPS, PEOPLE_PROPS, VERBS } from '../../electron/node/engine/ask/lexicon';
import { checkReadOnly } from '../../electron/node/engine/ask/sparql-safety';
import { loadPrompt } from '../../electron/node/engine/extraction/prompt';

const oxigraph = createRequire(import.meta.url)('oxigraph');
const ontology = new oxigraph.Store();
ontology.load(readFileSync(new URL('../../resources/ontology/pcm.ttl', import.meta.url), 'utf8'), { format: 'text/turtle' });
// Terms the messages graph writes (stores/graph/messages-graph.ts), e.g. prov:SoftwareAgent for assistants.
const MESSAGE_GRAPH_TERMS = new Set(
  [...readFileSync(new URL('../../electron/node/engine/stores/graph/messages-graph.ts', import.meta.url), 'utf8').matchAll(/\$\{(\w+)\}(\w+)/g)]
    .filter((m) => m[1] in PREFIXES)
    .map((m) => `${PREFIXES[m[1]]}${m[2]}`),
);
const declared = (iri: string) => MESSAGE_GRAPH_TERMS.has(iri) || (ontology.query(`ASK { <${iri}> a ?t }`) as boolean);
const CORE = new Set([`${PREFIXES.rdf}type`, `${PREFIXES.rdfs}label`, `${PREFIXES.rdfs}subClassOf`, `${PREFIXES.rdfs}comment`]);

/** Prefixed names and full IRIs in vocabulary namespaces that a text mentions. */
function vocabularyTerms(text: string): string[] {
  const out = new Set<string>();
  const names = Object.keys(PREFIXES).filter((p) => !['mem', 'xsd', 'owl'].includes(p));
  for (const m of text.matchAll(new RegExp(`\\b(${names.join('|')}):([A-Za-z][A-Za-z0-9_]*)`, 'g'))) out.add(`${PREFIXES[m[1]]}${m[2]}`);
  for (const m of text.matchAll(/<(https?:\/\/[^>\s]+)>/g)) {
    const iri = m[1];
    if (Object.entries(PREFIXES).some(([p, ns]) => !['mem', 'xsd', 'owl'].includes(p) && iri.startsWith(ns) && iri.length > ns.length)) out.add(iri);
  }
  return [...out].filter((t) => !CORE.has(t));
}

describe('few-shot examples (resources/ask/sparql-examples.jsonl)', () => {
  const examples = loadExamples();

  it('cover the shapes the templates cover', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
    const all = examples.map((e) => e.sparql).join('\n');
    for (const shape of [/COUNT\(DISTINCT/, /rdfs:subClassOf\*/, /\{ SELECT/, /OPTIONAL/, /ORDER BY/, /VALUES \?me/, /GROUP BY/, /pcm:supersedes/]) expect(all).toMatch(shape);
  });

  for (const e of loadExamples()) {
    it(`'${e.question}' parses, is read-only and uses only ontology terms`, () => {
      expect(e.note.length).toBeGreaterThan(10);
      expect(checkReadOnly(e.sparql, 500).form).toBe('SELECT');
      const unknown = vocabularyTerms(e.sparql).filter((t) => !declared(t));
      expect(unknown).toEqual([]);
    });
  }
});

describe('lexicon → PCM ontology', () => {
  it('every class, action and property the lexicon names is declared in pcm.ttl', () => {
    const iris = [
      ...CONCEPTS.flatMap((c) => c.classes),
      ...VERBS.flatMap((v) => [v.action, ...v.objectProps]),
      ...ATTRIBUTES.flatMap((a) => [...(a.valueClass ? [a.valueClass] : []), ...a.details, ...[...a.path.matchAll(/<([^>]+)>/g)].map((m) => m[1])]),
      ...DATE_PROPS,
      ...PEOPLE_PROPS,
    ];
    expect([...new Set(iris)].filter((i) => !declared(i))).toEqual([]);
  });

  it('word patterns are valid regular expressions', () => {
    for (const c of [...CONCEPTS, ...VERBS, ...ATTRIBUTES]) expect(() => new RegExp(`\\b(?:${c.words})\\b`)).not.toThrow();
  });
});

describe('prompts', () => {
  it('ask-sparql.v2 and ask-answer.v1 load with their declared slots', () => {
    expect(loadPrompt('ask-sparql', 2).placeholders.sort()).toEqual(['dialogue', 'examples', 'ontology_catalog', 'person_iri', 'person_name', 'prefixes', 'question', 'today'].sort());
    expect(loadPrompt('ask-answer', 1).placeholders.sort()).toEqual(['computed', 'dialogue', 'evidence', 'person_name', 'question', 'route', 'rows', 'today'].sort());
  });

  it('the SPARQL prompt mentions only terms the ontology declares', () => {
    const body = loadPrompt('ask-sparql', 2).body;
    expect(vocabularyTerms(body).filter((t) => !declared(t))).toEqual([]);
  });

  it('fills every slot', () => {
    const s = sparqlPrompt({ question: 'How many concerts?', personIri: 'https://engram.local/memory/person/maya', personName: 'Maya', now: '2026-11-22T10:00:00', earlier: [] });
    expect(s.ref).toBe('ask-sparql.v2');
    expect(s.prompt).not.toMatch(/\{\{/);
    expect(s.prompt).toContain('EARLIER IN THIS CONVERSATION\n(none)');
    const a = answerPrompt({ question: 'q?', personName: 'Maya', now: '2026-11-22T10:00:00', route: 'message search', computations: [], triples: [], messages: [], earlier: [] });
    expect(a.prompt).not.toMatch(/\{\{/);
    expect(a.prompt).toContain('COMPUTED\n(none)');
  });

  it('reads the query and the citations out of replies', () => {
    expect(extractSparql('Here you go:\n```sparql\nSELECT * WHERE { ?s ?p ?o }\n```\nDone.')).toBe('SELECT * WHERE { ?s ?p ?o }');
    expect(extractSparql('PREFIX schema: <https://schema.org/>\nSELECT ?x WHERE { ?x a schema:Event }')).toMatch(/^PREFIX/);
    expect(extractSparql('I cannot answer that.')).toBeNull();
    expect(citationsIn('Yes [m1], see [t2, m3] and [m9].', new Set(['m1', 't2', 'm3']))).toEqual(['m1', 't2', 'm3']);
  });
});
