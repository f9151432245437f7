// Calendar dates as the person's calendar has them: 'YYYY-MM-DD' strings (Ymd), and wall-clock
// strings 'YYYY-MM-DDTHH:MM:SS' whose first ten characters are one. The arithmetic is date-fns's,
// run on UTCDates (@date-fns/utc): a calendar day never meets the machine's zone, its DST changes
// or its skipped days (test/dates/calendar.test.ts runs in such zones). Pure: the renderer uses it too.
// The minimal UTCDate: the full one also formats itself (toString) with Intl formatters made as
// its module loads, which costs a page ~20 ms of ICU set-up before it draws anything.
import { UTCDateMini } from '@date-fns/utc/date/mini';
// One module per function: the package's index would load all of date-fns (~900 modules).
import { addDays as addDaysFns } from 'date-fns/addDays';
import { addMonths as addMonthsFns } from 'date-fns/addMonths';
import { addWeeks as addWeeksFns } from 'date-fns/addWeeks';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { endOfISOWeek } from 'date-fns/endOfISOWeek';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { getISOWeek } from 'date-fns/getISOWeek';
import { getISOWeekYear } from 'date-fns/getISOWeekYear';
import { nextDay } from 'date-fns/nextDay';
import { previousDay } from 'date-fns/previousDay';
import { startOfISOWeek } from 'date-fns/startOfISOWeek';
import type { Day } from 'date-fns';

/** A calendar date 'YYYY-MM-DD'. */
export type Ymd = string;

/** Day names, Sunday first (the index is date-fns's and JavaScript's day number). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type DayName = (typeof DAY_NAMES)[number];
/** Monday first, as an ISO week runs. */
export const DAY_NAMES_FROM_MONDAY: readonly DayName[] = [...DAY_NAMES.slice(1), DAY_NAMES[0]];

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
/** 'Jan' … 'Dec'. */
export const MONTH_ABBREVIATIONS: readonly string[] = MONTH_NAMES.map((m) => m.slice(0, 3));

/** A regular-expression source (no group) for a month's name or abbreviation: "june", "jun", "sept", "sep". */
export const MONTH_PATTERN = `${MONTH_NAMES.map((m) => m.toLowerCase()).join('|')}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec`;
/** A regular-expression source (no group) for a day's name or abbreviation: "tuesday", "tues", "tue". */
export const DAY_PATTERN = `${DAY_NAMES.map((d) => d.toLowerCase()).join('|')}|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun`;

/** 1–12 for a month's name or a beginning of it of three letters or more ("sep", "Sept.", "September"); null otherwise. */
export function monthNumber(name: string): number | null {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (n.length < 3) return null;
  const i = MONTH_NAMES.findIndex((m) => m.toLowerCase().startsWith(n));
  return i >= 0 ? i + 1 : null;
}

