// Numbers as words → digits, keeping a map back to the text they came from.
//
// "our twenty-fifth conversation", "three sessions ago", "May eighth" and "twenty twenty-five"
// become "our 25th conversation", "3 sessions ago", "May 8th" and "2025", so the grammar and the
// date parser see one form. Spans found in the normalized text map back to the words the person
// wrote (shared/text/mapped-text.ts), which is what explanations and rewrites quote. The number
// words themselves are the text toolkit's (shared/text/numbers.ts).
import { replaceSpans, type MappedText, type Replacement } from '../../../../shared/text/mapped-text';
import { numberWord, ordinalDigits } from '../../../../shared/text/numbers';

/** Words after which a bare "one" is a number ("one session ago"), not a pronoun ("the one before"). */
const COUNTED = /^(?:days?|weeks?|months?|years?|hours?|minutes?|sessions?|conversations?|convos?|discussions?|chats?|talks?|meetings?|calls?|fortnights?|weekends?|hundred)$/i;

export type Normalized = MappedText;

const WORD = /[A-Za-z]+/y;

function wordAt(text: string, i: number): string | null {
  WORD.lastIndex = i;
  return WORD.exec(text)?.[0] ?? null;
}

/** A number of 1–99 in words at `i` ("twenty-five", "seven", "twenty fifth"), with its end. */
function readNumber(text: string, i: number): { value: number; ordinal: boolean; tens: boolean; end: number } | null {
  const w = wordAt(text, i);
  if (!w) return null;
  const first = numberWord(w);
  // "a hundred" and beyond are not needed for dates or sessions
  if (!first || first.value >= 100) return null;
  const end = i + w.length;
  if (first.tens && !first.ordinal && /^[- ]/.test(text.slice(end, end + 1))) {
    const n = wordAt(text, end + 1);
    const unit = n ? numberWord(n) : null;
    if (n && unit && !unit.tens && unit.value > 0 && unit.value < 10) return { value: first.value + unit.value, ordinal: unit.ordinal, tens: false, end: end + 1 + n.length };
  }
  return { value: first.value, ordinal: first.ordinal, tens: first.tens, end };
}

/** Reads a number phrase starting at `i`: a year in words ("twenty twenty-five") or a number. */
function readNumberPhrase(text: string, i: number): { value: number; ordinal: boolean; end: number } | null {
  const first = readNumber(text, i);
  if (!first) return null;
  // a year said as two numbers: "twenty twenty-five", "nineteen ninety-nine", "twenty twenty"
  if (!first.ordinal && (first.value === 19 || first.value === 20) && text[first.end] === ' ') {
    const second = readNumber(text, first.end + 1);
    if (second && !second.ordinal && second.value >= 10 && second.value <= 99) return { value: first.value * 100 + second.value, ordinal: false, end: second.end };
  }
  // hundreds: "two hundred", "three hundred and twelve", "a hundred and five" is left alone (rare in chat)
  if (!first.ordinal && first.value < 10 && /^ hundred(?:th)?\b/i.test(text.slice(first.end))) {
    const h = wordAt(text, first.end + 1)!;
    let end = first.end + 1 + h.length;
    let value = first.value * 100;
    let ordinal = /th$/i.test(h);
    const rest = /^ (?:and )?/i.exec(text.slice(end));
    const tail = !ordinal && rest ? readNumber(text, end + rest[0].length) : null;
    if (tail && tail.value < 100) {
      value += tail.value;
      ordinal = tail.ordinal;
      end = tail.end;
    }
    return { value, ordinal, end };
  }
  // a bare "one" is a number only before what is counted ("one session ago", not "the one before")
  if (first.value === 1 && !first.ordinal && wordAt(text, i)?.toLowerCase() === 'one') {
    const next = /^\s+([A-Za-z]+)/.exec(text.slice(first.end));
    if (!next || !COUNTED.test(next[1])) return null;
  }
  return first;
}

/** Replaces number words by digits ("twenty-fifth" → "25th", "three" → "3"). */
export function normalizeNumbers(text: string): Normalized {
  const replacements: Replacement[] = [];
  let i = 0;
  while (i < text.length) {
    const atWordStart = /[A-Za-z]/.test(text[i]) && (i === 0 || !/[A-Za-z0-9]/.test(text[i - 1]));
    if (!atWordStart) {
      i++;
      continue;
    }
    const phrase = readNumberPhrase(text, i);
    if (phrase && !/[A-Za-z0-9]/.test(text[phrase.end] ?? '')) {
      replacements.push({ start: i, end: phrase.end, by: phrase.ordinal ? ordinalDigits(phrase.value) : String(phrase.value) });
      i = phrase.end;
      continue;
    }
    i += wordAt(text, i)?.length ?? 1;
  }
  return replaceSpans(text, replacements);
}
