// Time expressions of a message resolved against the message's own date (its wall clock).
//
// wink-nlp finds the DATE spans; chrono-node does the calendar arithmetic ("last Friday" said on
// Friday 9 June → 2 June). How precise the result is comes from the words, not from chrono's
// certainty flags (chrono calls "last week" day-certain): a day ("yesterday", "last Friday",
// "on Oct 17", "two days ago"), a month ("this month", "June 2023"), a year ("last year",
// "2022", "three years ago"), or only a span around the message date ("last week", "last
// summer", "a few years ago"). Whatever is relative keeps the words and the date they were
// said on ("last week, said on 2023-06-09"), so that no reading of them is lost.
import type * as Chrono from 'chrono-node';
import { format } from 'date-fns/format';
import { addDays as addCalendarDays, DAY_NAMES, dayNameOf, MONTH_PATTERN } from '../../../../../shared/dates/calendar';
import { quantityValue, timesValue } from '../../../../../shared/text/numbers';
// chrono-node (its English locale) is loaded by the first calendar date read: the analysis worker,
// which imports this module with the extractor, never reads one.
import { chrono } from '../../common/chrono';

export interface ResolvedTime {
  /** YYYY-MM-DD when the words name a day. */
  day?: string;
  /** YYYY-MM when they name a month. */
  month?: string;
  /** YYYY when they name a year. */
  year?: string;
  /** Relative words with the message date: "last week, said on 2023-06-09". */
  said?: string;
  /** The time lies after the message (a plan). */
  future: boolean;
}

const WEEKDAY_RE = /\b(mon|tues?|wed(nes)?|thu(rs?)?|fri|sat(ur)?|sun)(day)?\b/i;
const MONTH_RE = new RegExp(`\\b(${MONTH_PATTERN})\\b`, 'i');
const RELATIVE_RE = /\b(yesterday|today|tonight|tomorrow|last|next|this|ago|coming|past|previous|recent(ly)?|earlier|later|upcoming)\b/i;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, 12);
/** The day `n` days from a local Date, as YYYY-MM-DD (calendar arithmetic of the toolkit). */
const dayFrom = (d: Date, n: number) => addCalendarDays(iso(d), n);

/** A wall-clock timestamp ("2023-05-08T13:56:00") as a local Date at that moment. */
export function wallClockDate(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(local);
  if (!m) return new Date(NaN);
  return new Date(+m[1], +m[2] - 1, +m[3], m[4] ? +m[4] : 12, m[5] ? +m[5] : 0);
}

