// The time and session vocabulary: question text → references.
//
// The question is first normalised (normalize.ts: abbreviations, texting forms, misspellings,
// numeric dates in the locale's order; then numbers.ts: "twenty-fifth" → "25th"). Dates in their
// many written forms ("January 6th", "6 Jan 2024", "the 3rd of August", "May 8th through June
// 9th") are read by chrono-node; what it does not model as periods (relative days, weeks and
// months, weekends, named days, parts of day, seasons, quarters, hours, holidays) and the chat
// vocabulary (sessions, conversations, responses) are read here. Each matcher masks what it read,
// so the next one does not read it again; time words that are not a reference ("March Madness",
// "born in May", "3/4 cup", "good morning") are masked first and reported as such. The semantics
// are documented in docs/timeline.md.
//
// Calendar references are resolved here against `today` (they need nothing else, except
// year-less dates, which ask `hasData` which year holds conversations); session references
// are resolved later against the memory's own session list (planner.ts).
import { chrono, type Chrono } from '../common/chrono';
import { mayMatch } from '../common/required-literals';
import {
  addDays,
  addMonths,
  DAY_NAMES,
  DAY_PATTERN,
  dayNameOf,
  daysInMonth,
  isValidDate,
  MONTH_NAMES,
  MONTH_PATTERN,
  monthNumber,
  monthRange,
  parts,
  shiftMonth,
  startOfIsoWeek,
  weekdayBefore,
  weekdayOf,
  ymd,
  type DayName,
  type Ymd,
} from '../../../../shared/dates/calendar';
import { chainMaps, type MappedText } from '../../../../shared/text/mapped-text';
import { ordinalValue, quantityValue } from '../../../../shared/text/numbers';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { escapeRegExp } from '../../../../shared/text/words';
import { holidayCalendar, type HolidayCalendar } from './holidays';
import { alternation, lexicon, type Lexicon } from './lexicon';
import { localeInfo } from './locale';
import { normalizeSpelling, type Spelled } from './normalize';
import { normalizeNumbers, type Normalized } from './numbers';
import { keptRecent } from '../common/kept-recent';

export type DateRange = [Ymd, Ymd];

export type DateUnit = 'day' | 'week' | 'month' | 'year' | 'span';

interface RefBase {
  /** Span in the normalized text. */
  start: number;
  end: number;
  /** The words as the person wrote them (with a leading preposition, when there was one). */
  text: string;
  /** Relative to now ("3 days ago", "last time") rather than anchored ("May 8th", "session 5"). */
  relative: boolean;
}

export type SessionSel =
  | { t: 'index'; from: number; to: number } // 1-based positions in the memory's numbering
  | { t: 'list'; values: number[] } // 1-based positions
  | { t: 'ago'; from: number; to: number } // 1 = the last session before now
  | { t: 'firstN'; n: number };

export type ShiftUnit = 'session' | 'day' | 'week' | 'month' | 'year' | 'weekend' | 'weekday' | 'same';

export type Ref =
  | (RefBase & { kind: 'session'; sel: SessionSel; within?: boolean; nthOfSet?: number; inPeriod?: boolean })
  | (RefBase & { kind: 'shift'; unit: ShiftUnit; delta: number; day?: number; rest?: 'later' | 'earlier' })
  | (RefBase & { kind: 'response'; from: number; to: number; inSession?: number; ordinal?: number })
  | (RefBase & { kind: 'dates'; ranges: DateRange[]; unit: DateUnit; future?: boolean; note?: string; bareOrdinal?: number; reading?: string; asked?: Ymd })
  | (RefBase & { kind: 'window'; from: string; to: string; label: string })
  | (RefBase & { kind: 'timeOfDay'; from: string; to: string; label: string })
  | (RefBase & { kind: 'upToNow' })
  | (RefBase & { kind: 'dayName'; days: DayName[] })
  | (RefBase & { kind: 'recent'; what: 'recently' | 'otherDay' })
  | (RefBase & { kind: 'speaker'; name: string })
  | (RefBase & { kind: 'role'; role: 'user' | 'assistant' })
  | (RefBase & { kind: 'notTime'; why: string });

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A reference before its span is known. */
export type RefInit = DistributiveOmit<Ref, 'start' | 'end' | 'text'>;

export interface GrammarContext {
  /** Wall-clock now, 'YYYY-MM-DDTHH:MM:SS'. */
  now: string;
  /** Is there any message in scope between these dates (inclusive)? Used to give year-less dates a year. */
  hasData?: (from: Ymd, to: Ymd) => boolean;
  /** Speaker names of the memory (scope), for speaker references. */
  speakers?: string[];
  /** The memory has assistant turns, so "what did you say" / "I asked" name roles. */
  roles?: boolean;
  /** Locale setting (BCP 47): how numeric dates are written, whose holidays count. Default en-US. */
  locale?: string;
}

export interface Extraction {
  /** The question as typed. */
  original: string;
  /** After spelling normalisation (abbreviations, typos, numeric dates), mapped to `original`. */
  spelled: Spelled;
  /** After number words, mapped to `spelled.text`. */
  normalized: Normalized;
  /** Maps spans of `normalized.text` to `original`. */
  toOriginal(start: number, end: number): [number, number];
  refs: Ref[];
  /** The normalized text with every reference masked out (what is left for content). */
  rest: string;
  /** The question looks ahead ("what should I…", "coming up"): year-less references are the next ones. */
  lookAhead: boolean;
  /** The question asks what usually happens ("usually", "tend to"): named days recur. */
  habitual: boolean;
}

// ---- vocabulary

const SNOUN_SING = '(?:session|conversation|convo|discussion|chat|talk|meeting|call|exchange|dialogue|thread)';
const SNOUN = '(?:sessions?|conversations?|convos?|discussions?|chats?|talks?|meetings?|calls?|exchanges?|dialogues?|threads?)';
const SNOUN_PLURAL = '(?:sessions|conversations|convos|discussions|chats|talks|meetings|calls|exchanges)';
const MNOUN = '(?:responses?|messages?|turns?|replies|reply|utterances?|lines?)';
const TALKED = '(?:talked|spoke|spoken|chatted|met|discussed|had\\s+a\\s+(?:chat|talk|conversation|discussion|session))';
const SNOUN_OR_TIME = `(?:${SNOUN}|time(?:s)?(?:\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED})?)`;
const ORD = '(\\d{1,3})(?:st|nd|rd|th)';
const ORD_NC = '\\d{1,3}(?:st|nd|rd|th)';
const NUM = '(\\d{1,4})';
const COUNT = '(\\d{1,4}|an?|one|several|a\\s+couple\\s+of|a\\s+couple|couple\\s+of|a\\s+few|few)';
const UNIT = '(day|week|fortnight|month|year)s?';
const TO = '(?:and|to|through|thru|till|until|up\\s+to|-|–|—)';
const RANGE_WORD = '(?:to|through|thru|till|until|up\\s+to|-|–|—)';
const WEEKDAY_RE = `(${DAY_PATTERN})`;
const MONTH_WORDS = MONTH_NAMES.map((m) => m.toLowerCase());
const MONTH_ALT = `(${MONTH_PATTERN})\\.?`;
const YEAR = '((?:19|20)\\d\\d)';
const PREPOSITION = /(?:^|\s)(on|in|at|during|over|from|between|since|before|after|across|throughout|within|for|by|until|till|of)\s+$/i;
/** Month names that are also common words: read as months only with a date around them. */
/** A month's name or abbreviation anywhere, even inside a word (a test that must not miss one). */
const MAY_NAME_A_MONTH = new RegExp(`(?:${MONTH_PATTERN})`, 'i');
const AMBIGUOUS_MONTHS = new Set(['may', 'march', 'mar', 'jan']);
const TIME_WORD = new RegExp(`^(?:${MONTH_PATTERN}|${DAY_PATTERN}|days?|weeks?|months?|years?|weekends?|nights?|mornings?|afternoons?|evenings?|eve|summer|spring|fall|autumn|winter|christmas|easter|halloween|thanksgiving|new|year's|valentine's|valentines)$`, 'i');

const PART_OF_DAY: Record<string, [string, string]> = {
  // Boundaries overlap by an hour: people are loose about them ("this morning" at 12:30).
  morning: ['00:00:00', '12:59:59'],
  afternoon: ['12:00:00', '18:59:59'],
  evening: ['17:00:00', '23:59:59'],
  night: ['18:00:00', '23:59:59'],
  noon: ['11:00:00', '13:59:59'],
  midday: ['11:00:00', '13:59:59'],
  lunchtime: ['11:00:00', '13:59:59'],
};

