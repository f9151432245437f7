// Chain-of-table plans: checking them and writing them for people (the chat store compiles
// them to SQL: stores/chat/plan-sql.ts).
//
// A plan is JSON (shared/types.ts `TimelinePlan`): a chain of f_value / f_between operations
// on the chat table's columns, applied one after the other (each keeps a subset of the rows),
// and optionally a ranking of what is left by relevance to some words. Plans come from the
// planner, from the LLM planner, or back from the person after editing, so every value is
// checked against its column here and only ever reaches SQL as a bound parameter.
import { ApiError } from '../../../../shared/api';
import type { TimelineColumn, TimelineOp, TimelinePlan } from '../../../../shared/types';
import { DAY_NAMES } from '../../../../shared/dates/calendar';

export const TIMELINE_COLUMNS: readonly TimelineColumn[] = [
  'Response_Index',
  'Session_Index',
  'Speaker',
  'Role',
  'Day_Name',
  'Week',
  'Date',
  'Time',
  'Month',
  'Year',
];

const INTEGER_COLUMNS = new Set<TimelineColumn>(['Response_Index', 'Session_Index', 'Year']);

function bad(message: string): never {
  throw new ApiError('bad_request', message);
}

/** Checks one value against its column and returns it in the column's stored form. */
export function normalizeValue(column: TimelineColumn, value: string | number, bound?: 'low' | 'high'): string | number {
  const where = `${column}: '${String(value).slice(0, 40)}'`;
  if (INTEGER_COLUMNS.has(column)) {
    const n = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isInteger(n)) bad(`${where} is not a whole number`);
    return n;
  }
  const s = String(value).trim();
  switch (column) {
    case 'Speaker':
      if (!s) bad('Speaker: empty name');
      return s;
    case 'Role':
      if (!['user', 'assistant', 'system', 'other'].includes(s.toLowerCase())) bad(`${where} is not one of user, assistant, system, other`);
      return s.toLowerCase();
    case 'Day_Name': {
      const day = DAY_NAMES.find((d) => d.toLowerCase() === s.toLowerCase());
      if (!day) bad(`${where} is not a day name (Monday … Sunday)`);
      return day;
    }
    case 'Week':
      if (!/^\d{4}-W\d{2}$/.test(s)) bad(`${where} is not an ISO week (YYYY-Www)`);
      return s;
    case 'Date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) bad(`${where} is not a date (YYYY-MM-DD)`);
      return s;
    case 'Month':
      if (!/^\d{4}-\d{2}$/.test(s)) bad(`${where} is not a month (YYYY-MM)`);
      return s;
    case 'Time': {
      const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
      if (!m || +m[1] > 23 || +m[2] > 59 || (m[3] !== undefined && +m[3] > 59)) bad(`${where} is not a time (HH:MM or HH:MM:SS)`);
      const sec = m[3] ?? (bound === 'high' ? '59' : '00');
      return `${m[1].padStart(2, '0')}:${m[2]}:${sec}`;
    }
    default:
      return s;
  }
}

/** Checks a plan's values (its structure is checked by the API schema) and returns it normalized. */
export function checkPlan(plan: TimelinePlan): TimelinePlan {
  if (plan.sessionNumbering === 'source' && plan.sourceIds?.length !== 1) {
    bad("sessionNumbering 'source' needs exactly one source in sourceIds");
  }
  const chain: TimelineOp[] = plan.chain.map((op) => {
    if (!TIMELINE_COLUMNS.includes(op.column)) bad(`unknown column '${String(op.column)}'`);
    if (op.op === 'f_value') {
      if (!op.values.length) bad(`f_value(${op.column}) needs at least one value`);
      return { ...op, values: op.values.map((v) => normalizeValue(op.column, v)) };
    }
    const low = normalizeValue(op.column, op.range[0], 'low');
    const high = normalizeValue(op.column, op.range[1], 'high');
    return { ...op, range: [low, high] as [string | number, string | number] };
  });
  return { ...plan, chain };
}

/** One line per operation, for people: "Date between 2023-05-08 and 2023-06-09". */
export function describeOp(op: TimelineOp): string {
  if (op.op === 'f_value') {
    const values = op.values.length > 8 ? `${op.values.slice(0, 8).join(', ')} … (${op.values.length} values)` : op.values.join(', ');
    return op.values.length === 1 ? `${op.column} = ${values}` : `${op.column} in [${values}]`;
  }
  return `${op.column} between ${op.range[0]} and ${op.range[1]}`;
}

/** The chain in the study's notation: f_between(Date, [2023-05-08, 2023-06-09]) → f_value(Speaker, [Ana]). */
export function chainNotation(plan: TimelinePlan): string {
  if (!plan.chain.length) return '(all rows)';
  return plan.chain
    .map((op) => (op.op === 'f_value' ? `f_value(${op.column}, [${op.values.join(', ')}])` : `f_between(${op.column}, [${op.range[0]}, ${op.range[1]}])`))
    .join(' → ');
}