/** Normalised words of a span: lower case, "Tues" → "tuesday", no leading "on"/"in"/"at". */
function clean(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,!?;:]+$/g, '')
    .replace(/^(on|in|at|by|around|since|during)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The day number (0 Sunday) of the first weekday named in the words, or -1. */
function weekdayIndex(words: string): number {
  const m = WEEKDAY_RE.exec(words);
  const name = m ? dayNameOf(m[0]) : null;
  return name ? DAY_NAMES.indexOf(name) : -1;
}

/**
 * Resolves a DATE span said at `said` (the message's wall clock). `pastTense`: the sentence
 * speaks of the past (a bare "Monday" is then the last Monday, else the next one).
 */
export function resolveTime(span: string, said: Date, pastTense: boolean): ResolvedTime | null {
  const words = clean(span);
  if (!words || !/[a-z0-9]/.test(words)) return null;
  const saidIso = iso(said);
  const relative = RELATIVE_RE.test(words) || /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|couple of) (days?|weeks?|months?|years?) ago\b/.test(words);
  const saidNote = relative ? `${words}, said on ${saidIso}` : undefined;
  const future = /\b(next|tomorrow|coming|upcoming|later|tonight)\b/.test(words) || (!pastTense && !relative && /\bthis\b/.test(words));
  const out = (r: Omit<ResolvedTime, 'future' | 'said'>): ResolvedTime => ({ ...r, ...(saidNote ? { said: saidNote } : {}), future });

  // Days named by words alone.
  if (/^(yesterday|last night)$/.test(words)) return out({ day: dayFrom(said, -1) });
  if (/^(today|tonight|this (morning|afternoon|evening))$/.test(words)) return out({ day: saidIso });
  if (words === 'tomorrow' || /^tomorrow (morning|afternoon|evening|night)$/.test(words)) return out({ day: dayFrom(said, 1) });
  const ago = /^(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten) (day|week|month|year)s? ago$/.exec(words);
  if (ago) {
    const n = quantityValue(ago[1]) ?? 1;
    if (ago[2] === 'day') return out({ day: dayFrom(said, -n) });
    if (ago[2] === 'year') return out({ year: String(said.getFullYear() - n) });
    if (ago[2] === 'month') {
      const d = new Date(said.getFullYear(), said.getMonth() - n, 1, 12);
      return out({ month: format(d, 'yyyy-MM') });
    }
    return out({}); // "two weeks ago": a span, kept as said
  }
  // A weekday, alone or with last / this / next.
  const wd = weekdayIndex(words);
  if (wd >= 0 && !MONTH_RE.test(words) && !/\d/.test(words) && /^((last|next|this|on|coming|past) )?[a-z]+$/.test(words)) {
    const today = said.getDay();
    const back = (today - wd + 7) % 7 || 7;
    const fwd = (wd - today + 7) % 7 || 7;
    const dir = /^(last|past)\b/.test(words) ? -1 : /^(next|coming)\b/.test(words) ? 1 : /^this\b/.test(words) ? (pastTense ? -1 : 1) : pastTense ? -1 : 1;
    return { ...out({ day: dayFrom(said, dir < 0 ? -back : fwd) }), future: dir > 0 };
  }
  // Months and years named by words.
  if (/^this month$/.test(words)) return out({ month: format(said, 'yyyy-MM') });
  if (/^(last|next) month$/.test(words)) return out({ month: format(new Date(said.getFullYear(), said.getMonth() + (words.startsWith('last') ? -1 : 1), 1, 12), 'yyyy-MM') });
  if (/^this year$/.test(words)) return out({ year: String(said.getFullYear()) });
  if (/^(last|next) year$/.test(words)) return out({ year: String(said.getFullYear() + (words.startsWith('last') ? -1 : 1)) });
  if (/^(19|20)\d{2}$/.test(words)) return out({ year: words });
  if (relative) return out({}); // "last week", "last summer", "a few years ago": kept as said

  // Calendar dates: chrono, with the message date as reference.
  let parsed: Chrono.ParsedResult | undefined;
  try {
    parsed = chrono().parse(words, said, { forwardDate: !pastTense })[0];
  } catch {
    parsed = undefined;
  }
  if (!parsed) return null;
  const s = parsed.start;
  const y = s.get('year');
  const m = s.get('month');
  const d = s.get('day');
  if (!y || !m) return null;
  if (s.isCertain('day') && s.isCertain('month')) {
    // Without a year, the one that puts the date on the side of the message the tense says.
    let date = new Date(y, m - 1, d ?? 1, 12);
    if (!s.isCertain('year')) {
      if (pastTense && date > said) date = new Date(y - 1, m - 1, d ?? 1, 12);
      if (!pastTense && date < addDays(said, -1)) date = new Date(y + 1, m - 1, d ?? 1, 12);
    }
    return { day: iso(date), future: date > said };
  }
  if (s.isCertain('month') && MONTH_RE.test(words)) {
    const yy = s.isCertain('year') ? y : pastTense && m - 1 > said.getMonth() ? y - 1 : y;
    return { month: `${yy}-${String(m).padStart(2, '0')}`, future: new Date(yy, m - 1, 1) > said };
  }
  return null;
}

/** How often a habit repeats, from words like "every Monday", "twice a week", "every day". */
export interface Recurrence {
  /** ISO 8601 duration: P1D, P1W, P1M, P1Y. */
  frequency?: string;
  /** schema.org day IRIs' local names: "Monday". */
  days: string[];
  /** Times per period. */
  count?: number;
  /** The words, as a short label: "every Monday". */
  words: string;
}

const PERIOD: Record<string, string> = { day: 'P1D', night: 'P1D', morning: 'P1D', evening: 'P1D', week: 'P1W', weekend: 'P1W', month: 'P1M', year: 'P1Y' };

/** A recurrence named in a sentence's words (lower case), or null. */
export function recurrenceIn(lower: string): Recurrence | null {
  const every = /\b(?:every|each) (single )?(day|night|morning|evening|week|weekend|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/.exec(lower);
  if (every) {
    const unit = every[2];
    const wd = weekdayIndex(unit);
    if (wd >= 0 && unit.endsWith('day') && unit !== 'day') {
      const name = DAY_NAMES[wd];
      return { frequency: 'P1W', days: [name], words: `every ${name}` };
    }
    return { frequency: PERIOD[unit], days: [], words: `every ${unit}` };
  }
  const times = /\b((?:once|twice|thrice)(?: or (?:twice|thrice|three times))?|(?:two|three|four|five|six|seven|\d|a few|several|a couple of) times) (?:a|per|each|every) (day|week|month|year)\b/.exec(lower);
  if (times) {
    const first = times[1].split(' ')[0];
    // "a few" / "several" / "a couple of" times: no count
    const count = /^(a|several)$/.test(first) ? null : (timesValue(first) ?? quantityValue(first));
    return { frequency: PERIOD[times[2]], days: [], ...(count ? { count } : {}), words: `${times[1]} a ${times[2]}` };
  }
  const plural = /\bon (mon|tues|wednes|thurs|fri|satur|sun)days\b/.exec(lower);
  if (plural) {
    const name = DAY_NAMES[weekdayIndex(plural[1])];
    return { frequency: 'P1W', days: [name], words: `on ${name}s` };
  }
  const daily = /\b(daily|weekly|monthly|every other day)\b/.exec(lower);
  if (daily) return { frequency: { daily: 'P1D', weekly: 'P1W', monthly: 'P1M', 'every other day': 'P2D' }[daily[1]], days: [], words: daily[1] };
  return null;
}
