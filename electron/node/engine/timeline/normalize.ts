// Spelling first: the question as typed → the question the grammar reads, with a map back.
//
// Three kinds of rewrite, all from the closed time and chat vocabulary of the lexicon
// (resources/timeline/lexicon.json), never of the topic words:
//  - abbreviations and texting forms ("yday", "wk", "abt", "sesh", "this am", "xmas");
//  - possessives typed without their apostrophe ("yesterdays chat", "last weeks convos");
//  - misspellings of the vocabulary ("febuary", "recntly", "latley"): a word at one edit from a
//    vocabulary word (two from eight letters), same first letter, and not itself an English
//    word (word-list) — so "sundry" and "mouth" stay what they are;
//  - spoken forms: "what'd we" (did), a dropped g of a request verb ("talkin"), and "about"
//    mistyped right after a conversation verb ("talk abut": "abut" is English, but not there);
//  - shortenings of the chat nouns and calendar units: a prefix of four letters or more, or the
//    word's letters in order with its first and last ("conv", "mth", "dscn"), if not English;
//  - numeric dates in the locale's order ("5/11/2026" is 5 November in en-GB; a first number
//    over 12 or a dotted date is day first anywhere), written out as "November 5, 2026" so the
//    date parser needs no locale. Fractions before "of" or a unit ("3/4 cup") stay.
// A general spellchecker (nspell, typo-js + dictionary-en) was tried in phase 1: it knows no
// texting forms and would "correct" names and topics; the closed vocabulary cannot.
// Every change is recorded, so the explanation can say how a reference was read.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DAY_NAMES, MONTH_NAMES } from '../../../../shared/dates/calendar';
import { editDistance } from '../../../../shared/text/edit-distance';
import { replaceSpans, type MappedText, type Replacement } from '../../../../shared/text/mapped-text';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { normalizeApostrophes } from '../../../../shared/text/words';
import { lexicon } from './lexicon';

export type ChangeKind = 'form' | 'possessive' | 'typo' | 'date';

/** One rewrite, in the question's own positions. */
export interface SpellingChange {
  start: number;
  end: number;
  from: string;
  to: string;
  kind: ChangeKind;
}

export interface Spelled extends MappedText {
  changes: SpellingChange[];
}

export interface SpellingOptions {
  /** Numeric dates are day first (the locale setting). */
  dayFirst?: boolean;
  /** Words never repaired (the memory's speaker names). */
  keep?: readonly string[];
}

const CHAT_NOUN = /^\s+(?:chats?|convos?|conversations?|sessions?|talks?|discussions?|calls?|meetings?|messages?)\b/i;
const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());
const DATE_CONTEXT_BEFORE = /\b(?:in|on|during|since|of|until|till|before|after|early|late|mid|from|through|to)\s+$/i;

/** The word list as one string, a word per line, with a line break before the first. */
let english: string | null = null;

/**
 * Is this an English word (sindresorhus' word-list, read on first need)? Looked up in the file's
 * text, not a set of its 274,000 lines: building that set cost 0.1 s, and only the rare word that
 * could be a shortening or a misspelling is looked up (once: callers keep the answers).
 */
function isEnglishWord(word: string): boolean {
  if (english === null) {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve('word-list')), 'words.txt');
    english = `\n${fs.readFileSync(file, 'utf8').replace(/\r/g, '')}\n`;
  }
  return !word.includes('\n') && english.includes(`\n${word}\n`);
}

interface Repair {
  targets: string[];
  known: Set<string>;
}

let repairCache: Repair | null = null;

function repairVocabulary(): Repair {
  if (repairCache) return repairCache;
  const lex = lexicon();
  const targets = [...new Set([...lex.vocabulary, ...MONTHS, ...DAY_NAMES.map((d) => d.toLowerCase())])];
  const known = new Set<string>([...targets, ...lex.forms.keys(), ...lex.framing, ...STOP_WORDS]);
  return (repairCache = { targets, known });
}

/**
 * Answers per word, kept for the lexicon they came from: questions reuse few words, and each
 * answer compares the word with the whole vocabulary (edit distances) or the English word list.
 */
const WORDS_KEPT = 20_000;
const answersPerLexicon = new WeakMap<object, { repaired: Map<string, string | null>; abbreviated: Map<string, string | null> }>();

function remembered(kind: 'repaired' | 'abbreviated', word: string, answer: (word: string) => string | null): string | null {
  const lex = lexicon();
  let kept = answersPerLexicon.get(lex);
  if (!kept) answersPerLexicon.set(lex, (kept = { repaired: new Map(), abbreviated: new Map() }));
  const map = kept[kind];
  let a = map.get(word);
  if (a === undefined) {
    if (map.size >= WORDS_KEPT) map.clear();
    map.set(word, (a = answer(word)));
  }
  return a;
}