const SEASONS: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 };
const WEEKDAYS: DayName[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/**
 * Regular expressions built once: a tagged template (gi`…`) keeps the compiled expression per
 * call site and interpolated values, so no pattern is rebuilt or re-hashed per question.
 */
type Tag = (strings: TemplateStringsArray, ...values: unknown[]) => RegExp;
function tagFor(flags: string): Tag {
  const cache = new WeakMap<TemplateStringsArray, { values: unknown[]; rx: RegExp }[]>();
  return (strings, ...values) => {
    let list = cache.get(strings);
    if (!list) cache.set(strings, (list = []));
    // (plain loops: this runs for every pattern of every reading)
    for (let k = 0; k < list.length; k++) {
      const e = list[k];
      let same = e.values.length === values.length;
      for (let i = 0; same && i < values.length; i++) same = e.values[i] === values[i];
      if (same) {
        e.rx.lastIndex = 0;
        return e.rx;
      }
    }
    const rx = new RegExp(strings.reduce((acc, part, i) => acc + part + (i < values.length ? String(values[i]) : ''), ''), flags);
    list.push({ values, rx });
    return rx;
  };
}
/** Global, case-insensitive (scans). */
const gi = tagFor('gi');
/** Global, case-insensitive, Unicode classes. */
const giu = tagFor('giu');
/** Global, case-sensitive, Unicode classes. */
const gu = tagFor('gu');
/** Case-insensitive tests. */
const ci = tagFor('i');

/** Words after a time that show it is not a noun's modifier ("July 4th we…", "Halloween night", "Christmas chat"). */
// "one" after a time stands for a chat ("the Easter one", "the July one")
const NOT_A_NOUN = /^(?:before|after|of|last|this|next|ago|so|far|on|onwards?|to|through|thru|till|until|and|or|but|morning|afternoon|evening|night|eve|day|week|weekend|month|year|times?|ones?)$/i;

/** The word right after a span is a noun the time modifies ("a July 4th recipe", "the Thanksgiving menu"). */
function modifiesNoun(after: string): boolean {
  const next = /^\s+([a-z]+)\b/.exec(after)?.[1];
  if (!next) return false;
  return !STOP_WORDS.has(next) && !NOT_A_NOUN.test(next) && !ci`^${SNOUN}$`.test(next) && !/^(?:what|which|who|how|did|do|does|was|were|we|i|you|please|pls)$/.test(next);
}

/** Minutes since midnight of a clock 'HH:MM[:SS]'. */
function minutesOf(clockTime: string): number {
  // (the last one kept: every reading asks it of the same now)
  if (clockTime === lastClock.text) return lastClock.minutes;
  const [h, mi] = clockTime.split(':').map(Number);
  lastClock.text = clockTime;
  lastClock.minutes = h * 60 + mi;
  return lastClock.minutes;
}
const lastClock = { text: '00:00', minutes: 0 };

const pad2 = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00`;

/** Today's weekday, the Saturday of its ISO week (may be ahead) and the Sunday before it: the same for every question of a day. */
const weeksOfDays = new Map<Ymd, { wd: number; thisSaturday: Ymd; lastSunday: Ymd }>();
function weekOf(today: Ymd): { wd: number; thisSaturday: Ymd; lastSunday: Ymd } {
  let w = weeksOfDays.get(today);
  if (!w) {
    if (weeksOfDays.size >= 64) weeksOfDays.clear();
    weeksOfDays.set(today, (w = { wd: weekdayOf(today), thisSaturday: addDays(startOfIsoWeek(today), 5), lastSunday: weekdayBefore(today, 0) }));
  }
  return w;
}

/** What `\s` matches, by character code (a match's ends are trimmed a character at a time). */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** What `[\s,.]` matches. */
function isSpaceOrStop(c: number): boolean {
  return c === 0x2c || c === 0x2e || isSpace(c);
}

// ---- the extractor

/** A position word in a session: 1-based from the start, -1 for the last ("last", "final", "closing"). */
function positionIn(word: string): number {
  return /last|final|closing/i.test(word) ? -1 : /opening|initial/i.test(word) ? 1 : ordinalValue(word.toLowerCase())!;
}

class Extractor {
  readonly refs: Ref[] = [];
  masked: string;
  /** Positions already read: a later match may not reach across them ("go over [in the first chat] last week"). */
  readonly read: Uint8Array;
  readonly holidays: HolidayCalendar;
  /** The reading used now (today, the time, the memory's dates): false, it is the same under any now (see extractRefs). */
  usedNow = false;
  private readonly now: string;
  /** The context as the readers see it: what depends on now is read through getters that note it. */
  readonly ctx: GrammarContext;
  /** The text has only ASCII characters (masking keeps it so): case-insensitive literals can be tested in lower case. */
  readonly ascii: boolean;
  private lower: string | null = null;

  constructor(
    readonly n: Normalized,
    readonly toOriginal: (start: number, end: number) => [number, number],
    readonly original: string,
    ctx: GrammarContext,
    readonly lookAhead: boolean,
    readonly habitual: boolean,
  ) {
    this.masked = n.text;
    this.read = new Uint8Array(n.text.length);
    this.now = ctx.now;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.ctx = {
      speakers: ctx.speakers,
      roles: ctx.roles,
      locale: ctx.locale,
      get now() {
        self.usedNow = true;
        return ctx.now;
      },
      get hasData() {
        self.usedNow = true;
        return ctx.hasData;
      },
    };
    this.holidays = holidayCalendar(localeInfo(ctx.locale).country);
    this.ascii = !/[^\x00-\x7f]/.test(n.text);
  }

  /** Set while a reader that took now before its scans (`nowDay`, the minutes of now) runs. */
  private handlersTakeNow = false;

  /** Runs a reader that takes now before its scans and uses it only in their handlers: a handler that runs notes now. */
  private takingNow(reader: () => void): void {
    this.handlersTakeNow = true;
    try {
      reader.call(this);
    } finally {
      this.handlersTakeNow = false;
    }
  }

  /** Runs a global regex over the unmasked text; the handler returns a ref (or null to skip). */
  scan(rx: RegExp, handler: (m: RegExpExecArray) => RefInit | RefInit[] | null): void {
    // most patterns name words the question does not have: those are not run
    if (!mayMatch(rx, this.masked, this.lowerMasked(), this.ascii)) return;
    rx.lastIndex = 0;
    let m: RegExpExecArray | null;
    const found: { start: number; end: number; refs: RefInit[] }[] = [];
    while ((m = rx.exec(this.masked))) {
      if (m[0].length === 0) {
        rx.lastIndex++;
        continue;
      }
      // a handler of a reader that took now before its scans uses it (see takingNow)
      if (this.handlersTakeNow) this.usedNow = true;
      const r = handler(m);
      if (!r) continue;
      // trim leading/trailing spaces of the match
      let start = m.index;
      let end = m.index + m[0].length;
      while (start < end && isSpace(this.masked.charCodeAt(start))) start++;
      while (end > start && isSpaceOrStop(this.masked.charCodeAt(end - 1))) end--;
      if (this.anyRead(start, end)) continue;
      found.push({ start, end, refs: Array.isArray(r) ? r : [r] });
    }
    for (const f of found) this.add(f.start, f.end, f.refs);
  }

  add(start: number, end: number, refs: RefInit[]): void {
    // a preposition just before the reference belongs to it ("on May 8th", "in our first session")
    const before = this.masked.slice(0, start);
    const prep = PREPOSITION.exec(before);
    const prepLength = prep ? prep[0].replace(/^\s/, '').length : 0;
    // not across words already read ("go over [in the first chat] last week")
    if (prep && !/^(?:since|before|after|until|till)$/i.test(prep[1]) && !refs.some((r) => r.kind === 'notTime') && !this.anyRead(start - prepLength, start)) start -= prepLength;
    const text = this.quote(start, end);
    for (const r of refs) this.refs.push({ ...r, start, end, text } as Ref);
    this.masked = this.masked.slice(0, start) + ' '.repeat(end - start) + this.masked.slice(end);
    this.lower = null;
    this.read.fill(1, start, end);
  }

  get today(): Ymd {
    this.usedNow = true;
    return this.now.slice(0, 10);
  }

  /**
   * Today, not noted as used: for the readers that take it before their scans and use it only
   * in the scans' handlers (run through takingNow: a handler that runs notes now).
   */
  get nowDay(): Ymd {
    return this.now.slice(0, 10);
  }

  get nowTime(): string {
    this.usedNow = true;
    return this.now.slice(11, 19) || '23:59:59';
  }

  /** Whether a position in [start, end) was read already (a loop: this runs for every match). */
  anyRead(start: number, end: number): boolean {
    for (let i = Math.max(0, start); i < end; i++) if (this.read[i] === 1) return true;
    return false;
  }

  /** The masked text in lower case (for the patterns' required literals), kept until the next mask. */
  lowerMasked(): string {
    return (this.lower ??= this.masked.toLowerCase());
  }

  quote(start: number, end: number): string {
    const [os, oe] = this.toOriginal(start, end);
    return this.original.slice(os, oe);
  }

  dates(ranges: DateRange[], unit: DateUnit, relative: boolean): RefInit {
    const future = ranges.every(([from]) => from > this.today);
    return { kind: 'dates', ranges, unit, relative, ...(future ? { future } : {}) };
  }

  /**
   * A single day people name loosely: when we did not talk that day, the day before (elapsed
   * days are counted down: "6 days ago" for 6 days and 20 hours), else the day after.
   */
  nearestDay(day: Ymd): { day: Ymd; note?: string; asked?: Ymd } {
    const has = this.ctx.hasData;
    if (!has || has(day, day) || day > this.today) return { day };
    const before = addDays(day, -1);
    if (has(before, before)) return { day: before, note: `no conversation on ${day}: the day before`, asked: day };
    const after = addDays(day, 1);
    if (after <= this.today && has(after, after)) return { day: after, note: `no conversation on ${day}: the day after`, asked: day };
    return { day };
  }

  /**
   * The year of a year-less (month, day): the most recent one (≤ today) preferring one that
   * holds conversations; in a question that looks ahead, the next one (≥ today).
   */
  yearFor(m: number, d?: number, dTo?: number): number {
    const { y: ty } = parts(this.today);
    if (this.lookAhead) {
      for (let y = ty; y <= ty + 1; y++) {
        const last = d ? (isValidDate(y, m, dTo ?? d) ? ymd(y, m, dTo ?? d) : null) : ymd(y, m, daysInMonth(y, m));
        if (last && last >= this.today) return y;
      }
    }
    // the latest year (of the last thirty) not after today in which the memory has that date,
    // else the latest year not after today; years are tried from today back, and stop at the first
    let latest: number | null = null;
    const has = this.ctx.hasData;
    for (let y = ty; y >= ty - 30; y--) {
      const from = d ? (isValidDate(y, m, d) ? ymd(y, m, d) : null) : ymd(y, m, 1);
      if (!from || from > this.today) continue;
      latest ??= y;
      if (!has) break;
      if (has(from, d ? ymd(y, m, dTo ?? d) : ymd(y, m, daysInMonth(y, m)))) return y;
    }
    return latest ?? ty;
  }

  /** "last year", "this year", "2025", "'25" after a month or holiday: its year. */
  yearQualifier(text: string | undefined): number | null {
    if (!text) return null;
    const t = text.toLowerCase().replace(/\s+/g, ' ').trim();
    const { y } = parts(this.today);
    if (/^\d{4}$/.test(t)) return +t;
    if (/^'\d\d$/.test(t)) return 2000 + +t.slice(1);
    if (/(?:last|previous|past) year$|the year before$/.test(t)) return y - 1;
    if (/(?:this|current) year$/.test(t)) return y;
    if (/next year$/.test(t)) return y + 1;
    if (/year before last$/.test(t)) return y - 2;
    return null;
  }

  run(): void {
    this.notTime();
    this.sideTurnPositions();
    this.speakersAndRoles();
    this.holidayNames();
    this.responsesInSessions();
    this.sessions();
    this.responses();
    this.takingNow(this.hours);
    this.partsOfDayOf();
    this.takingNow(this.weekdaysOfWeeks);
    this.positionsInPeriods();
    this.takingNow(this.quarters);
    this.months();
    this.vague();
    this.takingNow(this.relativeDays);
    this.takingNow(this.relativeUnits);
    this.takingNow(this.weekends);
    this.takingNow(this.weekdays);
    this.takingNow(this.seasons);
    this.dayOfMonth();
    this.absoluteDates();
    this.years();
    this.partsOfDay();
    this.refs.sort((a, b) => a.start - b.start);
    this.joinSpans();
    this.boundaries();
  }

  // ---- time words that are not references

  notTime(): void {
    const lex = lexicon();
    const notTime = (why: string): RefInit => ({ kind: 'notTime', why, relative: false });
    // fixed phrases: "good morning", "9 to 5", "24/7"
    this.scan(lex.notTimePhrases, () => notTime('a fixed phrase'));
    // a title inside the sentence: "March Madness", "Sunday Night Football", "Last Christmas"
    // (a run of capitalised words holding a time word and a word that is not one, or a word
    // that is only capitalised in a name); not when the whole question is in title case
    const tokens = this.masked.match(/[A-Za-z][\w']*/g) ?? [];
    const titleCase = tokens.length > 3 && tokens.filter((w) => /^[A-Z]/.test(w)).length / tokens.length > 0.6;
    if (!titleCase) {
      // small words may join a title's capitalised words: "The Last of Us", "Tuesdays with Morrie"
      this.scan(gu`(?<=[\\p{L}\\p{N},;]\\s+)(?:[A-Z][\\w']*)(?:\\s+(?:(?:of|with|and|the|a)\\s+)?[A-Z][\\w']*)+`, (m) => {
        const words = m[0].split(/\s+/).filter((w) => /^[A-Z]/.test(w));
        if (!words.some((w) => TIME_WORD.test(w) || TIME_WORD.test(w.replace(/s$/, '')) || /^(?:last|next|first)$/i.test(w))) return null;
        if (this.holidays.holidayOf(m[0]) || this.holidays.periodOf(m[0])) return null;
        if ((this.ctx.speakers ?? []).some((s) => words.includes(s))) return null;
        const lowerOnly = /^(?:last|next|this|night|morning|afternoon|evening)$/i;
        const other = words.some((w) => !TIME_WORD.test(w) && !TIME_WORD.test(w.replace(/s$/, '')) && !/^\d/.test(w) && !lowerOnly.test(w) && !STOP_WORDS.has(w.toLowerCase()));
        if (!other && !words.some((w) => lowerOnly.test(w))) return null;
        return notTime('a name');
      });
    }
    // a time that dates another event: "a cat born in May", "the baby is due in March"
    this.scan(gi`\\b${lex.participles}\\s+(?:in|on|during|by|before|after|since|around|last|this|next)\\s+(?:(?:early|late|mid|the)[\\s-]+)?(?:(?:${MONTH_PATTERN})\\b(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?|\\d{4}|(?:${DAY_PATTERN})\\b|(?:week|month|year|summer|spring|fall|autumn|winter)\\b)`, () => notTime('dates another event'));
    // a time word used as a noun's modifier: "the Monday blues", "a Sunday roast", "the summer reading challenge"
    this.scan(gi`\\b(?:the|a|an|my|his|her|their|your|that|those|our)\\s+(${MONTH_PATTERN}|${DAY_PATTERN}|summer|spring|autumn|winter|fall)\\s+([a-z]+)\\b`, (m) => {
      const next = m[2].toLowerCase();
      if (STOP_WORDS.has(next) || TIME_WORD.test(next) || ci`^${SNOUN}$`.test(next) || NOT_A_NOUN.test(next)) return null;
      if (/^\d/.test(next)) return null;
      return notTime('a modifier of a noun');
    });
    // a season or part of the day naming an event or a thing: "the fall of Rome", "the spring of my discontent", "the afternoon light"
    this.scan(gi`\\bthe\\s+(?:fall|spring|summer|autumn|winter)\\s+of\\s+(?!(?:19|20)\\d\\d|'\\d\\d|last|this|next|that|the\\s+(?:year|previous))[a-z]+`, () => notTime('names an event'));
    this.scan(gi`\\b(?:the|a|an|my|that|this)\\s+(?:morning|afternoon|evening)\\s+([a-z]+)\\b`, (m) => {
      const next = m[1].toLowerCase();
      if (STOP_WORDS.has(next) || TIME_WORD.test(next) || ci`^${SNOUN}$`.test(next) || NOT_A_NOUN.test(next) || /^(?:we|i|you|yesterday|today|tomorrow|tonight)$/.test(next)) return null;
      return notTime('a modifier of a noun');
    });
    // "the march for science", "may I ask": month words that are also common words
    this.scan(gi`\\bthe\\s+(march|may)\\b(?!\\s*\\d|\\s+(?:of\\s+)?(?:19|20)\\d\\d)`, () => notTime('a common word'));
    this.scan(gi`\\b(may|march)\\s+(?=(?:i|we|you|he|she|they|it)\\b)`, (m) => (/\b(?:in|during|since|until|till|of|from|early|late|mid|before|after|by|through)\s+$/i.test(this.masked.slice(0, m.index)) ? null : notTime('a common word')));
    // "on a rainy afternoon": any afternoon, not one of ours
    this.scan(gi`\\b(?:a|an)\\s+(?!(?:few|couple|several|week|month|day|year|hour)\\b)(?:[a-z]+\\s+){1,2}?(?:(?:${DAY_PATTERN})(?:\\s+(?:morning|afternoon|evening|night))?|morning|afternoon|evening|night|day|weekend)\\b`, () => notTime('any such time'));
    this.scan(gi`\\b(?:a|an|any)\\s+(?:${DAY_PATTERN})\\b(?!\\s+(?:morning|afternoon|evening|night)s?\\b)`, () => notTime('any such day'));
    // fractions and other numbers with a slash left after normalisation: "3/4 of the recipe", "1/2 cup"
    this.scan(gi`(?<![\\d/])\\d{1,3}/\\d{1,3}(?:/\\d{2,4})?(?![\\d/])`, () => notTime('a fraction'));
  }

  // ---- speakers and roles

  speakersAndRoles(): void {
    for (const name of this.ctx.speakers ?? []) {
      const trimmed = name.trim();
      if (trimmed.length < 2) continue;
      const esc = escapeRegExp(trimmed);
      const isMonth = MONTH_WORDS.includes(trimmed.toLowerCase());
      this.scan(giu`(?<![\\p{L}\\p{N}])${esc}(?:'s|’s)?(?![\\p{L}\\p{N}])`, (m) => {
        if (isMonth) {
          const before = this.masked.slice(0, m.index);
          const after = this.masked.slice(m.index + m[0].length);
          if (/(?:in|on|during|since|of|until|before|after|early|late|mid)\s+$/i.test(before) || /^\s*\d/.test(after)) return null;
        }
        return { kind: 'speaker', name, relative: false };
      });
    }
    if (this.ctx.roles) {
      const lex = lexicon();
      const user = (): RefInit => ({ kind: 'role', role: 'user', relative: false });
      const assistant = (): RefInit => ({ kind: 'role', role: 'assistant', relative: false });
      // "did I ask", "have you ever said", "do I typically ask" (the present only with a habit: "how do I say…" asks how)
      const adverb = `(?:(?:did|have|had)\\s+(?:i|you)\\s+(?:(?:ever|first|just|also|really|usually|typically|often|always)\\s+)?|do\\s+(?:i|you)\\s+(?:usually|typically|generally|normally|often|always|mostly)\\s+)`;
      this.scan(gi`\\b(?=\\w+\\s+i\\b)${adverb}(?:say|said|ask|asked|tell|told|write|wrote|mention|mentioned|share|shared)\\b`, user);
      this.scan(gi`\\b(?=\\w+\\s+you\\b)${adverb}(?:say|said|tell|told|suggest|suggested|recommend|recommended|answer|answered|reply|replied|write|wrote|explain|explained)\\b`, assistant);
      // "your answers", "my questions", "everything I said", "what you told me"
      this.scan(gi`\\b(your|my)\\s+(?:own\\s+)?${lex.roleTurnNouns}\\b`, (m) => (m[1].toLowerCase() === 'my' ? user() : assistant()));
      this.scan(gi`\\b(?:everything|all|what|anything|things)\\s+(i|you)\\s+(?:ever\\s+|just\\s+)?${lex.roleSpeechVerbs}\\b`, (m) => (m[1].toLowerCase() === 'i' ? user() : assistant()));
    }
  }

  // ---- holidays ("on Christmas", "NYE", "our Halloween conversation", "over the holidays")

  holidayNames(): void {
    const hol = this.holidays;
    const qualifier = `(?:,?\\s+(?:of\\s+)?((?:19|20)\\d\\d|(?:last|this|next|the\\s+previous)\\s+year))?`;
    const part = `(?:\\s+(morning|afternoon|evening|night))?`;
    const context = /(?:\b(?:on|at|over|during|for|since|before|after|until|till|around|by|from|through|between|and|to|thru|of|last|this|next|the)\s+$|^\s*$)/i;
    this.scan(giu`\\b(?:(last|this|next)\\s+)?(${hol.pattern})${part}${qualifier}(?![\\p{L}\\p{N}])`, (m) => {
      const words = m[2];
      const before = this.masked.slice(0, m.index);
      const after = this.masked.slice(m.index + m[0].length);
      const period = hol.periodOf(words);
      // a holiday dates the question with a date word before it, a chat noun after it, or at the start ("Labor Day - …")
      if (!m[4] && !m[3] && modifiesNoun(after)) return { kind: 'notTime', why: 'a modifier of a noun', relative: false }; // "the Thanksgiving menu"
      const dated = !!m[1] || !!m[4] || !!m[3] || period || context.test(before) || ci`^\\s*'?s?\\s*(?:${SNOUN}|ones?\\b)`.test(after) || (/^\s*$/.test(before) && /^\s*[-–—:,]/.test(after));
      if (!dated) return null;
      const { y } = parts(this.today);
      const explicit = m[4] ? this.yearQualifier(m[4]) : null;
      const which = (m[1] ?? '').toLowerCase();
      let range: DateRange | null = null;
      const dayIn = (name: string, yy: number) => hol.dayOf(name, yy);
      if (period) {
        // the latest such period that has begun (the next one when the question looks ahead)
        const spanFrom = (yy: number): DateRange | null => {
          const a = dayIn(period.from, yy);
          if (!a) return null;
          for (const z of [yy, yy + 1]) {
            const b = dayIn(period.to, z);
            if (b && b >= a) return [a, b];
          }
          return null;
        };
        for (let yy = explicit ?? (this.lookAhead ? y : y); yy >= y - 30 && !range; yy--) {
          const r = spanFrom(yy);
          if (r && (explicit || this.lookAhead ? true : r[0] <= this.today)) range = r;
        }
      } else {
        const name = hol.holidayOf(words)!;
        let yy: number | null = explicit;
        if (yy === null && which === 'this') yy = y;
        if (yy === null && which === 'next') {
          const d = dayIn(name, y);
          yy = d && d >= this.today ? y : y + 1;
        }
        if (yy === null) {
          if (this.lookAhead) {
            const d = dayIn(name, y);
            yy = d && d >= this.today ? y : y + 1;
          } else {
            // the latest one that has passed, preferring one we talked on
            const past: Ymd[] = [];
            for (let z = y; z >= y - 30; z--) {
              const d = dayIn(name, z);
              if (d && d <= this.today) past.push(d);
            }
            const has = this.ctx.hasData;
            let pick = past.find((d) => !has || has(d, d)) ?? past[0];
            if (which === 'last' && pick) pick = past[past.indexOf(pick) + (past[0] === this.today ? 1 : 0)] ?? pick;
            if (pick) range = [pick, pick];
          }
        }
        if (!range && yy !== null) {
          const d = dayIn(name, yy);
          if (d) range = [d, d];
        }
      }
      if (!range) return null;
      // a holiday is anchored to the calendar like a date; only "last/this/next Christmas" counts from now
      const ref = { ...this.dates([range], range[0] === range[1] ? 'day' : 'span', !!m[1] && !explicit), reading: hol.holidayOf(words) ?? words } as RefInit;
      if (!m[3]) return ref;
      const key = m[3].toLowerCase();
      return [ref, { kind: 'timeOfDay', from: PART_OF_DAY[key][0], to: PART_OF_DAY[key][1], label: key, relative: false }];
    });
  }

  // ---- sessions

  sessions(): void {
    const sess = (sel: SessionSel, relative: boolean) => ({ kind: 'session' as const, sel, relative });
    const lastWord = '(?:last|latest|most\\s+recent|previous|prior|final|past)';
    const firstWord = '(?:1st|earliest|initial|opening|very\\s+1st)';
    // positions as tokens, in a coordination with their noun: "the 2nd, 3rd and 4th sessions",
    // "between our 3rd and 6th conversations", "the 9th through the 10th one", "the 1st through 3rd one"
    this.scan(
      gi`\\b(between\\s+|from\\s+)?(?:our\\s+|the\\s+|in\\s+)?(?:${ORD_NC})(?:\\s*(?:${SNOUN}\\s*)?(?:,\\s*(?:and\\s+)?|\\s+(?:and|or|&)\\s+|\\s*${RANGE_WORD}\\s*)(?:the\\s+|our\\s+)?${ORD_NC})+\\s+(${SNOUN}|ones?)\\b`,
      (m) => {
        const values = [...m[0].matchAll(/(\d{1,3})(?:st|nd|rd|th)/g)].map((x) => +x[1]);
        const ranged = ci`(?:^|\\s)${RANGE_WORD}(?:\\s|$)|\\d(?:st|nd|rd|th)\\s*[-–—]`.test(m[0]) || (!!m[1] && values.length === 2);
        if (ranged) return sess({ t: 'index', from: values[0], to: values[values.length - 1] }, false);
        return sess({ t: 'list', values }, false);
      },
    );
    // "sessions 1 through 3", "between session 3 and session 6", "conversations 3-6", "chats five and six"
    this.scan(gi`\\b(?:between\\s+|from\\s+)?${SNOUN}\\s+(?:number\\s+|no\\.?\\s*|#)?${NUM}\\s*(${TO}|,)\\s*(?:${SNOUN}\\s+)?(?:number\\s+|no\\.?\\s*|#)?${NUM}\\b(?!\\s*(?:${UNIT}|${SNOUN}))`, (m) =>
      /^(?:and|,)$/i.test(m[2]) && !/^between/i.test(m[0]) ? sess({ t: 'list', values: [+m[1], +m[3]] }, false) : sess({ t: 'index', from: +m[1], to: +m[3] }, false),
    );
    // "our recent conversations": the last few
    this.scan(gi`\\b(?:our\\s+|the\\s+|my\\s+)?recent\\s+${SNOUN_PLURAL}\\b`, () => ({ kind: 'recent', what: 'recently', relative: true }));
    // "our last three conversations", "the past 2 sessions", "the first 3 chats"
    this.scan(gi`\\b(?:our\\s+|the\\s+|my\\s+)?(${lastWord}|${firstWord}|1st)\\s+${COUNT}\\s+(?:${SNOUN}|times\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED})`, (m) => {
      const n = quantityValue(m[2]);
      if (!n) return null;
      return /1st|earliest|initial|opening/i.test(m[1]) ? sess({ t: 'firstN', n }, false) : sess({ t: 'ago', from: n, to: 1 }, true);
    });
    // "2 sessions ago", "one session back", "go back 5 sessions"
    this.scan(gi`\\b${COUNT}\\s+${SNOUN}\\s+(?:ago|back|before\\s+(?:this|now)|earlier(?!\\s+(?:today|this|in|on|that|tonight)))\\b`, (m) => {
      const n = quantityValue(m[1]);
      return n ? sess({ t: 'ago', from: n, to: n }, true) : null;
    });
    this.scan(gi`\\bgo(?:ing)?\\s+back\\s+${COUNT}\\s+${SNOUN}\\b`, (m) => {
      const n = quantityValue(m[1]);
      return n ? sess({ t: 'ago', from: n, to: n }, true) : null;
    });
    // "the session before last", "the one before the last one", "the chat before the previous one"
    this.scan(gi`\\b(?:the\\s+)?(?:${SNOUN}|one|time)\\s+before\\s+(?:the\\s+|our\\s+)?(?:last|previous|latest|most\\s+recent)(?:\\s+(?:one|${SNOUN}|time))?\\b`, () =>
      sess({ t: 'ago', from: 2, to: 2 }, true),
    );
    // "our second-to-last chat", "the 3rd from last session", "the penultimate conversation", "last but one"
    this.scan(gi`\\b(?:the\\s+|our\\s+)?${ORD}[\\s-]*(?:to|from)[\\s-]*(?:the\\s+)?last\\s*(?:${SNOUN_OR_TIME}|one)?`, (m) =>
      sess({ t: 'ago', from: +m[1], to: +m[1] }, true),
    );
    this.scan(gi`\\b(?:the\\s+|our\\s+)?(?:penultimate|next[\\s-]+to[\\s-]+last)\\s*(?:${SNOUN_OR_TIME}|one)?`, () => sess({ t: 'ago', from: 2, to: 2 }, true));
    this.scan(gi`\\b(?:the\\s+|our\\s+)?last\\s+(?:${SNOUN}\\s+)?but\\s+(?:1|one)\\b`, () => sess({ t: 'ago', from: 2, to: 2 }, true));
    // a shift anchored inside the question: "the session after our 9th (one)", "two chats before our 20th",
    // "the one just after our Valentine's Day one", "the chat before the Nov 2 one": the shift counts sessions from the anchor
    const SHIFT_HEAD = `(?:the\\s+)?(?:${COUNT}\\s+)?(?:one|${SNOUN})\\s+(?:(?:that\\s+|which\\s+)?(?:came|comes|was|happened|took\\s+place)\\s+)?(?:right\\s+|just\\s+|immediately\\s+)?(before|after|prior\\s+to|following)\\s+`;
    this.scan(gi`\\b${SHIFT_HEAD}(?:our|the|my)\\s+(?:very\\s+)?${ORD}(?:\\s+(?:one|${SNOUN}))?\\b`, (m) => {
      const n = m[1] ? (quantityValue(m[1]) ?? 1) : 1;
      const k = +m[3];
      return [sess({ t: 'index', from: k, to: k }, false), { kind: 'shift', unit: 'session', delta: /after|following/i.test(m[2]) ? n : -n, relative: false }];
    });
    this.scan(gi`\\b${SHIFT_HEAD}(?=(?:our|the|my)\\s+(?:[\\w'.,]+\\s+){0,3}(?:one|${SNOUN})\\b)`, (m) => {
      const n = m[1] ? (quantityValue(m[1]) ?? 1) : 1;
      return { kind: 'shift', unit: 'session', delta: /after|following/i.test(m[2]) ? n : -n, relative: false };
    });
    // shifts: "the one before that", "the chat after that", "two sessions before that", "the session before the one on Oct 17"
    this.scan(gi`\\b(?:the\\s+|and\\s+)?(?:${COUNT}\\s+)?(one|${SNOUN}|time|day|week|month|year|weekend|${DAY_PATTERN})s?\\s+(?:right\\s+|just\\s+)?(before|after|prior\\s+to|following)\\s+(?:that|this|it|then|the\\s+one(?=\\s+(?:on|from|in|of)\\b|\\s{3,}))(?:\\s+(?:one|${SNOUN}))?\\b`, (m) => {
      const n = m[1] ? (quantityValue(m[1]) ?? 1) : 1;
      return this.shift(m[2], /after|following/i.test(m[3]) ? n : -n);
    });
    // "and before that?", "what about after that": a shift of whatever is carried, by its own unit
    this.scan(gi`\\b(?:(?:right|just|immediately)\\s+)?(before|after)\\s+(?:that|then)\\b(?=\\s*(?:[?.!,(]|$))`, (m) => this.shift('one', /after/i.test(m[1]) ? 1 : -1));
    this.scan(gi`\\b(?:the\\s+)?(day|week|month|year|weekend)\\s+(before|after|prior)(?:\\s+(?:that|then|it))?\\b(?!\\s+(?:yesterday|tomorrow|last|next|our|\\d))`, (m) => this.shift(m[1], /after/i.test(m[2]) ? 1 : -1));
    this.scan(gi`\\bthe\\s+(next|following|previous|preceding)\\s+(day|week|month|year|weekend|one|${SNOUN_SING})\\b`, (m) => this.shift(m[2], /next|following/i.test(m[1]) ? 1 : -1));
    this.scan(gi`\\b(?:the\\s+)?(one|${SNOUN}|${DAY_PATTERN})\\s+(?:right\\s+)?(before|after)\\s*(?=[?.!,(]|$)`, (m) => this.shift(m[1], /after/i.test(m[2]) ? 1 : -1));
    this.scan(gi`\\b(?:(?:our|the|my)\\s+next\\s+(?:${SNOUN_SING}|one|time)|next\\s+time)\\b`, () => this.shift('session', 1));
    this.scan(gi`\\b(later|earlier)\\s+(?:on\\s+)?(?:in\\s+)?that\\s+(day|week|month|year)\\b`, (m) => ({ kind: 'shift', unit: m[2].toLowerCase() as ShiftUnit, delta: 0, rest: m[1].toLowerCase() as 'later', relative: true }));
    // "the first of our two chats on January 14th", "the last one last week": a position in a period
    this.scan(gi`\\bthe\\s+(${ORD_NC}|last|final)\\s+(?:of\\s+(?:our|the)\\s+(?:${COUNT}\\s+)?${SNOUN}|one(?=\\s+(?:in|on|of|during|from|last|this|that)\\b))`, (m) => {
      const w = m[1].toLowerCase();
      return /last|final/.test(w) ? { ...sess({ t: 'ago', from: 1, to: 1 }, true), inPeriod: true } : { ...sess({ t: 'index', from: ordinalValue(w)!, to: ordinalValue(w)! }, false), inPeriod: true };
    });
    // Nth session: "our 5th session", "the first time we talked", "in our 1st discussion"
    this.scan(gi`\\b(?:our|the|in|my|during|from)\\s+(?:very\\s+)?(?:${ORD}|${firstWord})\\s+(?:${SNOUN}|time\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED}|one\\s+we\\s+had)`, (m) => {
      const k = m[1] ? +m[1] : 1;
      return sess({ t: 'index', from: k, to: k }, false);
    });
    // "the 13th one", "the second one": the Nth of the sessions just named, else the Nth session
    this.scan(gi`\\b(?:the|our)\\s+(?:very\\s+)?${ORD}\\s+ones?\\b`, (m) => ({ ...sess({ t: 'index', from: +m[1], to: +m[1] }, false), nthOfSet: +m[1] }));
    // "last session", "our last discussion", "last time", "the last time we talked", "the previous conversation"
    this.scan(gi`\\b(?:our\\s+|the\\s+|my\\s+|in\\s+the\\s+|in\\s+our\\s+)?(?:very\\s+)?${lastWord}\\s+(?:${SNOUN_OR_TIME})(?![\\s-]*(?:to|from)[\\s-]*last)`, (m) => {
      if (/\bpast\b/i.test(m[0]) && !ci`${SNOUN}`.test(m[0])) return null; // "past times"
      return sess({ t: 'ago', from: 1, to: 1 }, true);
    });
    this.scan(gi`\\b(?:our\\s+|the\\s+|my\\s+)?most\\s+recent\\s+${SNOUN_SING}\\b`, () => sess({ t: 'ago', from: 1, to: 1 }, true));
    // "session 5", "conversation #3", "in session 30", "message ... number"
    this.scan(gi`\\b${SNOUN}\\s+(?:number\\s+|no\\.?\\s*|#)?${NUM}\\b(?!\\s*(?:${UNIT}|${SNOUN}|[:/.]\\d|(?:st|nd|rd|th)\\b))`, (m) =>
      sess({ t: 'index', from: +m[1], to: +m[1] }, false),
    );
  }

  /** A shift by a noun: "one" keeps the unit of what it shifts, a day name moves to that weekday. */
  shift(noun: string, delta: number): RefInit {
    const w = noun.toLowerCase().replace(/s$/, '');
    const day = dayNameOf(w);
    if (day && !/^(?:day|week|month|year|weekend)$/.test(w)) return { kind: 'shift', unit: 'weekday', day: DAY_NAMES.indexOf(day), delta, relative: true };
    const unit: ShiftUnit = w === 'one' ? 'same' : /^(?:day|week|month|year|weekend)$/.test(w) ? (w as ShiftUnit) : 'session';
    return { kind: 'shift', unit, delta, relative: true };
  }

  // ---- responses

  /**
   * "what did I ask you first?", "what did you say last?", "my first question", "your last
   * answer": a position among one side's turns, read before the speakers and roles (whose "did I
   * ask" and "my questions" would take the span first).
   */
  sideTurnPositions(): void {
    // not "last week", "first thing in the morning": the position ends the clause
    this.scan(gi`\\bwhat\\s+did\\s+(i|you)\\s+(?:say|ask|write|type|tell|mention|answer|reply)(?:\\s+(?:to\\s+)?(?:you|me))?\\s+(${ORD_NC}|last)\\b(?=\\s*(?:[?.!,;]|$|(?:in|on|during|today|yesterday|this|that)\\b))`, (m) =>
      this.turnOf(m[2], m[1]),
    );
    // "my first question", "your last answer", "my 3rd message": a position among the owner's
    // (or the assistant's) turns; not one being announced ("my first question is…", "my last question:")
    const lex = lexicon();
    this.scan(gi`\\b(my|your)\\s+(?:very\\s+)?(${ORD_NC}|last|final|opening)\\s+(?:own\\s+)?${lex.roleTurnNouns}\\b(?!\\s*(?::|(?:is|would\\s+be|will\\s+be)\\b))`, (m) =>
      this.turnOf(m[2], m[1].toLowerCase() === 'my' ? 'i' : 'you'),
    );
  }

  /** A position in a session ("1st", "last", "opening"…) among one side's turns ("I": the user's), the side only when the memory has roles. */
  private turnOf(positionWord: string, who: string): RefInit[] {
    const refs: RefInit[] = [{ kind: 'response', from: 0, to: 0, inSession: positionIn(positionWord), relative: false }];
    if (this.ctx.roles) refs.push({ kind: 'role', role: who.toLowerCase() === 'i' ? 'user' : 'assistant', relative: false });
    return refs;
  }

  /** "the first message of our last chat", "the last message in session 12": a position inside sessions. */
  responsesInSessions(): void {
    this.scan(gi`\\b(?:the\\s+)?(?:very\\s+)?(${ORD_NC}|last|final|opening|initial|closing)\\s+${MNOUN}\\s+(?=(?:of|in|from|during)\\s+\\S)`, (m) => ({
      kind: 'response',
      from: 0,
      to: 0,
      inSession: positionIn(m[1]),
      relative: false,
    }));
    // "the first thing I said in session 20", "the last thing you told me yesterday": a position and whose turn
    this.scan(gi`\\b(?:the\\s+)?(?:very\\s+)?(${ORD_NC}|last|final|opening)\\s+(?:thing|words?|question|answer|reply|response|message|suggestion|prompt)\\s+(i|you)\\s+(?:said|asked|wrote|typed|told\\s+(?:you|me)|mentioned|answered|replied)\\b`, (m) =>
      this.turnOf(m[1], m[2]),
    );
  }

  responses(): void {
    this.scan(gi`\\b${MNOUN}\\s+(?:(?:was|is)\\s+)?(?:number\\s+|no\\.?\\s*|#)?${NUM}(?:\\s*${TO}\\s*(?:number\\s+|#)?${NUM})?\\b(?!\\s*${UNIT})`, (m) => ({
      kind: 'response',
      from: +m[1],
      to: m[2] ? +m[2] : +m[1],
      relative: false,
    }));
    // "the 26th message": ordinal counting is 1-based, Response_Index is 0-based
    this.scan(gi`\\b(?:the|our|my)\\s+(?:very\\s+)?${ORD}\\s+(?:response|message|turn|reply|utterance)\\b`, (m) => ({
      kind: 'response',
      from: +m[1] - 1,
      to: +m[1] - 1,
      ordinal: +m[1],
      relative: false,
    }));
  }

  // ---- hours: "3 hours ago", "a few hours ago", "in the last 24 hours"

  hours(): void {
    // (taken before the scans, used only in their handlers: not noted here, see takingNow)
    const nowMin = minutesOf(this.now.slice(11, 19) || '23:59:59');
    const fuzzy = (w: string): [number, number] | null => (/couple/i.test(w) ? [1.5, 3.5] : /few|several/i.test(w) ? [2, 5] : null);
    const window = (fromMin: number, toMin: number, label: string): RefInit => ({ kind: 'window', from: this.wallAt(fromMin), to: this.wallAt(toMin), label, relative: true });
    this.scan(gi`\\b(?:about\\s+|around\\s+|roughly\\s+|like\\s+|approximately\\s+)?${COUNT}\\s+(and\\s+a\\s+half\\s+)?(hour|minute|min)s?\\s+(?:ago|back|earlier)\\b`, (m) => {
      const perUnit = /^h/i.test(m[3]) ? 60 : 1;
      const half = m[2] ? 0.5 : 0;
      const f = fuzzy(m[1]);
      if (f) return window(nowMin - f[1] * perUnit * 60 / 60 * (perUnit === 60 ? 1 : 1), nowMin - f[0] * perUnit, m[0]);
      const n = (quantityValue(m[1]) ?? 1) + half;
      const target = nowMin - n * perUnit;
      const slack = Math.max(perUnit === 60 ? 60 : 15, n * perUnit * 0.25);
      return window(target - slack, Math.min(nowMin, target + slack), m[0]);
    });
    this.scan(gi`\\b(?:(?:in|over|within|during|for|throughout)\\s+)?(?:the\\s+)?(?:last|past|previous)\\s+(?:${COUNT}\\s+)?(and\\s+a\\s+half\\s+)?(hour|minute|min)s?\\b`, (m) => {
      const perUnit = /^h/i.test(m[3]) ? 60 : 1;
      const f = fuzzy(m[1] ?? '');
      const n = f ? f[1] : (m[1] ? (quantityValue(m[1]) ?? 1) : 1) + (m[2] ? 0.5 : 0);
      return window(nowMin - n * perUnit, nowMin, m[0]);
    });
  }

  minutesOfNow(): number {
    return minutesOf(this.nowTime);
  }

  /** A wall clock some minutes from today's midnight (negative: days before). */
  wallAt(minutes: number): string {
    const dayOffset = Math.floor(minutes / 1440);
    const m = Math.round(minutes - dayOffset * 1440);
    return `${addDays(this.today, dayOffset)}T${clock(Math.min(m, 1439))}`;
  }

  // ---- days relative to today

  relativeDays(): void {
    const t = this.nowDay;
    const day = (d: Ymd) => this.dates([[d, d]], 'day', true);
    const part = (p: string): RefInit => ({
      kind: 'timeOfDay',
      from: PART_OF_DAY[p][0],
      to: PART_OF_DAY[p][1],
      label: p,
      relative: true,
    });
    // "a week ago today", "two weeks ago yesterday"
    this.scan(gi`\\b${COUNT}\\s+(week|fortnight)s?\\s+ago\\s+(today|yesterday)\\b`, (m) => {
      const n = (quantityValue(m[1]) ?? 1) * (/fortnight/i.test(m[2]) ? 2 : 1);
      return day(addDays(t, -7 * n - (/yesterday/i.test(m[3]) ? 1 : 0)));
    });
    // "earlier today", "earlier this morning", "earlier in the morning", "this afternoon"
    this.scan(gi`\\b(?:early\\s+)?earlier\\s+(?:on\\s+)?(?:today|(?:this|in\\s+the)\\s+(morning|afternoon|evening)|(?:this\\s+)?(?:day))\\b`, (m) => {
      const refs: RefInit[] = [day(t), { kind: 'upToNow', relative: true }];
      if (m[1]) refs.push(part(m[1].toLowerCase()));
      return refs;
    });
    this.scan(gi`\\b(?:the\\s+)?day\\s+before\\s+yesterday\\b`, () => day(addDays(t, -2)));
    this.scan(gi`\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b`, () => day(addDays(t, 2)));
    this.scan(gi`\\b(?:early\\s+|late\\s+)?(?:earlier\\s+)?(?:in\\s+the\\s+|this\\s+)?(morning|afternoon|evening)\\s+(?:of\\s+)?(yesterday|today)\\b`, (m) => [
      day(/yesterday/i.test(m[2]) ? addDays(t, -1) : t),
      part(m[1].toLowerCase()),
    ]);
    this.scan(gi`\\b(yesterday|today|tomorrow)(?:'s)?(?:\\s+(?:in\\s+the\\s+)?(morning|afternoon|evening|night))?\\b`, (m) => {
      const w = m[1].toLowerCase();
      const refs = [day(w === 'yesterday' ? addDays(t, -1) : w === 'tomorrow' ? addDays(t, 1) : t)];
      if (m[2]) refs.push(part(m[2].toLowerCase()));
      return refs;
    });
    this.scan(gi`\\blast\\s+night\\b`, () => [day(addDays(t, -1)), part('night')]);
    this.scan(gi`\\btonight\\b`, () => [day(t), part('evening')]);
    this.scan(gi`\\b(?:early\\s+|late\\s+)?this\\s+(morning|afternoon|evening)(?:'s)?\\b`, (m) => [day(t), part(m[1].toLowerCase())]);
    this.scan(gi`\\b(?:so\\s+far\\s+)?today\\b`, () => day(t));
  }

  // ---- "3 days ago", "over the last week", "last month", "this year", "two months ago"

  relativeUnits(): void {
    const t = this.nowDay;
    const { y, m } = parts(t);
    const rolling = (n: number, unit: string): DateRange => {
      switch (unit) {
        case 'day':
          return [addDays(t, -n), t];
        case 'week':
          return [addDays(t, -7 * n), t];
        case 'fortnight':
          return [addDays(t, -14 * n), t];
        case 'month':
          return [addMonths(t, -n), t];
        default:
          return [addMonths(t, -12 * n), t];
      }
    };
    const calendarWeek = (n: number): DateRange => {
      const start = addDays(startOfIsoWeek(t), -7 * n);
      return [start, addDays(start, 6)];
    };
    const calendarMonth = (n: number): DateRange => {
      const [yy, mm] = shiftMonth(y, m, -n);
      return monthRange(yy, mm);
    };
    const calendarYear = (n: number): DateRange => [ymd(y - n, 1, 1), ymd(y - n, 12, 31)];
    const fuzzyDays = (word: string): [number, number] | null => {
      const w = word.toLowerCase().replace(/\s+/g, ' ');
      if (/couple/.test(w)) return [2, 3];
      if (/few|several/.test(w)) return [2, 5];
      return null;
    };

    // "N units ago", "a week ago", "a couple of days back"
    this.scan(gi`\\b${COUNT}\\s+${UNIT}\\s+(?:ago|back|before\\s+now|earlier)\\b`, (mm) => {
      const unit = mm[2].toLowerCase();
      const fuzzy = fuzzyDays(mm[1]);
      const n = quantityValue(mm[1]) ?? 1;
      if (unit === 'day') {
        if (fuzzy) return this.dates([[addDays(t, -fuzzy[1]), addDays(t, -fuzzy[0])]], 'span', true);
        const { day, note, asked } = this.nearestDay(addDays(t, -n));
        return { ...this.dates([[day, day]], 'day', true), ...(note ? { note, asked } : {}) } as RefInit;
      }
      if (unit === 'week' || unit === 'fortnight') {
        const weeks = unit === 'fortnight' ? 2 * n : n;
        if (fuzzy) return this.dates([[calendarWeek(fuzzy[1] * (unit === 'fortnight' ? 2 : 1))[0], calendarWeek(fuzzy[0])[1]]], 'span', true);
        return this.dates([calendarWeek(weeks)], 'week', true);
      }
      if (unit === 'month') {
        if (fuzzy) return this.dates([[calendarMonth(fuzzy[1])[0], calendarMonth(fuzzy[0])[1]]], 'span', true);
        return this.dates([calendarMonth(n)], 'month', true);
      }
      if (fuzzy) return this.dates([[calendarYear(fuzzy[1])[0], calendarYear(fuzzy[0])[1]]], 'span', true);
      return this.dates([calendarYear(n)], 'year', true);
    });
    // "week to date", "month to date", "year to date"
    this.scan(gi`\\b(?:the\\s+)?(week|month|year)\\s+to\\s+date\\b`, (mm) => {
      const unit = mm[1].toLowerCase();
      const start = unit === 'week' ? startOfIsoWeek(t) : unit === 'month' ? ymd(y, m, 1) : ymd(y, 1, 1);
      return this.dates([[start, t]], 'span', true);
    });
    // rolling windows: "over the last 3 days", "the past week", "this last week", "in the past two months", "last 3 days"
    this.scan(
      gi`\\b(?:(?:over|in|during|within|for|throughout|across)\\s+)?(?:the|this|these)\\s+(?:last|past|previous|recent|prior)\\s+(?:${COUNT}\\s+)?${UNIT}\\b(?!\\s+(?:of|in)\\s+(?:${MONTH_PATTERN}))`,
      (mm) => this.dates([rolling(mm[1] ? (quantityValue(mm[1]) ?? 1) : 1, mm[2].toLowerCase())], 'span', true),
    );
    this.scan(gi`\\b(?:over|in|during|within|for|throughout|across)\\s+(?:the\\s+)?(?:last|past|previous)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`, (mm) =>
      this.dates([rolling(mm[1] ? (quantityValue(mm[1]) ?? 1) : 1, mm[2].toLowerCase())], 'span', true),
    );
    this.scan(gi`\\b(?:last|past)\\s+${COUNT}\\s+${UNIT}\\b`, (mm) => this.dates([rolling(quantityValue(mm[1]) ?? 1, mm[2].toLowerCase())], 'span', true));
    this.scan(gi`\\bthis\\s+past\\s+(week|month|year)\\b`, (mm) => this.dates([rolling(1, mm[1].toLowerCase())], 'span', true));
    // "earlier this week": the calendar week so far, before today; "so far this month": up to today
    this.scan(gi`\\bearlier\\s+(?:this|in\\s+the)\\s+(week|month|year)\\b`, (mm) => {
      const unit = mm[1].toLowerCase();
      const start = unit === 'week' ? startOfIsoWeek(t) : unit === 'month' ? ymd(y, m, 1) : ymd(y, 1, 1);
      const end = addDays(t, -1);
      return this.dates([[start, end < start ? start : end]], 'span', true);
    });
    // calendar units: "last week", "this year", "next week", "the week before last (week)"
    this.scan(gi`\\b(?:the\\s+)?(week|month|year)\\s+before\\s+last(?:\\s+(?:week|month|year))?\\b`, (mm) => {
      const unit = mm[1].toLowerCase();
      const range = unit === 'week' ? calendarWeek(2) : unit === 'month' ? calendarMonth(2) : calendarYear(2);
      return this.dates([range], unit as DateUnit, true);
    });
    this.scan(gi`\\b(?:the\\s+)?(last|this|current|next|coming)\\s+(week|month|year)(?:'s)?\\b`, (mm) => {
      const which = mm[1].toLowerCase();
      const unit = mm[2].toLowerCase();
      const n = which === 'this' || which === 'current' ? 0 : which === 'next' || which === 'coming' ? -1 : 1;
      const range = unit === 'week' ? calendarWeek(n) : unit === 'month' ? calendarMonth(n) : calendarYear(n);
      return this.dates([range], unit as DateUnit, true);
    });
  }

  weekends(): void {
    // every pattern below names a week ("weekend", "week days", "week nights")
    if (!/week/i.test(this.masked)) return;
    const t = this.nowDay;
    const { wd, thisSaturday, lastSunday } = weekOf(t);
    const weekend = (sunday: Ymd): DateRange => [addDays(sunday, -1), sunday];
    const current = (): DateRange | null => (wd === 6 ? [t, addDays(t, 1)] : wd === 0 ? [addDays(t, -1), t] : null);
    const recurring = (): RefInit => ({ kind: 'dayName', days: ['Saturday', 'Sunday'], relative: false });
    this.scan(gi`\\b(?:${COUNT}\\s+)weekends?\\s+(?:ago|back)\\b`, (m) => this.dates([weekend(addDays(lastSunday, -7 * ((quantityValue(m[1]) ?? 1) - 1)))], 'span', true));
    this.scan(gi`\\b(?:the\\s+)?weekend\\s+before\\s+last\\b`, () => this.dates([weekend(addDays(lastSunday, -7))], 'span', true));
    this.scan(gi`\\b(?:(?:over|during|on|at)\\s+)?(?:this\\s+past|the\\s+past|this\\s+last|last|past|the\\s+last|previous|the\\s+previous)\\s+weekend(?:'s)?\\b`, () => this.dates([weekend(lastSunday)], 'span', true));
    this.scan(gi`\\b(?:(?:over|during|on|at)\\s+)?this\\s+weekend(?:'s)?\\b`, () => {
      const sat = wd === 6 || wd === 0 ? (wd === 6 ? t : addDays(t, -1)) : thisSaturday;
      return this.dates([[sat, addDays(sat, 1)]], 'span', true);
    });
    this.scan(gi`\\b(?:next|coming)\\s+weekend\\b`, () => this.dates([[addDays(thisSaturday, wd === 6 || wd === 0 ? 7 : 0), addDays(thisSaturday, wd === 6 || wd === 0 ? 8 : 1)]], 'span', true));
    this.scan(gi`\\b(?:on\\s+|at\\s+)?weekends\\b`, recurring);
    this.scan(gi`\\bweek\\s*days\\b`, () => ({ kind: 'dayName', days: WEEKDAYS, relative: false }));
    this.scan(gi`\\bweek\\s*nights\\b`, () => [
      { kind: 'dayName', days: WEEKDAYS, relative: false },
      { kind: 'timeOfDay', from: PART_OF_DAY.evening[0], to: PART_OF_DAY.evening[1], label: 'evening', relative: false },
    ]);
    // "over the weekend", "the weekend convo", "at the weekend": the latest one (every one, when the question asks what usually happens)
    this.scan(gi`\\b(?:(?:over|during|on|at|from|for)\\s+)?the\\s+weekend(?:'s)?\\b(?!\\s+(?:of|before|after)\\b)|\\bweekend(?=\\s+${SNOUN})`, () =>
      this.habitual ? recurring() : this.dates([current() ?? weekend(lastSunday)], 'span', true),
    );
  }

  /** "Monday last week", "thursday of last week", "Monday of this week", "last week's Friday". */
  weekdaysOfWeeks(): void {
    const t = this.nowDay;
    const inWeek = (target: number, weeksBack: number) => addDays(addDays(startOfIsoWeek(t), -7 * weeksBack), (target + 6) % 7);
    this.scan(gi`\\b(?:on\\s+)?(?:the\\s+)?${WEEKDAY_RE}\\s+(?:of\\s+)?(last|this|the\\s+previous|previous)\\s+week\\b`, (m) => {
      const target = DAY_NAMES.indexOf(dayNameOf(m[1])!);
      const d = inWeek(target, /this/i.test(m[2]) ? 0 : 1);
      return this.dates([[d, d]], 'day', true);
    });
    // the week first: "last week on Sunday", "this week, on Tuesday morning"
    this.scan(gi`\\b(last|this|the\\s+previous|previous)\\s+week,?\\s+(?:on\\s+)?(?:the\\s+)?${WEEKDAY_RE}\\b`, (m) => {
      const target = DAY_NAMES.indexOf(dayNameOf(m[2])!);
      const d = inWeek(target, /this/i.test(m[1]) ? 0 : 1);
      return this.dates([[d, d]], 'day', true);
    });
    this.scan(gi`\\b(last|this)\\s+week's\\s+${WEEKDAY_RE}\\b`, (m) => {
      const target = DAY_NAMES.indexOf(dayNameOf(m[2])!);
      const d = inWeek(target, /this/i.test(m[1]) ? 0 : 1);
      return this.dates([[d, d]], 'day', true);
    });
  }

  weekdays(): void {
    const t = this.nowDay;
    /** The most recent `target` weekday strictly before today, k weeks further back. */
    const previous = (target: number, k = 0): Ymd => weekdayBefore(t, target, k);
    const dayRef = (w: string) => DAY_NAMES.indexOf(dayNameOf(w)!);
    // "two Fridays ago"
    this.scan(gi`\\b${COUNT}\\s+${WEEKDAY_RE}s\\s+(?:ago|back)\\b`, (m) => {
      const n = quantityValue(m[1]) ?? 1;
      const date = previous(dayRef(m[2]), n - 1);
      return this.dates([[date, date]], 'day', true);
    });
    // "next Friday": in the future
    this.scan(gi`\\b(?:on\\s+)?(?:next|coming|this\\s+coming)\\s+${WEEKDAY_RE}\\b`, (m) => {
      const target = dayRef(m[1]);
      const d = addDays(t, ((target - weekdayOf(t) + 7) % 7 || 7) + (weekdayOf(t) < target && target !== 0 ? 0 : 0));
      return this.dates([[d, d]], 'day', true);
    });
    // "Friday the 13th": the latest such day
    this.scan(gi`\\b(?:on\\s+)?${WEEKDAY_RE},?\\s+(?:the\\s+)?${ORD}\\b(?!\\s*(?:of\\b|${SNOUN}))`, (m) => {
      const target = dayRef(m[1]);
      const d = +m[2];
      let { y, m: mo } = parts(t);
      for (let i = 0; i < 36; i++) {
        if (isValidDate(y, mo, d) && ymd(y, mo, d) <= t && weekdayOf(ymd(y, mo, d)) === target) return this.dates([[ymd(y, mo, d), ymd(y, mo, d)]], 'day', false);
        [y, mo] = shiftMonth(y, mo, -1);
      }
      return null;
    });
    // "on Tuesdays", "every Monday", "Mondays", "Saturday mornings" → recurring day of week
    this.scan(gi`\\b(?:on\\s+|every\\s+|most\\s+)?${WEEKDAY_RE}s(?:\\s+(morning|afternoon|evening|night)s?)?\\b|\\bevery\\s+${WEEKDAY_RE}\\b`, (m) => {
      const w = m[1] ?? m[3];
      if (!/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(w) && !/every/i.test(m[0])) return null;
      const refs: RefInit[] = [{ kind: 'dayName', days: [dayNameOf(w)!], relative: false }];
      if (m[2]) refs.push({ kind: 'timeOfDay', from: PART_OF_DAY[m[2].toLowerCase()][0], to: PART_OF_DAY[m[2].toLowerCase()][1], label: m[2].toLowerCase(), relative: false });
      return refs;
    });
    // "Saturday mornings": every Saturday, in the morning
    this.scan(gi`\\b(?:on\\s+)?${WEEKDAY_RE}\\s+(morning|afternoon|evening|night)s\\b`, (m) => {
      const key = m[2].toLowerCase();
      return [
        { kind: 'dayName', days: [dayNameOf(m[1])!], relative: false },
        { kind: 'timeOfDay', from: PART_OF_DAY[key][0], to: PART_OF_DAY[key][1], label: key, relative: false },
      ];
    });
    // "on sat and sun", "Mondays and Thursdays" (abbreviations read in a coordination of days)
    this.scan(gi`\\b(?:on\\s+)?${WEEKDAY_RE}s?\\s*(?:,|and|or|&|\\+)\\s*${WEEKDAY_RE}s?\\b`, (m) => {
      const days = [dayNameOf(m[1])!, dayNameOf(m[2])!];
      if (this.habitual || /s$/i.test(m[1]) || /s$/i.test(m[2])) return { kind: 'dayName', days, relative: false };
      return days.map((d) => {
        const date = previous(DAY_NAMES.indexOf(d));
        return this.dates([[date, date]], 'day', true);
      });
    });
    // "Tuesday before last", "last Tuesday", "this past Tuesday", "on Tuesday", "Tuesday"
    this.scan(gi`\\b(?:(?:on\\s+)?(?:the\\s+)?(last|past|previous|this\\s+past|this|on)\\s+)?${WEEKDAY_RE}\\b('s)?(\\s+before\\s+last|\\s+of\\s+this\\s+week|\\s+this\\s+week)?(?:\\s+(?:in\\s+the\\s+)?(morning|afternoon|evening|night)(?:'s)?)?(?!\\s*,?\\s*(?:the\\s+)?\\d)(?!\\s*,?\\s*(?:${MONTH_PATTERN})\\b)`, (m) => {
      const w = m[2];
      if (w.length <= 3 && !m[1] && !/^(?:mon|tue|wed|thu|fri|sat|sun)$/i.test(w)) return null;
      if (/^(?:sat|sun|wed|mon)$/i.test(w) && !m[1]) return null; // too ambiguous as bare words
      const target = dayRef(w);
      const which = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const tail = (m[4] ?? '').toLowerCase();
      // a named day in a question about what usually happens: every such day
      if (this.habitual && !which.replace(/^on$/, '') && !tail && !m[3]) {
        const refs: RefInit[] = [{ kind: 'dayName', days: [DAY_NAMES[target]], relative: false }];
        if (m[5]) refs.push({ kind: 'timeOfDay', from: PART_OF_DAY[m[5].toLowerCase()][0], to: PART_OF_DAY[m[5].toLowerCase()][1], label: m[5].toLowerCase(), relative: false });
        return refs;
      }
      let date: Ymd;
      if (/before last/.test(tail)) date = previous(target, 1);
      else if (/this week/.test(tail) || which === 'this') {
        const inWeek = addDays(startOfIsoWeek(t), (target + 6) % 7);
        date = inWeek <= t ? inWeek : previous(target);
      } else {
        // "last Saturday": the most recent Saturday before today, or, when we did not talk
        // then, the most recent Saturday we talked (within eight weeks)
        date = previous(target);
        const has = this.ctx.hasData;
        if (has && !has(date, date)) {
          for (let k = 1; k <= 8; k++) {
            const earlier = previous(target, k);
            if (has(earlier, earlier)) {
              date = earlier;
              break;
            }
          }
        }
      }
      const day = this.dates([[date, date]], 'day', true);
      if (!m[5]) return day;
      const key = m[5].toLowerCase();
      return [day, { kind: 'timeOfDay', from: PART_OF_DAY[key][0], to: PART_OF_DAY[key][1], label: key, relative: true }];
    });
  }

  // ---- "at the start of June", "mid-March", "the first week of May", "late 2023", "the end of last month", "the first half of November"

  positionsInPeriods(): void {
    const yearOpt = `(?:,?\\s+(?:of\\s+)?((?:19|20)\\d\\d|(?:last|this)\\s+year))?`;
    const period = `(?:${MONTH_ALT}${yearOpt}|(last|this|the\\s+previous|previous|the)\\s+month)`;
    const third = (word: string): 'early' | 'mid' | 'late' =>
      /start|beginning|early|first\s+part/i.test(word) ? 'early' : /mid|middle/i.test(word) ? 'mid' : 'late';
    /** The month a period names: [year, month, anchored]. */
    const monthOf = (monthWord: string | undefined, yearText: string | undefined, relativeWord: string | undefined): [number, number, boolean] => {
      const { y, m } = parts(this.today);
      if (relativeWord) {
        const [yy, mm] = shiftMonth(y, m, /^(?:this|the)$/i.test(relativeWord) ? 0 : -1);
        return [yy, mm, false];
      }
      const mo = monthNumber(monthWord!)!;
      const q = this.yearQualifier(yearText);
      return [q ?? this.yearFor(mo), mo, !!yearText];
    };
    const span = (yy: number, mo: number, a: number, b: number, anchored: boolean) => this.dates([[ymd(yy, mo, Math.min(a, daysInMonth(yy, mo))), ymd(yy, mo, Math.min(b, daysInMonth(yy, mo)))]], 'span', !anchored);
    const monthThird = (pos: 'early' | 'mid' | 'late', [yy, mo, anchored]: [number, number, boolean]): RefInit => {
      const [a, b] = pos === 'early' ? [1, 10] : pos === 'mid' ? [11, 20] : [21, 31];
      return span(yy, mo, a, b, anchored);
    };
    this.scan(gi`\\b(?:at\\s+|in\\s+|towards?\\s+|by\\s+|around\\s+)?(?:the\\s+)?(start|beginning|end|middle|first\\s+part|last\\s+part)\\s+of\\s+${period}\\b`, (m) =>
      monthThird(third(m[1]), monthOf(m[2], m[3], m[4])),
    );
    this.scan(gi`\\b(?:in\\s+)?(early|mid|late)[\\s-]+${period}\\b`, (m) => monthThird(third(m[1]), monthOf(m[2], m[3], m[4])));
    // halves of a month: "the first half of November", "the latter half of October"
    this.scan(gi`\\b(?:in\\s+|during\\s+)?(?:the\\s+)?(first|1st|front|second|2nd|latter|back|last)\\s+half\\s+of\\s+${period}\\b`, (m) => {
      const [yy, mo, anchored] = monthOf(m[2], m[3], m[4]);
      return /first|1st|front/i.test(m[1]) ? span(yy, mo, 1, 15, anchored) : span(yy, mo, 16, 31, anchored);
    });
    // "the first week of June", "the last week of May", "the 2nd week of March"
    this.scan(gi`\\b(?:in\\s+|during\\s+)?(?:the\\s+)?(?:(\\d)(?:st|nd|rd|th)|(last))\\s+week\\s+(?:of|in)\\s+${period}\\b`, (m) => {
      const [yy, mo, anchored] = monthOf(m[3], m[4], m[5]);
      const last = daysInMonth(yy, mo);
      const [a, b] = m[2] ? [last - 6, last] : [Math.min((+m[1] - 1) * 7 + 1, last), Math.min(+m[1] * 7, last)];
      return span(yy, mo, a, b, anchored);
    });
    // years named relatively: "since the beginning of the year", "at the end of last year"
    this.scan(gi`\\b(?:at\\s+|in\\s+|towards?\\s+)?(?:the\\s+)?(start|beginning|end|middle)\\s+of\\s+(?:the|this|(last|the\\s+previous|previous))\\s+year\\b`, (m) => {
      const yy = parts(this.today).y - (m[2] ? 1 : 0);
      const pos = third(m[1]);
      const [a, b] = pos === 'early' ? [1, 4] : pos === 'mid' ? [5, 8] : [9, 12];
      return this.dates([[ymd(yy, a, 1), ymd(yy, b, daysInMonth(yy, b))]], 'span', true);
    });
    // years: "early 2023", "the end of 2022", "end-of-2025"
    this.scan(gi`\\b(?:at\\s+|in\\s+|towards?\\s+)?(?:the\\s+)?(start|beginning|end|middle|early|mid|late)(?:[\\s-]+of)?[\\s-]+((?:19|20)\\d\\d)\\b`, (m) => {
      const yy = +m[2];
      const pos = third(m[1]);
      const [a, b] = pos === 'early' ? [1, 4] : pos === 'mid' ? [5, 8] : [9, 12];
      return this.dates([[ymd(yy, a, 1), ymd(yy, b, daysInMonth(yy, b))]], 'span', false);
    });
  }

  /** Quarters and halves of a year: "Q3", "Q4 last year", "the first quarter of 2026", "H1", "the back half of the year". */
  quarters(): void {
    const { y } = parts(this.nowDay);
    const yearPart = `(?:\\s+(?:of\\s+)?(the\\s+year|this\\s+year|last\\s+year|the\\s+previous\\s+year|(?:19|20)\\d\\d)|\\s*'(\\d\\d))?`;
    /** A part of a year given by its first month and length: the latest that has begun when no year is said. */
    const partOf = (firstMonth: number, months: number, yearText: string | undefined, shortYear: string | undefined): RefInit => {
      let yy = shortYear ? 2000 + +shortYear : /the\s+year/i.test(yearText ?? '') ? y : this.yearQualifier(yearText);
      const anchored = yy !== null && /\d/.test(yearText ?? shortYear ?? '');
      if (yy === null) {
        yy = y;
        if (ymd(yy, firstMonth, 1) > this.today && !this.lookAhead) yy--;
      }
      const lastMonth = firstMonth + months - 1;
      return this.dates([[ymd(yy, firstMonth, 1), ymd(yy, lastMonth, daysInMonth(yy, lastMonth))]], 'span', !anchored);
    };
    this.scan(gi`\\b(?:in\\s+|during\\s+)?(?:the\\s+)?(?:q([1-4])|(1st|2nd|3rd|4th|last|final)\\s+quarter)${yearPart}\\b`, (m) => {
      if (m[2] && /last|final/i.test(m[2]) && !m[3] && !m[4]) return null; // "last quarter": the one before this one
      const q = m[1] ? +m[1] : /last|final/i.test(m[2]) ? 4 : parseInt(m[2], 10);
      return partOf(3 * (q - 1) + 1, 3, m[3], m[4]);
    });
    this.scan(gi`\\b(?:in\\s+|during\\s+)?(?:the\\s+)?(?:h([12])|(first|1st|front|second|2nd|back|latter|last)\\s+half)${yearPart}\\b`, (m) => {
      if (!m[1] && !m[3] && !m[4]) return null; // "the first half" of something else
      const h = m[1] ? +m[1] : /first|1st|front/i.test(m[2]) ? 1 : 2;
      return partOf(h === 1 ? 1 : 7, 6, m[3], m[4]);
    });
    // "this quarter", "last quarter('s)", "the previous quarter"
    this.scan(gi`\\b(?:in\\s+|during\\s+)?(?:the\\s+)?(this|current|last|previous|past|next)\\s+quarter(?:'s)?\\b`, (m) => {
      const { m: mo } = parts(this.today);
      const current = Math.floor((mo - 1) / 3);
      const shift = /this|current/i.test(m[1]) ? 0 : /next/i.test(m[1]) ? 1 : -1;
      let q = current + shift;
      let yy = y;
      if (q < 0) [q, yy] = [3, y - 1];
      if (q > 3) [q, yy] = [0, y + 1];
      return this.dates([[ymd(yy, 3 * q + 1, 1), ymd(yy, 3 * q + 3, daysInMonth(yy, 3 * q + 3))]], 'span', true);
    });
  }

  seasons(): void {
    const t = this.nowDay;
    const { y } = parts(t);
    const seasonRange = (startMonth: number, yy: number): DateRange => {
      const [ey, em] = shiftMonth(yy, startMonth, 2);
      return [ymd(yy, startMonth, 1), ymd(ey, em, daysInMonth(ey, em))];
    };
    this.scan(gi`\\b(?:(?:in|during|over|throughout|from|of)\\s+)?(?:(the|this|last|this\\s+past|past|next)\\s+)?(spring|summer|fall|autumn|winter)(?:'s)?(?:\\s+(?:of\\s+)?((?:19|20)\\d\\d))?\\b`, (m) => {
      const which = (m[1] ?? '').toLowerCase();
      const prep = /^(?:in|during|over|throughout|from|of)\s/i.test(m[0]) || /\b(?:since|before|after|until|till)\s+$/i.test(this.masked.slice(0, m.index));
      const chatNoun = ci`^\\s+${SNOUN}`.test(this.masked.slice(m.index + m[0].length));
      if (!m[1] && !m[3] && !prep && !chatNoun) return null; // "fall" as a verb
      if (/fall/i.test(m[2]) && !m[1] && !m[3] && !/^(?:in|during|throughout)\s/i.test(m[0]) && !/\b(?:since|before|after|until|till)\s+$/i.test(this.masked.slice(0, m.index))) return null; // "had a fall"
      const start = SEASONS[m[2].toLowerCase()];
      if (m[3]) return this.dates([seasonRange(start, +m[3])], 'span', false);
      if (which === 'next') {
        let yy = y;
        while (seasonRange(start, yy)[0] <= t) yy++;
        return this.dates([seasonRange(start, yy)], 'span', true);
      }
      // the most recent such season that has started (the current one for "this"), the one before for "last"
      let yy = y;
      while (seasonRange(start, yy)[0] > t) yy--;
      if (/last|past/.test(which) && seasonRange(start, yy)[1] >= t) yy--;
      return this.dates([seasonRange(start, yy)], 'span', true);
    });
  }

  /** Month names standing alone: "during Jul", "from Aug", "in the month of October", "dec '25", "October of last year", "Nov 3rd last year". */
  months(): void {
    // a day of a month with a relative year: "Nov 3rd last year", "the 3rd of Nov last year"
    this.scan(gi`\\b(?:on\\s+)?(?:${MONTH_ALT}\\s+(\\d{1,2})(?:st|nd|rd|th)?|the\\s+(\\d{1,2})(?:st|nd|rd|th)\\s+of\\s+${MONTH_ALT}),?\\s+(?:of\\s+)?((?:last|this|the\\s+previous)\\s+year)\\b`, (m) => {
      const mo = monthNumber(m[1] ?? m[4])!;
      const d = +(m[2] ?? m[3]);
      const yy = this.yearQualifier(m[5])!;
      if (!isValidDate(yy, mo, d)) return null;
      const { day, note, asked } = this.nearestDay(ymd(yy, mo, d));
      return { ...this.dates([[day, day]], 'day', true), ...(note ? { note, asked } : {}) } as RefInit;
    });
    this.scan(
      gi`\\b(?:(in|during|from|over|throughout|of|for|by|back\\s+in)\\s+)?(?:the\\s+month\\s+of\\s+)?(${MONTH_PATTERN})\\b(?!\\.?\\s*(?:\\d{1,2}(?!\\d)|/|-\\d|'s\\b))\\.?(?:(?:,?\\s+(?:of\\s+)?((?:19|20)\\d\\d))|\\s*'(\\d\\d)|,?\\s+(?:of\\s+)?((?:last|this|next|the\\s+previous)\\s+year))?\\b`,
      (m) => {
        const word = m[2].toLowerCase();
        if (/\d(?:st|nd|rd|th)?\s+(?:of\s+)?$/i.test(this.masked.slice(0, m.index))) return null; // "the 3rd of July": a day
        const hasYear = !!(m[3] || m[4] || m[5]);
        if (AMBIGUOUS_MONTHS.has(word) && !m[1] && !hasYear && !/month\s+of/i.test(m[0])) {
          // "may", "march", "jan" are months only with a date word around them ("since May", "between jan and march")
          const before = this.n.text.slice(0, m.index);
          const dateWord = /\b(?:since|until|till|before|after|prior\s+to|between|through|thru|early|late|mid)\s+$/i.test(before) || ci`(?:${MONTH_PATTERN})\\.?\\s+(?:and|or|to|through|thru|-|–)\\s+$`.test(before);
          const named = /^(?:May|March)$/.test(m[2]) && (/(?:^|[.!?:;]\s*)$/.test(before) || ci`^\\s+${SNOUN}`.test(this.masked.slice(m.index + m[0].length)));
          if (!dateWord && !named) return null;
        }
        const mo = monthNumber(word);
        if (!mo) return null;
        const q = m[3] ? +m[3] : m[4] ? 2000 + +m[4] : this.yearQualifier(m[5]);
        const yy = q ?? this.yearFor(mo);
        return this.dates([monthRange(yy, mo)], 'month', !m[3] && !m[4]) as RefInit;
      },
    );
  }

  /**
   * "on the 14th", "the 16th through the 19th", "between the 9th and the 12th of November": days
   * of the month; without a month, of the most recent month that has reached them.
   */
  dayOfMonth(): void {
    // Only an ordinal standing alone is a day: "the second concert" counts concerts, not days.
    const ALONE = `(?=\\s*(?:$|[?.!,;:)\\-–]|(?:at|in|on|onwards?|when|while|what|which|how|who|we|i|you|he|she|they|did|do|does|and|or|but|before|after|around|this|last|to|through|thru|until|till)\\b))`;
    this.scan(
      gi`\\b(between\\s+|from\\s+)?(?:on\\s+)?the\\s+${ORD}(?:\\s*(,|and|or|&|${RANGE_WORD})\\s*(?:the\\s+)?${ORD})?(?:\\s+(?:of\\s+)?${MONTH_ALT}(?:,?\\s+${YEAR})?)?\\b(?!\\s*(?:of\\b|${SNOUN}|${MNOUN}|weeks?\\b|times?\\b|ones?\\b))${ALONE}`,
      (m) => {
        const a = +m[2];
        const b = m[4] ? +m[4] : a;
        if (a < 1 || a > 31 || b < 1 || b > 31) return null;
        const ranged = !!m[4] && (ci`^${RANGE_WORD}$`.test(m[3]) || (!!m[1] && /and/i.test(m[3])));
        const days = ranged ? [Math.min(a, b), Math.max(a, b)] : [a, b];
        if (m[5]) {
          const mo = monthNumber(m[5])!;
          const yy = m[6] ? +m[6] : this.yearFor(mo, days[0], days[1]);
          if (!isValidDate(yy, mo, days[1])) return null;
          const r: DateRange[] = ranged ? [[ymd(yy, mo, days[0]), ymd(yy, mo, days[1])]] : [...new Set(days)].map((d) => [ymd(yy, mo, d), ymd(yy, mo, d)]);
          return this.dates(r, ranged ? 'span' : 'day', !m[6]);
        }
        // The most recent month that has reached the day(s) and where we talked then; without
        // such a month in the past year, simply the most recent one.
        const lastDay = Math.max(...days);
        // "since the 15th": the latest 15th, whether we talked on it or not
        const bounded = /\b(?:since|after|before|until|till|from|prior\s+to)\s+$/i.test(this.masked.slice(0, m.index));
        let { y, m: mo } = parts(this.today);
        let latest: [number, number] | null = null;
        for (let i = 0; i < 12; i++) {
          if (isValidDate(y, mo, lastDay) && ymd(y, mo, lastDay) <= this.today) {
            latest ??= [y, mo];
            const from = ymd(y, mo, Math.min(...days));
            if (bounded || !this.ctx.hasData || this.ctx.hasData(from, ymd(y, mo, lastDay))) break;
          }
          [y, mo] = shiftMonth(y, mo, -1);
        }
        if (!(isValidDate(y, mo, lastDay) && ymd(y, mo, lastDay) <= this.today)) {
          if (!latest) return null;
          [y, mo] = latest;
        }
        const ranges: DateRange[] = ranged ? [[ymd(y, mo, days[0]), ymd(y, mo, days[1])]] : [...new Set(days)].map((d) => [ymd(y, mo, d), ymd(y, mo, d)]);
        return { ...this.dates(ranges, ranged ? 'span' : 'day', true), ...(!m[4] ? { bareOrdinal: a } : {}) } as RefInit;
      },
    );
  }

  // ---- chrono-node: the written dates

  absoluteDates(): void {
    // "Nov 9–14", "Oct 24th to the 31st": a span inside one month
    this.scan(gi`\\b(?:(?:between|from)\\s+)?${MONTH_ALT}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:${RANGE_WORD}|and)\\s*(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\s*(?:of\\s+)?(?:${MONTH_PATTERN})\\b|\\s*[/:]|\\s*(?:am|pm)\\b)(?:,?\\s+${YEAR})?`, (m) => {
      const mo = monthNumber(m[1])!;
      const a = +m[2];
      const b = +m[3];
      const ranged = !/\band\b/i.test(m[0]) || /^between/i.test(m[0]);
      if (b <= a || b > 31) return null;
      const yy = m[4] ? +m[4] : this.yearFor(mo, a, b);
      if (!isValidDate(yy, mo, b)) return null;
      return ranged ? this.dates([[ymd(yy, mo, a), ymd(yy, mo, b)]], 'span', false) : this.dates([[ymd(yy, mo, a), ymd(yy, mo, a)], [ymd(yy, mo, b), ymd(yy, mo, b)]], 'day', false);
    });
    // Only results with a digit or a month name are kept (below): a text with neither is not given to chrono.
    if (!/\d/.test(this.masked) && !MAY_NAME_A_MONTH.test(this.masked)) return;
    const ref = new Date(Number(this.today.slice(0, 4)), Number(this.today.slice(5, 7)) - 1, Number(this.today.slice(8, 10)), 12);
    const results = chronoParse(this.masked, ref, this.lookAhead);
    type Piece = { start: number; end: number; ranges: DateRange[]; unit: DateUnit; anchored: boolean; hour?: number; minute?: number; meridiem?: boolean };
    const pieces: Piece[] = [];
    for (const r of results) {
      const s = r.start;
      // only written dates and clock times: chrono's relative readings ("in a week", "now") are the grammar's to read
      if (!/\d/.test(r.text) && !ci`\\b(?:${MONTH_PATTERN})\\b`.test(r.text)) continue;
      if (!s.isCertain('month')) {
        // a time alone ("at 3pm", "around 2:30"): read as a window around that hour; a bare number is not a time ("9 to 5")
        if (s.isCertain('hour') && !s.isCertain('day') && !s.isCertain('weekday')) {
          const before = this.masked.slice(0, r.index);
          const meridiem = s.isCertain('meridiem') || /(?:am|pm|a\.m\.|p\.m\.|o'clock)/i.test(r.text);
          if (!meridiem && !/:/.test(r.text) && !/\b(?:at|around|about|by|from)\s+$/i.test(before)) continue;
          const around = /\b(?:at\s+)?(?:around|about|approximately|roughly|like|at)\s+$/i.exec(before);
          pieces.push({ start: around ? around.index : r.index, end: r.index + r.text.length, ranges: [], unit: 'day', anchored: false, hour: s.get('hour') ?? undefined, minute: s.get('minute') ?? 0, meridiem });
        }
        continue;
      }
      const one = (c: Chrono.ParsedComponents): DateRange | null => {
        const mo = c.get('month')!;
        const hasDay = c.isCertain('day');
        const yy = c.isCertain('year') ? c.get('year')! : this.yearFor(mo, hasDay ? c.get('day')! : undefined);
        if (hasDay) {
          const d = c.get('day')!;
          return isValidDate(yy, mo, d) ? [ymd(yy, mo, d), ymd(yy, mo, d)] : null;
        }
        return monthRange(yy, mo);
      };
      let a = one(s);
      if (!a) continue;
      let end = r.index + r.text.length;
      let anchored = s.isCertain('year');
      // "Nov 3rd last year", "October of last year"
      if (!anchored) {
        const q = /^(,?\s+(?:of\s+)?((?:last|this|the\s+previous)\s+year))\b/i.exec(this.masked.slice(end));
        const yy = q ? this.yearQualifier(q[2]) : null;
        if (q && yy !== null) {
          const mo = s.get('month')!;
          const d = s.isCertain('day') ? s.get('day')! : null;
          a = d ? (isValidDate(yy, mo, d) ? [ymd(yy, mo, d), ymd(yy, mo, d)] : a) : monthRange(yy, mo);
          end += q[1].length;
          anchored = true;
        }
      }
      // "Tuesday, Nov 17": the day's name belongs to the date
      let start = r.index;
      const named = ci`\\b(?:${DAY_PATTERN})\\.?,?\\s+(?:the\\s+)?$`.exec(this.masked.slice(0, start));
      if (named) start = named.index;
      if (r.end && r.end.isCertain('month')) {
        const b = one(r.end);
        if (!b) continue;
        let from = a[0];
        let to = b[1];
        if (to < from && !r.end.isCertain('year')) to = ymd(Number(to.slice(0, 4)) + 1, Number(to.slice(5, 7)), Number(to.slice(8, 10)));
        if (to < from) [from, to] = [to, from];
        pieces.push({ start, end, ranges: [[from, to]], unit: 'span', anchored: true });
      } else {
        pieces.push({ start, end, ranges: [a], unit: s.isCertain('day') ? 'day' : 'month', anchored: anchored || true });
      }
    }
    // "between May 8th and June 9th" / "from X until Y": two results joined into a range
    const joined: Piece[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      const q = pieces[i + 1];
      if (p.ranges.length && q && q.ranges.length) {
        const gap = this.masked.slice(p.end, q.start);
        const before = this.masked.slice(0, p.start);
        const isRangeWord = /^\s*,?\s*(?:to|through|thru|till|until|up\s+to|-|–|—)\s*(?:the\s+)?$/i.test(gap);
        const isBetween = /^\s*,?\s*(?:and)\s*(?:the\s+)?$/i.test(gap) && /\bbetween\s+(?:the\s+)?$/i.test(before);
        if (isRangeWord || isBetween) {
          let from = p.ranges[0][0];
          let to = q.ranges[0][1];
          if (to < from) {
            // "December 20 to January 5": the end is in the next year
            const shifted = ymd(Number(to.slice(0, 4)) + 1, Number(to.slice(5, 7)), Number(to.slice(8, 10)));
            if (shifted >= from && isValidDate(Number(shifted.slice(0, 4)), Number(shifted.slice(5, 7)), Number(shifted.slice(8, 10)))) to = shifted;
            else [from, to] = [to, from];
          }
          joined.push({ start: p.start, end: q.end, ranges: [[from, to]], unit: 'span', anchored: true });
          i++;
          continue;
        }
      }
      joined.push(p);
    }
    // a clock time without am/pm next to "this afternoon" or "evening" is in the afternoon ("2:30 this afternoon")
    const late = this.refs.some((r) => r.kind === 'timeOfDay' && /afternoon|evening|night/.test(r.label)) || /\b(?:afternoon|evening|night|tonight)\b/i.test(this.masked);
    for (const p of joined) {
      if (p.hour !== undefined) {
        let h = p.hour;
        if (!p.meridiem && late && h < 12) h += 12;
        const mid = h * 60 + (p.minute ?? 0);
        // the hour before to the hour after, whole hours ("at 9am": 08:00–10:59)
        const from = Math.max(0, Math.floor((mid - 60) / 60) * 60);
        const to = Math.min(23, Math.floor((mid + 60) / 60));
        this.add(p.start, p.end, [{ kind: 'timeOfDay', from: clock(from), to: `${pad2(to)}:59:59`, label: `around ${pad2(h)}:${pad2(p.minute ?? 0)}`, relative: false }]);
        continue;
      }
      if (modifiesNoun(this.masked.slice(p.end)) && !/\b(?:on|since|from|until|till|before|after|of)\s+$/i.test(this.masked.slice(0, p.start))) {
        this.add(p.start, p.end, [{ kind: 'notTime', why: 'a modifier of a noun', relative: false }]);
        continue;
      }
      const bound = /\b(?:since|after|before|until|till|prior\s+to|up\s+to)\s+$/i.test(this.masked.slice(0, p.start));
      if (!bound && p.unit === 'day' && p.ranges.length === 1 && p.ranges[0][0] === p.ranges[0][1] && p.ranges[0][0] <= this.today) {
        const { day, note, asked } = this.nearestDay(p.ranges[0][0]);
        this.add(p.start, p.end, [{ ...this.dates([[day, day]], 'day', false), ...(note ? { note, asked } : {}) } as RefInit]);
        continue;
      }
      this.add(p.start, p.end, [this.dates(p.ranges, p.unit, false)]);
    }
  }

  years(): void {
    // "in 2025", "before 2026", "our 2025", "back in '25"
    // a year before a chat noun, after a determiner: "our 2025 conversations", "the 2024 chats" (not a count)
    this.scan(gi`\\b(?:our|the|my|all\\s+(?:our|the|my))\\s+((?:19|20)\\d\\d)(?=\\s+${SNOUN}\\b)`, (m) => {
      const yy = +m[1];
      return this.dates([[ymd(yy, 1, 1), ymd(yy, 12, 31)]], 'year', false);
    });
    this.scan(gi`(?:(?<=\\b(?:since|before|after|until|till|by)\\s+)|\\b(?:(?:in|during|of|throughout|for|from|over|our|back\\s+in)\\s+(?:the\\s+year\\s+)?))((?:19|20)\\d\\d)\\b(?!\\s*(?:${SNOUN}|${UNIT}))`, (m) => {
      const yy = +m[1];
      return this.dates([[ymd(yy, 1, 1), ymd(yy, 12, 31)]], 'year', false);
    });
    this.scan(gi`\\b(?:in|from|back\\s+in|during|since)\\s+'(\\d\\d)\\b`, (m) => {
      const yy = 2000 + +m[1];
      return this.dates([[ymd(yy, 1, 1), ymd(yy, 12, 31)]], 'year', false);
    });
  }

  /** "the morning of Jan 14", "on the evening of our 3rd chat": the part of the day, read apart from the day it is of. */
  partsOfDayOf(): void {
    this.scan(gi`\\b(?:(?:on|in|during)\\s+)?the\\s+(morning|afternoon|evening|night)\\s+(?=of\\s+\\S)`, (m) => {
      const key = m[1].toLowerCase();
      return { kind: 'timeOfDay', from: PART_OF_DAY[key][0], to: PART_OF_DAY[key][1], label: key, relative: false };
    });
  }

  partsOfDay(): void {
    this.scan(gi`\\b(?:(?:in|during)\\s+the\\s+|this\\s+|that\\s+|at\\s+|early\\s+(?:in\\s+the\\s+)?|late\\s+(?:in\\s+the\\s+)?)?(mornings?|afternoons?|evenings?|nights?|noon|midday|lunch\\s*time)\\b`, (m) => {
      const key = m[1].toLowerCase().replace(/\s+/g, '').replace(/s$/, '');
      const range = PART_OF_DAY[key];
      if (!range) return null;
      // "at night" / "in the morning" qualify a date; a bare "night" ("game night") does not
      if (!/^(?:in|during|this|that|at|early|late)\b/i.test(m[0]) && !/^(?:morning|afternoon|evening)s?$/i.test(m[1])) return null;
      return { kind: 'timeOfDay', from: range[0], to: range[1], label: key, relative: false };
    });
  }

  vague(): void {
    this.scan(gi`\\b(?:recently|lately|of\\s+late|these\\s+days|nowadays)\\b`, () => ({ kind: 'recent', what: 'recently', relative: true }));
    this.scan(gi`\\bthe\\s+other\\s+day\\b`, () => ({ kind: 'recent', what: 'otherDay', relative: true }));
    this.scan(gi`\\bjust\\s+now\\b`, () => ({ kind: 'session', sel: { t: 'ago', from: 1, to: 1 }, relative: true }));
  }

  /** Two days or spans joined by "to", "through", "between … and": one span ("between Christmas Eve and New Year's Eve"). */
  joinSpans(): void {
    for (let i = 0; i + 1 < this.refs.length; i++) {
      const a = this.refs[i];
      const b = this.refs[i + 1];
      if (a.kind !== 'dates' || b.kind !== 'dates' || a.ranges.length !== 1 || b.ranges.length !== 1) continue;
      const gap = this.n.text.slice(a.end, b.start);
      const before = this.n.text.slice(0, a.start);
      const between = /^\s*,?\s*and\s*(?:the\s+)?$/i.test(gap) && (/\bbetween\s+$/i.test(before) || /^between\b/i.test(a.text));
      const ranged = /^\s*,?\s*(?:to|through|thru|till|until|up\s+to|-|–|—)\s*(?:the\s+)?$/i.test(gap);
      if (!between && !ranged) continue;
      let from = a.ranges[0][0];
      let to = b.ranges[0][1];
      if (to < from) {
        const next = addMonths(to, 12);
        if (next >= from) to = next;
        else [from, to] = [to, from];
      }
      const [os] = this.toOriginal(a.start, a.end);
      const [, oe] = this.toOriginal(b.start, b.end);
      const joined: Ref = { kind: 'dates', ranges: [[from, to]], unit: 'span', relative: a.relative && b.relative, start: a.start, end: b.end, text: this.original.slice(os, oe) };
      this.refs.splice(i, 2, joined);
      i--;
    }
  }

  /**
   * "since Monday", "before our 5th session", "after May 3", "until June", "from Nov 16 on":
   * bounds the reference that follows (or precedes) such a word.
   */
  boundaries(): void {
    for (const r of this.refs) {
      // "the week of May 8th": the calendar week holding that day; "the weekend of the 14th": its weekend
      if (r.kind === 'dates' && r.unit === 'day' && r.ranges.length === 1) {
        const wk = /\b(?:(?:in|during|over)\s+)?(?:the\s+)?(week|weekend)\s+(?:of\s+)?(?:the\s+)?$/i.exec(this.n.text.slice(0, r.start));
        if (wk) {
          if (/weekend/i.test(wk[1])) {
            const d = r.ranges[0][0];
            const wd = weekdayOf(d);
            const sat = wd === 6 ? d : wd === 0 ? addDays(d, -1) : addDays(startOfIsoWeek(d), 5);
            r.ranges = [[sat, addDays(sat, 1)]];
            r.unit = 'span';
          } else {
            const start = startOfIsoWeek(r.ranges[0][0]);
            r.ranges = [[start, addDays(start, 6)]];
            r.unit = 'week';
          }
          r.text = this.quote(wk.index, r.end);
          r.start = wk.index;
          continue;
        }
      }
      const before = this.n.text.slice(0, r.start);
      let m = /\b(since|after|before|until|till|up\s+to|prior\s+to)\s+(?:the\s+|our\s+)?$/i.exec(before);
      if (m && this.refs.some((o) => o !== r && o.start <= m!.index && o.end > m!.index)) continue; // "the day after Christmas Eve": a shift's word
      let start = m?.index ?? r.start;
      let end = r.end;
      let word = m?.[1].toLowerCase() ?? '';
      // "from Nov 16 on", "from the 21st onwards", "from the 38th session on"
      if (!m) {
        const onwards = /^\s*(?:on(?:wards?)?|forward|and\s+(?:after|later|since))\b/i.exec(this.n.text.slice(r.end));
        const from = /\bfrom\s+$/i.exec(before) ?? (/^from\b/i.test(r.text) ? ({ index: r.start } as RegExpExecArray) : null);
        if (!onwards || !from) continue;
        m = from;
        start = from.index;
        end = r.end + onwards[0].length;
        word = 'since';
      }
      if (r.kind === 'dates') {
        if (r.future && word !== 'since' && word !== 'after') continue; // "before Thanksgiving" when it is ahead: the topic's
        const fromDay = r.ranges[0][0];
        const to = r.ranges[r.ranges.length - 1][1];
        const min = '0001-01-01';
        const span: DateRange =
          word === 'since' ? [fromDay, this.today] : word === 'after' ? [addDays(to, 1), this.today] : word === 'until' || word === 'till' || word.startsWith('up') ? [min, to] : [min, addDays(fromDay, -1)];
        r.ranges = [span];
        r.unit = 'span';
        r.text = this.quote(start, end);
        r.start = start;
        r.end = end;
      } else if (r.kind === 'session' && r.sel.t === 'index') {
        const k = word === 'since' ? [r.sel.from, Number.MAX_SAFE_INTEGER] : word === 'after' ? [r.sel.to + 1, Number.MAX_SAFE_INTEGER] : word === 'until' || word === 'till' || word.startsWith('up') ? [1, r.sel.to] : [1, r.sel.from - 1];
        r.sel = { t: 'index', from: k[0], to: k[1] };
        r.text = this.quote(start, end);
        r.start = start;
        r.end = end;
      }
    }
  }
}

/** Words that look like a time but were not read: "a while ago", "that day" with nothing to point to, "Q5". */
const LOOKS_LIKE_TIME = new RegExp(
  [
    // a count with "ago" ("a few moons ago"), or a unit pointed at ("last fortnight's", "that week" with nothing to point to);
    // a duration ("for a whole month") or a frequency ("every couple of months") is not a reference
    `\\b(?:\\d+|an?|few|couple|several)\\s+(?:[a-z]+\\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?|weekends?|quarters?|fortnights?|sessions?|conversations?|chats?)\\s+(?:ago|back)\\b`,
    `\\b(?:last|this|next|past|previous|that|those|these)\\s+(?:[a-z]+\\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?|weekends?|quarters?|fortnights?|sessions?|conversations?|chats?)\\b`,
    `\\b(?:${MONTH_NAMES.filter((m) => m !== 'May' && m !== 'March').join('|')})\\b`,
    `\\b(?:${DAY_NAMES.join('|')})s?\\b`,
    `\\b(?:(?:an?|some|the)\\s+)?(?:(?:few|couple|several|many)\\s+(?:of\\s+)?)?[a-z]+\\s+ago\\b`,
    `\\b[qQ][0-9]\\b`,
  ].join('|'),
  'gi',
);

/** The stretches of a text (references masked out) that still look like a time: they were not read. */
export function unreadTimes(masked: string): RegExpMatchArray[] {
  return [...masked.matchAll(LOOKS_LIKE_TIME)];
}

/** Does the question look ahead (a future form and no past one)? */
/** "I need the gist of…", "need a quick recap": a request for the past, not a plan (compiled once per lexicon). */
const requestPatterns = new WeakMap<Lexicon, RegExp>();

function looksAhead(text: string): boolean {
  const lex = lexicon();
  let request = requestPatterns.get(lex);
  if (!request) {
    request = new RegExp(`\\bneeds?\\s+(?:(?:a|an|the|some|my|your|our)\\s+)?(?:(?:${alternation(lex.file.framing.interest)})\\s+)?${alternation(lex.file.framing.requestNouns)}\\b`, 'gi');
    requestPatterns.set(lex, request);
  }
  const asked = text.replace(request, ' ');
  lex.future.lastIndex = 0;
  lex.past.lastIndex = 0;
  return lex.future.test(asked) && !lex.past.test(asked);
}

/**
 * Readings kept across questions: a batch re-reads the same dialogue turns for every follow-up
 * of a dialogue, and the same question texts against the same memory and now. A reading depends
 * only on the text and its context (now, locale, the memory's speakers, roles and dates), and a
 * context object is never changed (planner.ts keeps one per memory, now and locale), so a
 * reading is kept per context object and text. Readings are shared: callers copy a Ref before
 * changing it. Bounded per context (least recently used first out); a context's readings go with it.
 */
const READINGS_KEPT = 2048;
const readings = new WeakMap<GrammarContext, Map<string, Extraction>>();

/**
 * Readings that used nothing of now (no today, no time, no memory dates: "Yes, we did.", "what
 * did Anna say about the trip?") are the same under every now, so they are also kept per
 * locale, speakers and roles (all else a reading reads of its context): a batch asks the same
 * turns and questions at many nows, and an app's every question has a new now.
 */
const SHAPES_KEPT = 32;
const nowFreeReadings = new Map<string, Map<string, Extraction>>();
const shapes = new WeakMap<GrammarContext, string>();

function shapeOf(ctx: GrammarContext): string {
  let shape = shapes.get(ctx);
  if (shape === undefined) shapes.set(ctx, (shape = JSON.stringify([ctx.locale ?? null, ctx.roles ?? null, ctx.speakers ?? null])));
  return shape;
}

/**
 * The speakers matter to a reading only through their names found in its text (speaker
 * references, names kept from spelling repair, titles holding a name), so a now-free reading of a
 * text holding no speaker's name is also kept for any speakers: by locale and roles. Decided in
 * ASCII only (the speaker patterns fold case as Unicode does; lower-casing is that in ASCII).
 */
function namesNone(ex: Extraction, speakers: readonly string[] | undefined): boolean {
  const texts = [ex.original.toLowerCase(), ex.normalized.text.toLowerCase()];
  if (texts.some((t) => !isAscii(t))) return false;
  for (const name of speakers ?? []) {
    const n = name.trim().toLowerCase();
    if (!isAscii(n) || texts.some((t) => t.includes(n))) return false;
  }
  return true;
}

const isAscii = (text: string) => !/[^\x00-\x7f]/.test(text);

function nowFreeReadingsOf(ctx: GrammarContext, anySpeakers = false): Map<string, Extraction> {
  const shape = anySpeakers ? JSON.stringify([ctx.locale ?? null, ctx.roles ?? null]) : shapeOf(ctx);
  let kept = nowFreeReadings.get(shape);
  if (!kept) {
    if (nowFreeReadings.size >= SHAPES_KEPT) nowFreeReadings.delete(nowFreeReadings.keys().next().value!);
    nowFreeReadings.set(shape, (kept = new Map()));
  }
  return kept;
}

/**
 * chrono-node's results for a text, a reference day and forwardDate, kept (least recently used
 * first out): a text is read again under other contexts (another log's speakers, a follow-up's
 * turns) with the same today, and chrono's parse is the dearest reader. The results are only read.
 */
const CHRONO_KEPT = 2000;
const chronoResults = new Map<string, Chrono.ParsedResult[]>();

function chronoParse(text: string, ref: Date, forwardDate: boolean): Chrono.ParsedResult[] {
  return keptRecent(chronoResults, `${ref.getTime()} ${forwardDate ? 1 : 0} ${text}`, CHRONO_KEPT, () => chrono().parse(text, ref, { forwardDate }));
}

/** Reads the time, session, speaker and response references of a question. */
export function extractRefs(question: string, ctx: GrammarContext): Extraction {
  let read = readings.get(ctx);
  if (!read) readings.set(ctx, (read = new Map()));
  let ex = read.get(question);
  if (ex) {
    // most recently used last
    read.delete(question);
    read.set(question, ex);
    return ex;
  }
  const nowFree = nowFreeReadingsOf(ctx);
  ex = nowFree.get(question);
  if (!ex) {
    const anySpeakers = nowFreeReadingsOf(ctx, true);
    const kept = anySpeakers.get(question);
    if (kept && namesNone(kept, ctx.speakers)) ex = kept;
  }
  if (!ex) {
    const reading = readRefs(question, ctx);
    ex = reading.ex;
    if (!reading.usedNow) {
      const keep = (map: Map<string, Extraction>) => {
        if (map.size >= READINGS_KEPT) map.delete(map.keys().next().value!);
        map.set(question, ex!);
      };
      keep(nowFree);
      if (namesNone(ex, ctx.speakers)) keep(nowFreeReadingsOf(ctx, true));
    }
  }
  if (read.size >= READINGS_KEPT) read.delete(read.keys().next().value!);
  read.set(question, ex);
  return ex;
}

/** A reading without the kept ones (tests compare kept readings with it). */
export function readRefsAfresh(question: string, ctx: GrammarContext): Extraction {
  return readRefs(question, ctx).ex;
}

function readRefs(question: string, ctx: GrammarContext): { ex: Extraction; usedNow: boolean } {
  const lex = lexicon();
  const spelled = normalizeSpelling(question, { dayFirst: localeInfo(ctx.locale).dayFirst, keep: ctx.speakers });
  const normalized = normalizeNumbers(spelled.text);
  const toOriginal = chainMaps(normalized, spelled).toSource;
  lex.habit.lastIndex = 0;
  const habitual = lex.habit.test(normalized.text) || /\b(?:on|every)\s+(?:the\s+)?weekends\b/i.test(normalized.text);
  const ex = new Extractor(normalized, toOriginal, question, ctx, looksAhead(normalized.text), habitual);
  ex.run();
  return { ex: { original: question, spelled, normalized, toOriginal, refs: ex.refs, rest: ex.masked, lookAhead: ex.lookAhead, habitual }, usedNow: ex.usedNow };
}
