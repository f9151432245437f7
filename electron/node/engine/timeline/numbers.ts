// Numbers as words → digits, keeping a map back to the original text.
//
// "our twenty-fifth conversation", "three sessions ago" and "May eighth" become "our 25th
// conversation", "3 sessions ago" and "May 8th", so the grammar and the date parser see one
// form. Spans found in the normalized text map back to the words the person wrote, which is
// what explanations and rewrites quote.

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNIT_ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19,
};
const TENS_ORDINALS: Record<string, number> = {
  twentieth: 20, thirtieth: 30, fortieth: 40, fiftieth: 50, sixtieth: 60, seventieth: 70, eightieth: 80, ninetieth: 90,
};

/** Words after which a bare "one" is a number ("one session ago"), not a pronoun ("the one before"). */
const COUNTED = /^(?:days?|weeks?|months?|years?|sessions?|conversations?|convos?|discussions?|chats?|talks?|meetings?|calls?|fortnights?|weekends?|hundred)$/i;

export function ordinalSuffix(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

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

function lookupCardinal(w: string): number | undefined {
  const l = w.toLowerCase();
  return UNITS[l] ?? TENS[l];
}

/** Reads a number phrase starting at `i` in `text`; returns its value, ordinal flag and end. */
function readNumberPhrase(text: string, i: number): { value: number; ordinal: boolean; end: number } | null {
  WORD.lastIndex = i;
  const m = WORD.exec(text);
  if (!m) return null;
  const first = m[0].toLowerCase();
  let end = i + m[0].length;
  if (TENS[first] !== undefined) {
    // "twenty-five", "twenty five", "twenty-fifth", "twenty fifth"
    const sep = /^[- ]/.exec(text.slice(end, end + 1));
    if (sep) {
      WORD.lastIndex = end + 1;
      const n = WORD.exec(text);
      if (n) {
        const w = n[0].toLowerCase();
        const unit = UNITS[w];
        const ord = UNIT_ORDINALS[w];
        if (unit !== undefined && unit > 0 && unit < 10) return { value: TENS[first] + unit, ordinal: false, end: end + 1 + n[0].length };
        if (ord !== undefined && ord < 10) return { value: TENS[first] + ord, ordinal: true, end: end + 1 + n[0].length };
      }
    }
    return { value: TENS[first], ordinal: false, end };
  }
  if (TENS_ORDINALS[first] !== undefined) return { value: TENS_ORDINALS[first], ordinal: true, end };
  if (UNIT_ORDINALS[first] !== undefined) return { value: UNIT_ORDINALS[first], ordinal: true, end };
  if (UNITS[first] !== undefined) {
    // "a hundred" and beyond are not needed for dates or sessions; "one hundred and two" is rare.
    if (first === 'one') {
      const next = /^\s+([A-Za-z]+)/.exec(text.slice(end));
      if (!next || !COUNTED.test(next[1])) return null;
    }
    end = i + m[0].length;
    return { value: UNITS[first], ordinal: false, end };
  }
  return null;
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
        const digits = phrase.ordinal ? `${phrase.value}${ordinalSuffix(phrase.value)}` : String(phrase.value);
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

/** A number written as digits or words ("3", "three", "a"/"an" = 1, "a couple of" = 2, "a few" = 3). */
export function parseCount(word: string): number | null {
  const w = word.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(w)) return Number(w);
  if (w === 'a' || w === 'an' || w === 'one') return 1;
  if (w === 'a couple of' || w === 'a couple' || w === 'couple of' || w === 'a pair of') return 2;
  if (w === 'a few' || w === 'few') return 3;
  if (w === 'several') return 3;
  const v = lookupCardinal(w);
  return v ?? null;
}