/** The day a name or abbreviation names ("tue", "Tues", "weds", "thurs", "Saturday"); null otherwise. */
export function dayNameOf(name: string): DayName | null {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (n === 'weds') return 'Wednesday';
  if (n.length < 3) return null;
  return DAY_NAMES.find((d) => d.toLowerCase().startsWith(n)) ?? null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function ymd(y: number, m: number, d: number): Ymd {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

export function parts(date: string): { y: number; m: number; d: number } {
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

/** The day as a UTCDate (years below 100 included). */
function dayOf(date: string): Date {
  const { y, m, d } = parts(date);
  const dt = new UTCDateMini(2000, 0, 1);
  dt.setUTCFullYear(y, m - 1, d);
  return dt;
}

function ymdOf(d: Date): Ymd {
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function daysInMonth(y: number, m: number): number {
  // The Gregorian rule for the years and months of a calendar (what date-fns answers, without
  // building a date: the planner asks it for every year it tries); anything else as date-fns has it.
  if (Number.isInteger(y) && y >= 0 && y <= 9999 && Number.isInteger(m) && m >= 1 && m <= 12) {
    if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
    return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  }
  return getDaysInMonth(dayOf(ymd(y, m, 1)));
}

export function isValidDate(y: number, m: number, d: number): boolean {
  return Number.isInteger(y) && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Does the string start with a real calendar date ('2026-02-30' does not)? */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return false;
  const { y, m, d } = parts(s);
  return isValidDate(y, m, d);
}

export function addDays(date: string, n: number): Ymd {
  return ymdOf(addDaysFns(dayOf(date), n));
}

export function addWeeks(date: string, n: number): Ymd {
  return ymdOf(addWeeksFns(dayOf(date), n));
}

/** The same day n months later (earlier when negative), clamped to the month's end (Mar 31 − 1 month = Feb 28). */
export function addMonths(date: string, n: number): Ymd {
  return ymdOf(addMonthsFns(dayOf(date), n));
}

/** (year, month) n months later: [y, m], m 1-based. */
export function shiftMonth(y: number, m: number, n: number): [number, number] {
  const total = y * 12 + (m - 1) + n;
  return [Math.floor(total / 12), (total % 12) + 1];
}

/** Whole calendar days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return differenceInCalendarDays(dayOf(b), dayOf(a));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return getDay(dayOf(date));
}

export function dayName(date: string): DayName {
  return DAY_NAMES[weekdayOf(date)];
}

/**
 * The nearest given day of the week (0 = Sunday … 6) strictly before the date, `weeksBack` weeks
 * further back: "last Friday", "two Fridays ago" (weeksBack 1), "the Sunday before 25 May".
 */
export function weekdayBefore(date: string, day: number, weeksBack = 0): Ymd {
  return addWeeks(ymdOf(previousDay(dayOf(date), day as Day)), -weeksBack);
}

/** The nearest given day of the week (0 = Sunday … 6) strictly after the date ("the Saturday after 3 June"). */
export function weekdayAfter(date: string, day: number): Ymd {
  return ymdOf(nextDay(dayOf(date), day as Day));
}

/** Monday of the ISO week holding the date. */
export function startOfIsoWeek(date: string): Ymd {
  return ymdOf(startOfISOWeek(dayOf(date)));
}

/** Sunday of the ISO week holding the date. */
export function endOfIsoWeek(date: string): Ymd {
  return ymdOf(endOfISOWeek(dayOf(date)));
}

/** The ISO week 'YYYY-Www' (the chat table's Week column): 2027-01-01 → '2026-W53'. */
export function isoWeekLabel(date: string): string {
  const d = dayOf(date);
  return `${pad(getISOWeekYear(d), 4)}-W${pad(getISOWeek(d))}`;
}

/** Monday and Sunday of an ISO week label 'YYYY-Www'; null when it is not one (or the year has no such week). */
export function isoWeekRange(label: string): [Ymd, Ymd] | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(label);
  if (!m) return null;
  const week = Number(m[2]);
  if (week < 1 || week > 53) return null;
  const start = addWeeks(startOfIsoWeek(ymd(Number(m[1]), 1, 4)), week - 1);
  if (isoWeekLabel(start) !== label) return null;
  return [start, addDays(start, 6)];
}

/** 'YYYY-MM'. */
export function monthLabel(y: number, m: number): string {
  return `${pad(y, 4)}-${pad(m)}`;
}

/** First and last day of a month. */
export function monthRange(y: number, m: number): [Ymd, Ymd] {
  return [ymd(y, m, 1), ymd(y, m, daysInMonth(y, m))];
}

export function startOfMonth(date: string): Ymd {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): Ymd {
  const { y, m } = parts(date);
  return ymd(y, m, daysInMonth(y, m));
}

export { endOfDay, startOfDay } from './day-bounds';

/** A date in a date-fns `format` pattern ('EEE MMM d, yyyy' → 'Sun May 3, 2026'). */
export function formatDate(date: string, pattern: string): string {
  // kept per pattern and day: plans describe the same few days again and again, and date-fns
  // reads the pattern anew on every call
  const key = `${pattern}\u0000${date}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(key, (text = format(dayOf(date), pattern)));
  }
  return text;
}

const formatted = new Map<string, string>();

/** 'Sunday, October 11, 2026', with ', 08:30' when a wall clock has a time other than midnight; other text as it is. */
export function longDate(value: string): string {
  if (!isDate(value)) return value;
  const base = formatDate(value, 'EEEE, MMMM d, yyyy');
  const time = /T(\d{2}):(\d{2})/.exec(value);
  return time && !(time[1] === '00' && time[2] === '00') ? `${base}, ${time[1]}:${time[2]}` : base;
}

/** A span of days in words: 'Sunday, October 11, 2026', 'May 2025', '2025', or 'May 1, 2025 – June 3, 2025'. */
export function spanWords(from: string, to: string): string {
  const a = from.slice(0, 10);
  const b = to.slice(0, 10);
  if (a === b) return longDate(a);
  if (a === `${a.slice(0, 4)}-01-01` && b === `${a.slice(0, 4)}-12-31`) return a.slice(0, 4);
  if (a === startOfMonth(a) && b === endOfMonth(a)) return formatDate(a, 'MMMM yyyy');
  return `${formatDate(a, 'MMMM d, yyyy')} – ${formatDate(b, 'MMMM d, yyyy')}`;
}

/** 'Sun Oct 11, 2026' (plans and their explanations). */
export function mediumDate(date: string): string {
  return formatDate(date, 'EEE MMM d, yyyy');
}

/** 'Mon 14 Sep 2026 20:05' (evidence lines); other text as it is. */
export function shortStamp(ts: string): string {
  if (!isDate(ts)) return ts;
  return `${formatDate(ts, 'EEE d MMM yyyy')}${ts.length >= 16 ? ` ${ts.slice(11, 16)}` : ''}`;
}
