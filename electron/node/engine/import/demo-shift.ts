// The demo memory lives in the present: when it is imported, its dates move by whole weeks so
// that its last session falls in the seven days before today (yesterday when the weekday allows).
// Whole weeks keep every weekday true — "last Wednesday", "Monday, Wednesday and Friday
// mornings", "the long weekend" mean what they meant — where a shift by any number of days would
// turn the story's Saturdays into Tuesdays. The messages' timestamps move, and so do the dates
// their text states ("Sunday October 11", "Oct 29 to Nov 2") and the hand-written graph's dates
// (xsd:date / xsd:dateTime literals and dates in its descriptions), by the same number of days, so
// the stored rows, the text and the graph agree. Month names said alone ("the end of October")
// are left as written.
import { addDays, dayName, daysBetween, MONTH_NAMES, monthNumber, ymd } from '../../../../shared/dates/calendar';

/** The demo as the generic importer reads it (resources/demo/demo-memory.json). */
export interface DemoMemory {
  title?: string;
  conversations: { id: string; title: string; messages: { id: string; speaker: string; role: string; text: string; timestamp: string }[] }[];
}

/** The day of the demo's last message ('YYYY-MM-DD', its own wall clock). */
export function lastDemoDay(demo: DemoMemory): string {
  let last = '';
  for (const c of demo.conversations) for (const m of c.messages) if (m.timestamp.slice(0, 10) > last) last = m.timestamp.slice(0, 10);
  return last;
}

/**
 * Days to move a demo whose last message is on `lastDay` so that it falls within the seven days
 * before `today`: a whole number of weeks (negative when the clock is before the demo).
 */
export function demoShiftDays(lastDay: string, today: string): number {
  return 7 * Math.floor((daysBetween(lastDay, today) - 1) / 7);
}

const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());
const MONTH_WORD = `(?:${MONTH_NAMES.join('|')}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)`;
const WEEKDAY_WORD = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
/** "Sunday October 11", "Saturday, Oct 31", "November 1, 2026", "Oct 29" (the demo writes dates this way). */
const MONTH_DAY = new RegExp(`\\b(?:(${WEEKDAY_WORD})(,?\\s+))?(${MONTH_WORD})\\.?\\s+(\\d{1,2})(st|nd|rd|th)?\\b(?:(,?\\s+)(\\d{4})\\b)?`, 'g');

/**
 * A text with the calendar dates it states moved by `days` (`year`: the year of dates written
 * without one), each written as it was: a weekday kept when there was one, the month in full or
 * abbreviated as it was, a year when there was one.
 */
export function shiftDatesInText(text: string, days: number, year: number): string {
  if (!days) return text;
  return text.replace(MONTH_DAY, (whole, weekday: string | undefined, sep: string | undefined, month: string, day: string, suffix: string | undefined, yearSep: string | undefined, y: string | undefined) => {
    const m = monthNumber(month);
    const d = Number(day);
    if (!m || d < 1 || d > 31) return whole;
    const shifted = addDays(ymd(y ? Number(y) : year, m, d), days);
    const [ny, nm, nd] = shifted.split('-').map(Number);
    const monthText = MONTHS.includes(month.toLowerCase()) ? MONTH_NAMES[nm - 1] : MONTH_NAMES[nm - 1].slice(0, 3);
    return `${weekday ? `${dayName(shifted)}${sep}` : ''}${monthText} ${nd}${suffix ? ordinalSuffix(nd) : ''}${y ? `${yearSep}${ny}` : ''}`;
  });
}

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** A wall-clock timestamp with its offset ('2026-09-14T20:05:00+02:00') moved by whole days. */
export function shiftTimestamp(ts: string, days: number): string {
  if (!days) return ts;
  return `${addDays(ts.slice(0, 10), days)}${ts.slice(10)}`;
}

/** The demo memory moved by `days`: timestamps and the dates the messages and titles state. */
export function shiftDemo(demo: DemoMemory, days: number): DemoMemory {
  if (!days) return demo;
  return {
    ...demo,
    conversations: demo.conversations.map((c) => ({
      ...c,
      title: shiftDatesInText(c.title, days, Number(c.messages[0]?.timestamp.slice(0, 4) ?? 2026)),
      messages: c.messages.map((m) => ({ ...m, timestamp: shiftTimestamp(m.timestamp, days), text: shiftDatesInText(m.text, days, Number(m.timestamp.slice(0, 4))) })),
    })),
  };
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** A literal of the hand-written graph moved by `days`: dates, date-times, and dates in its text. */
export function shiftLiteral(value: string, datatype: string, days: number, year: number): string {
  if (!days) return value;
  if (datatype === `${XSD}date` || datatype === `${XSD}dateTime`) return /^\d{4}-\d{2}-\d{2}/.test(value) ? `${addDays(value.slice(0, 10), days)}${value.slice(10)}` : value;
  if (datatype === `${XSD}string` || datatype.endsWith('#langString')) return shiftDatesInText(value, days, year);
  return value;
}

/** How far a stored demo source was moved: its first message's day against the file's. */
export function storedShift(fileFirstTimestamp: string, storedFirstTimestamp: string): number {
  return daysBetween(fileFirstTimestamp.slice(0, 10), storedFirstTimestamp.slice(0, 10));
}
