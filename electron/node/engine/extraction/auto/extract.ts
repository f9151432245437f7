// The automatic extraction of one source: deterministic, no model. Each readable message of a
// person (not the assistant's) is split into sentences and tokens by wink-nlp (nlp.ts); rule
// patterns of general English over those tags (this file, words in lexicon.ts) find people
// and their roles, pets, places, organizations, events and actions with their dates (dates.ts),
// purchases, jobs, memberships, belongings, preferences, habits and plans; the graph builder
// validates what they write (graph-builder.ts). The same thing mentioned again gets the same IRI
// (entities.ts).
import { OWNER_IRI, PREFIXES } from '../../../../../shared/rdf';
import { speakerIri } from '../../stores/graph/messages-graph';
import type { OntologyIndex } from '../ontology';
import { recurrenceIn, resolveTime, wallClockDate, type ResolvedTime } from './dates';
import { EntityRegistry, type PersonRef } from './entities';
import { GraphBuilder, type BuildReport, type BuiltTriple } from './graph-builder';
import {
  ACTION_VERBS,
  ACTIVITY_NOUNS,
  CURRENCIES,
  EMPTY_NOUNS,
  EVENT_NOUNS,
  IDIOM_OBJECTS,
  EXERCISE_VERBS,
  NOT_A_BREED,
  ORG_NOUNS,
  PLACE_NOUNS,
  PREFERENCE_VERBS,
  ROLES,
  SPECIES,
  TWO_WORD_ROLES,
  type Role,
} from './lexicon';
import { analyse, englishShare, foreignShare, roughSentences, sentenceCase, type Sentence, type Token } from './nlp';
import { ymd } from '../../../../../shared/dates/calendar';
import { quantityValue } from '../../../../../shared/text/numbers';

export { AUTO_EXTRACTOR_VERSION } from './version';

const { schema, pcm, ob, rdfs, xsd, foaf } = PREFIXES;

export interface AutoMessage {
  id: number;
  /** The post IRI (the messages graph's sioc:Post). */
  iri: string;
  speaker: string;
  role: string;
  text: string;
  /** Wall clock, YYYY-MM-DDTHH:MM:SS. */
  timestamp: string;
}

export interface AutoSourceInput {
  sourceKey: string;
  messages: Iterable<AutoMessage>;
  /** The speaker of this source who is the memory's owner (null: the owner is not a speaker). */
  ownerSpeaker: string | null;
}

export type SkipReason = 'too long' | 'not text' | 'not English';

export interface AutoResult {
  triples: BuiltTriple[];
  report: BuildReport;
  /** Messages of people read / skipped (by reason); assistant and system messages are not counted. */
  read: number;
  skipped: Record<SkipReason, number>;
}

/** Messages longer than this are pasted documents, not statements about one's life. */
export const MAX_MESSAGE_CHARS = 6000;

/** Why a message is not read, or null when it is. */
export function unreadable(text: string): SkipReason | null {
  if (text.length > MAX_MESSAGE_CHARS) return 'too long';
  // Plain ASCII prose with spaces: only the language is left to check.
  const plain = text.length <= 400 && /^[\x20-\x7e\u2018\u2019\u201c\u201d\u2013\u2014\u2026\n]*$/.test(text) && / /.test(text) && !/\S{120,}/.test(text);
  if (plain) return notEnglish(text) ? 'not English' : null;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  // Binary or encoded data: control characters, few letters, or long runs without a space.
  if (/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) || (text.length > 40 && letters / text.length < 0.5) || /\S{120,}/.test(text)) return 'not text';
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  if (letters >= 12 && latin / letters < 0.8) return 'not English';
  return notEnglish(text) ? 'not English' : null;
}

/** Few English function words and more of another Latin-script language's (six words or more). */
function notEnglish(text: string): boolean {
  if (text.split(/\s+/).filter(Boolean).length < 6) return false;
  const en = englishShare(text);
  return en < 0.1 && foreignShare(text) > en;
}

/**
 * The extraction of one source, message by message (so that a long source can yield to the
 * event loop between messages). Deterministic: the same messages, in the same order, with the
 * same owner, always give the same triples.
 */
export class SourceExtractor {
  private readonly b = new GraphBuilder();
  private readonly entities: EntityRegistry;
  private readonly speakers = new Map<string, string>();
  readonly skipped: Record<SkipReason, number> = { 'too long': 0, 'not text': 0, 'not English': 0 };
  read = 0;

  /** `speakers`: the source's people (name → role); the owner's speaker resolves to OWNER_IRI. */
  constructor(
    sourceKey: string,
    speakers: Iterable<{ speaker: string; role: string }>,
    ownerSpeaker: string | null,
  ) {
    for (const s of speakers) {
      if (s.role === 'assistant' || s.role === 'system' || this.speakers.has(s.speaker)) continue;
      this.speakers.set(s.speaker, s.speaker === ownerSpeaker ? OWNER_IRI : speakerIri(s.speaker, s.role));
    }
    this.entities = new EntityRegistry(sourceKey, this.speakers, this.b);
  }

  /**
   * Reads one message (assistant and system messages are not the person's: left out, not counted).
   * `analysed`: its `unreadable` and `analyseStatements` computed elsewhere (the analysis worker), else computed here.
   */
  add(m: AutoMessage, analysed?: { unreadable: SkipReason | null; statements: Sentence[] | null }): void {
    if (m.role === 'assistant' || m.role === 'system') return;
    const why = analysed ? analysed.unreadable : unreadable(m.text);
    if (why) {
      this.skipped[why]++;
      return;
    }
    this.read++;
    const sentences = analysed ? analysed.statements : analyseStatements(m.text);
    if (!sentences) return;
    if (!this.speakers.has(m.speaker)) this.speakers.set(m.speaker, speakerIri(m.speaker, m.role));
    const msg = this.b.message(m.iri);
    const said = wallClockDate(m.timestamp);
    const me: PersonRef = { iri: this.speakers.get(m.speaker)!, name: m.speaker };
    let lastPet: string | null = null;
    const ctx: Ctx = { b: this.b, entities: this.entities, me, msg, said, lastPet: () => lastPet, setLastPet: (iri) => (lastPet = iri) };
    for (const s of sentences) new SentenceReader(s, ctx).read();
  }

  finish(ontology: OntologyIndex): AutoResult {
    const { triples, report } = this.b.build(ontology);
    return { triples, report, read: this.read, skipped: { ...this.skipped } };
  }
}

/**
 * The part of reading a message that depends only on its text: the sentences that can carry a
 * pattern, tagged; null when none can. Only statements go to the tagger: a first-person word or
 * a possessive ("Ana's"), no question. Most chatter has neither, and tagging is the cost.
 */
export function analyseStatements(text: string): Sentence[] | null {
  if (!STATEMENT_CUE.test(text)) return null;
  const worth = roughSentences(text).filter((x) => !x.endsWith('?') && STATEMENT_CUE.test(x));
  return worth.length ? analyse(worth.join(' ')) : null;
}

/** Extracts a whole source at once (tests, benchmarks). */
export function extractSource(input: AutoSourceInput, ontology: OntologyIndex): AutoResult {
  const messages = [...input.messages];
  const seen = new Map<string, string>();
  for (const m of messages) if (!seen.has(m.speaker)) seen.set(m.speaker, m.role);
  const x = new SourceExtractor(input.sourceKey, [...seen].map(([speaker, role]) => ({ speaker, role })), input.ownerSpeaker);
  for (const m of messages) x.add(m);
  return x.finish(ontology);
}

interface Ctx {
  b: GraphBuilder;
  entities: EntityRegistry;
  me: PersonRef;
  msg: number;
  said: Date;
  /** The pet the message named last (a later sentence may give its name). */
  lastPet?: () => string | null;
  setLastPet?: (iri: string) => void;
}

const FIRST_PERSON = new Set(['i', 'we']);
/** Words without which no pattern applies (first person, or a possessive). */
const STATEMENT_CUE = /\b(I|i|we|We|my|My|our|Our|name)\b|['’]s\b/;
const SKIP_BETWEEN = new Set(['AUX', 'ADV', 'PART']);
const FUTURE_AUX = new Set(['will', "'ll", 'wll', 'shall']);
const IRREGULAR_PAST = new Set([
  'went', 'bought', 'got', 'took', 'made', 'ran', 'saw', 'did', 'had', 'began', 'drew', 'wrote', 'ate', 'drank', 'swam', 'rode', 'flew', 'met', 'gave', 'found',
  'built', 'paid', 'sang', 'won', 'lost', 'taught', 'thought', 'felt', 'left', 'brought', 'caught', 'held', 'sold', 'spent', 'threw', 'grew', 'knew', 'came', 'became',
]);
const NP_WORD = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'his', 'her', 'their', 'your', 'this', 'that', 'these', 'those', 'some', 'any', 'another', 'its']);
const PRONOUN_OBJECTS = new Set(['it', 'that', 'this', 'them', 'you', 'him', 'her', 'me', 'us', 'everything', 'something', 'anything', 'one', 'those', 'these', 'what', 'which', 'others', 'everyone', 'everybody', 'someone', 'people']);

/** Noun phrase starting at i (after determiners): its words and where it ends. */
interface Phrase {
  words: Token[];
  end: number;
  /** Written with a capital (a proper name). */
  proper: boolean;
  /** In quotes: a title ("Becoming Nicole"). */
  title: boolean;
}

