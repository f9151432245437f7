// Messages per session, local date and hour: what a chain on the calendar columns (Date,
// Day_Name, Week, Month, Year, and Time in whole hours) needs to count its rows per session. A
// session holds one or a few hours, so this is a fraction of the messages (about 13,000 entries
// for 100,000 messages): counting "in 2025", "on weekends" or "in the mornings" over it reads
// those entries instead of up to 70,000 index rows.
import type { TimelineColumn, TimelinePlan } from '../../../../../shared/types';

/** The columns fixed by a message's local date. */
const DAY_COLUMNS: ReadonlySet<TimelineColumn> = new Set(['Date', 'Day_Name', 'Week', 'Month', 'Year']);

/**
 * A text column of the entries as codes that keep its order: `values` are its distinct values
 * sorted as JavaScript compares strings (as the tests below always did), `codes[i]` the entry's
 * value's place in them. A test on a value or a range then compares small integers.
 */
export interface CodedColumn {
  codes: Int32Array;
  values: string[];
}

/**
 * One entry per (session, local date, hour) with messages: the columns they fix, and how many.
 * The entries are in memory order of their sessions (`rank`: the session's place in
 * `sessionOrder`), so a chain's sessions come out of one pass in the order its extent lists them.
 */
export interface DayCounts {
  rank: Int32Array;
  sessionId: Int32Array;
  sourceId: Int32Array;
  count: Int32Array;
  year: Int32Array;
  date: CodedColumn;
  dayName: CodedColumn;
  week: CodedColumn;
  month: CodedColumn;
  /** The hour, 'HH' (the Time column is always 'HH:MM:SS': `tableColumnsOf`). */
  hour: CodedColumn;
}

/** SQL reading the entries (columns in DayCountRow order). */
export const DAY_COUNTS_SQL = 'SELECT session_id, COUNT(*), date, day_name, week, month, year, substr(time, 1, 2) FROM messages GROUP BY session_id, date, substr(time, 1, 2)';

export type DayCountRow = [number, number, string, string, string, string, number, string];

/** A session's place in memory order and its source (ChatStore.sessionOrder). */
export type SessionPlace = (sessionId: number) => { rank: number; sourceId: number } | undefined;

/**
 * The entries of DAY_COUNTS_SQL in memory order of their sessions. Null when an entry's session
 * has no place in the order (then the chain is counted in SQL).
 */
export function dayCountsOf(rows: DayCountRow[], placeOf: SessionPlace): DayCounts | null {
  const n = rows.length;
  const rank = new Int32Array(n);
  const sessionId = new Int32Array(n);
  const sourceId = new Int32Array(n);
  const count = new Int32Array(n);
  const year = new Int32Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    const place = placeOf(row[0]);
    if (!place) return null;
    rank[i] = place.rank;
    sessionId[i] = row[0];
    sourceId[i] = place.sourceId;
    count[i] = row[1];
    year[i] = row[6];
    if (i > 0 && rank[i] < rank[i - 1]) sorted = false;
  }
  const column = (at: 2 | 3 | 4 | 5 | 7): CodedColumn => {
    // (a session's entries mostly share their day: a value like the one before is not looked up again)
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) if (i === 0 || rows[i][at] !== rows[i - 1][at]) seen.add(rows[i][at]);
    const values = [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const code = new Map<string, number>();
    values.forEach((v, i) => code.set(v, i));
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i++) codes[i] = i > 0 && rows[i][at] === rows[i - 1][at] ? codes[i - 1] : code.get(rows[i][at])!;
    return { codes, values };
  };
  const days: DayCounts = { rank, sessionId, sourceId, count, year, date: column(2), dayName: column(3), week: column(4), month: column(5), hour: column(7) };
  // The rows come by session id, mostly memory order already; otherwise the entries are put in it.
  if (sorted) return days;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => rank[a] - rank[b]);
  const permuted = (of: Int32Array) => Int32Array.from(order, (i) => of[i]);
  const coded = (c: CodedColumn): CodedColumn => ({ codes: permuted(c.codes), values: c.values });
  return {
    rank: permuted(rank),
    sessionId: permuted(sessionId),
    sourceId: permuted(sourceId),
    count: permuted(count),
    year: permuted(year),
    date: coded(days.date),
    dayName: coded(days.dayName),
    week: coded(days.week),
    month: coded(days.month),
    hour: coded(days.hour),
  };
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

