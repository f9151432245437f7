// Wall-clock times: what the conversation's clock showed, plus the UTC offset when known.
//
// Time questions are about the person's days ("last Tuesday", "this morning"), so every
// message keeps its wall-clock date and time; instants from exports that only carry UTC
// (ChatGPT epochs, Claude ISO 'Z') are shown in the machine's own time zone, which is the
// person's. Pure (the machine's zone is JavaScript's own): the renderer uses it too.
import { dayName, isoWeekLabel, isValidDate } from './calendar';

export interface WallClock {
  /** 'YYYY-MM-DDTHH:MM:SS' */
  local: string;
  /** Minutes east of UTC, or null when the source does not say. */
  offsetMin: number | null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Wall clock of a Date read in the machine's time zone. */
export function wallClockOfDate(d: Date): WallClock {
  return {
    local: `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    offsetMin: 0 - d.getTimezoneOffset() || 0, // never -0
  };
}

/** Wall clock, in the machine's time zone, of an instant given in epoch milliseconds. */
export function wallClockOfEpochMs(ms: number): WallClock {
  return wallClockOfDate(new Date(ms));
}

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses ISO-8601 forms. An explicit non-zero offset keeps the written wall clock (that is
 * what the speaker saw); 'Z' means the export only knew the instant, so it is shown in the
 * machine's zone; no zone at all is a floating wall clock (offset unknown).
 */
export function parseIsoWallClock(text: string): WallClock | null {
  const m = ISO_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  if (!validParts(+y, +mo, +d, +h, +mi, +s)) return null;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  if (!zone) return { local, offsetMin: null };
  if (zone.toUpperCase() === 'Z') return wallClockOfEpochMs(wallToMs(local));
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return { local, offsetMin: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) };
}

function validParts(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  return isValidDate(y, mo, d) && h <= 23 && mi <= 59 && s <= 60;
}

/** Builds a wall clock from components (month 1-based). */
export function wallClockOf(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offsetMin: number | null = null): WallClock {
  return { local: `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`, offsetMin };
}

/**
 * A wall-clock string ('YYYY-MM-DD', 'YYYY-MM-DDTHH:MM[:SS]') as milliseconds with the clock
 * read as UTC: an axis for ordering, gaps and drawing on which no zone or DST shift creeps in.
 * NaN when it is not one.
 */
export function wallToMs(wall: string): number {
  // the stored form 'YYYY-MM-DDTHH:MM:SS' read by position (an import reads it for every message)
  if (wall.length === 19 && wall.charCodeAt(4) === 45 && wall.charCodeAt(7) === 45 && wall.charCodeAt(10) === 84 && wall.charCodeAt(13) === 58 && wall.charCodeAt(16) === 58) {
    const ms = Date.UTC(digitsAt(wall, 0, 4), digitsAt(wall, 5, 2) - 1, digitsAt(wall, 8, 2), digitsAt(wall, 11, 2), digitsAt(wall, 14, 2), digitsAt(wall, 17, 2));
    if (!Number.isNaN(ms)) return ms;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(wall);
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}

/** The number written by `length` ASCII digits at `from`; NaN when one is not a digit. */
function digitsAt(s: string, from: number, length: number): number {
  let n = 0;
  for (let i = from; i < from + length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/** The wall clock 'YYYY-MM-DDTHH:MM:SS' at milliseconds of that axis (wallToMs's inverse). */
export function msToWall(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** The UTC instant of a wall clock; a floating wall clock is taken as UTC. */
export function utcIsoOf(w: WallClock): string {
  return new Date(epochMsOf(w)).toISOString();
}

/** Milliseconds on a common axis for ordering and gaps (floating taken as UTC). */
export function epochMsOf(w: WallClock): number {
  return wallToMs(w.local) - (w.offsetMin ?? 0) * 60_000;
}

export interface TableColumns {
  dayName: string;
  week: string;
  date: string;
  time: string;
  month: string;
  year: number;
}

/** Day-level columns by date: imports meet the same few dates thousands of times. */
const dayColumns = new Map<string, Omit<TableColumns, 'time'>>();

/** The chain-of-table columns derived from a wall clock. */
export function tableColumnsOf(local: string): TableColumns {
  const date = local.slice(0, 10);
  let day = dayColumns.get(date);
  if (!day) {
    day = dayColumnsOf(local);
    if (dayColumns.size > 100_000) dayColumns.clear();
    dayColumns.set(date, day);
  }
  return { ...day, time: local.slice(11, 19) };
}

function dayColumnsOf(local: string): Omit<TableColumns, 'time'> {
  const date = local.slice(0, 10);
  return { dayName: dayName(date), week: isoWeekLabel(date), date, month: local.slice(0, 7), year: Number(local.slice(0, 4)) };
}

/** xsd:dateTime lexical form: with the offset when known, floating otherwise. */
export function xsdDateTimeOf(w: WallClock): string {
  if (w.offsetMin === null) return w.local;
  if (w.offsetMin === 0) return `${w.local}Z`;
  const sign = w.offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(w.offsetMin);
  return `${w.local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
