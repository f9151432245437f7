// Numbers written as words, both ways, from one table: "seventh" ↔ 7 ↔ "7th", "twenty-one" ↔ 21.
// Covers 0–99 (what dates, sessions, counts and ordinals in chat need) plus "hundred".

const UNITS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNIT_ORDINALS = [
  'zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth',
];
const TENS_ORDINALS = ['', '', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];

/** One number word: its value, whether it is an ordinal, and whether it is a tens word ("twenty", "twentieth"). */
export interface NumberWord {
  value: number;
  ordinal: boolean;
  tens: boolean;
}

const NUMBER_WORDS = new Map<string, NumberWord>();
UNITS.forEach((w, i) => NUMBER_WORDS.set(w, { value: i, ordinal: false, tens: false }));
UNIT_ORDINALS.forEach((w, i) => NUMBER_WORDS.set(w, { value: i, ordinal: true, tens: false }));
TENS.forEach((w, i) => w && NUMBER_WORDS.set(w, { value: i * 10, ordinal: false, tens: true }));
TENS_ORDINALS.forEach((w, i) => w && NUMBER_WORDS.set(w, { value: i * 10, ordinal: true, tens: true }));
NUMBER_WORDS.set('hundred', { value: 100, ordinal: false, tens: false });
NUMBER_WORDS.set('hundredth', { value: 100, ordinal: true, tens: false });

/** A single number word ("seven", "seventh", "twenty"), any case; null for anything else. */
export function numberWord(word: string): NumberWord | null {
  return NUMBER_WORDS.get(word.toLowerCase()) ?? null;
}

/** "st", "nd", "rd" or "th" for a whole number (11th, 12th, 13th, 21st, 112th). */
export function ordinalSuffix(n: number): string {
  const t = Math.abs(n) % 100;
  if (t >= 11 && t <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][t % 10] ?? 'th';
}

/** 7 → "7th". */
export function ordinalDigits(n: number): string {
  return `${n}${ordinalSuffix(n)}`;
}

/** 7 → "seven", 21 → "twenty-one"; outside 0–99 the digits. */
export function cardinalWord(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 99) return String(n);
  if (n < 20) return UNITS[n];
  return n % 10 ? `${TENS[Math.floor(n / 10)]}-${UNITS[n % 10]}` : TENS[n / 10];
}

/** 7 → "seventh", 21 → "twenty-first"; outside 1–99 the digits with their suffix ("112th"). */
export function ordinalWord(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) return ordinalDigits(n);
  if (n < 20) return UNIT_ORDINALS[n];
  return n % 10 ? `${TENS[Math.floor(n / 10)]}-${UNIT_ORDINALS[n % 10]}` : TENS_ORDINALS[n / 10];
}

/** A compound number in words: "twenty-one", "twenty one", "twenty-first", "seventh", "ten". */
function compoundValue(text: string): NumberWord | null {
  const parts = text.split(/[\s-]+/);
  if (parts.length === 1) return numberWord(parts[0]);
  if (parts.length !== 2) return null;
  const tens = numberWord(parts[0]);
  const unit = numberWord(parts[1]);
  if (!tens?.tens || tens.ordinal || !unit || unit.tens || unit.value < 1 || unit.value > 9) return null;
  return { value: tens.value + unit.value, ordinal: unit.ordinal, tens: false };
}

/** A cardinal in digits or words: "21", "1,250", "3.5", "twenty-one", "seven" → its value; else null. */
export function cardinalValue(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  const w = compoundValue(t);
  return w && !w.ordinal ? w.value : null;
}

/** An ordinal in digits or words: "7th", "seventh", "twenty-first" → its value; else null. */
export function ordinalValue(text: string): number | null {
  const t = text.trim().toLowerCase();
  const m = /^(\d+)(st|nd|rd|th)$/.exec(t);
  if (m) return Number(m[1]);
  const w = compoundValue(t);
  return w?.ordinal ? w.value : null;
}

/** How many times: "once" → 1, "twice" → 2, "thrice" → 3. */
export function timesValue(word: string): number | null {
  return ({ once: 1, twice: 2, thrice: 3 } as Record<string, number>)[word.trim().toLowerCase()] ?? null;
}

const VAGUE: Record<string, number> = { a: 1, an: 1, couple: 2, pair: 2, both: 2, few: 3, several: 3, dozen: 12, half: 0.5 };

/**
 * A quantity as people say it: a cardinal ("3", "three", "forty-five"), "a"/"an" = 1,
 * "a couple (of)" / "a pair of" / "both" = 2, "a few" / "several" = 3, "a dozen" = 12,
 * "a hundred" = 100, "half" = 0.5, "once" / "twice". Null for anything else.
 */
export function quantityValue(phrase: string): number | null {
  const t = phrase.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s+of$/, '');
  const bare = t.replace(/^an? (?=\S)/, '');
  return cardinalValue(bare) ?? VAGUE[bare] ?? timesValue(bare);
}

/**
 * The other spelling of a number or ordinal, which the full-text index treats as an unrelated
 * word: "3" ↔ "three", "18th" ↔ "eighteenth", "40" ↔ "forty". Only where the other spelling is
 * one word too (the index splits "twenty-one"), and never for "one" / "1" ("the blue one" is
 * not a number). Empty for anything else.
 */
export function numberVariants(word: string): string[] {
  const w = word.toLowerCase();
  const oneWord = (n: number) => n <= 20 || n % 10 === 0;
  const ord = ordinalValue(w);
  if (ord !== null && ord >= 1 && ord <= 99 && oneWord(ord)) return [/^\d/.test(w) ? ordinalWord(ord) : ordinalDigits(ord)];
  const card = /^\d+$/.test(w) || numberWord(w) ? cardinalValue(w) : null;
  if (card !== null && card >= 2 && card <= 99 && oneWord(card)) return [/^\d/.test(w) ? cardinalWord(card) : String(card)];
  return [];
}
