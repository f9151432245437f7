// Noun phrases of a message, as topic candidates: wink-nlp (the library the automatic extraction
// stands on, with its English model) tags each token with its part of speech and lemma; a noun
// phrase is a run of adjectives, nouns and proper nouns that ends in a noun. Each phrase gives
// two candidates: its head noun ("group") and its last two words ("support group"), keyed by
// their lemmas so that "support groups" and "support group" are one. Generic words
// (resources/topics/generic-words.v1.txt, plus the toolkit's stop words and chat fillers) are
// never candidates, and generic modifiers ("great", "new") are dropped from the front.
import fs from 'node:fs';
import { englishWink } from '../common/english-wink';
import { CHAT_FILLERS, STOP_WORDS } from '../../../../shared/text/stop-words';
import { stem } from '../../../../shared/text/stem';
import { normalizeText } from '../../../../shared/text/words';
import { resourcePath } from '../paths';

/** One occurrence of a candidate in a message. */
export interface Candidate {
  /** Stems of the lemmas joined by a space: "support group". */
  key: string;
  /** The head noun's key: "group". */
  head: string;
  /** As written (proper nouns keep their capitals, common nouns their lemma): "support group", "Sweden". */
  label: string;
}

/** The generic-word resource, read once. */
export interface GenericWords {
  nouns: ReadonlySet<string>;
  modifiers: ReadonlySet<string>;
  version: string;
}

export const GENERIC_WORDS_FILE = 'generic-words.v1.txt';

let generic: GenericWords | null = null;

/** Parses the generic-word file: one lemma a line, `#` comments, a `[modifiers]` section. */
export function parseGenericWords(text: string, version = 'v1'): GenericWords {
  const nouns = new Set<string>([...STOP_WORDS, ...CHAT_FILLERS]);
  const modifiers = new Set<string>(STOP_WORDS);
  let section: 'nouns' | 'modifiers' = 'nouns';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim().toLowerCase();
    if (!line) continue;
    if (line === '[modifiers]') {
      section = 'modifiers';
      continue;
    }
    (section === 'nouns' ? nouns : modifiers).add(line);
  }
  return { nouns, modifiers, version };
}

export function genericWords(): GenericWords {
  if (!generic) generic = parseGenericWords(fs.readFileSync(resourcePath('topics', GENERIC_WORDS_FILE), 'utf8'), 'v1');
  return generic;
}

// Its own wink instance: the automatic extraction's (extraction/auto/nlp.ts) stays as it is.
// Only the part-of-speech step runs: tokens, tags and lemmas do not depend on sentence
// boundaries (wink's 'sbd' step only fills the document's sentences, which nothing here reads),
// and skipping it saves a sixth of the tagging of every message.
export const TOPIC_NLP_STEPS = ['pos'] as const;
const wink = englishWink(TOPIC_NLP_STEPS);

/** Characters of a message that are tagged: a longer message (a pasted document, a long answer) is read up to here. */
export const MAX_TAGGED_CHARS = 2000;

const NOUNISH = new Set(['NOUN', 'PROPN']);
const IN_PHRASE = new Set(['NOUN', 'PROPN', 'ADJ']);
/** A word: letters (and inner hyphens), at least two of them; no contraction ("How've"). */
const WORDLIKE = /^\p{L}[\p{L}-]*\p{L}$/u;

/**
 * The topic candidates of one text. `names`: names that are never topics (the source's
 * speakers, with their first names and the nicknames that start them).
 */
export function candidatesOf(text: string, names: NameSet, words: GenericWords = genericWords()): Candidate[] {
  return withoutNames(taggedPhrases(text, words), names);
}

/**
 * A noun phrase's candidates before the names are known: its head (and modifier) with what the
 * names are checked against, the word in lower case and whether the tagger called it a proper noun.
 */
export interface TaggedPhrase {
  head: Candidate & { lower: string; proper: boolean };
  modifier: (Candidate & { lower: string; proper: boolean }) | null;
}

/**
 * The part of `candidatesOf` that depends only on the text: the tagging and the phrase rules
 * (what the analysis worker computes while a file is imported). The names filter is applied by
 * `withoutNames`; the two give exactly `candidatesOf`, as a word the names reject ends its
 * phrase's candidates wherever the check comes.
 */
