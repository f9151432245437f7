// Numbers as words → digits, keeping a map back to the original text.
//
// "our twenty-fifth conversation", "three sessions ago" and "May eighth" become "our 25th
// conversation", "3 sessions ago" and "May 8th", so the grammar and the date parser see one
// form. Spans found in the normalized text map back to the words the person wrote, which is
// what explanations and rewrites quote. The number words themselves are the text toolkit's
// (shared/text/numbers.ts).
import { numberWord, ordinalDigits } from '../../../../shared/text/numbers';

/** Words after which a bare "one" is a number ("one session ago"), not a pronoun ("the one before"). */
const COUNTED = /^(?:days?|weeks?|months?|years?|sessions?|conversations?|convos?|discussions?|chats?|talks?|meetings?|calls?|fortnights?|weekends?|hundred)$/i;

export interface Normalized {
  text: string;
  /** Maps a [start, end) span of the normalized text to the original text. */
  toOriginal(start: number, end: number): [number, number];
}

interface Segment {
  ns: number;
  ne: number;
  os: number;
  oe: number;
  replaced: boolean;
}

const WORD = /[A-Za-z]+/y;

/** Reads a number phrase starting at `i` in `text`; returns its value, ordinal flag and end. */
function readNumberPhrase(text: string, i: number): { value: number; ordinal: boolean; end: number } | null {
  WORD.lastIndex = i;
  const m = WORD.exec(text);
  if (!m) return null;
  const first = numberWord(m[0]);
  // "a hundred" and beyond are not needed for dates or sessions
  if (!first || first.value >= 100) return null;
  const end = i + m[0].length;
  if (first.tens && !first.ordinal) {
    // "twenty-five", "twenty five", "twenty-fifth", "twenty fifth"
    if (/^[- ]/.test(text.slice(end, end + 1))) {
      WORD.lastIndex = end + 1;
      const n = WORD.exec(text);
      const unit = n ? numberWord(n[0]) : null;
      if (n && unit && !unit.tens && unit.value > 0 && unit.value < 10) return { value: first.value + unit.value, ordinal: unit.ordinal, end: end + 1 + n[0].length };
    }
    return { value: first.value, ordinal: false, end };
  }
  // a bare "one" is a number only before what is counted ("one session ago", not "the one before")
  if (m[0].toLowerCase() === 'one') {
    const next = /^\s+([A-Za-z]+)/.exec(text.slice(end));
    if (!next || !COUNTED.test(next[1])) return null;
  }
  return { value: first.value, ordinal: first.ordinal, end };
}

/** Replaces number words by digits ("twenty-fifth" → "25th", "three" → "3"). */
export function normalizeNumbers(text: string): Normalized {
  const segments: Segment[] = [];
  let out = '';
  let plainStart = 0;
  const flushPlain = (upTo: number) => {
    if (upTo > plainStart) {
      segments.push({ ns: out.length, ne: out.length + (upTo - plainStart), os: plainStart, oe: upTo, replaced: false });
      out += text.slice(plainStart, upTo);
    }
  };
  let i = 0;
  while (i < text.length) {
    const atWordStart = /[A-Za-z]/.test(text[i]) && (i === 0 || !/[A-Za-z0-9]/.test(text[i - 1]));
    if (atWordStart) {
      const phrase = readNumberPhrase(text, i);
      if (phrase && !/[A-Za-z0-9]/.test(text[phrase.end] ?? '')) {
        flushPlain(i);
        const digits = phrase.ordinal ? ordinalDigits(phrase.value) : String(phrase.value);
        segments.push({ ns: out.length, ne: out.length + digits.length, os: i, oe: phrase.end, replaced: true });
        out += digits;
        i = phrase.end;
        plainStart = i;
        continue;
      }
      // skip the rest of this word
      WORD.lastIndex = i;
      const w = WORD.exec(text);
      i += w ? w[0].length : 1;
      continue;
    }
    i++;
  }
  flushPlain(text.length);
  const toOriginal = (start: number, end: number): [number, number] => {
    const map = (pos: number, isEnd: boolean): number => {
      for (const s of segments) {
        if (pos < s.ns || pos > s.ne) continue;
        if (pos === s.ne && !isEnd && pos !== s.ns) continue;
        if (s.replaced) return isEnd ? (pos === s.ns ? s.os : s.oe) : pos === s.ne ? s.oe : s.os;
        return s.os + (pos - s.ns);
      }
      return isEnd ? text.length : 0;
    };
    return [map(start, false), map(end, true)];
  };
  return { text: out, toOriginal };
}
