// Does an answer contain a reference answer? For measuring offline answers against data we did
// not write (`npm run bench:locomo`, the demo questions' test): both texts are normalised —
// lowercase, punctuation and articles dropped, light stems, number words as digits, thousands
// separators dropped, dates written the same way ("7 May 2023", "May 7, 2023", "Sunday, May 7,
// 2023", "Mon 7 May 2023 13:56" and "2023-05-07" all become `y2023 m05 d07`) — and the reference
// must appear as a contiguous run of tokens. A reference that lists items ("pottery, camping,
// painting") scores the share of its items found. A reference stated relative to a date ("the
// Sunday before 25 May 2023", "the week before 9 June 2023") is resolved to the day, or to the
// days of the window it names, and any of them counts.
import { addDays, dayNameOf, DAY_NAMES, MONTH_PATTERN, monthNumber, weekdayAfter, weekdayBefore } from '../../../../shared/dates/calendar';
import { cardinalValue, ordinalValue, timesValue } from '../../../../shared/text/numbers';
import { matchStem } from '../../../../shared/text/stem';

// misspellings the references have
const MISSPELT_MONTHS: Record<string, number> = { janury: 1, febuary: 2 };
const monthOf = (name: string) => MISSPELT_MONTHS[name] ?? monthNumber(name)!;
const MONTH_RE = `(janury|febuary|${MONTH_PATTERN})\\.?`;
const DAY_RE = '(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?,?\\s+)?';

/** A number word as its digits ("seven", "seventh", "twice" → "7", "7", "2"); null for other words. */
function numberWordDigits(w: string): string | null {
  if (/^\d/.test(w)) return null;
  const n = cardinalValue(w) ?? ordinalValue(w) ?? timesValue(w);
  return n === null ? null : String(n);
}
const DROP = new Set(['a', 'an', 'the']);

const pad = (n: number) => String(n).padStart(2, '0');
const dateToken = (y: number | null, m: number | null, d: number | null) => [y ? `y${y}` : '', m ? `m${pad(m)}` : '', d ? `d${pad(d)}` : ''].filter(Boolean).join(' ');

