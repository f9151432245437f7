// What a regular expression cannot match without: literal strings of which at least one occurs in
// every text it matches. A reader that runs many patterns over a short text (the timeline grammar
// runs about 150 per question) first checks these with `includes`, and runs a pattern only when
// one of them is there: a cheap test that never skips a pattern that could match.
//
// The pattern is parsed by regexpp (the ECMAScript grammar ESLint uses); the literals are read
// off its syntax tree: a run of characters is required where it stands, a group requires one of
// its alternatives' literals, an optional part requires nothing. Characters folded by a
// case-insensitive pattern are compared in lower case, so such a pattern's literals only decide
// for texts in ASCII (outside it, Unicode case folding is not lower-casing: see `mayMatch`).
//
// Parsing a pattern costs more than running it on one short text, so `mayMatch` parses a pattern
// only once it has been asked about it a few times: a command that reads one question (`engram
// retrieve "…"`) runs its patterns as they are and never loads the parser; a batch or a running
// app filters from its first questions on.
import type { Alternative, Element } from '@eslint-community/regexpp/ast';
import { lazyModule } from './lazy-module';

const regexpp = lazyModule<typeof import('@eslint-community/regexpp')>('@eslint-community/regexpp');

/** Times `mayMatch` answers "may" for a pattern without parsing it, before it parses it. */
export const USES_BEFORE_PARSE = 3;

/** Literals, one of which every match holds; null when the pattern requires none (or too many to be worth testing). */
export type RequiredLiterals = readonly string[] | null;

/** More alternatives than this and the test costs more than it saves. */
const MOST_LITERALS = 48;

interface Entry {
  need: RequiredLiterals;
  ignoreCase: boolean;
  /** Each literal's pairs of adjacent characters, hashed (see `Pairs`). */
  pairs: Int32Array[];
}

const cache = new WeakMap<RegExp, Entry>();
/** How many times each pattern not yet parsed has been asked about. */
const uses = new WeakMap<RegExp, number>();

function entryOf(rx: RegExp): Entry {
  let e = cache.get(rx);
  if (!e) {
    const ignoreCase = rx.flags.includes('i');
    let need: RequiredLiterals;
    try {
      need = ofAlternatives(regexpp().parseRegExpLiteral(rx).pattern.alternatives, ignoreCase);
    } catch {
      need = null; // a syntax regexpp does not know: no filter
    }
    cache.set(rx, (e = { need, ignoreCase, pairs: (need ?? []).map(pairsOf) }));
  }
  return e;
}

/**
 * The pairs of adjacent characters a text holds, as bits of a small table (hashed, so a bit may
 * stand for other pairs too): a literal none of whose pairs is missing may be in the text, one
 * with a pair missing is not, and most are told so without searching the text for them. Kept
 * for the last text asked about (a reader tests all its patterns on one text), one table for
 * case-sensitive and one for lower-cased texts.
 */
class Pairs {
  text: string | null = null;
  readonly bits = new Int32Array(PAIR_TABLE / 32);

  of(text: string): Int32Array {
    if (text !== this.text) {
      this.text = text;
      this.bits.fill(0);
      for (let i = 1; i < text.length; i++) {
        const h = pairHash(text.charCodeAt(i - 1), text.charCodeAt(i));
        this.bits[h >>> 5] |= 1 << (h & 31);
      }
    }
    return this.bits;
  }
}

const PAIR_TABLE = 4096;
const pairHash = (a: number, b: number) => ((a * 61) ^ b) & (PAIR_TABLE - 1);
const pairsOf = (literal: string) => Int32Array.from({ length: Math.max(0, literal.length - 1) }, (_, i) => pairHash(literal.charCodeAt(i), literal.charCodeAt(i + 1)));
const textPairs = new Pairs();
const lowerPairs = new Pairs();

/** The literals every match of `rx` holds (in lower case when `rx` ignores case); kept per expression object. */
export function requiredLiterals(rx: RegExp): RequiredLiterals {
  return entryOf(rx).need;
}

/**
 * False only when `rx` cannot match `text`. `lower` is `text` in lower case (given by callers
 * that test many patterns on one text); `ascii` says `text` has only ASCII characters.
 */