/** The vocabulary word a misspelling stands for, or null (unknown, ambiguous, or an English word). */
export function repairedSpelling(word: string): string | null {
  return remembered('repaired', word, repairSpelling);
}

function repairSpelling(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 4 || !/^[a-z]+$/.test(w)) return null;
  const { targets, known } = repairVocabulary();
  if (known.has(w) || (w.endsWith('s') && targets.includes(w.slice(0, -1)))) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const t of targets) {
    if (t[0] !== w[0] || Math.abs(t.length - w.length) > 2) continue;
    const allowed = t.length >= 8 ? 2 : 1;
    const d = editDistance(w, t, allowed);
    if (d > allowed) continue;
    if (d < bestDistance) {
      best = t;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && t !== best) tie = true;
  }
  if (!best || tie || isEnglishWord(w)) return null;
  return best;
}

/** The words people shorten: the chat nouns and the calendar units (months and days have their own abbreviations). */
const SHORTENED = ['conversation', 'conversations', 'session', 'sessions', 'message', 'messages', 'discussion', 'discussions', 'month', 'months', 'week', 'weeks', 'year', 'years', 'yesterday', 'weekend', 'weekends', 'morning', 'afternoon', 'evening'];

/** Is `short` in order inside `full`, from its first letter? */
function isSubsequence(short: string, full: string): boolean {
  let i = 0;
  for (const ch of full) if (ch === short[i]) i++;
  return i === short.length;
}

/**
 * The word a shortening stands for, or null: a prefix of four letters or more ("conv", "sess"),
 * or the letters of the word in order with its first and last ("mth", "wkend"); never an
 * English word, never two candidates.
 */
export function abbreviated(word: string): string | null {
  return remembered('abbreviated', word, abbreviation);
}

function abbreviation(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 3 || repairVocabulary().known.has(w) || SHORTENED.includes(w)) return null;
  const hits = SHORTENED.filter((t) => t !== w && t[0] === w[0] && ((w.length >= 4 && t.startsWith(w)) || (t.endsWith(w[w.length - 1]) && isSubsequence(w, t))));
  // (the word list last: most words are no shortening of these, and reading it costs 0.1 s)
  if (!hits.length || isEnglishWord(w)) return null;
  // a prefix names the singular: "conv" is conversation, not conversations
  const singular = hits.filter((t) => !hits.includes(t.replace(/s$/, '')) || !t.endsWith('s'));
  return singular.length === 1 ? singular[0] : null;
}

function cased(original: string, replacement: string): string {
  return /^[A-Z]/.test(original) && /^[a-z]/.test(replacement) ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}

/** Numeric date D/M or M/D (with a year, or a dotted D.M.Y), written out; null when it is not a date. */
function numericDate(a: number, b: number, year: string | undefined, dotted: boolean, dayFirst: boolean): string | null {
  let day: number;
  let month: number;
  if (dotted || (a > 12 && b <= 12)) [day, month] = [a, b];
  else if (b > 12 && a <= 12) [month, day] = [a, b];
  else [day, month] = dayFirst ? [a, b] : [b, a];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const y = year ? (year.length === 2 ? `20${year}` : year) : '';
  return `${MONTH_NAMES[month - 1]} ${day}${y ? `, ${y}` : ''}`;
}