export function taggedPhrases(text: string, words: GenericWords = genericWords()): TaggedPhrase[] {
  const doc = wink().readDoc(text.length > MAX_TAGGED_CHARS ? text.slice(0, MAX_TAGGED_CHARS) : text) as unknown as { tokens: () => { out: (f?: unknown) => unknown } };
  const tokens = doc.tokens();
  const surface = tokens.out() as string[];
  const pos = tokens.out(wink().its.pos) as string[];
  const lemma = tokens.out(wink().its.lemma) as string[];
  const out: TaggedPhrase[] = [];
  let start = 0;
  const flush = (end: number) => {
    // the run [start, end): trailing adjectives are not part of the phrase
    let last = end - 1;
    while (last >= start && !NOUNISH.has(pos[last])) last--;
    if (last < start) return;
    phrase(start, last);
  };
  const phrase = (from: number, head: number) => {
    if (!WORDLIKE.test(surface[head])) return;
    const headLemma = lemmaOf(head);
    if (words.nouns.has(headLemma) || words.nouns.has(surface[head].toLowerCase())) return;
    const headLabel = pos[head] === 'PROPN' ? surface[head] : headLemma;
    // keyed by the stem of the lemma: "Pets" (a proper noun to the tagger) and "pet" are one
    const headKey = stem(headLemma);
    const tagged: TaggedPhrase = { head: { key: headKey, head: headKey, label: headLabel, lower: surface[head].toLowerCase(), proper: pos[head] === 'PROPN' }, modifier: null };
    out.push(tagged);
    const mod = head - 1;
    if (mod < from || !WORDLIKE.test(surface[mod])) return;
    const modLower = surface[mod].toLowerCase();
    if (words.modifiers.has(modLower) || words.modifiers.has(lemma[mod]) || words.nouns.has(modLower)) return;
    // a modifier keeps its form ("running shoes" → "running shoe"); a plural noun modifier its lemma
    const modLemma = pos[mod] === 'NOUN' ? lemma[mod] : modLower;
    const modLabel = pos[mod] === 'PROPN' ? surface[mod] : modLemma;
    tagged.modifier = { key: `${stem(modLemma)} ${headKey}`, head: headKey, label: `${modLabel} ${headLabel}`, lower: modLower, proper: pos[mod] === 'PROPN' };
  };
  const lemmaOf = (k: number) => (pos[k] === 'PROPN' ? normalizeText(surface[k]) : lemma[k] || surface[k].toLowerCase());
  for (let k = 0; k < pos.length; k++) {
    if (IN_PHRASE.has(pos[k]) && WORDLIKE.test(surface[k])) continue;
    if (k > start) flush(k);
    start = k + 1;
  }
  if (pos.length > start) flush(pos.length);
  return out;
}

/** The candidates of tagged phrases once the names are known: a name is never a topic, nor does it modify one. */
export function withoutNames(phrases: readonly TaggedPhrase[], names: NameSet): Candidate[] {
  const named = (w: { lower: string; proper: boolean }) => names.words.has(w.lower) || (w.proper && names.prefixes.has(w.lower));
  const out: Candidate[] = [];
  for (const { head, modifier } of phrases) {
    if (named(head)) continue;
    out.push({ key: head.key, head: head.head, label: head.label });
    if (modifier && !named(modifier)) out.push({ key: modifier.key, head: modifier.head, label: modifier.label });
  }
  return out;
}

// Tagged phrases as text (the analysis worker sends and keeps them so): a phrase is its head's key, label, lower-case form and proper-noun flag, then the same four of
// its modifier if it has one: fields joined by U+001F, phrases by U+001E (a word never holds
// either; a text that would is kept as JSON, which starts with '[').
const FIELD = '\u001f';
const PHRASE = '\u001e';

/** Tagged phrases as one string (`decodePhrases` reads it back). */
export function encodePhrases(phrases: readonly TaggedPhrase[]): string {
  const parts: string[] = [];
  for (const { head, modifier } of phrases) {
    const fields = [head.key, head.label, head.lower, head.proper ? '1' : ''];
    if (modifier) fields.push(modifier.key, modifier.label, modifier.lower, modifier.proper ? '1' : '');
    if (fields.some((f) => f.includes(FIELD) || f.includes(PHRASE)) || (!parts.length && head.key.startsWith('['))) return JSON.stringify(phrases);
    parts.push(fields.join(FIELD));
  }
  return parts.join(PHRASE);
}

export function decodePhrases(text: string): TaggedPhrase[] {
  if (text.startsWith('[')) return JSON.parse(text) as TaggedPhrase[];
  if (!text) return [];
  return text.split(PHRASE).map((p) => {
    const f = p.split(FIELD);
    const head = { key: f[0], head: f[0], label: f[1], lower: f[2], proper: f[3] === '1' };
    return { head, modifier: f.length > 4 ? { key: f[4], head: f[0], label: f[5], lower: f[6], proper: f[7] === '1' } : null };
  });
}

/** Names that are never topics: the words of each name, and as proper nouns their beginnings of three letters or more ("Rob" for Roberta). */
export interface NameSet {
  words: ReadonlySet<string>;
  prefixes: ReadonlySet<string>;
}

export function nameSet(names: Iterable<string>): NameSet {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const name of names) {
    for (const w of normalizeText(name).split(' ')) {
      if (w.length < 2) continue;
      words.add(w);
      for (let i = 3; i < w.length; i++) prefixes.add(w.slice(0, i));
    }
  }
  return { words, prefixes };
}

/**
 * The key of a label written elsewhere (a model's topic summary, a question's words): its words'
 * lemmas by stem, stop words left out, so that "support groups" finds the topic "support group".
 */
export function labelKey(label: string): string {
  const doc = wink().readDoc(label.toLowerCase()) as unknown as { tokens: () => { out: (f?: unknown) => unknown } };
  const surface = doc.tokens().out() as string[];
  const lemma = doc.tokens().out(wink().its.lemma) as string[];
  const out: string[] = [];
  surface.forEach((w, i) => {
    if (!/\p{L}/u.test(w) || STOP_WORDS.has(w)) return;
    out.push(stem(lemma[i] || w));
  });
  return out.join(' ');
}
