// Calendar helpers for Ask on wall-clock strings ('YYYY-MM-DD', 'YYYY-MM-DDTHH:MM:SS'),
// through UTC Dates that never see a time zone.
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function ymd(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function utc(date: string): Date {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
}

export function isDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(utc(s).getTime());
}

export function addDays(date: string, n: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Whole calendar days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000);
}

export function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** "Sunday, October 11, 2026" (with the time when the value has one: "…, 08:30"). */
export function humanDate(value: string): string {
  if (!isDate(value)) return value;
  const d = utc(value);
  const base = `${DAY_NAMES[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  const time = /T(\d{2}):(\d{2})/.exec(value);
  return time && !(time[1] === '00' && time[2] === '00') ? `${base}, ${time[1]}:${time[2]}` : base;
}

/** "Mon 14 Sep 2026 20:05" for evidence lines. */
export function shortStamp(ts: string): string {
  if (!isDate(ts)) return ts;
  const d = utc(ts);
  return `${DAY_NAMES[d.getUTCDay()].slice(0, 3)} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()].slice(0, 3)} ${d.getUTCFullYear()}${ts.length >= 16 ? ` ${ts.slice(11, 16)}` : ''}`;
}

/** Monday–Sunday of an ISO week label 'YYYY-Www'. */
export function isoWeekRange(label: string): [string, string] | null {
  const m = /^(\d{4})-W(\d{2})$/.exec(label);
  if (!m) return null;
  const y = Number(m[1]);
  const jan4 = new Date(Date.UTC(y, 0, 4));
  const mondayWeek1 = new Date(jan4);
  mondayWeek1.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7));
  const start = new Date(mondayWeek1);
  start.setUTCDate(mondayWeek1.getUTCDate() + (Number(m[2]) - 1) * 7);
  const a = ymd(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate());
  return [a, addDays(a, 6)];
}