class SentenceReader {
  private readonly t: Token[];
  private readonly lower: string;
  /** Tokens already used by a relation pattern (not read again as actions' objects). */
  private readonly used = new Set<number>();
  private timeCache: ResolvedTime | null | undefined;

  constructor(
    private readonly s: Sentence,
    private readonly c: Ctx,
  ) {
    this.t = s.tokens;
    this.lower = s.text.toLowerCase();
  }

  read(): void {
    if (this.t.length < 2 || this.t.length > 80) return;
    if (this.lower.includes('?')) return; // questions state nothing
    this.petName();
    this.relations();
    this.invitations();
    this.preparations();
    this.pets();
    this.namedPeople();
    this.clauses();
    this.favourites();
  }

  // ---- people and their roles

  /** A role noun at i ("sister", "best friend"): the role and the index after it. */
  private roleAt(i: number): { role: Role; next: number } | null {
    const w = this.t[i]?.lower;
    if (!w) return null;
    const two = `${w} ${this.t[i + 1]?.lower ?? ''}`;
    if (TWO_WORD_ROLES[two]) return { role: TWO_WORD_ROLES[two], next: i + 2 };
    const single = w.endsWith('s') && ROLES[w.slice(0, -1)] && !ROLES[w] ? null : ROLES[w];
    return single ? { role: single, next: i + 1 } : null;
  }