export function mayMatch(rx: RegExp, text: string, lower: string, ascii: boolean): boolean {
  let entry = cache.get(rx);
  if (!entry) {
    const n = (uses.get(rx) ?? 0) + 1;
    if (n <= USES_BEFORE_PARSE) {
      uses.set(rx, n);
      return true;
    }
    uses.delete(rx);
    entry = entryOf(rx);
  }
  const { need, ignoreCase, pairs } = entry;
  if (!need) return true;
  if (ignoreCase && !ascii) return true;
  const haystack = ignoreCase ? lower : text;
  const bits = (ignoreCase ? lowerPairs : textPairs).of(haystack);
  // (plain loops: this runs for every pattern of every question)
  for (let i = 0; i < need.length; i++) {
    const p = pairs[i];
    let may = true;
    for (let k = 0; may && k < p.length; k++) may = (bits[p[k] >>> 5] & (1 << (p[k] & 31))) !== 0;
    if (may && haystack.includes(need[i])) return true;
  }
  return false;
}

function ofAlternatives(alternatives: Alternative[], ignoreCase: boolean): RequiredLiterals {
  const all = new Set<string>();
  for (const a of alternatives) {
    const need = ofSequence(a.elements, ignoreCase);
    if (!need) return null;
    for (const s of need) all.add(s);
    if (all.size > MOST_LITERALS) return null;
  }
  // a literal holding another one adds nothing ("weekend" when "week" is there)
  const list = [...all];
  return list.filter((s) => !list.some((t) => t !== s && s.includes(t)));
}

/** More strings than this in one run of fixed text ("h1", "h2") and the run is cut there. */
const MOST_RUN_STRINGS = 16;

/** The most selective requirement among a sequence's parts (the longest shortest literal, then the fewest). */
function ofSequence(elements: Element[], ignoreCase: boolean): RequiredLiterals {
  let best: RequiredLiterals = null;
  // the strings the fixed text read so far can be ("h" then [12]: "h1", "h2")
  let run: string[] | null = null;
  const consider = (need: RequiredLiterals) => {
    if (!need || !need.length || need.some((s) => !s)) return;
    if (!best) {
      best = need;
      return;
    }
    const shortest = (l: readonly string[]) => Math.min(...l.map((s) => s.length));
    const [a, b] = [shortest(need), shortest(best)];
    if (a > b || (a === b && need.length < best.length)) best = need;
  };
  const endRun = () => {
    if (run) consider(run);
    run = null;
  };
  for (const e of elements) {
    // assertions take no characters: the characters around them stay side by side
    if (e.type === 'Assertion') continue;
    const fixed = fixedStrings(e, ignoreCase);
    if (fixed) {
      if (run && run.length * fixed.length <= MOST_RUN_STRINGS) run = run.flatMap((r) => fixed.map((f) => r + f));
      else {
        endRun();
        run = fixed;
      }
      continue;
    }
    endRun();
    consider(ofElement(e, ignoreCase));
  }
  endRun();
  return best;
}

/** The few strings an element matches exactly (a character, a small class, a group of such), or null. */
function fixedStrings(e: Element, ignoreCase: boolean): string[] | null {
  const char = (value: number) => (ignoreCase && value > 0x7f ? null : ignoreCase ? String.fromCodePoint(value).toLowerCase() : String.fromCodePoint(value));
  switch (e.type) {
    case 'Character': {
      const c = char(e.value);
      return c === null ? null : [c];
    }
    case 'CharacterClass': {
      if (e.negate || e.unicodeSets || !e.elements.length || e.elements.length > 8) return null;
      const out: string[] = [];
      for (const c of e.elements) {
        const ch = c.type === 'Character' ? char(c.value) : null;
        if (ch === null) return null;
        out.push(ch);
      }
      return [...new Set(out)];
    }
    case 'Group':
    case 'CapturingGroup': {
      if (e.type === 'Group' && e.modifiers) return null;
      const out: string[] = [];
      for (const a of e.alternatives) {
        let strings: string[] = [''];
        for (const x of a.elements) {
          if (x.type === 'Assertion') return null; // (a lookaround inside a group: not a fixed string)
          const f = fixedStrings(x, ignoreCase);
          if (!f || strings.length * f.length > MOST_RUN_STRINGS) return null;
          strings = strings.flatMap((s) => f.map((t) => s + t));
        }
        out.push(...strings);
        if (out.length > MOST_RUN_STRINGS) return null;
      }
      return [...new Set(out)];
    }
    default:
      return null;
  }
}

function ofElement(e: Element, ignoreCase: boolean): RequiredLiterals {
  switch (e.type) {
    case 'Quantifier':
      return e.min === 0 ? null : ofElement(e.element, ignoreCase);
    case 'Group':
      return e.modifiers ? null : ofAlternatives(e.alternatives, ignoreCase);
    case 'CapturingGroup':
      return ofAlternatives(e.alternatives, ignoreCase);
    case 'Character':
    case 'CharacterClass':
      return fixedStrings(e, ignoreCase);
    default:
      // character sets (\d, \s, .), back-references, assertions: no literal
      return null;
  }
}
