// Calendar arithmetic on wall-clock strings ('YYYY-MM-DD', 'YYYY-MM-DDTHH:MM:SS').
//
// Time questions are about the person's calendar, so everything here works on calendar
// dates as written, through UTC `Date`s that never see a time zone or DST.

export type Ymd = string;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function ymd(y: number, m: number, d: number): Ymd {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function toUtc(date: Ymd): Date {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
}

function fromUtc(d: Date): Ymd {
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: Ymd, n: number): Ymd {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: Ymd, b: Ymd): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function isValidDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: Ymd): number {
  return toUtc(date).getUTCDay();
}

export function weekdayName(date: Ymd): Weekday {
  return WEEKDAYS[weekdayOf(date)];
}

/** Monday of the ISO week holding `date`. */
export function isoWeekStart(date: Ymd): Ymd {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** ISO week label 'YYYY-Www', as the chat table's Week column holds it. */
export function isoWeekLabel(date: Ymd): string {
  const d = toUtc(date);
  const thursday = new Date(d);
  thursday.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const weekYear = thursday.getUTCFullYear();
  const jan4 = new Date(Date.UTC(weekYear, 0, 4));
  const week = 1 + Math.round(((thursday.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${weekYear}-W${pad(week)}`;
}

/** Adds months to (y, m), returning [y, m] (m 1-based). */
export function addMonths(y: number, m: number, n: number): [number, number] {
  const total = y * 12 + (m - 1) + n;
  return [Math.floor(total / 12), (total % 12) + 1];
}

export function monthLabel(y: number, m: number): string {
  return `${pad(y, 4)}-${pad(m)}`;
}

export function monthRange(y: number, m: number): [Ymd, Ymd] {
  return [ymd(y, m, 1), ymd(y, m, daysInMonth(y, m))];
}

/** The same calendar day n months earlier/later, clamped to the month's end. */
export function shiftMonths(date: Ymd, n: number): Ymd {
  const [y, m] = addMonths(Number(date.slice(0, 4)), Number(date.slice(5, 7)), n);
  return ymd(y, m, Math.min(Number(date.slice(8, 10)), daysInMonth(y, m)));
}

export function parts(date: Ymd): { y: number; m: number; d: number } {
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** 'May 8, 2023' — for explanations. */
export function humanDate(date: Ymd): string {
  const { y, m, d } = parts(date);
  return `${WEEKDAYS[weekdayOf(date)].slice(0, 3)} ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}
