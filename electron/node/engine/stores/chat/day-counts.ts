// Messages per session, local date and hour: what a chain on the calendar columns (Date,
// Day_Name, Week, Month, Year, and Time in whole hours) needs to count its rows per session. A
// session holds one or a few hours, so this is a fraction of the messages (about 13,000 entries
// for 100,000 messages): counting "in 2025", "on weekends" or "in the mornings" over it reads
// those entries instead of up to 70,000 index rows.
import type { TimelineColumn, TimelinePlan } from '../../../../../shared/types';

/** The columns fixed by a message's local date. */
const DAY_COLUMNS: ReadonlySet<TimelineColumn> = new Set(['Date', 'Day_Name', 'Week', 'Month', 'Year']);

/** One entry per (session, local date, hour) with messages: the columns they fix, and how many. */
export interface DayCounts {
  sessionId: Int32Array;
  count: Int32Array;
  date: string[];
  dayName: string[];
  week: string[];
  month: string[];
  year: Int32Array;
  /** The hour, 'HH' (the Time column is always 'HH:MM:SS': `tableColumnsOf`). */
  hour: string[];
}

/** SQL reading the entries (columns in DayCounts order). */
export const DAY_COUNTS_SQL = 'SELECT session_id, COUNT(*), date, day_name, week, month, year, substr(time, 1, 2) FROM messages GROUP BY session_id, date, substr(time, 1, 2)';

export type DayCountRow = [number, number, string, string, string, string, number, string];

export function dayCountsOf(rows: DayCountRow[]): DayCounts {
  const n = rows.length;
  const out: DayCounts = { sessionId: new Int32Array(n), count: new Int32Array(n), date: new Array(n), dayName: new Array(n), week: new Array(n), month: new Array(n), year: new Int32Array(n), hour: new Array(n) };
  rows.forEach(([sessionId, count, date, dayName, week, month, year, hour], i) => {
    out.sessionId[i] = sessionId;
    out.count[i] = count;
    out.date[i] = date;
    out.dayName[i] = dayName;
    out.week[i] = week;
    out.month[i] = month;
    out.year[i] = year;
    out.hour[i] = hour;
  });
  return out;
}

/** Whether every step of a chain is on a calendar column or a range of whole hours (then it can be counted from DayCounts). */
export function countableByDay(plan: TimelinePlan): boolean {
  return plan.chain.every((op) => DAY_COLUMNS.has(op.column) || (op.column === 'Time' && hoursOf(op) !== null));
}

/**
 * A Time step as a range of whole hours ['HH', 'HH'], after the swap the SQL makes: a range from
 * the start of an hour to the end of one ("in the mornings": 00:00:00–12:59:59). Null otherwise.
 */
function hoursOf(op: TimelinePlan['chain'][number]): [string, string] | null {
  if (op.op !== 'f_between') return null;
  const [a, b] = op.range;
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  const [lo, hi] = a > b ? [b, a] : [a, b];
  return /^\d\d:00:00$/.test(lo) && /^\d\d:59:59$/.test(hi) ? [lo.slice(0, 2), hi.slice(0, 2)] : null;
}

type Test = (i: number) => boolean;

/**
 * Rows per session that the chain keeps, the same numbers as its SQL (`compileChain`): a value
 * is compared as SQLite compares it with the column's affinity (Year is an integer column, the
 * others text), and a range given high to low is swapped as the SQL's is.
 */
export function countBySession(days: DayCounts, plan: TimelinePlan): Map<number, number> {
  const tests: Test[] = plan.chain.map((op) => {
    if (op.column === 'Time') {
      const [lo, hi] = hoursOf(op)!;
      return (i) => days.hour[i] >= lo && days.hour[i] <= hi;
    }
    const numeric = op.column === 'Year';
    const column = numeric ? null : textColumn(days, op.column);
    const at = (i: number): string | number => (numeric ? days.year[i] : column![i]);
    const asColumn = (v: string | number): string | number | null => (numeric ? yearValue(v) : String(v));
    if (op.op === 'f_value') {
      const wanted = new Set(op.values.map(asColumn).filter((v) => v !== null));
      return (i) => wanted.has(at(i));
    }
    const [a, b] = op.range;
    const swap = typeof a === typeof b && a > b;
    const lo = asColumn(swap ? b : a);
    const hi = asColumn(swap ? a : b);
    if (lo === null || hi === null) return mixedRange(at, lo ?? (swap ? b : a), hi ?? (swap ? a : b));
    return (i) => {
      const v = at(i);
      return v >= lo && v <= hi;
    };
  });
  const out = new Map<number, number>();
  for (let i = 0; i < days.count.length; i++) {
    if (!tests.every((t) => t(i))) continue;
    const id = days.sessionId[i];
    out.set(id, (out.get(id) ?? 0) + days.count[i]);
  }
  return out;
}

function textColumn(days: DayCounts, column: TimelineColumn): string[] {
  switch (column) {
    case 'Date':
      return days.date;
    case 'Day_Name':
      return days.dayName;
    case 'Week':
      return days.week;
    case 'Month':
      return days.month;
    default:
      throw new Error(`not a calendar column: ${column}`);
  }
}

/** A value compared with the integer Year column: SQLite converts text that reads as a number; other text stays text. */
function yearValue(v: string | number): number | null {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : null;
}

/**
 * A range on Year with a bound that stays text: SQLite orders every integer before any text, so
 * an integer is below a text bound and above none.
 */
function mixedRange(at: (i: number) => string | number, lo: string | number, hi: string | number): Test {
  const le = (x: string | number, y: string | number) => (typeof x === typeof y ? x <= y : typeof x === 'number');
  return (i) => {
    const v = at(i);
    return le(lo, v) && le(v, hi);
  };
}