/** Rewrites abbreviations, texting forms, possessives, misspellings and numeric dates (see above). */
export function normalizeSpelling(typed: string, options: SpellingOptions = {}): Spelled {
  const lex = lexicon();
  // one apostrophe (same length: positions do not move)
  const text = normalizeApostrophes(typed);
  const keep = new Set((options.keep ?? []).map((k) => k.toLowerCase()));
  const changes: SpellingChange[] = [];
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  const add = (start: number, end: number, to: string, kind: ChangeKind) => {
    if (!free(start, end)) return;
    taken.push([start, end]);
    changes.push({ start, end, from: text.slice(start, end), to, kind });
  };
  const protect = (start: number, end: number) => taken.push([start, end]);

  // fixed phrases with time words that are not references ("good morning", "24/7") stay as written
  for (const m of text.matchAll(lex.notTimePhrases)) protect(m.index!, m.index! + m[0].length);

  // numeric dates (before the forms: "3/4" is not a word)
  for (const m of text.matchAll(/(?<![\d/.:,])(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/]|[.,]\d)/g)) {
    const dotted = m[2] === '.';
    if (dotted && !m[4]) continue; // "3.5" is a number
    const after = text.slice(m.index! + m[0].length);
    if (new RegExp(`^\\s*(?:of\\b|-?${lex.units}\\b)`, 'i').test(after)) continue; // "3/4 of", "1/2 cup"
    const written = numericDate(+m[1], +m[3], m[4], dotted, !!options.dayFirst);
    if (written) add(m.index!, m.index! + m[0].length, written, 'date');
  }

  // abbreviations and texting forms; a one-letter form only as typed in lower case ("R" is a language), a two-letter one not in capitals ("MO")
  for (const m of text.matchAll(lex.formPattern)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (/^[.'-][\p{L}\p{N}]/u.test(text.slice(end, end + 2))) continue; // "u.s."
    const key = m[0].toLowerCase().replace(/\s+/g, ' ');
    if ((key.length === 1 && m[0] !== key) || (key.length === 2 && m[0] === m[0].toUpperCase())) continue;
    const to = lex.forms.get(key);
    if (to) add(start, end, cased(m[0], to), 'form');
  }

  for (const m of text.matchAll(/\b([A-Za-z]+?)s\b(?!['’])/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    const stemWord = m[1].toLowerCase();
    // possessives without their apostrophe: "yesterdays chat", "tuesdays convo"
    if (lex.possessiveAlways.has(`${stemWord}s`) || (lex.possessiveBeforeNoun.has(stemWord) && CHAT_NOUN.test(text.slice(end)))) {
      add(start, end, `${m[1]}'s`, 'possessive');
    }
  }

  // spoken contractions: "what'd we…" (did), "how'd you…"
  for (const m of text.matchAll(/\b(what|where|how|who|when|why)'d(?=\s+(?:we|you|i|they|he|she|u)\b)/gi)) {
    add(m.index!, m.index! + m[0].length, `${m[1]} did`, 'form');
  }
  // dropped g of a request verb: "talkin", "chattin'", "discussin"
  for (const m of text.matchAll(/\b([A-Za-z]{3,}in)'?(?![\p{L}'])/gu)) {
    const full = `${m[1]}g`;
    if (lex.framing.has(full.toLowerCase()) && !isEnglishWord(m[1].toLowerCase())) add(m.index!, m.index! + m[0].length, full, 'typo');
  }
  // the word after a conversation verb is "about" when it is one edit from it ("talk abut", "chat abot")
  for (const m of text.matchAll(/\b(?:talk|talked|talking|chat|chatted|chatting|speak|spoke|speaking|go|went|on|ask|asked|say|said|think|thinking)\s+([a-z]{3,6})\b/gi)) {
    const w = m[1].toLowerCase();
    if (w === 'about' || editDistance(w, 'about', 1) !== 1) continue;
    const start = m.index! + m[0].length - m[1].length;
    add(start, start + m[1].length, 'about', 'typo');
  }
  // shortened time and chat words: a prefix ("conv", "sess") or a skeleton keeping the ends ("mth", "cnvo")
  for (const m of text.matchAll(/\b[a-z]{3,5}\b/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (!free(start, end) || keep.has(m[0])) continue;
    const full = abbreviated(m[0]);
    if (full) add(start, end, full, 'form');
  }

  // misspelled vocabulary words
  for (const m of text.matchAll(/\b[A-Za-z]{4,}\b/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (!free(start, end) || keep.has(m[0].toLowerCase())) continue;
    if (/^'\p{L}/u.test(text.slice(end, end + 2))) continue; // part of a word with an apostrophe ("hallowe'en")
    const fixed = repairedSpelling(m[0]);
    if (!fixed) continue;
    // a capitalised word inside the sentence may be a name: only a month or day in a date context is repaired
    const capitalised = /^[A-Z]/.test(m[0]) && start > 0 && !/[.!?]\s*$/.test(text.slice(0, start));
    if (capitalised) {
      const isCalendar = MONTHS.includes(fixed) || DAY_NAMES.some((d) => d.toLowerCase() === fixed);
      if (!isCalendar || !(DATE_CONTEXT_BEFORE.test(text.slice(0, start)) || /^\.?\s+\d/.test(text.slice(end)))) continue;
    }
    add(start, end, cased(m[0], fixed), 'typo');
  }

  changes.sort((a, b) => a.start - b.start);
  const mapped = replaceSpans(
    text,
    changes.map((c): Replacement => ({ start: c.start, end: c.end, by: c.to })),
  );
  return { ...mapped, changes };
}
