// The time and session vocabulary: question text → references.
//
// Dates in their many written forms ("January 6th", "6 Jan 2024", "1/6/2024", "the 3rd of
// August", "May 8th through June 9th") are read by chrono-node; what it does not model as
// periods (relative days, weeks and months, weekends, named days, parts of day, seasons) and
// the chat vocabulary (sessions, conversations, responses) are read here, on text whose
// numbers were normalized first ("twenty-fifth" → "25th"). Each matcher masks what it read,
// so the next one does not read it again. The semantics are documented in docs/timeline.md.
//
// Calendar references are resolved here against `today` (they need nothing else, except
// year-less dates, which ask `hasData` which year holds conversations); session references
// are resolved later against the memory's own session list (resolve.ts).
import { chrono, type Chrono } from '../common/chrono';
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
import { quantityValue } from '../../../../shared/text/numbers';
import { normalizeNumbers, type Normalized } from './numbers';
import { escapeRegExp } from '../../../../shared/text/words';

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
  | { t: 'ago'; from: number; to: number } // 1 = the last session before now
  | { t: 'firstN'; n: number };

export type Ref =
  | (RefBase & { kind: 'session'; sel: SessionSel; within?: boolean })
  | (RefBase & { kind: 'shift'; unit: 'session' | 'day' | 'week' | 'month' | 'year'; delta: number })
  | (RefBase & { kind: 'response'; from: number; to: number })
  | (RefBase & { kind: 'dates'; ranges: DateRange[]; unit: DateUnit; future?: boolean; note?: string })
  | (RefBase & { kind: 'timeOfDay'; from: string; to: string; label: string })
  | (RefBase & { kind: 'upToNow' })
  | (RefBase & { kind: 'dayName'; days: DayName[] })
  | (RefBase & { kind: 'recent'; what: 'recently' | 'otherDay' })
  | (RefBase & { kind: 'speaker'; name: string })
  | (RefBase & { kind: 'role'; role: 'user' | 'assistant' });

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
  /** The memory has assistant turns, so "you said" / "I asked" name roles. */
  roles?: boolean;
}

export interface Extraction {
  /** The question as read (misspelled month names fixed). */
  original: string;
  normalized: Normalized;
  refs: Ref[];
  /** The normalized text with every reference masked out (what is left for content). */
  rest: string;
}

// ---- vocabulary

const SNOUN = '(?:sessions?|conversations?|convos?|discussions?|chats?|talks?|meetings?|calls?|exchanges?|dialogues?|threads?)';
const TALKED = '(?:talked|spoke|spoken|chatted|met|discussed|had\\s+a\\s+(?:chat|talk|conversation|discussion|session))';
const SNOUN_OR_TIME = `(?:${SNOUN}|time(?:s)?(?:\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED})?)`;
const ORD = '(\\d{1,3})(?:st|nd|rd|th)';
const NUM = '(\\d{1,4})';
const COUNT = '(\\d{1,4}|an?|one|several|a\\s+couple\\s+of|a\\s+couple|couple\\s+of|a\\s+few|few)';
const UNIT = '(day|week|fortnight|month|year)s?';
const TO = '(?:and|to|through|thru|till|until|up\\s+to|-|–|—)';
const WEEKDAY_RE = `(${DAY_PATTERN})`;
const MONTH_WORDS = MONTH_NAMES.map((m) => m.toLowerCase());
const PREPOSITION = /(?:^|\s)(on|in|at|during|over|from|between|since|before|after|across|throughout|within|for|by|until|till|of)\s+$/i;

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

// ---- the extractor

class Extractor {
  readonly refs: Ref[] = [];
  masked: string;
  readonly today: Ymd;
  readonly nowTime: string;

  constructor(
    readonly n: Normalized,
    readonly original: string,
    readonly ctx: GrammarContext,
  ) {
    this.masked = n.text;
    this.today = ctx.now.slice(0, 10);
    this.nowTime = ctx.now.slice(11, 19) || '23:59:59';
  }

