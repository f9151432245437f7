// Stemming, the same as the full-text index's. The search index (LanceDB, `stem: true,
// language: 'English'`) stems with Snowball's English algorithm (Porter2, through tantivy and
// rust-stemmers); `porter2` implements the same algorithm, and test/text/index-agreement.test.ts
// checks on a real index that both put words in the same classes. A word stemmed here therefore
// matches what the index matched: "running", "runs" and "run" are one stem.
import { stem as porter2 } from 'porter2';
import { escapeRegExp, normalizeApostrophes } from './words';

/** Stems already computed: Ask stems the same few thousand words of its evidence again and again. */
const cache = new Map<string, string>();

/** The Porter2 stem of one word (any case): "running" → "run", "cities" → "citi". */
export function stem(word: string): string {
  let s = cache.get(word);
  if (s === undefined) {
    s = porter2(normalizeApostrophes(word).toLowerCase());
    if (cache.size >= 50_000) cache.clear();
    cache.set(word, s);
  }
  return s;
}

/**
 * A regular-expression source that finds a stem inside the surface forms it comes from, for
 * matching labels as text (SPARQL REGEX, substring tests). A stem is a prefix of its words but
 * for one change: Porter2 writes a final y as i ("city" → "citi", "happy" → "happi"), so a final
 * i also accepts y. Letters are matched as written (the caller adds the "i" flag).
 */
export function stemPattern(stemmed: string): string {
  const escaped = escapeRegExp(stemmed);
  return /[^aeiou]i$/.test(stemmed) ? `${escaped.slice(0, -1)}[iy]` : escaped;
}

/** Does `text` (lower case) contain a surface form of the stem ("the cities" ∋ "citi")? */
export function containsStem(text: string, stemmed: string): boolean {
  return text.includes(stemmed) || (/[^aeiou]i$/.test(stemmed) && text.includes(`${stemmed.slice(0, -1)}y`));
}

/**
 * The beginning a word shares with its stem, which its inflections share too: "running" → "run"
 * (finds "runs"), "city" → "cit" (finds "cities"). At least three letters, else the word itself.
 */
export function stemPrefix(word: string): string {
  const w = normalizeApostrophes(word).toLowerCase();
  const s = stem(w);
  let n = 0;
  while (n < s.length && s[n] === w[n]) n++;
  return n >= 3 ? w.slice(0, n) : w;
}

/**
 * Irregular forms no suffix-stripping stemmer relates to their base ("ran" / "run"). Past tenses
 * matter most: extracted labels and messages tell what happened ("Ran the 10K", "Bought shoes")
 * while questions ask in the present ("the run", "buy").
 */
const IRREGULAR: Record<string, string> = {
  bought: 'buy', went: 'go', gone: 'go', ran: 'run', ate: 'eat', eaten: 'eat', paid: 'pay', met: 'meet', took: 'take', taken: 'take',
  saw: 'see', seen: 'see', gave: 'give', given: 'give', told: 'tell', said: 'say', made: 'make', flew: 'fly', flown: 'fly',
  drove: 'drive', driven: 'drive', wrote: 'write', written: 'write', swam: 'swim', drank: 'drink', spent: 'spend', sold: 'sell',
  left: 'leave', felt: 'feel', kept: 'keep', began: 'begin', won: 'win', lost: 'lose', brought: 'bring', thought: 'think', found: 'find',
  children: 'child', people: 'person', women: 'woman', men: 'man', feet: 'foot', mice: 'mouse',
};

/** A word with an irregular inflection undone ("ran" → "run", "children" → "child"); other words lower-cased. */
export function baseForm(word: string): string {
  const w = normalizeApostrophes(word).toLowerCase();
  return IRREGULAR[w] ?? w;
}

/**
 * The key words are matched by in code (topic words against labels and sentences): the index's
 * stem of the base form, so "ran", "runs" and "running" all give "run". (The index itself does
 * not undo irregular forms; this key is for matching Engram does itself.)
 */
export function matchStem(word: string): string {
  return stem(baseForm(word));
}