/** Dates written as `y2023 m05 d07` (as much of it as the text gives), ISO dates included. */
function canonicalDates(text: string): string {
  let t = text
    .toLowerCase()
    // "15April, 2022", "3` July", "April.2023": glued or stray characters around dates
    .replace(/(\d)(?=[a-z]{3,})/g, '$1 ')
    .replace(/(\d)[`´']+(?=\s)/g, '$1')
    .replace(new RegExp(`\\b${MONTH_RE}\\.(?=\\d{4}\\b)`, 'g'), '$1 ');
  t = t.replace(/\b(\d{4})-(\d{2})-(\d{2})(?:t[\d:]+)?\b/g, (_, y, m, d) => ` ${dateToken(+y, +m, +d)} `);
  // Sunday, May 7, 2023 / May 7 2023 / May 7th
  t = t.replace(new RegExp(`\\b${DAY_RE}${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`, 'g'), (_, mon, d, y) => ` ${dateToken(y ? +y : null, monthOf(mon), +d)} `);
  // 7 May 2023 / Mon 7 May 2023 / 7th of May, 2023
  t = t.replace(new RegExp(`\\b${DAY_RE}(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}(?:,?\\s+(\\d{4})\\b)?`, 'g'), (_, d, mon, y) => ` ${dateToken(y ? +y : null, monthOf(mon), +d)} `);
  // May 2023 / May, 2023
  t = t.replace(new RegExp(`\\b${MONTH_RE},?\\s+(\\d{4})\\b`, 'g'), (_, mon, y) => ` ${dateToken(+y, monthOf(mon), null)} `);
  // a bare year
  t = t.replace(/(?<![\w-])((?:19|20)\d{2})(?![\w-])/g, (_, y) => ` y${y} `);
  return t;
}

/** Normalised tokens of a text. */
export function normalizeTokens(text: string): string[] {
  let t = canonicalDates(text);
  t = t.replace(/(\d),(?=\d{3}\b)/g, '$1'); // 1,250 → 1250
  t = t.replace(/(\d)\.(\d)/g, '$1_$2'); // keep decimals together
  const out: string[] = [];
  for (const raw of t.split(/[^\p{L}\p{N}_]+/u)) {
    if (!raw) continue;
    const w = raw.replace(/_/g, '.');
    if (DROP.has(w)) continue;
    if (/^[ymd]\d+$/.test(w)) {
      out.push(w);
      continue;
    }
    const n = numberWordDigits(w);
    if (n) {
      out.push(n);
      continue;
    }
    // 5km → 5 km, 6pm → 6 pm
    const split = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(w);
    if (split && !/^(st|nd|rd|th|s)$/.test(split[2])) {
      out.push(split[1], matchStem(split[2]));
      continue;
    }
    // numbers as numbers: "08" and "8", "1st" and "1"
    out.push(/^\d/.test(w) ? w.replace(/(?<=\d)(st|nd|rd|th)$/, '').replace(/^0+(?=\d)/, '') : matchStem(w));
  }
  return out;
}

function containsRun(hay: string[], needle: string[]): boolean {
  if (!needle.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}


function parseDay(text: string): string | null {
  const toks = normalizeTokens(text);
  const y = toks.find((t) => /^y\d{4}$/.test(t));
  const m = toks.find((t) => /^m\d{2}$/.test(t));
  const d = toks.find((t) => /^d\d{2}$/.test(t));
  return y && m && d ? `${y.slice(1)}-${m.slice(1)}-${d.slice(1)}` : null;
}


/**
 * A reference stated relative to a date → the days it may mean (null when it is not one).
 * "the sunday before 25 May 2023" → that Sunday; "the week / weekend before D" → D−9 … D−1;
 * "two weekends before D" → D−16 … D−8; "the week of D" → D−6 … D+6; "N days before D" → that day.
 */
export function relativeDays(reference: string): string[] | null {
  const r = reference.trim().toLowerCase().replace(/[.!]+$/, '');
  const m = /^(?:on\s+|in\s+)?(?:the\s+)?(.+?)\s+(before|after|of)\s+(.+)$/.exec(r);
  if (!m) return null;
  const anchor = parseDay(m[3]);
  if (!anchor) return null;
  const what = m[1].trim();
  const dir = m[2];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => addDays(anchor, from + i));
  if (dir === 'of') return /^week(end)?$/.test(what) ? range(-6, 6) : null;
  const sign = dir === 'before' ? -1 : 1;
  const day = /^(?:last\s+)?([a-z]+day)$/.exec(what)?.[1];
  const wd = day && dayNameOf(day) ? DAY_NAMES.indexOf(dayNameOf(day)!) : -1;
  if (wd >= 0) return [sign < 0 ? weekdayBefore(anchor, wd) : weekdayAfter(anchor, wd)];
  if (/^(?:last\s+)?week(?:end)?$/.test(what) || what === 'few days') return sign < 0 ? range(-9, -1) : range(1, 9);
  const n = /^(\d+|one|a|two|three|four|five|six)\s+(day|week|weekend|month)s?$/.exec(what);
  if (n) {
    const count = n[1] === 'a' ? 1 : cardinalValue(n[1])!;
    if (n[2] === 'day') return [addDays(anchor, sign * count)];
    if (n[2] === 'week' || n[2] === 'weekend') return sign < 0 ? range(-7 * count - 2, -7 * count + 6) : range(7 * count - 6, 7 * count + 2);
    if (n[2] === 'month') return sign < 0 ? range(-31 * count - 3, -28 * count + 3) : range(28 * count - 3, 31 * count + 3);
  }
  return null;
}

/** The items of a reference answer: a list is split at commas and semicolons (and "and" after a comma). */
export function referenceItems(reference: string): string[] {
  // "May, 2023" / "27 May, 2023": a comma before a year is not a list separator; "Around August 2022", "In 2013": the date
  const r = reference
    .trim()
    .replace(/,(\s*(?:19|20)\d{2}\b)/g, '$1')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/^(?:around|about|approximately|circa|roughly|in|on)\s+(?=(?:\S+\s+)?(?:19|20)\d{2}\b|\d{1,2}\s|[a-z]+\s+\d)/i, '');
  if (!/[,;]/.test(r) || relativeDays(r) || /^\S+\s+\d{1,2},\s+\d{4}$/.test(r)) return [r];
  // a date like "May 7, 2023" inside is not a list separator
  const protectedText = r.replace(new RegExp(`(${MONTH_RE}\\s+\\d{1,2}),(\\s+\\d{4})`, 'gi'), '$1$2');
  const parts = protectedText.split(/\s*[,;]\s*/).flatMap((p, i, all) => (i === all.length - 1 ? p.split(/\s+(?:and|or)\s+/i) : [p]));
  return parts.map((p) => p.replace(/^(?:and|or)\s+/i, '').trim()).filter((p) => normalizeTokens(p).length > 0);
}

/**
 * The share of the reference answer that the text contains (0…1): 1 or 0 for a single item, the
 * share of items found for a list; dates relative to a date count when any day they mean is there.
 */
export function containment(text: string, reference: string): number {
  const hay = normalizeTokens(text);
  const items = referenceItems(String(reference));
  if (!items.length) return 0;
  let found = 0;
  for (const item of items) {
    const days = relativeDays(item);
    if (days) {
      if (days.some((d) => containsRun(hay, normalizeTokens(d)))) found++;
      continue;
    }
    if (containsRun(hay, normalizeTokens(item))) found++;
  }
  return found / items.length;
}