  /** Runs a global regex over the unmasked text; the handler returns a ref (or null to skip). */
  scan(pattern: string, handler: (m: RegExpExecArray) => RefInit | RefInit[] | null, flags = 'gi'): void {
    const re = new RegExp(pattern, flags);
    let m: RegExpExecArray | null;
    const found: { start: number; end: number; refs: RefInit[] }[] = [];
    while ((m = re.exec(this.masked))) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const r = handler(m);
      if (!r) continue;
      // trim leading/trailing spaces of the match
      let start = m.index;
      let end = m.index + m[0].length;
      while (start < end && /\s/.test(this.masked[start])) start++;
      while (end > start && /[\s,.]/.test(this.masked[end - 1])) end--;
      found.push({ start, end, refs: Array.isArray(r) ? r : [r] });
    }
    for (const f of found) this.add(f.start, f.end, f.refs);
  }

  add(start: number, end: number, refs: RefInit[]): void {
    // a preposition just before the reference belongs to it ("on May 8th", "in our first session")
    const before = this.masked.slice(0, start);
    const prep = PREPOSITION.exec(before);
    if (prep && !/^(?:since|before|after|until|till)$/i.test(prep[1])) start -= prep[0].replace(/^\s/, '').length;
    const [os, oe] = this.n.toOriginal(start, end);
    const text = this.original.slice(os, oe);
    for (const r of refs) this.refs.push({ ...r, start, end, text } as Ref);
    this.masked = this.masked.slice(0, start) + ' '.repeat(end - start) + this.masked.slice(end);
  }

  dates(ranges: DateRange[], unit: DateUnit, relative: boolean): RefInit {
    const future = ranges.every(([from]) => from > this.today);
    return { kind: 'dates', ranges, unit, relative, ...(future ? { future } : {}) };
  }

  /**
   * A single day people name loosely: when we did not talk that day, the day before (elapsed
   * days are counted down: "6 days ago" for 6 days and 20 hours), else the day after.
   */
  nearestDay(day: Ymd): { day: Ymd; note?: string } {
    const has = this.ctx.hasData;
    if (!has || has(day, day)) return { day };
    const before = addDays(day, -1);
    if (has(before, before)) return { day: before, note: `no conversation on ${day}: the day before` };
    const after = addDays(day, 1);
    if (after <= this.today && has(after, after)) return { day: after, note: `no conversation on ${day}: the day after` };
    return { day };
  }

  /** The most recent year (≤ today) for a year-less (month, day), preferring one that holds conversations. */
  yearFor(m: number, d?: number, dTo?: number): number {
    const { y: ty } = parts(this.today);
    const candidates: number[] = [];
    for (let y = ty; y >= ty - 30; y--) {
      const first = d ? (isValidDate(y, m, d) ? ymd(y, m, d) : null) : ymd(y, m, 1);
      if (!first || first > this.today) continue;
      candidates.push(y);
    }
    if (!candidates.length) return ty;
    const has = this.ctx.hasData;
    if (has) {
      for (const y of candidates) {
        const from = d ? ymd(y, m, d) : ymd(y, m, 1);
        const to = d ? ymd(y, m, dTo ?? d) : ymd(y, m, daysInMonth(y, m));
        if (has(from, to)) return y;
      }
    }
    return candidates[0];
  }

  run(): void {
    this.speakersAndRoles();
    this.sessions();
    this.responses();
    this.relativeDays();
    this.relativeUnits();
    this.weekends();
    this.weekdays();
    this.positionsInPeriods();
    this.seasons();
    this.dayOfMonth();
    this.absoluteDates();
    this.years();
    this.partsOfDay();
    this.vague();
    this.refs.sort((a, b) => a.start - b.start);
    this.boundaries();
  }

  // ---- speakers

  speakersAndRoles(): void {
    for (const name of this.ctx.speakers ?? []) {
      const trimmed = name.trim();
      if (trimmed.length < 2) continue;
      const esc = escapeRegExp(trimmed);
      const isMonth = MONTH_WORDS.includes(trimmed.toLowerCase());
      this.scan(`(?<![\\p{L}\\p{N}])${esc}(?:'s|’s)?(?![\\p{L}\\p{N}])`, (m) => {
        if (isMonth) {
          const before = this.masked.slice(0, m.index);
          const after = this.masked.slice(m.index + m[0].length);
          if (/(?:in|on|during|since|of|until|before|after|early|late|mid)\s+$/i.test(before) || /^\s*\d/.test(after)) return null;
        }
        return { kind: 'speaker', name, relative: false };
      }, 'giu');
    }
    if (this.ctx.roles) {
      this.scan(`\\b(?:did|have|had)\\s+i\\s+(?:say|said|ask|asked|tell|told|write|wrote|mention|mentioned|share|shared)\\b`, () => ({ kind: 'role', role: 'user', relative: false }));
      this.scan(`\\b(?:did|have|had)\\s+you\\s+(?:say|said|tell|told|suggest|suggested|recommend|recommended|answer|answered|reply|replied|write|wrote|explain|explained)\\b`, () => ({ kind: 'role', role: 'assistant', relative: false }));
    }
  }

  // ---- sessions

  sessions(): void {
    const sess = (sel: SessionSel, relative: boolean) => ({ kind: 'session' as const, sel, relative });
    const lastWord = '(?:last|latest|most\\s+recent|previous|prior|final|past|recent)';
    const firstWord = '(?:1st|earliest|initial|opening|very\\s+1st)';
    // spans: "between our 3rd and 6th conversations", "from the 1st through 3rd sessions"
    this.scan(`\\b(?:between|from)\\s+(?:our|the)?\\s*${ORD}\\s*(?:${SNOUN}\\s+)?${TO}\\s*(?:the|our)?\\s*${ORD}\\s+${SNOUN}`, (m) =>
      sess({ t: 'index', from: +m[1], to: +m[2] }, false),
    );
    // "our 2nd through 4th discussions", "the 3rd to 6th sessions"
    // ("our 1st and 3rd sessions" are two sessions, not a span)
    this.scan(`\\b(?:our|the|in)?\\s*${ORD}\\s*(?:${SNOUN}\\s+)?(${TO})\\s*(?:the\\s+|our\\s+)?${ORD}\\s+${SNOUN}`, (m) =>
      /^and$/i.test(m[2])
        ? [sess({ t: 'index', from: +m[1], to: +m[1] }, false), sess({ t: 'index', from: +m[3], to: +m[3] }, false)]
        : sess({ t: 'index', from: +m[1], to: +m[3] }, false),
    );
    // "sessions 1 through 3", "between session 3 and session 6", "conversations 3-6"
    this.scan(`\\b(?:between\\s+|from\\s+)?${SNOUN}\\s+(?:number\\s+|no\\.?\\s*|#)?${NUM}\\s*${TO}\\s*(?:${SNOUN}\\s+)?(?:number\\s+|no\\.?\\s*|#)?${NUM}\\b(?!\\s*(?:${UNIT}|${SNOUN}))`, (m) =>
      sess({ t: 'index', from: +m[1], to: +m[2] }, false),
    );
    // "our last three conversations", "the past 2 sessions", "the first 3 chats"
    this.scan(`\\b(?:our\\s+|the\\s+|my\\s+)?(${lastWord}|${firstWord}|1st)\\s+${COUNT}\\s+(?:${SNOUN}|times\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED})`, (m) => {
      const n = quantityValue(m[2]);
      if (!n) return null;
      return /1st|earliest|initial|opening/i.test(m[1]) ? sess({ t: 'firstN', n }, false) : sess({ t: 'ago', from: n, to: 1 }, true);
    });
    // "2 sessions ago", "one session back", "a few conversations ago"
    this.scan(`\\b${COUNT}\\s+${SNOUN}\\s+(?:ago|back|before\\s+(?:this|now)|earlier(?!\\s+(?:today|this|in|on|that|tonight)))\\b`, (m) => {
      const n = quantityValue(m[1]);
      return n ? sess({ t: 'ago', from: n, to: n }, true) : null;
    });
    // "the session before last", "the one before the last one", "the chat before the previous one"
    this.scan(`\\b(?:the\\s+)?(?:${SNOUN}|one|time)\\s+before\\s+(?:the\\s+|our\\s+)?(?:last|previous|latest|most\\s+recent)(?:\\s+(?:one|${SNOUN}|time))?\\b`, () =>
      sess({ t: 'ago', from: 2, to: 2 }, true),
    );
    // "our second-to-last chat", "the 3rd from last session", "the penultimate conversation", "last but one"
    this.scan(`\\b(?:the\\s+|our\\s+)?${ORD}[\\s-]*(?:to|from)[\\s-]*(?:the\\s+)?last\\s*(?:${SNOUN_OR_TIME}|one)?`, (m) =>
      sess({ t: 'ago', from: +m[1], to: +m[1] }, true),
    );
    this.scan(`\\b(?:the\\s+|our\\s+)?(?:penultimate|next[\\s-]+to[\\s-]+last)\\s*(?:${SNOUN_OR_TIME}|one)?`, () => sess({ t: 'ago', from: 2, to: 2 }, true));
    this.scan(`\\b(?:the\\s+|our\\s+)?last\\s+(?:${SNOUN}\\s+)?but\\s+(?:1|one)\\b`, () => sess({ t: 'ago', from: 2, to: 2 }, true));
    // "the one before that", "the chat after that", "the previous one", "the next one"
    this.scan(`\\b(?:the\\s+)?(?:one|${SNOUN}|time)\\s+(before|after|prior\\s+to|following)\\s+(?:that|this|it|then)(?:\\s+(?:one|${SNOUN}))?\\b`, (m) => ({
      kind: 'shift',
      unit: 'session',
      delta: /after|following/i.test(m[1]) ? 1 : -1,
      relative: true,
    }));
    this.scan(`\\b(?:the\\s+)?(day|week|month|year)\\s+(before|after|prior)(?:\\s+(?:that|then|it))?\\b(?!\\s+(?:yesterday|tomorrow|last|next|our|the|\\d))`, (m) => ({
      kind: 'shift',
      unit: m[1].toLowerCase() as 'day',
      delta: /after/i.test(m[2]) ? 1 : -1,
      relative: true,
    }));
    this.scan(`\\bthe\\s+(next|following|previous|preceding)\\s+(day|week|month|year)\\b`, (m) => ({
      kind: 'shift',
      unit: m[2].toLowerCase() as 'day',
      delta: /next|following/i.test(m[1]) ? 1 : -1,
      relative: true,
    }));
    this.scan(`\\b(?:the\\s+)?(?:one|${SNOUN})\\s+(?:right\\s+)?(before|after)\\s*(?=[?.!,]|$)`, (m) => ({
      kind: 'shift',
      unit: 'session',
      delta: /after/i.test(m[1]) ? 1 : -1,
      relative: true,
    }));
    // Nth session: "our 5th session", "the first time we talked", "in our 1st discussion"
    this.scan(`\\b(?:our|the|in|my|during|from)\\s+(?:very\\s+)?(?:${ORD}|${firstWord})\\s+(?:${SNOUN}|time\\s+(?:that\\s+)?(?:we|i|you)\\s+${TALKED}|one\\s+we\\s+had)`, (m) => {
      const k = m[1] ? +m[1] : 1;
      return sess({ t: 'index', from: k, to: k }, false);
    });
    // "last session", "our last discussion", "last time", "the last time we talked", "the previous conversation"
    this.scan(`\\b(?:our\\s+|the\\s+|my\\s+|in\\s+the\\s+|in\\s+our\\s+)?(?:very\\s+)?${lastWord}\\s+(?:${SNOUN_OR_TIME})(?![\\s-]*(?:to|from)[\\s-]*last)`, (m) => {
      if (/\b(?:past|recent)\b/i.test(m[0]) && !new RegExp(SNOUN, 'i').test(m[0])) return null; // "past times"
      return sess({ t: 'ago', from: 1, to: 1 }, true);
    });
    // "session 5", "conversation #3", "in session 30"
    this.scan(`\\b${SNOUN}\\s+(?:number\\s+|no\\.?\\s*|#)?${NUM}\\b(?!\\s*(?:${UNIT}|${SNOUN}|[:/.]\\d|(?:st|nd|rd|th)\\b))`, (m) =>
      sess({ t: 'index', from: +m[1], to: +m[1] }, false),
    );
    // "the 5th one" after a session noun was mentioned is too loose to read; "our 5th" alone is skipped too.
  }

  responses(): void {
    this.scan(`\\b(?:responses?|messages?|turns?|utterances?|replies|reply|lines?)\\s+(?:number\\s+|no\\.?\\s*|#)?${NUM}(?:\\s*${TO}\\s*(?:number\\s+|#)?${NUM})?\\b(?!\\s*${UNIT})`, (m) => ({
      kind: 'response',
      from: +m[1],
      to: m[2] ? +m[2] : +m[1],
      relative: false,
    }));
    // "the 26th message": ordinal counting is 1-based, Response_Index is 0-based
    this.scan(`\\b(?:the|our|my)\\s+${ORD}\\s+(?:response|message|turn|reply|utterance)\\b`, (m) => ({
      kind: 'response',
      from: +m[1] - 1,
      to: +m[1] - 1,
      relative: false,
    }));
  }

  // ---- days relative to today

  relativeDays(): void {
    const t = this.today;
    const day = (d: Ymd) => this.dates([[d, d]], 'day', true);
    const part = (p: string): RefInit => ({
      kind: 'timeOfDay',
      from: PART_OF_DAY[p][0],
      to: PART_OF_DAY[p][1],
      label: p,
      relative: true,
    });
    // "earlier today", "earlier this morning", "earlier in the morning", "this afternoon"
    this.scan(`\\bearlier\\s+(?:on\\s+)?(?:today|(?:this|in\\s+the)\\s+(morning|afternoon|evening)|(?:this\\s+)?(?:day))\\b`, (m) => {
      const refs: RefInit[] = [day(t), { kind: 'upToNow', relative: true }];
      if (m[1]) refs.push(part(m[1].toLowerCase()));
      return refs;
    });
    this.scan(`\\b(?:the\\s+)?day\\s+before\\s+yesterday\\b`, () => day(addDays(t, -2)));
    this.scan(`\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b`, () => day(addDays(t, 2)));
    this.scan(`\\b(?:early\\s+|late\\s+)?(?:earlier\\s+)?(?:in\\s+the\\s+|this\\s+)?(morning|afternoon|evening)\\s+(?:of\\s+)?(yesterday|today)\\b`, (m) => [
      day(/yesterday/i.test(m[2]) ? addDays(t, -1) : t),
      part(m[1].toLowerCase()),
    ]);
    this.scan(`\\b(yesterday|today)(?:\\s+(?:in\\s+the\\s+)?(morning|afternoon|evening|night))?\\b`, (m) => {
      const refs = [day(/yesterday/i.test(m[1]) ? addDays(t, -1) : t)];
      if (m[2]) refs.push(part(m[2].toLowerCase()));
      return refs;
    });
    this.scan(`\\blast\\s+night\\b`, () => [day(addDays(t, -1)), part('night')]);
    this.scan(`\\btonight\\b`, () => [day(t), part('evening')]);
    this.scan(`\\btomorrow\\b`, () => day(addDays(t, 1)));
    this.scan(`\\bthis\\s+(morning|afternoon|evening)\\b`, (m) => [day(t), part(m[1].toLowerCase())]);
    this.scan(`\\b(?:so\\s+far\\s+)?today\\b`, () => day(t));
  }

  // ---- "3 days ago", "over the last week", "last month", "this year", "two months ago"

  relativeUnits(): void {
    const t = this.today;
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
    this.scan(`\\b${COUNT}\\s+${UNIT}\\s+(?:ago|back|before\\s+now|earlier)\\b`, (mm) => {
      const unit = mm[2].toLowerCase();
      const fuzzy = fuzzyDays(mm[1]);
      const n = quantityValue(mm[1]) ?? 1;
      if (unit === 'day') {
        if (fuzzy) return this.dates([[addDays(t, -fuzzy[1]), addDays(t, -fuzzy[0])]], 'span', true);
        const { day, note } = this.nearestDay(addDays(t, -n));
        return { ...this.dates([[day, day]], 'day', true), ...(note ? { note } : {}) } as RefInit;
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
    // rolling windows: "over the last 3 days", "the past week", "this last week", "in the past two months", "last 3 days"
    this.scan(
      `\\b(?:(?:over|in|during|within|for|throughout|across)\\s+)?(?:the|this|these)\\s+(?:last|past|previous|recent|prior)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`,
      (mm) => this.dates([rolling(mm[1] ? (quantityValue(mm[1]) ?? 1) : 1, mm[2].toLowerCase())], 'span', true),
    );
    this.scan(`\\b(?:over|in|during|within|for|throughout|across)\\s+(?:the\\s+)?(?:last|past|previous)\\s+(?:${COUNT}\\s+)?${UNIT}\\b`, (mm) =>
      this.dates([rolling(mm[1] ? (quantityValue(mm[1]) ?? 1) : 1, mm[2].toLowerCase())], 'span', true),
    );
    this.scan(`\\b(?:last|past)\\s+${COUNT}\\s+${UNIT}\\b`, (mm) => this.dates([rolling(quantityValue(mm[1]) ?? 1, mm[2].toLowerCase())], 'span', true));
    this.scan(`\\bthis\\s+past\\s+(week|month|year)\\b`, (mm) => this.dates([rolling(1, mm[1].toLowerCase())], 'span', true));
    // "earlier this week": the calendar week so far, before today
    this.scan(`\\bearlier\\s+(?:this|in\\s+the)\\s+(week|month|year)\\b`, (mm) => {
      const unit = mm[1].toLowerCase();
      const start = unit === 'week' ? startOfIsoWeek(t) : unit === 'month' ? ymd(y, m, 1) : ymd(y, 1, 1);
      const end = addDays(t, -1);
      return this.dates([[start, end < start ? start : end]], 'span', true);
    });
    // calendar units: "last week", "the previous month", "this year", "next week"
    this.scan(`\\b(?:the\\s+)?(last|previous|this|current|next|coming)\\s+(week|month|year)\\b`, (mm) => {
      const which = mm[1].toLowerCase();
      const unit = mm[2].toLowerCase();
      const n = which === 'this' || which === 'current' ? 0 : which === 'next' || which === 'coming' ? -1 : 1;
      const range = unit === 'week' ? calendarWeek(n) : unit === 'month' ? calendarMonth(n) : calendarYear(n);
      return this.dates([range], unit as DateUnit, true);
    });
    this.scan(`\\b(?:the\\s+)?(week|month|year)\\s+before\\s+last\\b`, (mm) => {
      const unit = mm[1].toLowerCase();
      const range = unit === 'week' ? calendarWeek(2) : unit === 'month' ? calendarMonth(2) : calendarYear(2);
      return this.dates([range], unit as DateUnit, true);
    });
  }

  weekends(): void {
    const t = this.today;
    const wd = weekdayOf(t);
    // Saturday of the current ISO week (may be in the future)
    const thisSaturday = addDays(startOfIsoWeek(t), 5);
    // the most recent weekend that ended before today
    const lastSunday = weekdayBefore(t, 0);
    const weekend = (sunday: Ymd): DateRange => [addDays(sunday, -1), sunday];
    this.scan(`\\b(?:${COUNT}\\s+)weekends?\\s+(?:ago|back)\\b`, (m) => this.dates([weekend(addDays(lastSunday, -7 * ((quantityValue(m[1]) ?? 1) - 1)))], 'span', true));
    this.scan(`\\b(?:the\\s+)?weekend\\s+before\\s+last\\b`, () => this.dates([weekend(addDays(lastSunday, -7))], 'span', true));
    this.scan(`\\b(?:(?:over|during|on|at)\\s+)?(?:this\\s+past|the\\s+past|last|past|the\\s+last|previous|the\\s+previous)\\s+weekend\\b`, () => this.dates([weekend(lastSunday)], 'span', true));
    this.scan(`\\b(?:(?:over|during|on|at)\\s+)?this\\s+weekend\\b`, () => {
      const sat = wd === 6 || wd === 0 ? (wd === 6 ? t : addDays(t, -1)) : thisSaturday;
      return this.dates([[sat, addDays(sat, 1)]], 'span', true);
    });
    this.scan(`\\bweekends\\b`, () => ({ kind: 'dayName', days: ['Saturday', 'Sunday'], relative: false }));
  }

  weekdays(): void {
    const t = this.today;
    /** The most recent `target` weekday strictly before today, k weeks further back. */
    const previous = (target: number, k = 0): Ymd => weekdayBefore(t, target, k);
    // "two Fridays ago"
    this.scan(`\\b${COUNT}\\s+${WEEKDAY_RE}s\\s+(?:ago|back)\\b`, (m) => {
      const n = quantityValue(m[1]) ?? 1;
      const date = previous(DAY_NAMES.indexOf(dayNameOf(m[2])!), n - 1);
      return this.dates([[date, date]], 'day', true);
    });
    // "Friday the 13th": the latest such day
    this.scan(`\\b(?:on\\s+)?${WEEKDAY_RE},?\\s+(?:the\\s+)?${ORD}\\b(?!\\s*(?:of\\b|${SNOUN}))`, (m) => {
      const target = DAY_NAMES.indexOf(dayNameOf(m[1])!);
      const d = +m[2];
      let { y, m: mo } = parts(t);
      for (let i = 0; i < 36; i++) {
        if (isValidDate(y, mo, d) && ymd(y, mo, d) <= t && weekdayOf(ymd(y, mo, d)) === target) return this.dates([[ymd(y, mo, d), ymd(y, mo, d)]], 'day', false);
        [y, mo] = shiftMonth(y, mo, -1);
      }
      return null;
    });
    // "on Tuesdays", "every Monday", "Mondays" → recurring day of week
    this.scan(`\\b(?:on\\s+|every\\s+|most\\s+)?${WEEKDAY_RE}s\\b|\\bevery\\s+${WEEKDAY_RE}\\b`, (m) => {
      const w = m[1] ?? m[2];
      if (!/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(w) && !/every/i.test(m[0])) return null;
      return { kind: 'dayName', days: [dayNameOf(w)!], relative: false };
    });
    // "Tuesday before last", "last Tuesday", "this past Tuesday", "on Tuesday", "Tuesday"
    this.scan(`\\b(?:(?:on\\s+)?(?:the\\s+)?(last|past|previous|this\\s+past|this|on)\\s+)?${WEEKDAY_RE}\\b(\\s+before\\s+last|\\s+of\\s+last\\s+week|\\s+last\\s+week|\\s+of\\s+this\\s+week|\\s+this\\s+week)?(?:\\s+(?:in\\s+the\\s+)?(morning|afternoon|evening|night))?(?!\\s*,?\\s*(?:the\\s+)?\\d)(?!\\s*,?\\s*(?:${MONTH_WORDS.join('|')})\\b)`, (m) => {
      const w = m[2];
      if (w.length <= 3 && !m[1] && !/^(?:mon|tue|wed|thu|fri|sat|sun)$/i.test(w)) return null;
      if (/^(?:sat|sun|wed|mon)$/i.test(w) && !m[1]) return null; // too ambiguous as bare words
      const target = DAY_NAMES.indexOf(dayNameOf(w)!);
      const which = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const tail = (m[3] ?? '').toLowerCase();
      let date: Ymd;
      if (/before last/.test(tail)) date = previous(target, 1);
      else if (/last week/.test(tail)) date = addDays(addDays(startOfIsoWeek(t), -7), (target + 6) % 7);
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
      if (!m[4]) return day;
      const key = m[4].toLowerCase();
      return [day, { kind: 'timeOfDay', from: PART_OF_DAY[key][0], to: PART_OF_DAY[key][1], label: key, relative: true }];
    });
  }

  // ---- "at the start of June", "mid-March", "the first week of May", "late 2023"

  positionsInPeriods(): void {
    const monthAlt = `(${MONTH_PATTERN})\\.?`;
    const yearOpt = `(?:,?\\s+(?:of\\s+)?((?:19|20)\\d\\d))?`;
    const third = (word: string): 'early' | 'mid' | 'late' =>
      /start|beginning|early|first\s+part/i.test(word) ? 'early' : /mid|middle/i.test(word) ? 'mid' : 'late';
    const monthNum = (w: string) => monthNumber(w)!;
    const monthThird = (pos: 'early' | 'mid' | 'late', mo: number, yearText?: string): RefInit => {
      const yy = yearText ? +yearText : this.yearFor(mo);
      const last = daysInMonth(yy, mo);
      const [a, b] = pos === 'early' ? [1, 10] : pos === 'mid' ? [11, 20] : [21, last];
      return this.dates([[ymd(yy, mo, a), ymd(yy, mo, b)]], 'span', !yearText);
    };
    this.scan(`\\b(?:at\\s+|in\\s+|towards?\\s+|by\\s+|around\\s+)?(?:the\\s+)?(start|beginning|end|middle|first\\s+part|last\\s+part)\\s+of\\s+${monthAlt}${yearOpt}\\b`, (m) =>
      monthThird(third(m[1]), monthNum(m[2]), m[3]),
    );
    this.scan(`\\b(?:in\\s+)?(early|mid|late)[\\s-]+${monthAlt}${yearOpt}\\b`, (m) => monthThird(third(m[1]), monthNum(m[2]), m[3]));
    // "the first week of June", "the last week of May", "the 2nd week of March"
    this.scan(`\\b(?:in\\s+|during\\s+)?the\\s+(?:(\\d)(?:st|nd|rd|th)|(last))\\s+week\\s+(?:of|in)\\s+${monthAlt}${yearOpt}\\b`, (m) => {
      const mo = monthNum(m[3]);
      const yy = m[4] ? +m[4] : this.yearFor(mo);
      const last = daysInMonth(yy, mo);
      const [a, b] = m[2] ? [last - 6, last] : [Math.min((+m[1] - 1) * 7 + 1, last), Math.min(+m[1] * 7, last)];
      return this.dates([[ymd(yy, mo, a), ymd(yy, mo, b)]], 'span', !m[4]);
    });
    // years: "early 2023", "the end of 2022"
    this.scan(`\\b(?:at\\s+|in\\s+|towards?\\s+)?(?:the\\s+)?(start|beginning|end|middle|early|mid|late)(?:[\\s-]+of)?[\\s-]+((?:19|20)\\d\\d)\\b`, (m) => {
      const yy = +m[2];
      const pos = third(m[1]);
      const [a, b] = pos === 'early' ? [1, 4] : pos === 'mid' ? [5, 8] : [9, 12];
      return this.dates([[ymd(yy, a, 1), ymd(yy, b, daysInMonth(yy, b))]], 'span', false);
    });
  }

  seasons(): void {
    const t = this.today;
    const { y } = parts(t);
    const seasonRange = (startMonth: number, yy: number): DateRange => {
      const [ey, em] = shiftMonth(yy, startMonth, 2);
      return [ymd(yy, startMonth, 1), ymd(ey, em, daysInMonth(ey, em))];
    };
    this.scan(`\\b(?:(?:in|during|over|throughout)\\s+)?(?:(the|this|last|this\\s+past|past)\\s+)?(spring|summer|fall|autumn|winter)(?:\\s+(?:of\\s+)?((?:19|20)\\d\\d))?\\b`, (m) => {
      const which = (m[1] ?? '').toLowerCase();
      if (!m[1] && !m[3] && !/^(?:in|during|over|throughout)\s/i.test(m[0])) return null; // "fall" as a verb
      if (which === 'the' && !m[3] && !/^(?:in|during|over|throughout)\s/i.test(m[0])) return null;
      const start = SEASONS[m[2].toLowerCase()];
      if (m[3]) return this.dates([seasonRange(start, +m[3])], 'span', false);
      // the most recent such season that has started (the current one for "this"), the one before for "last"
      let yy = y;
      while (seasonRange(start, yy)[0] > t) yy--;
      if (/last|past/.test(which) && seasonRange(start, yy)[1] >= t) yy--;
      return this.dates([seasonRange(start, yy)], 'span', true);
    });
  }

  /** "on the 14th": that day of the most recent month that has reached it. */
  dayOfMonth(): void {
    // Only an ordinal standing alone is a day: "the second concert" counts concerts, not days.
    const ALONE = `(?=\\s*(?:$|[?.!,;:)]|(?:at|in|on|when|while|we|i|you|he|she|they|did|do|does|and|or|but|before|after|around|this|last)\\b))`;
    this.scan(`\\b(?:on\\s+)?the\\s+${ORD}\\b(?!\\s*(?:of\\b|${SNOUN}|week|time|one|response|message|turn|,?\\s*(?:${MONTH_WORDS.join('|')})))${ALONE}`, (m) => {
      const d = +m[1];
      if (d < 1 || d > 31) return null;
      // The most recent month that has reached that day and where we talked on it; without
      // such a month in the past year, simply the most recent one.
      let { y, m: mo } = parts(this.today);
      let latest: string | null = null;
      for (let i = 0; i < 12; i++) {
        if (isValidDate(y, mo, d) && ymd(y, mo, d) <= this.today) {
          const day = ymd(y, mo, d);
          latest ??= day;
          if (!this.ctx.hasData || this.ctx.hasData(day, day)) return this.dates([[day, day]], 'day', true);
        }
        [y, mo] = shiftMonth(y, mo, -1);
      }
      return latest ? this.dates([[latest, latest]], 'day', true) : null;
    });
  }

  // ---- chrono-node: the written dates

  absoluteDates(): void {
    const ref = new Date(Number(this.today.slice(0, 4)), Number(this.today.slice(5, 7)) - 1, Number(this.today.slice(8, 10)), 12);
    const results = chrono().en.parse(this.masked, ref, { forwardDate: false });
    type Piece = { start: number; end: number; ranges: DateRange[]; unit: DateUnit; anchored: boolean; hour?: number; open?: 'start' };
    const pieces: Piece[] = [];
    for (const r of results) {
      const s = r.start;
      if (!s.isCertain('month')) {
        // a time alone ("at 3pm"): read as a window around that hour
        if (s.isCertain('hour') && !s.isCertain('day') && !s.isCertain('weekday')) {
          pieces.push({ start: r.index, end: r.index + r.text.length, ranges: [], unit: 'day', anchored: false, hour: s.get('hour') ?? undefined });
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
      const a = one(s);
      if (!a) continue;
      const anchored = s.isCertain('year');
      if (r.end && r.end.isCertain('month')) {
        const b = one(r.end);
        if (!b) continue;
        let from = a[0];
        let to = b[1];
        if (to < from && !r.end.isCertain('year')) to = ymd(Number(to.slice(0, 4)) + 1, Number(to.slice(5, 7)), Number(to.slice(8, 10)));
        if (to < from) [from, to] = [to, from];
        pieces.push({ start: r.index, end: r.index + r.text.length, ranges: [[from, to]], unit: 'span', anchored: true });
      } else {
        pieces.push({ start: r.index, end: r.index + r.text.length, ranges: [a], unit: s.isCertain('day') ? 'day' : 'month', anchored: anchored || true });
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
    for (const p of joined) {
      if (p.hour !== undefined) {
        const h = p.hour;
        const pad = (n: number) => String(Math.max(0, Math.min(23, n))).padStart(2, '0');
        this.add(p.start, p.end, [{ kind: 'timeOfDay', from: `${pad(h - 1)}:00:00`, to: `${pad(h + 1)}:59:59`, label: `around ${h}:00`, relative: false }]);
        continue;
      }
      if (p.unit === 'day' && p.ranges.length === 1 && p.ranges[0][0] === p.ranges[0][1] && p.ranges[0][0] <= this.today) {
        const { day, note } = this.nearestDay(p.ranges[0][0]);
        this.add(p.start, p.end, [{ ...this.dates([[day, day]], 'day', false), ...(note ? { note } : {}) } as RefInit]);
        continue;
      }
      this.add(p.start, p.end, [this.dates(p.ranges, p.unit, false)]);
    }
  }

  years(): void {
    this.scan(`\\b(?:(?:in|during|of|throughout|for|from|since|over)\\s+(?:the\\s+year\\s+)?)((?:19|20)\\d\\d)\\b(?!\\s*(?:${SNOUN}|${UNIT}))`, (m) => {
      const yy = +m[1];
      return this.dates([[ymd(yy, 1, 1), ymd(yy, 12, 31)]], 'year', false);
    });
  }

  partsOfDay(): void {
    this.scan(`\\b(?:(?:in|during)\\s+the\\s+|this\\s+|that\\s+|at\\s+|early\\s+(?:in\\s+the\\s+)?|late\\s+(?:in\\s+the\\s+)?)?(mornings?|afternoons?|evenings?|nights?|noon|midday|lunch\\s*time)\\b`, (m) => {
      const key = m[1].toLowerCase().replace(/\s+/g, '').replace(/s$/, '');
      const range = PART_OF_DAY[key];
      if (!range) return null;
      // "at night" / "in the morning" qualify a date; a bare "night" ("game night") does not
      if (!/^(?:in|during|this|that|at|early|late)\b/i.test(m[0]) && !/^(?:morning|afternoon|evening)s?$/i.test(m[1])) return null;
      return { kind: 'timeOfDay', from: range[0], to: range[1], label: key, relative: false };
    });
  }

  vague(): void {
    this.scan(`\\b(?:recently|lately|of\\s+late)\\b`, () => ({ kind: 'recent', what: 'recently', relative: true }));
    this.scan(`\\bthe\\s+other\\s+day\\b`, () => ({ kind: 'recent', what: 'otherDay', relative: true }));
  }

  /**
   * "since Monday", "before our 5th session", "after May 3", "until June": bounds the
   * reference that follows such a word.
   */
  boundaries(): void {
    for (const r of this.refs) {
      // "the week of May 8th": the calendar week holding that day
      if (r.kind === 'dates' && r.unit === 'day' && r.ranges.length === 1) {
        const wk = /\b(?:in\s+|during\s+)?(?:the\s+)?week\s+(?:of\s+)?(?:the\s+)?$/i.exec(this.n.text.slice(0, r.start));
        if (wk) {
          const start = startOfIsoWeek(r.ranges[0][0]);
          r.ranges = [[start, addDays(start, 6)]];
          r.unit = 'week';
          const [os] = this.n.toOriginal(wk.index, r.start);
          const [, oe] = this.n.toOriginal(r.start, r.end);
          r.text = this.original.slice(os, oe);
          r.start = wk.index;
          continue;
        }
      }
      const before = this.n.text.slice(0, r.start);
      const m = /\b(since|after|before|until|till|up\s+to|prior\s+to)\s+(?:the\s+|our\s+)?$/i.exec(before);
      if (!m) continue;
      const word = m[1].toLowerCase();
      const [os] = this.n.toOriginal(m.index, r.start);
      const [, oe] = this.n.toOriginal(r.start, r.end);
      if (r.kind === 'dates') {
        const from = r.ranges[0][0];
        const to = r.ranges[r.ranges.length - 1][1];
        const min = '0001-01-01';
        const span: DateRange =
          word === 'since' ? [from, this.today] : word === 'after' ? [addDays(to, 1), this.today] : word === 'until' || word === 'till' || word.startsWith('up') ? [min, to] : [min, addDays(from, -1)];
        r.ranges = [span];
        r.unit = 'span';
        r.text = this.original.slice(os, oe);
        r.start = m.index;
      } else if (r.kind === 'session' && r.sel.t === 'index') {
        const k = word === 'since' ? [r.sel.from, Number.MAX_SAFE_INTEGER] : word === 'after' ? [r.sel.to + 1, Number.MAX_SAFE_INTEGER] : word === 'until' || word === 'till' || word.startsWith('up') ? [1, r.sel.to] : [1, r.sel.from - 1];
        r.sel = { t: 'index', from: k[0], to: k[1] };
        r.text = this.original.slice(os, oe);
        r.start = m.index;
      }
    }
  }
}

// ---- misspelled month names ("Janurary 17th")

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)] as number[]);
  for (let j = 1; j <= b.length; j++) dp[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) dp[i][j] = Math.min(dp[i][j], dp[i - 2][j - 2] + 1);
    }
  }
  return dp[a.length][b.length];
}

/** Fixes a misspelled month name that is followed by a day number ("Janurary 17th" → "January 17th"). */
export function fixMonthTypos(text: string): string {
  return text.replace(/\b([A-Za-z]{5,})(?=\.?\s+\d)/g, (word) => {
    const l = word.toLowerCase();
    if (MONTH_WORDS.includes(l)) return word;
    let best: string | null = null;
    for (const mname of MONTH_WORDS) {
      if (mname.length < 5 || mname[0] !== l[0]) continue;
      const d = editDistance(l, mname);
      if (d <= (mname.length >= 7 ? 2 : 1)) best = mname;
    }
    if (!best) return word;
    const cased = best[0].toUpperCase() + best.slice(1);
    // keep the length so spans stay aligned: pad or trim with the original's tail is not possible; spans use the fixed text
    return cased;
  });
}

/** Reads the time, session, speaker and response references of a question. */
export function extractRefs(question: string, ctx: GrammarContext): Extraction {
  const fixed = fixMonthTypos(question);
  const normalized = normalizeNumbers(fixed);
  const ex = new Extractor(normalized, fixed, ctx);
  ex.run();
  return { original: fixed, normalized, refs: ex.refs, rest: ex.masked };
}