  /** A proper name at i (a run of PROPN, at most 3), or null. */
  private nameAt(i: number): { name: string; end: number } | null {
    const words: string[] = [];
    let k = i;
    while (k < this.t.length && this.t[k].pos === 'PROPN' && /^[A-Z][\p{L}'’-]*$/u.test(this.t[k].text) && words.length < 3) words.push(this.t[k++].text);
    return words.length ? { name: words.join(' '), end: k } : null;
  }

  /** "my sister Ana", "Ana, my sister", "my mum", "Noor's daughter". */
  private relations(): void {
    const t = this.t;
    for (let i = 0; i < t.length; i++) {
      const w = t[i].lower;
      let anchor: PersonRef | null = null;
      let at = i + 1;
      if (w === 'my' || (w === 'our' && this.lower.includes(' our '))) anchor = this.c.me;
      else if (t[i].pos === 'PROPN' && /^['’]s$/.test(t[i + 1]?.text ?? '')) {
        const ref = this.c.entities.knownPerson(t[i].text);
        if (ref) (anchor = ref), (at = i + 2);
      }
      if (!anchor) continue;
      const r = this.roleAt(at);
      if (!r) continue;
      const named = this.nameAt(r.next);
      // "my sister, Ana" too
      const afterComma = !named && t[r.next]?.text === ',' ? this.nameAt(r.next + 1) : null;
      const name = named ?? afterComma;
      // "Ana, my sister": the name before
      const before = !name && i >= 2 && t[i - 1].text === ',' ? this.nameBefore(i - 2) : null;
      const person = this.c.entities.relative(anchor, r.role, name?.name ?? before ?? null, this.c.msg);
      if (!person) continue;
      for (let k = i; k < (name?.end ?? r.next); k++) this.used.add(k);
      this.linkRole(anchor, r.role, person);
    }
    // "Ana is my sister"
    for (let i = 0; i + 3 < t.length; i++) {
      if (!['is', 'was', "'s"].includes(t[i + 1]?.lower) || t[i + 2]?.lower !== 'my') continue;
      const name = this.nameAt(i);
      if (!name || name.end !== i + 1 || (i > 0 && t[i - 1].pos === 'PROPN')) continue;
      const r = this.roleAt(i + 3);
      if (!r) continue;
      const person = this.c.entities.relative(this.c.me, r.role, name.name, this.c.msg);
      if (person) this.linkRole(this.c.me, r.role, person);
    }
  }

  /** "I'm busy getting ready for a fundraiser": an event ahead (first person in the sentence). */
  private preparations(): void {
    const t = this.t;
    if (!t.some((x) => x.pos === 'PRON' && FIRST_PERSON.has(x.lower)) && !/^(i|we)['’]/.test(t[0]?.lower ?? '')) return;
    for (let i = 0; i + 2 < t.length; i++) {
      const at = t[i].lemma === 'get' && t[i + 1]?.lower === 'ready' && t[i + 2]?.lower === 'for' ? i + 3 : ['prepare', 'gear'].includes(t[i].lemma) && t[i + 1]?.lower === 'for' ? i + 2 : -1;
      if (at < 0) continue;
      const p = this.phraseAt(at, 6);
      if (p && (EVENT_NOUNS[this.head(p).lemma] || EVENT_NOUNS[this.head(p).lower])) this.event(p, 'future');
      return;
    }
  }

  /** "Rob invited me to a yoga class": an event ahead, with who invited. */
  private invitations(): void {
    const t = this.t;
    for (let i = 1; i + 3 < t.length; i++) {
      if (!(t[i].lemma === 'invite' && ['me', 'us'].includes(t[i + 1].lower) && t[i + 2].lower === 'to')) continue;
      const p = this.phraseAt(i + 3, 6);
      if (!p || !(EVENT_NOUNS[this.head(p).lemma] || EVENT_NOUNS[this.head(p).lower])) continue;
      this.event(p, 'future');
      const who = this.nameBefore(i - 1);
      const person = who ? this.c.entities.knownPerson(who) : null;
      if (person) {
        const ev = this.c.entities.fact('event', this.c.me, this.textOf(p), this.c.msg);
        this.c.b.link(ev, `${schema}organizer`, person.iri, this.c.msg);
      }
    }
  }

  private nameBefore(end: number): string | null {
    let k = end;
    const words: string[] = [];
    while (k >= 0 && this.t[k].pos === 'PROPN' && /^[A-Z]/.test(this.t[k].text) && words.length < 3) words.unshift(this.t[k--].text);
    return words.length ? words.join(' ') : null;
  }

  private linkRole(anchor: PersonRef, role: Role, person: PersonRef): void {
    const { b, msg } = this.c;
    if (role.inverse) b.link(person.iri, role.property, anchor.iri, msg);
    else b.link(anchor.iri, role.property, person.iri, msg);
  }

  /** "a guy named Samuel", "my friend called Jo": people named with "named"/"called". */
  private namedPeople(): void {
    const t = this.t;
    for (let i = 1; i + 1 < t.length; i++) {
      if (!['named', 'called'].includes(t[i].lower)) continue;
      const noun = t[i - 1];
      if (noun.pos !== 'NOUN' || SPECIES[noun.lower] || !PERSON_NOUNS.has(noun.lemma)) continue;
      const name = this.nameAt(i + 1);
      if (!name) continue;
      const p = this.c.entities.person(name.name, this.c.msg);
      if (p && p.iri !== this.c.me.iri) this.c.b.link(this.c.me.iri, `${foaf}knows`, p.iri, this.c.msg);
    }
  }

  // ---- pets

  /** "my dog Bailey", "our cat named Luna", "a 3-year-old beagle puppy called Max", "Luna is my cat". */
  private pets(): void {
    const t = this.t;
    for (let i = 0; i < t.length; i++) {
      const two = `${t[i].lower} ${t[i + 1]?.lower ?? ''}`;
      const speciesWord = SPECIES[two] ? two : SPECIES[t[i].lemma] ? t[i].lemma : null;
      if (!speciesWord || t[i].pos !== 'NOUN') continue;
      const after = i + (SPECIES[two] ? 2 : 1);
      // "my horse painting", "dog food": the species names something else
      if (t[after]?.pos === 'NOUN' && !SPECIES[t[after].lemma]) continue;
      // owned: "my"/"our" before (with adjectives or a breed between)
      let k = i - 1;
      const mods: Token[] = [];
      while (k >= 0 && (t[k].pos === 'ADJ' || t[k].pos === 'NOUN' || t[k].pos === 'NUM' || t[k].text === '-') && mods.length < 6) mods.unshift(t[k--]);
      const owner = k >= 0 && ['my', 'our'].includes(t[k].lower);
      let name = this.nameAt(after);
      if (!name && ['named', 'called'].includes(t[after]?.lower)) name = this.nameAt(after + 1);
      let ownedByMe = owner;
      if (!owner && name === null && i >= 3 && t[i - 1].lower === 'my' && ['is', 'was', "'s"].includes(t[i - 2].lower)) {
        const n = this.nameBefore(i - 3);
        if (n) (name = { name: n, end: i }), (ownedByMe = true);
      }
      if (!ownedByMe) {
        // "I have a dog named X", "we've got a pup and a kitty": the species is the verb's object
        let v = i - 1;
        while (v >= 0 && ['DET', 'ADJ', 'NUM', 'CCONJ', 'NOUN', 'PUNCT'].includes(t[v].pos) && i - v < 10) v--;
        const verbBefore = v >= 1 && ['have', 'get', 'adopt', 'own'].includes(t[v].lemma) && t.slice(Math.max(0, v - 3), v).some((x) => x.pos === 'PRON' && FIRST_PERSON.has(x.lower)) && t[i].lemma !== 'horse';
        if (!verbBefore) continue;
      }
      const species = SPECIES[speciesWord];
      const age = this.ageIn(mods);
      const breedWords = mods.filter((m) => m.pos !== 'NUM' && m.text !== '-' && !NOT_A_BREED.has(m.lower) && !['year', 'years', 'old', 'month', 'months'].includes(m.lower) && /^[a-z]/i.test(m.text));
      const breed = breedWords.length && breedWords.length <= 2 ? breedWords.map((m) => m.lower).join(' ') : null;
      const pet = this.c.entities.pet(this.c.me, name?.name ?? null, species, this.c.msg);
      this.c.setLastPet?.(pet);
      const { b, msg } = this.c;
      b.link(this.c.me.iri, `${pcm}hasPet`, pet, msg);
      b.value(pet, `${pcm}petSpecies`, species, msg);
      if (breed && breed !== species) b.value(pet, `${pcm}petBreed`, breed, msg);
      if (age !== null) b.value(pet, `${foaf}age`, age, msg, `${xsd}integer`);
      for (let u = Math.max(0, k); u < (name?.end ?? after); u++) this.used.add(u);
    }
  }

  /** "Her name's Coco" right after a pet of the message: the pet's name. */
  private petName(): void {
    const m = /^(?:[Hh]er|[Hh]is|[Ii]ts|[Tt]heir) name(?:'s| is) ([A-Z][a-z]+)\b/.exec(this.s.text);
    const pet = this.c.lastPet?.();
    if (m && pet) this.c.b.value(pet, `${foaf}name`, m[1], this.c.msg);
  }

  /** "3-year-old", "3 years old" among modifiers → 3. */
  private ageIn(mods: Token[]): number | null {
    for (let i = 0; i < mods.length; i++) {
      if (mods[i].pos === 'NUM' && /^\d{1,2}$/.test(mods[i].text) && mods.slice(i + 1, i + 4).some((m) => /^years?$/.test(m.lower))) return Number(mods[i].text);
    }
    return null;
  }

  // ---- clauses with a first-person subject

  private clauses(): void {
    const t = this.t;
    for (let i = 0; i < t.length; i++) {
      // "I", "we"; the tagger sometimes keeps "I'm" in one token
      const fused = /^(i|we)['’](m|ve|ll|d|re)$/.test(t[i].lower);
      if (!((t[i].pos === 'PRON' && FIRST_PERSON.has(t[i].lower)) || fused)) continue;
      // the subject must start a clause: sentence start, after a comma, a conjunction, or a time phrase
      const prev = t[i - 1];
      if (prev && !(prev.pos === 'PUNCT' || prev.pos === 'CCONJ' || prev.pos === 'SCONJ' || prev.pos === 'ADV' || prev.pos === 'INTJ' || this.inDate(i - 1) || (prev.lower === 'and' && t[i - 2]?.pos === 'PROPN'))) continue;
      let k = i + 1;
      const aux: Token[] = fused ? [{ ...t[i], text: t[i].text.slice(t[i].text.search(/['’]/)), lower: t[i].lower.slice(t[i].lower.search(/['’]/)).replace('’', "'"), lemma: 'be', pos: 'AUX' }] : [];
      if (fused && /['’](ve|ll|d)$/.test(t[i].lower)) aux[0].lemma = t[i].lower.endsWith('ve') ? 'have' : t[i].lower.endsWith('ll') ? 'will' : 'would';
      while (k < t.length && (SKIP_BETWEEN.has(t[k].pos) || ['gonna', 'wanna', 'all', 'both'].includes(t[k].lower)) && k - i < 6) aux.push(t[k++]);
      // "I'm an assistant manager": the article before a noun after "be"
      if (['a', 'an'].includes(t[k]?.lower) && aux.some((a) => a.lemma === 'be') && (t[k + 1]?.pos === 'NOUN' || t[k + 1]?.pos === 'ADJ')) k++;
      // "we had a blast": the tagger may call a main "have"/"do"/"get" an auxiliary
      if (t[k] && t[k].pos !== 'VERB' && aux.length && ['have', 'do', 'get'].includes(aux[aux.length - 1].lemma) && ['DET', 'NOUN', 'ADJ', 'NUM', 'PRON'].includes(t[k].pos)) {
        k--;
        aux.pop();
        this.verbClause(aux, k, this.clauseEnd(k));
        continue;
      }
      const v = t[k];
      if (!v) continue;
      const clause = this.clauseEnd(k);
      if (v.pos === 'VERB') this.verbClause(aux, k, clause);
      else if (v.pos === 'NOUN' && aux.some((a) => a.lemma === 'be')) this.copula(k, clause);
      else if (v.pos === 'ADJ' && aux.some((a) => a.lemma === 'be')) this.adjectival(k, clause);
      // "I'm 34 years old"
      else if (v.pos === 'NUM' && /^\d{1,3}$/.test(v.text) && aux.some((a) => a.lemma === 'be') && /^years?$/.test(t[k + 1]?.lower ?? '') && t[k + 2]?.lower === 'old') {
        this.c.b.value(this.c.me.iri, `${foaf}age`, Number(v.text), this.c.msg, `${xsd}integer`);
      }
      else if (v.lower === 'into' && aux.some((a) => a.lemma === 'be')) {
        const p = this.phraseAt(k + 1, 5);
        if (p && p.end <= clause) this.interest(this.textOf(p));
      }
    }
  }

  /** Index where the clause of the verb at k ends (next comma + subject, conjunction + subject, or sentence end). */
  private clauseEnd(k: number): number {
    for (let j = k + 1; j < this.t.length; j++) {
      const x = this.t[j];
      if ((x.pos === 'CCONJ' || x.pos === 'SCONJ' || x.text === ',' || x.text === ';' || x.text === '-' || x.text === '–') && this.t[j + 1]?.pos === 'PRON') return j;
      if (x.text === ';' || x.text === '–' || x.text === '—' || x.text === ':') return j;
    }
    return this.t.length;
  }

  private inDate(i: number): boolean {
    return this.s.entities.some((e) => e.type === 'DATE' && i >= e.start && i <= e.end);
  }

  private tenseOf(aux: Token[], v: Token): 'past' | 'future' | 'present' {
    const auxWords = aux.map((a) => a.lower);
    if (auxWords.some((a) => FUTURE_AUX.has(a)) || auxWords.includes('gonna')) return 'future';
    if (v.lemma === 'go' && this.t[v.i + 1]?.lower === 'to' && this.t[v.i + 2]?.pos === 'VERB' && v.lower !== 'went') return 'future';
    if (auxWords.some((a) => ['was', 'were', 'had', 'did', "'d"].includes(a))) return 'past';
    if (auxWords.some((a) => ['have', "'ve", 'has'].includes(a)) && v.lower !== v.lemma) return 'past';
    if (IRREGULAR_PAST.has(v.lower) || (v.lower !== v.lemma && /ed$/.test(v.lower))) return 'past';
    return 'present';
  }

  /** The sentence's time, resolved against the message date (first DATE span not in a recurrence). */
  private time(past: boolean): ResolvedTime | null {
    if (this.timeCache !== undefined) return this.timeCache;
    let out: ResolvedTime | null = null;
    for (const e of this.s.entities) {
      if (e.type !== 'DATE') continue;
      if (e.start > 0 && ['every', 'each'].includes(this.t[e.start - 1]?.lower)) continue;
      if (/^(every|each|daily|weekly|monthly)\b/i.test(e.text)) continue;
      out = resolveTime(e.text, this.c.said, past);
      if (out) break;
    }
    return (this.timeCache = out);
  }

  /** A noun phrase at i (skipping determiners), for objects. */
  private phraseAt(i: number, max = 6): Phrase | null {
    const t = this.t;
    let k = i;
    while (k < t.length && (DETERMINERS.has(t[k].lower) || (t[k].pos === 'NUM' && !/^\d/.test(t[k].text) && t[k].lower !== 'one'))) k++;
    let title = false;
    if (t[k]?.text === '"' || t[k]?.text === '“') {
      const close = t.findIndex((x, j) => j > k && (x.text === '"' || x.text === '”'));
      if (close > k + 1 && close - k <= 8) {
        const words = t.slice(k + 1, close);
        return { words, end: close + 1, proper: true, title: true };
      }
      title = false;
    }
    const words: Token[] = [];
    while (k < t.length && words.length < max) {
      const x = t[k];
      if (['last', 'next', 'this'].includes(x.lower) && words.length && /^(mon|tue|wed|thu|fri|sat|sun|week|month|year|night|morning|evening|summer|winter|spring|fall|autumn|weekend)/.test(t[k + 1]?.lower ?? '')) break;
      if (NP_WORD.has(x.pos) && !this.inDate(k) && !(x.pos === 'NUM' && this.s.entities.some((e) => e.type === 'MONEY' && k >= e.start && k <= e.end))) {
        words.push(x);
        k++;
      } else if ((x.text === '-' || x.text === '+' || x.text === '&') && words.length && (NP_WORD.has(t[k + 1]?.pos) || (x.text === '-' && t[k + 1]?.pos === 'VERB' && /(ed|ing)$/.test(t[k + 1].lower)))) {
        if (!NP_WORD.has(t[k + 1]?.pos)) {
          words.push(x, { ...t[k + 1], pos: 'ADJ' });
          k += 2;
          continue;
        }
        words.push(x);
        k++;
      } else if (/^['’]s$/.test(x.text) && words.length && t[k + 1] && NP_WORD.has(t[k + 1].pos)) {
        words.push(x);
        k++;
      } else break;
    }
    // end on a noun: drop trailing adjectives and numbers ("a cup so cute")
    while (words.length && words[words.length - 1].pos !== 'NOUN' && words[words.length - 1].pos !== 'PROPN') words.pop(), k--;
    if (!words.length) return null;
    const proper = words.every((w) => w.pos === 'PROPN' || w.pos === 'NUM' || /^[A-Z]/.test(w.text) || w.text === '-' || w.text === '&');
    return { words, end: k, proper, title };
  }

  /** A phrase's text: its words joined as written ("LGBTQ+ counseling workshop"). */
  private textOf(p: Phrase): string {
    let out = '';
    p.words.forEach((w, j) => {
      const glue = j === 0 || w.text === '+' || w.text === '-' || /^['’]s$/.test(w.text) || p.words[j - 1].text === '-';
      out += (glue ? '' : ' ') + w.text;
    });
    return out.replace(/\s+/g, ' ').trim();
  }

  private head(p: Phrase): Token {
    return [...p.words].reverse().find((w) => w.pos === 'NOUN' || w.pos === 'PROPN') ?? p.words[p.words.length - 1];
  }

  private verbClause(aux: Token[], k: number, clauseEnd: number): void {
    const t = this.t;
    const v = t[k];
    if (v.negated || aux.some((a) => a.lower === 'not' || a.lower === "n't")) {
      // "I don't like X" is a preference; other negated verbs state nothing done
      if (PREFERENCE_VERBS[v.lemma] && !['avoid'].includes(v.lemma)) this.preference(v, k, clauseEnd, 'dislikes');
      return;
    }
    const tense = this.tenseOf(aux, v);
    // "I was impressed", "I'm inspired": a state, not a deed; "I can / should / might X": not a fact
    const auxWords = aux.map((a) => a.lower);
    if (auxWords.some((a) => ['was', 'were', 'am', "'m", 'is', 'are', 'been', 'being', 'be'].includes(a)) && v.lower !== v.lemma && !/ing$/.test(v.lower)) return;
    if (auxWords.some((a) => MODALS.has(a))) return;
    // "I used to go riding": something done in the past
    if (v.lower === 'used' && t[k + 1]?.lower === 'to' && t[k + 2]?.pos === 'VERB') {
      const next = t[k + 2];
      if (next.lemma === 'go') return this.going(k + 2, clauseEnd, 'past');
      if (ACTION_VERBS[next.lemma] || EXERCISE_VERBS.has(next.lemma)) return this.action(next, k + 2, clauseEnd, 'past');
      return;
    }
    // "got promoted to X", "was accepted for X", "got hired as X": a new job or a place won
    const next1 = t[k + 1]?.lower;
    if (['get', 'be'].includes(v.lemma) && ['promoted', 'accepted', 'admitted', 'hired', 'selected', 'chosen'].includes(next1 ?? '')) return this.achieved(t[k + 1], k + 2, clauseEnd);
    if (['promoted', 'accepted', 'admitted', 'hired', 'selected'].includes(v.lower) && aux.some((a) => a.lemma === 'be' || a.lemma === 'get')) return this.achieved(v, k + 1, clauseEnd);
    // "I got to volunteer at X": done
    if (v.lower === 'got' && t[k + 1]?.lower === 'to' && t[k + 2]?.pos === 'VERB' && (ACTION_VERBS[t[k + 2].lemma] || EXERCISE_VERBS.has(t[k + 2].lemma))) return this.action(t[k + 2], k + 2, clauseEnd, 'past');
    // "I've done weight training", "we did yoga": an activity
    if (v.lemma === 'do') {
      const p = this.phraseAt(k + 1, 4);
      if (p && p.end <= clauseEnd && (ACTIVITY_NOUNS[this.head(p).lower] || /^(training|yoga|pilates|workout|exercise|crossfit|boot camp)s?$/.test(this.head(p).lower))) {
        return this.activity(this.textOf(p).toLowerCase(), ACTIVITY_NOUNS[this.head(p).lower] ?? `${ob}PhysicalActivity`, tense === 'present' ? 'past' : tense, p.end, clauseEnd);
      }
    }
    // "came across X", "ran into X": found
    if ((v.lemma === 'come' && t[k + 1]?.lower === 'across') || (v.lemma === 'stumble' && ['upon', 'on', 'across'].includes(t[k + 1]?.lower))) {
      return this.action(v, k, clauseEnd, tense, { types: [`${schema}Action`] });
    }
    // Intentions: "I'm going to / planning to / want to / hope to VERB": the next verb, as a plan.
    const intention = this.intention(v, k);
    if (intention) {
      const next = intention.verb;
      if (ACTION_VERBS[next.lemma] || EXERCISE_VERBS.has(next.lemma) || next.lemma === 'go') this.action(next, intention.index, clauseEnd, 'future');
      return;
    }
    if (PREFERENCE_VERBS[v.lemma]) {
      // "I'd love to" is a wish, not a preference; "I love that …" is about something said
      if (aux.some((a) => a.lower === "'d" || a.lower === 'would')) return;
      this.preference(v, k, clauseEnd, PREFERENCE_VERBS[v.lemma]);
      return;
    }
    if (v.lemma === 'work' && (t[k + 1]?.lower === 'as' || t[k + 1]?.lower === 'at' || t[k + 1]?.lower === 'for')) return this.work(k, clauseEnd);
    if (v.lemma === 'live' && t[k + 1]?.lower === 'in') return this.lives(k + 2, clauseEnd);
    // "we had a blast at a live music event", "I had fun at the fair": attended
    if (v.lemma === 'have' && /^(a blast|fun|a great time|a good time|an amazing time|a wonderful time|so much fun|a lot of fun)\b/.test(t.slice(k + 1, k + 5).map((x) => x.lower).join(' '))) {
      const at = t.findIndex((x, j) => j > k && j < clauseEnd && x.lower === 'at');
      const p = at > 0 ? this.phraseAt(at + 1, 6) : null;
      if (p && p.end <= clauseEnd && (EVENT_NOUNS[this.head(p).lemma] || EVENT_NOUNS[this.head(p).lower])) return this.event(p, tense === 'present' ? 'past' : tense, clauseEnd);
    }
    // "I'm getting ready for a fundraiser", "preparing for the race": an event ahead
    if ((v.lemma === 'get' && t[k + 1]?.lower === 'ready' && t[k + 2]?.lower === 'for') || (v.lemma === 'prepare' && t[k + 1]?.lower === 'for')) {
      const p = this.phraseAt(k + (v.lemma === 'get' ? 3 : 2), 6);
      if (p && p.end <= clauseEnd && (EVENT_NOUNS[this.head(p).lemma] || EVENT_NOUNS[this.head(p).lower])) return this.event(p, 'future', clauseEnd);
    }
    if (v.lemma === 'have' && (aux.length === 0 || aux.every((a) => ["'ve", 'have', 'also', 'still', 'just', 'already'].includes(a.lower)))) return this.possession(k, clauseEnd, false);
    if (v.lemma === 'get' && aux.some((a) => a.lower === "'ve" || a.lower === 'have') && v.lower === 'got' && this.t[k + 1]?.lower !== 'to') return this.possession(k, clauseEnd, false);
    if (v.lemma === 'own') return this.possession(k, clauseEnd, true);
    if (v.lemma === 'go' || v.lemma === 'head' || v.lemma === 'come') return this.going(k, clauseEnd, tense);
    if (ACTION_VERBS[v.lemma] || EXERCISE_VERBS.has(v.lemma)) this.action(v, k, clauseEnd, tense);
    else if ((tense !== 'present' || (aux.some((a) => a.lower === 'been') && /ing$/.test(v.lower))) && !NOT_DEEDS.has(v.lemma) && /^[a-z]+$/.test(v.lemma)) this.action(v, k, clauseEnd, tense, { types: [`${schema}Action`] });
  }

  /** "going to X", "planning to X", "want to X", "hope to X", "can't wait to X": the verb X. */
  private intention(v: Token, k: number): { verb: Token; index: number } | null {
    const t = this.t;
    const want = ['plan', 'want', 'hope', 'intend', 'aim', 'decide', 'look'].includes(v.lemma) || (v.lemma === 'go' && v.lower !== 'went' && v.lower !== 'gone');
    if (v.lower === 'used' && this.t[k + 1]?.lower === 'to') return null;
    if (!want) return null;
    let j = k + 1;
    if (v.lemma === 'look' && t[j]?.lower === 'forward' && t[j + 1]?.lower === 'to') j += 2;
    else if (t[j]?.lower === 'to') j++;
    else return null;
    const next = t[j];
    if (!next || (next.pos !== 'VERB' && !(next.pos === 'NOUN' && ACTION_VERBS[next.lemma]))) return null;
    return { verb: next, index: j };
  }

  // ---- preferences

  private preference(v: Token, k: number, end: number, sentiment: string): void {
    const t = this.t;
    let j = k + 1;
    if (t[j] && (PRONOUN_OBJECTS.has(t[j].lower) || ['that', 'how', 'when', 'what', 'to', 'being', 'having'].includes(t[j].lower))) return;
    if (t[j]?.pos === 'ADV') j++;
    // "I love painting landscapes", "I loved reading "Charlotte's Web"": the activity and what it is about
    let gerund = '';
    const quoted = t[j + 1]?.text === '"' || t[j + 1]?.text === '“';
    if (t[j] && /ing$/.test(t[j].lower) && (t[j].pos === 'VERB' || t[j].pos === 'NOUN') && (!ACTIVITY_NOUNS[t[j].lower] || quoted || t[j + 1]?.pos === 'DET') && t[j + 1] && t[j + 1].pos !== 'PUNCT') gerund = t[j++].lower;
    const p = this.phraseAt(j, 5);
    if (!p || p.end > end) {
      if (gerund && !['doing', 'having', 'getting', 'being', 'making', 'seeing'].includes(gerund) && !PRONOUN_OBJECTS.has(t[j]?.lower ?? '')) return this.preferenceOf(`${gerund}`, `${PREFIXES.skos}Concept`, sentiment);
      return;
    }
    const head = this.head(p);
    if (EMPTY_NOUNS.has(head.lower) || PRONOUN_OBJECTS.has(head.lower)) return;
    if (p.words.some((w) => ROLES[w.lower] || ROLES[w.lemma])) return; // "I love my sister": a feeling about a person
    const text = this.textOf(p);
    this.preferenceOf(text, this.classOfThing(p), sentiment, gerund);
  }

  /** A preference of the speaker for a thing ("loves pottery", "loves reading Charlotte's Web"). */
  private preferenceOf(text: string, cls: string, sentiment: string, gerund = ''): void {
    const { b, msg, me } = this.c;
    const object = cls === `${PREFIXES.schema}CreativeWork` ? this.c.entities.work(text, cls, msg) : this.c.entities.concept(text, cls, msg);
    const what = gerund ? `${gerund} ${text}` : text;
    const pref = this.c.entities.fact('preference', me, `${sentiment} ${what}`);
    b.type(pref, `${pcm}Preference`, msg);
    b.label(pref, sentenceCase(`${sentiment} ${what}`).split(' ').slice(0, 8).join(' '), msg);
    b.value(pref, `${pcm}sentiment`, sentiment, msg);
    b.link(pref, `${pcm}preferenceObject`, object, msg);
    b.value(pref, `${pcm}validFrom`, isoDay(this.c.said), msg, `${xsd}date`);
    b.link(me.iri, `${pcm}hasPreference`, pref, msg);
  }

  /** "my favorite book is X", "my favourite colour: blue", "X is my favourite / fave / top pick". */
  private favourites(): void {
    const t = this.t;
    for (let i = 1; i + 2 < t.length; i++) {
      if (!(['is', "'s", 'was'].includes(t[i].lower) && t[i + 1].lower === 'my')) continue;
      const fav = /^(fave|fav|favou?rite|top)$/.test(t[i + 2].lower) && (t[i + 2].lower !== 'top' || ['pick', 'choice'].includes(t[i + 3]?.lower));
      if (!fav) continue;
      // the thing before "is": a noun phrase ending at i
      let a = i - 1;
      while (a > 0 && NP_WORD.has(t[a - 1].pos) && i - a < 4) a--;
      const p = this.phraseAt(a, 4);
      const starts = a === 0 || DETERMINERS.has(t[a - 1].lower) || t[a - 1].pos === 'PUNCT' || t[a - 1].pos === 'CCONJ';
      if (p && starts && p.end === i && !PRONOUN_OBJECTS.has(this.head(p).lower)) this.preferenceOf(this.textOf(p), this.classOfThing(p), 'prefers');
    }
    for (let i = 0; i + 3 < t.length; i++) {
      if (!(t[i].lower === 'my' && /^favou?rite$/.test(t[i + 1].lower))) continue;
      const cat = this.phraseAt(i + 2, 3);
      if (!cat) continue;
      let j = cat.end;
      if (['is', 'was', "'s", ':', 'are', 'were'].includes(t[j]?.lower)) j++;
      else continue;
      const value = this.phraseAt(j, 6);
      if (!value) continue;
      const text = this.textOf(value);
      const category = this.textOf(cat).toLowerCase();
      const { b, msg, me } = this.c;
      const object = this.c.entities.concept(text, this.classOfThing(value), msg);
      const pref = this.c.entities.fact('preference', me, `favourite ${category} ${text}`);
      b.type(pref, `${pcm}Preference`, msg);
      b.label(pref, sentenceCase(`favourite ${category}: ${text}`), msg);
      b.value(pref, `${pcm}sentiment`, 'prefers', msg);
      b.value(pref, `${pcm}preferenceCategory`, category, msg);
      b.link(pref, `${pcm}preferenceObject`, object, msg);
      b.value(pref, `${pcm}validFrom`, isoDay(this.c.said), msg, `${xsd}date`);
      b.link(me.iri, `${pcm}hasPreference`, pref, msg);
    }
  }

  // ---- work, home, belongings

  private work(k: number, end: number): void {
    const t = this.t;
    const { b, msg, me } = this.c;
    if (t[k + 1].lower === 'as') {
      const p = this.phraseAt(k + 2, 4);
      if (!p || p.end > end) return;
      this.occupation(this.textOf(p).toLowerCase());
      const at = t[p.end]?.lower === 'at' || t[p.end]?.lower === 'for' ? this.phraseAt(p.end + 1, 4) : null;
      if (at?.proper) b.link(me.iri, `${schema}worksFor`, this.c.entities.org(this.textOf(at), `${schema}Organization`, msg), msg);
      return;
    }
    const p = this.phraseAt(k + 2, 4);
    if (p?.proper && p.end <= end) b.link(me.iri, `${schema}worksFor`, this.c.entities.org(this.textOf(p), this.orgClass(p) ?? `${schema}Organization`, msg), msg);
  }

  private occupation(title: string): void {
    const { b, msg, me } = this.c;
    if (title.split(' ').length > 4 || EMPTY_NOUNS.has(title)) return;
    const occ = this.c.entities.fact('occupation', me, title);
    b.type(occ, `${schema}Occupation`, msg);
    b.label(occ, sentenceCase(title), msg);
    b.value(occ, `${pcm}validFrom`, isoDay(this.c.said), msg, `${xsd}date`);
    b.link(me.iri, `${schema}hasOccupation`, occ, msg);
  }

  /** "I'm a nurse", "I am a teacher at X": the noun after "be" as occupation when it ends like one; "I'm a fan of X". */
  private copula(k: number, end: number): void {
    const t = this.t;
    const fan = t.findIndex((x, j) => j >= k && j < end && x.lower === 'fan' && t[j + 1]?.lower === 'of');
    if (fan >= 0 && fan <= k + 2) {
      const p = this.phraseAt(fan + 2, 5);
      if (p && p.end <= end && !PRONOUN_OBJECTS.has(this.head(p).lower)) this.preferenceOf(this.textOf(p), this.classOfThing(p), 'loves');
      return;
    }
    if (!['a', 'an'].includes(t[k - 1]?.lower)) return;
    const p = this.phraseAt(k, 3);
    if (!p || p.end > end) return;
    const head = this.head(p);
    // An occupation noun: an agent noun (-er, -or, -ist, -ian, -ant) followed by "at"/"for" a name, or "by profession"
    const agentNoun = /(er|or|ist|ian|ant|ent|ect|eon|ic)$/.test(head.lower);
    const atOrg = ['at', 'for', 'in'].includes(t[p.end]?.lower) ? this.phraseAt(p.end + 1, 4) : null;
    const title = p.words.filter((w) => w.pos === 'NOUN' || w.pos === 'ADJ').length >= 2 && p.words.every((w) => w.pos === 'NOUN' || w.pos === 'ADJ');
    if (!agentNoun || !(atOrg?.proper || title || /\b(by profession|for a living|full[- ]time|part[- ]time)\b/.test(this.lower))) return;
    this.occupation(this.textOf(p).toLowerCase());
    if (atOrg?.proper) this.c.b.link(this.c.me.iri, `${schema}worksFor`, this.c.entities.org(this.textOf(atOrg), this.orgClass(atOrg) ?? `${schema}Organization`, this.c.msg), this.c.msg);
  }

  /** "I'm passionate about X", "I'm interested in X": an interest. */
  private adjectival(k: number, end: number): void {
    const t = this.t;
    if (['passionate', 'interested', 'obsessed', 'crazy', 'keen', 'fascinated'].includes(t[k]?.lower) && ['about', 'in', 'with', 'on', 'by'].includes(t[k + 1]?.lower)) {
      const gerund = t[k + 2] && /ing$/.test(t[k + 2].lower) && t[k + 2].pos === 'VERB' ? t[k + 2].lower : '';
      const p = this.phraseAt(gerund ? k + 3 : k + 2, 5);
      if (p && p.end <= end) this.interest(gerund ? `${gerund} ${this.textOf(p)}` : this.textOf(p));
    }
  }

  /** foaf:interest: a topic the speaker is into. */
  private interest(text: string): void {
    const head = text.split(' ').pop()!.toLowerCase();
    if (EMPTY_NOUNS.has(head) || PRONOUN_OBJECTS.has(head)) return;
    const { b, msg, me } = this.c;
    b.link(me.iri, `${foaf}interest`, this.c.entities.concept(text, `${PREFIXES.skos}Concept`, msg), msg);
  }

  private lives(j: number, end: number): void {
    const p = this.phraseAt(j, 4);
    if (!p || !p.proper || p.end > end) return;
    const place = this.c.entities.place(this.textOf(p), `${schema}Place`, this.c.msg);
    this.c.b.link(this.c.me.iri, `${schema}homeLocation`, place, this.c.msg);
  }

  private possession(k: number, end: number, owns: boolean): void {
    const t = this.t;
    // "I have a new bike", "I own a vintage camera": only with "new"/"own", or a product bought
    const p = this.phraseAt(k + 1, 4);
    if (!p || p.end > end) return;
    const head = this.head(p);
    if (EMPTY_NOUNS.has(head.lower) || SPECIES[head.lemma] || ROLES[head.lemma] || EVENT_NOUNS[head.lemma] || ACTIVITY_NOUNS[head.lower]) return;
    const concrete = PRODUCTS.has(head.lemma) || CLOTHING.has(head.lemma) || VEHICLES.has(head.lemma) || !!BOOKISH[head.lemma];
    if (!owns && !concrete && !t.slice(k + 1, p.end).some((x) => x.lower === 'new')) return;
    const { b, msg, me } = this.c;
    const thing = this.c.entities.thing(me, this.textOf(p).replace(/^new\s+/i, ''), this.classOfThing(p), msg);
    b.link(me.iri, `${schema}owns`, thing, msg);
  }

  // ---- going places and events

  private going(k: number, end: number, tense: 'past' | 'future' | 'present'): void {
    const t = this.t;
    // "went camping", "go hiking": an activity
    const next = t[k + 1];
    if (next && (ACTIVITY_NOUNS[next.lower] || (next.pos === 'VERB' && /ing$/.test(next.lower)))) {
      const two = `${next.lower} ${t[k + 2]?.lower ?? ''}`;
      const activity = ACTIVITY_NOUNS[two] ? two : next.lower;
      if (activity === 'going') return;
      return this.activity(activity, ACTIVITY_NOUNS[activity] ?? `${ob}RecreationalActivity`, tense, k + (activity === two ? 3 : 2), end);
    }
    let j = k + 1;
    if (['on', 'to', 'for', 'into', 'back'].includes(t[j]?.lower)) j++;
    if (t[j]?.lower === 'to') j++;
    const p = this.phraseAt(j, 6);
    if (!p || p.end > end) return;
    const head = this.head(p);
    if (EMPTY_NOUNS.has(head.lower) && head.lower !== 'trip') return;
    const text = this.textOf(p);
    if (EVENT_NOUNS[head.lemma] || EVENT_NOUNS[head.lower]) return this.event(p, tense, end);
    if (p.proper && !p.title) {
      // going to a named place: a trip
      const known = this.c.entities.knownPerson(text);
      if (known) return;
      const place = this.c.entities.place(text, this.orgClass(p) ?? `${schema}Place`, this.c.msg);
      return this.trip(place, text, tense);
    }
    const placeClass = PLACE_NOUNS[head.lemma] ?? PLACE_NOUNS[head.lower];
    if (placeClass) {
      const place = this.c.entities.place(text, placeClass, this.c.msg, this.c.me);
      return this.visit(place, text, tense);
    }
  }

  private trip(place: string, where: string, tense: 'past' | 'future' | 'present'): void {
    const { b, msg, me } = this.c;
    const key = `trip ${where}`;
    const trip = this.c.entities.fact('trip', me, key, msg);
    b.type(trip, `${schema}TravelAction`, msg);
    b.type(trip, `${ob}Travel`, msg);
    b.label(trip, sentenceCase(`trip to ${where}`), msg);
    b.link(trip, `${schema}agent`, me.iri, msg);
    b.link(trip, `${schema}toLocation`, place, msg);
    this.habitOrStatus(trip, tense, `trip to ${where}`);
  }

  private visit(place: string, where: string, tense: 'past' | 'future' | 'present'): void {
    const { b, msg, me } = this.c;
    const visit = this.c.entities.fact('visit', me, `visit ${where}`, msg);
    b.type(visit, `${schema}Action`, msg);
    b.type(visit, `${ob}RecreationalActivity`, msg);
    b.label(visit, sentenceCase(`${tense === 'future' ? 'go' : 'went'} to ${where}`), msg);
    b.link(visit, `${schema}agent`, me.iri, msg);
    b.link(visit, `${schema}location`, place, msg);
    this.habitOrStatus(visit, tense, `go to ${where}`);
  }

  private event(p: Phrase, tense: 'past' | 'future' | 'present', end = this.t.length): void {
    const { b, msg, me } = this.c;
    const head = this.head(p);
    const cls = EVENT_NOUNS[head.lemma] ?? EVENT_NOUNS[head.lower];
    const pp = this.t[p.end]?.lower === 'for' || this.t[p.end]?.lower === 'about' || this.t[p.end]?.lower === 'on' ? this.prepPhrase(p.end, end) : null;
    const text = [this.textOf(p), ...(pp ? [pp.text] : [])].join(' ').split(' ').slice(0, 8).join(' ');
    if (cls === `${ob}Travel`) {
      // "a trip to X" / "a road trip"
      const to = this.t[p.end]?.lower === 'to' ? this.phraseAt(p.end + 1, 4) : null;
      if (to?.proper) return this.trip(this.c.entities.place(this.textOf(to), `${schema}Place`, msg), this.textOf(to), tense);
      const trip = this.c.entities.fact('trip', me, text, msg);
      b.type(trip, `${schema}TravelAction`, msg);
      b.type(trip, `${ob}Travel`, msg);
      b.label(trip, sentenceCase(text), msg);
      b.link(trip, `${schema}agent`, me.iri, msg);
      this.status(trip, tense, true);
      return;
    }
    const ev = this.c.entities.fact('event', me, text, msg);
    b.type(ev, cls, msg);
    b.label(ev, sentenceCase(text), msg);
    b.link(ev, `${schema}attendee`, me.iri, msg);
    const at = this.t[p.end]?.lower === 'at' || this.t[p.end]?.lower === 'in' ? this.phraseAt(p.end + 1, 4) : null;
    if (at?.proper) b.link(ev, `${schema}location`, this.c.entities.place(this.textOf(at), this.orgClass(at) ?? `${schema}Place`, msg), msg);
    this.when(ev, tense, 'event');
  }

  private activity(activity: string, cls: string, tense: 'past' | 'future' | 'present', after: number, end: number): void {
    const { b, msg, me } = this.c;
    const act = this.c.entities.fact('activity', me, activity, msg);
    b.type(act, cls === `${ob}PhysicalActivity` ? `${schema}ExerciseAction` : `${schema}Action`, msg);
    b.type(act, cls, msg);
    b.label(act, sentenceCase(activity), msg);
    b.link(act, `${schema}agent`, me.iri, msg);
    if (cls === `${ob}PhysicalActivity`) b.value(act, `${schema}exerciseType`, activity, msg);
    // "went camping in the mountains", "went hiking at Yosemite"
    if (['in', 'at', 'to', 'on'].includes(this.t[after]?.lower)) {
      const p = this.phraseAt(after + 1, 4);
      if (p && p.end <= end) {
        const head = this.head(p);
        const placeClass = p.proper ? `${schema}Place` : (PLACE_NOUNS[head.lemma] ?? PLACE_NOUNS[head.lower]);
        if (placeClass) b.link(act, `${schema}location`, this.c.entities.place(this.textOf(p), placeClass, msg, p.proper ? undefined : me), msg);
      }
    }
    this.habitOrStatus(act, tense, activity);
  }

  // ---- actions

  private action(v: Token, k: number, end: number, tense: 'past' | 'future' | 'present', generic?: { types: string[] }): void {
    const t = this.t;
    const { b, msg, me } = this.c;
    if (EXERCISE_VERBS.has(v.lemma) && ['into', 'across', 'out', 'over', 'for'].includes(t[k + 1]?.lower)) return; // "ran into", "run for office"
    if (EXERCISE_VERBS.has(v.lemma)) {
      const obj = this.phraseAt(k + 1, 5);
      if (obj && obj.end <= end && (EVENT_NOUNS[this.head(obj).lemma] || EVENT_NOUNS[this.head(obj).lower])) return this.event(obj, tense, end);
      const activity = /ing$/.test(v.lower) ? v.lower : `${v.lemma}ing`.replace(/([^aeiou])([aeiou])([bdgmnprt])ing$/, '$1$2$3$3ing').replace(/eing$/, 'ing');
      return this.activity(ACTIVITY_NOUNS[activity] ? activity : v.lemma, ACTIVITY_NOUNS[activity] ?? `${ob}PhysicalActivity`, tense, k + 1, end);
    }
    const cls = generic ?? ACTION_VERBS[v.lemma];
    let j = k + 1;
    // phrasal particles and prepositions: "signed up for", "took part in", "listened to"
    const particles: string[] = [];
    while (['up', 'out', 'off', 'on', 'in', 'to', 'for', 'at', 'with', 'into', 'part', 'about', 'from'].includes(t[j]?.lower) && particles.length < 3) particles.push(t[j++].lower);
    const p = this.phraseAt(j, 8);
    if (!p || p.end > end) {
      if (ACTIVITY_NOUNS[t[j]?.lower ?? '']) return this.activity(t[j].lower, ACTIVITY_NOUNS[t[j].lower], tense, j + 1, end);
      return;
    }
    const head = this.head(p);
    if (PRONOUN_OBJECTS.has(head.lower) || ((EMPTY_NOUNS.has(head.lower) || IDIOM_OBJECTS.has(head.lower)) && !p.title)) return;
    if (v.lemma === 'take' && !(EVENT_NOUNS[head.lemma] || ['class', 'course', 'lesson', 'trip'].includes(head.lemma))) return;
    if (v.lemma === 'get' && !this.s.entities.some((e) => e.type === 'MONEY') && !t.slice(k, p.end).some((x) => x.lower === 'new')) return;
    if (v.lemma === 'see' && !(p.title || EVENT_NOUNS[head.lemma] || p.words.some((w) => w.pos === 'PROPN'))) return;
    if (generic && (head.pos !== 'NOUN' || ROLES[head.lemma] || SPECIES[head.lemma])) return;
    if (['start', 'finish', 'complete', 'try', 'lose', 'use'].includes(v.lemma) && !(EVENT_NOUNS[head.lemma] || ACTIVITY_NOUNS[head.lower] || p.title)) return;
    const text = this.textOf(p);
    // attending an event: "joined a pride parade", "attended the conference", "took a pottery class"
    if ((EVENT_NOUNS[head.lemma] || EVENT_NOUNS[head.lower]) && ['attend', 'join', 'take', 'go', 'register', 'enroll', 'enrol', 'see', 'start', 'host', 'throw', 'organize', 'organise', 'celebrate', 'try', 'finish', 'complete', 'win', 'run', 'plan', 'book'].includes(v.lemma)) {
      if (!['register', 'enroll', 'enrol', 'plan', 'book', 'host', 'throw', 'organize', 'organise'].includes(v.lemma)) return this.event(p, tense, end);
    }
    // visiting a named place: a trip
    if (v.lemma === 'visit' && p.proper && !p.title && !this.c.entities.knownPerson(text)) return this.trip(this.c.entities.place(text, `${schema}Place`, msg), text, tense);
    // joining an organization: membership
    const orgClass = this.orgClass(p);
    if (v.lemma === 'join' && orgClass) {
      const org = this.c.entities.org(text, orgClass, msg, p.proper ? undefined : me);
      b.link(me.iri, `${schema}memberOf`, org, msg);
    }
    // a verb with no class of its own ("planning to go to New York"): only the cases above say what it is
    if (!cls) return;
    const pp = this.prepPhrase(p.end, end);
    const label = [v.lower, ...particles, text, ...(pp ? [pp.text] : [])].join(' ').split(' ').slice(0, 8).join(' ');
    const act = this.c.entities.fact('action', me, `${v.lemma} ${text}`, msg);
    for (const ty of cls.types) b.type(act, ty, msg);
    if (tense === 'future' && !cls.types.includes(`${schema}PlanAction`)) b.type(act, `${schema}PlanAction`, msg);
    b.label(act, sentenceCase(tense === 'future' ? [v.lemma, ...particles, text, ...(pp ? [pp.text] : [])].join(' ').split(' ').slice(0, 8).join(' ') : label), msg);
    this.duration(act, p.end, end);
    // "explored the coast up in the Pacific Northwest": where
    if (pp?.phrase.proper && !pp.phrase.title && /^(in|at|to|from)\b/.test(pp.text) && !this.c.entities.knownPerson(this.textOf(pp.phrase))) {
      b.link(act, `${schema}location`, this.c.entities.place(this.textOf(pp.phrase), `${schema}Place`, msg), msg);
    }
    b.link(act, `${schema}agent`, me.iri, msg);
    const object = this.objectOf(v, p, text);
    if (object) b.link(act, `${schema}object`, object, msg);
    if (cls.types.includes(`${schema}BuyAction`) || cls.types.includes(`${schema}OrderAction`) || (v.lemma === 'get' && this.s.entities.some((e) => e.type === 'MONEY'))) this.purchase(act, p, object);
    const to = ['to', 'for'].includes(t[p.end]?.lower) ? this.phraseAt(p.end + 1, 4) : null;
    if (cls.types.includes(`${schema}GiveAction`) && to) {
      const person = this.c.entities.knownPerson(this.textOf(to)) ?? (to.proper ? this.c.entities.person(this.textOf(to), msg) : null);
      if (person) b.link(act, `${schema}recipient`, person.iri, msg);
    }
    if ((cls.types.includes(`${schema}MoveAction`) || cls.types.includes(`${schema}TravelAction`)) && p.proper) {
      const place = this.c.entities.place(text, `${schema}Place`, msg);
      b.link(act, `${schema}toLocation`, place, msg);
      if (v.lemma === 'move' && tense === 'past') b.link(me.iri, `${schema}homeLocation`, place, msg);
    }
    if (v.lemma === 'move' && particles.includes('from') && p.proper) b.link(act, `${schema}fromLocation`, this.c.entities.place(text, `${schema}Place`, msg), msg);
    this.habitOrStatus(act, tense, label);
  }

  /** "promoted to assistant manager" (an occupation), "accepted for a fashion internship", "hired at X". */
  private achieved(word: Token, at: number, end: number): void {
    const t = this.t;
    const prep = t[at]?.lower;
    if (!['to', 'for', 'into', 'as', 'at', 'by'].includes(prep ?? '')) return;
    const p = this.phraseAt(at + 1, 5);
    if (!p || p.end > end || PRONOUN_OBJECTS.has(this.head(p).lower)) return;
    const text = this.textOf(p);
    const { b, msg, me } = this.c;
    if ((word.lower === 'promoted' && prep === 'to') || (word.lower === 'hired' && prep === 'as')) return this.occupation(text.toLowerCase());
    if (word.lower === 'hired' && (prep === 'at' || prep === 'by') && p.proper) {
      b.link(me.iri, `${schema}worksFor`, this.c.entities.org(text, this.orgClass(p) ?? `${schema}Organization`, msg), msg);
      return;
    }
    const act = this.c.entities.fact('action', me, `${word.lower} ${text}`, msg);
    b.type(act, `${schema}Action`, msg);
    b.label(act, sentenceCase(`${word.lower} ${prep} ${text}`).split(' ').slice(0, 8).join(' '), msg);
    b.link(act, `${schema}agent`, me.iri, msg);
    b.link(act, `${schema}object`, this.c.entities.concept(text, this.classOfThing(p), msg), msg);
    this.status(act, 'past', true);
  }

  /** A prepositional phrase right after an object ("for mental health", "with a dog face"), as written. */
  private prepPhrase(at: number, end: number): { text: string; phrase: Phrase } | null {
    if (['up', 'down', 'over', 'out', 'back'].includes(this.t[at]?.lower) && ['in', 'at', 'to'].includes(this.t[at + 1]?.lower)) at++;
    const prep = this.t[at];
    if (!prep || !['for', 'with', 'at', 'in', 'about', 'from', 'on', 'of'].includes(prep.lower) || at >= end) return null;
    const p = this.phraseAt(at + 1, 4);
    if (!p || p.end > end) return null;
    const head = this.head(p);
    if (EMPTY_NOUNS.has(head.lower) || PRONOUN_OBJECTS.has(head.lower)) return null;
    return { text: `${prep.lower} ${this.textOf(p)}`, phrase: p };
  }

  /** "for 7 years", "for three months": how long, as an ISO duration; "since 2016": the start year. */
  private duration(act: string, from: number, end: number): void {
    const rest = this.t.slice(from, end).map((x) => x.lower).join(' ');
    const m = /\bfor (?:the (?:past|last) )?(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several) (year|month|week|day|hour)s?\b/.exec(rest);
    const { b, msg } = this.c;
    if (m) {
      // "a few" and "several" years are no number of years
      const n = /^(a few|several)$/.test(m[1]) ? null : quantityValue(m[1]);
      if (n) b.value(act, `${schema}duration`, m[2] === 'hour' ? `PT${n}H` : `P${n}${{ year: 'Y', month: 'M', week: 'W', day: 'D' }[m[2]]}`, msg, `${xsd}duration`);
    }
    const since = /\bsince (19\d{2}|20\d{2})\b/.exec(rest);
    if (since) b.value(act, `${schema}startTime`, since[1], msg, `${xsd}gYear`);
  }

  /** The individual an action is about: a person, a place, a title, a pet, or a thing. */
  private objectOf(v: Token, p: Phrase, text: string): string | null {
    const { msg, me } = this.c;
    const known = p.proper ? this.c.entities.knownPerson(text) : null;
    if (known) return known.iri;
    const head = this.head(p);
    if (ROLES[head.lemma] || SPECIES[head.lemma]) return null; // people and pets have their own patterns
    if (p.title) return this.c.entities.work(text, v.lemma === 'read' ? `${schema}Book` : v.lemma === 'watch' ? `${schema}Movie` : v.lemma === 'listen' ? `${schema}MusicRecording` : `${schema}CreativeWork`, msg);
    if (p.proper && (v.lemma === 'visit' || v.lemma === 'travel' || v.lemma === 'move' || v.lemma === 'fly')) return this.c.entities.place(text, `${schema}Place`, msg);
    const cls = this.classOfThing(p);
    if (cls === `${schema}Product` || cls === `${pcm}Clothing` || cls === `${schema}Vehicle`) return this.c.entities.thing(me, text, cls, msg);
    return this.c.entities.concept(text, cls, msg);
  }

  /** Price and currency from the sentence's MONEY entity ("$120", "50 euros"). */
  private purchase(act: string, p: Phrase, object: string | null): void {
    const { b, msg, me } = this.c;
    const money = this.s.entities.find((e) => e.type === 'MONEY');
    if (money) {
      const amount = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(money.text);
      const sign = /[$€£¥]/.exec(money.text)?.[0] ?? money.text.toLowerCase().match(/[a-z]+/g)?.find((w) => CURRENCIES[w]);
      if (amount) {
        b.value(act, `${schema}price`, `${amount[1].replace(/,/g, '')}${amount[2] ? `.${amount[2]}` : ''}`, msg, `${xsd}decimal`);
        if (sign && CURRENCIES[sign]) b.value(act, `${schema}priceCurrency`, CURRENCIES[sign], msg);
      }
    }
    // seller: "at/from <Name>"
    for (let j = p.end; j < this.t.length - 1; j++) {
      if (!['at', 'from'].includes(this.t[j].lower)) continue;
      const s = this.phraseAt(j + 1, 4);
      if (s?.proper && !this.inDate(j + 1)) {
        b.link(act, `${schema}seller`, this.c.entities.org(this.textOf(s), this.orgClass(s) ?? `${schema}Store`, msg), msg);
        break;
      }
    }
    if (object) b.link(me.iri, `${schema}owns`, object, msg);
  }

  /** A habit when the sentence says how often, else the action's status and date. */
  private habitOrStatus(act: string, tense: 'past' | 'future' | 'present', label: string): void {
    const rec = recurrenceIn(this.lower) ?? (tense === 'present' && /\b(usually|always|often|regularly|normally|typically)\b/.test(this.lower) ? { days: [], words: 'regularly' } : null);
    if (rec && tense !== 'future') {
      const { b, msg, me } = this.c;
      const habit = this.c.entities.fact('habit', me, `${label} ${rec.words}`);
      const exercise = EXERCISE_VERBS.has(label.split(' ')[0]) || !!ACTIVITY_NOUNS[label.split(' ')[0]];
      b.type(habit, exercise ? `${pcm}ExerciseHabit` : /\b(eat|drink|coffee|tea|breakfast|lunch|dinner)\b/.test(label) ? `${pcm}FoodHabit` : `${ob}Habit`, msg);
      b.label(habit, sentenceCase(`${label.replace(/^(went|go|going) /, '')} ${rec.words}`).split(' ').slice(0, 8).join(' '), msg);
      b.link(me.iri, `${ob}hasHabit`, habit, msg);
      const sched = `${habit}-schedule`;
      b.type(sched, `${schema}Schedule`, msg);
      b.label(sched, sentenceCase(rec.words), msg);
      if ('frequency' in rec && rec.frequency) b.value(sched, `${schema}repeatFrequency`, rec.frequency, msg, `${xsd}duration`);
      if ('count' in rec && rec.count) b.value(sched, `${schema}repeatCount`, rec.count, msg, `${xsd}integer`);
      for (const d of rec.days) b.link(sched, `${schema}byDay`, `${schema}${d}`, msg);
      b.link(habit, `${schema}eventSchedule`, sched, msg);
      b.value(habit, `${pcm}validFrom`, isoDay(this.c.said), msg, `${xsd}date`);
      b.link(habit, `${schema}about`, act, msg);
    }
    this.status(act, tense, true);
  }

  private status(act: string, tense: 'past' | 'future' | 'present', isAction: boolean): void {
    const { b, msg } = this.c;
    if (isAction) {
      b.link(act, `${schema}actionStatus`, tense === 'future' ? `${schema}PotentialActionStatus` : tense === 'past' ? `${schema}CompletedActionStatus` : `${schema}ActiveActionStatus`, msg);
    }
    this.when(act, tense, 'action');
    // changes of plan: "instead", "cancelled", "postponed"
    if (tense === 'future' && /\b(instead|changed? (my|our) (mind|plans?)|change of plans?|no longer|rescheduled?|postponed?)\b/.test(this.lower)) {
      b.type(act, `${schema}ReplaceAction`, msg);
    }
  }

  /** Dates: startDate (events) / startTime (actions) when the words name a day or month; the words as said. */
  private when(subject: string, tense: 'past' | 'future' | 'present', kind: 'event' | 'action'): void {
    const time = this.time(tense !== 'future');
    if (!time) return;
    const { b, msg } = this.c;
    const prop = kind === 'event' ? `${schema}startDate` : `${schema}startTime`;
    if (time.day) b.value(subject, prop, time.day, msg, `${xsd}date`);
    else if (time.month) b.value(subject, prop, time.month, msg, `${xsd}gYearMonth`);
    else if (time.year) b.value(subject, prop, time.year, msg, `${xsd}gYear`);
    if (time.said) b.value(subject, `${rdfs}comment`, time.said, msg);
  }

  // ---- typing things by their head noun

  private orgClass(p: Phrase): string | null {
    const head = this.head(p);
    return ORG_NOUNS[head.lower] ?? ORG_NOUNS[head.lemma] ?? null;
  }

  private classOfThing(p: Phrase): string {
    const head = this.head(p);
    const w = head.lemma;
    if (p.title) return `${schema}CreativeWork`;
    if (ACTIVITY_NOUNS[head.lower]) return `${PREFIXES.skos}Concept`;
    if (CLOTHING.has(w)) return `${pcm}Clothing`;
    if (VEHICLES.has(w)) return `${schema}Vehicle`;
    if (BOOKISH[w]) return BOOKISH[w];
    if (PRODUCTS.has(w)) return `${schema}Product`;
    return `${PREFIXES.skos}Concept`;
  }
}

/** Verbs of thinking, feeling, saying, being and light verbs: no deed with an object. */
const NOT_DEEDS = new Set([
  'be', 'have', 'do', 'think', 'know', 'feel', 'hope', 'wish', 'want', 'need', 'mean', 'guess', 'bet', 'believe', 'remember', 'forget', 'understand', 'agree',
  'appreciate', 'say', 'tell', 'ask', 'thank', 'let', 'keep', 'hear', 'seem', 'look', 'sound', 'put', 'miss', 'check', 'share', 'show', 'send', 'post', 'love',
  'like', 'enjoy', 'hate', 'realize', 'realise', 'notice', 'imagine', 'decide', 'consider', 'wonder', 'mind', 'care', 'get', 'go', 'come', 'make', 'take',
  'give', 'find', 'leave', 'stay', 'spend', 'set', 'turn', 'bring', 'hold', 'pick', 'help', 'support', 'encourage', 'inspire', 'motivate', 'remind', 'teach',
  'talk', 'chat', 'catch', 'hang', 'reach', 'figure', 'work', 'happen', 'become', 'begin', 'continue', 'stop', 'end', 'feel', 'face', 'deal', 'handle',
  'struggle', 'manage', 'try', 'use', 'see', 'watch', 'meet', 'call', 'lose', 'win', 'pass', 'fail', 'apologize', 'apologise', 'admit', 'promise', 'plan', 'expect',
]);
const MODALS = new Set(['can', 'could', 'should', 'would', 'might', 'may', 'must', "'d", 'ca', 'shall']);
const PERSON_NOUNS = new Set(['guy', 'man', 'woman', 'girl', 'boy', 'lady', 'gentleman', 'person', 'friend', 'kid', 'veteran', 'artist', 'musician', 'teacher', 'student', 'neighbor', 'neighbour', 'colleague', 'coworker', 'doctor', 'nurse', 'author', 'singer', 'player', 'coach', 'mentor', 'volunteer', 'someone', 'fellow', 'chef']);
const CLOTHING = new Set(['shoe', 'shoes', 'sneaker', 'boot', 'jacket', 'coat', 'dress', 'shirt', 't-shirt', 'sweater', 'hoodie', 'jeans', 'pants', 'skirt', 'hat', 'scarf', 'glove', 'sock', 'necklace', 'ring', 'bracelet', 'earring', 'watch', 'bag', 'backpack', 'sunglasses']);
const VEHICLES = new Set(['car', 'bike', 'bicycle', 'scooter', 'motorcycle', 'truck', 'van', 'boat']);
const PRODUCTS = new Set(['phone', 'laptop', 'computer', 'camera', 'guitar', 'piano', 'violin', 'tv', 'couch', 'sofa', 'table', 'chair', 'bed', 'lamp', 'figurine', 'toy', 'game', 'ticket', 'tickets', 'gift', 'present', 'headphones', 'tablet', 'console', 'kit', 'book', 'clarinet', 'drum', 'ukulele', 'mug', 'cup', 'bowl', 'plate', 'vase', 'painting', 'canvas', 'brush', 'easel', 'house', 'apartment', 'tent', 'furniture', 'machine', 'oven', 'blender', 'plant']);
const BOOKISH: Record<string, string> = {
  book: `${PREFIXES.schema}Book`, novel: `${PREFIXES.schema}Book`, memoir: `${PREFIXES.schema}Book`, movie: `${PREFIXES.schema}Movie`, film: `${PREFIXES.schema}Movie`,
  song: `${PREFIXES.schema}MusicRecording`, album: `${PREFIXES.schema}MusicAlbum`, podcast: `${PREFIXES.schema}PodcastSeries`, series: `${PREFIXES.schema}TVSeries`,
  show: `${PREFIXES.schema}TVSeries`, recipe: `${PREFIXES.schema}Recipe`, poem: `${PREFIXES.schema}CreativeWork`, story: `${PREFIXES.schema}CreativeWork`,
};

/** The calendar day of a local Date (the message's wall clock). */
function isoDay(d: Date): string {
  return ymd(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