/** A step as a test on an entry: the codes it keeps, or for Year the values (integers, or text bounds as SQLite orders them). */
type Step =
  | { codes: Int32Array; keep: Uint8Array }
  | { codes: Int32Array; lo: number; hi: number }
  | { year: Int32Array; wanted: Set<number> }
  | { year: Int32Array; test: (v: number) => boolean };

/** The first place in sorted `values` holding a value ≥ v (> v when `after`). */
function placeOf(values: string[], v: string, after: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < v || (after && values[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function stepOf(days: DayCounts, op: TimelinePlan['chain'][number]): Step {
  if (op.column === 'Time') {
    const [lo, hi] = hoursOf(op)!;
    return { codes: days.hour.codes, lo: placeOf(days.hour.values, lo, false), hi: placeOf(days.hour.values, hi, true) - 1 };
  }
  if (op.column === 'Year') {
    if (op.op === 'f_value') return { year: days.year, wanted: new Set(op.values.map(yearValue).filter((v): v is number => v !== null)) };
    const [a, b] = op.range;
    const swap = typeof a === typeof b && a > b;
    const lo = yearValue(swap ? b : a);
    const hi = yearValue(swap ? a : b);
    const range = lo === null || hi === null ? mixedRange(lo ?? (swap ? b : a), hi ?? (swap ? a : b)) : (v: number) => v >= lo && v <= hi;
    return { year: days.year, test: range };
  }
  const column = textColumn(days, op.column);
  if (op.op === 'f_value') {
    const keep = new Uint8Array(column.values.length);
    for (const v of op.values) {
      const at = placeOf(column.values, String(v), false);
      if (column.values[at] === String(v)) keep[at] = 1;
    }
    return { codes: column.codes, keep };
  }
  const [a, b] = op.range;
  const swap = typeof a === typeof b && a > b;
  return { codes: column.codes, lo: placeOf(column.values, String(swap ? b : a), false), hi: placeOf(column.values, String(swap ? a : b), true) - 1 };
}

function passes(step: Step, i: number): boolean {
  if ('keep' in step) return step.keep[step.codes[i]] === 1;
  if ('lo' in step) {
    const c = step.codes[i];
    return c >= step.lo && c <= step.hi;
  }
  if ('wanted' in step) return step.wanted.has(step.year[i]);
  return step.test(step.year[i]);
}

/**
 * The sessions a chain keeps rows in, in memory order, and how many in each: the same numbers
 * as its SQL (`compileChain`). A value is compared as SQLite compares it with the column's
 * affinity (Year is an integer column, the others text), and a range given high to low is
 * swapped as the SQL's is. Only entries of the sources `allowed` says yes to are counted.
 */
export function extentByDay(days: DayCounts, plan: TimelinePlan, allowed: (sourceId: number) => boolean): { rows: number; sessionIds: number[]; counts: number[] } {
  const steps = plan.chain.map((op) => stepOf(days, op));
  const sessionIds: number[] = [];
  const counts: number[] = [];
  let rows = 0;
  let lastRank = -1;
  let lastSource = -1;
  let sourceAllowed = false;
  const n = days.count.length;
  next: for (let i = 0; i < n; i++) {
    for (let k = 0; k < steps.length; k++) if (!passes(steps[k], i)) continue next;
    const source = days.sourceId[i];
    if (source !== lastSource) {
      lastSource = source;
      sourceAllowed = allowed(source);
    }
    if (!sourceAllowed) continue;
    const count = days.count[i];
    rows += count;
    if (days.rank[i] === lastRank) counts[counts.length - 1] += count;
    else {
      lastRank = days.rank[i];
      sessionIds.push(days.sessionId[i]);
      counts.push(count);
    }
  }
  return { rows, sessionIds, counts };
}

function textColumn(days: DayCounts, column: TimelineColumn): CodedColumn {
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
function mixedRange(lo: string | number, hi: string | number): (v: number) => boolean {
  const le = (x: string | number, y: string | number) => (typeof x === typeof y ? x <= y : typeof x === 'number');
  return (v) => le(lo, v) && le(v, hi);
}
