// Timeline plans as the person reads and edits them: each table operation as a readable step,
// a draft that keeps what is being typed, and the way back to a plan the engine can run.
// Pure functions (tested in test/serve/workbench/plan-model.test.ts); the engine checks every
// value again against its column when the plan runs (runPlan), and its message is shown as is.
import { formatDate, isDate, isoWeekRange, mediumDate, MONTH_ABBREVIATIONS, MONTH_NAMES } from '../../../shared/dates/calendar';
import type { TimelineColumn, TimelineOp, TimelinePlan } from '../../../shared/types';

export interface ColumnInfo {
  column: TimelineColumn;
  label: string;
  /** What a value looks like. */
  hint: string;
  example: string;
  numeric: boolean;
}

/** The chat table's columns, in the order a person thinks of them (when, then who, then where). */
export const COLUMNS: ColumnInfo[] = [
  { column: 'Date', label: 'Date', hint: 'YYYY-MM-DD', example: '2026-10-16', numeric: false },
  { column: 'Week', label: 'Week', hint: 'ISO week, YYYY-Www', example: '2026-W44', numeric: false },
  { column: 'Month', label: 'Month', hint: 'YYYY-MM', example: '2026-10', numeric: false },
  { column: 'Year', label: 'Year', hint: 'YYYY', example: '2026', numeric: true },
  { column: 'Day_Name', label: 'Day of the week', hint: 'Monday … Sunday', example: 'Tuesday', numeric: false },
  { column: 'Time', label: 'Time of day', hint: 'HH:MM:SS', example: '09:00:00', numeric: false },
  { column: 'Speaker', label: 'Speaker', hint: 'a name as in the messages', example: 'Lena', numeric: false },
  { column: 'Role', label: 'Role', hint: 'user, assistant, system or other', example: 'user', numeric: false },
  { column: 'Session_Index', label: 'Session number', hint: '1 = the first session', example: '3', numeric: true },
  { column: 'Response_Index', label: 'Response number', hint: '0 = the first message of a conversation', example: '0', numeric: true },
];

const BY_COLUMN = new Map(COLUMNS.map((c) => [c.column, c]));

export function columnInfo(column: TimelineColumn): ColumnInfo {
  return BY_COLUMN.get(column) ?? { column, label: column, hint: '', example: '', numeric: false };
}

// ---- reading a plan


/** A value as people say it ('2026-W44' → 'Oct 26 – Nov 1, 2026'); null when the value speaks for itself. */
export function humanValue(column: TimelineColumn, value: string | number): string | null {
  const v = String(value);
  if (column === 'Date') return /^\d{4}-\d{2}-\d{2}$/.test(v) && isDate(v) ? mediumDate(v) : null;
  if (column === 'Week') {
    const week = isoWeekRange(v);
    if (!week) return null;
    const [start, end] = week;
    return `${formatDate(start, start.slice(0, 4) !== end.slice(0, 4) ? 'MMM d, yyyy' : 'MMM d')} – ${formatDate(end, 'MMM d, yyyy')}`;
  }
  if (column === 'Month') {
    const m = /^(\d{4})-(\d{2})$/.exec(v);
    if (!m || +m[2] < 1 || +m[2] > 12) return null;
    return `${MONTH_NAMES[+m[2] - 1]} ${m[1]}`;
  }
  if (column === 'Time') {
    const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(v);
    return m ? `${m[1]}:${m[2]}` : null;
  }
  if (column === 'Session_Index') return /^\d+$/.test(v) ? `session ${v}` : null;
  if (column === 'Response_Index') return /^\d+$/.test(v) ? `message ${Number(v) + 1} of its conversation` : null;
  return null;
}

export interface StepView {
  column: string;
  /** 'is', 'is one of', 'is between'. */
  verb: string;
  values: string[];
  /** The values as people say them, when that differs ('Mon Oct 12, 2026'). */
  human: string | null;
  /** The person's words the step came from. */
  why: string | null;
}

/** One operation as a sentence's parts: "Date is 2026-10-12 (Mon Oct 12, 2026) ← 'on October 11'". */
export function describeOp(op: TimelineOp): StepView {
  const info = columnInfo(op.column);
  if (op.op === 'f_between') {
    const [a, b] = op.range.map((v) => humanValue(op.column, v));
    return {
      column: info.label,
      verb: 'is between',
      values: op.range.map(String),
      human: a && b ? `${a} – ${b}` : null,
      why: op.why ?? null,
    };
  }
  const human = op.values.map((v) => humanValue(op.column, v));
  return {
    column: info.label,
    verb: op.values.length === 1 ? 'is' : 'is one of',
    values: op.values.map(String),
    human: human.every((h) => h !== null) && human.length <= 4 ? human.join(', ') : null,
    why: op.why ?? null,
  };
}

/** The plan as one line ("Week is 2026-W44 · Speaker is Lena · ranked by 'porto'"). */
export function summarizePlan(plan: TimelinePlan): string {
  const parts = plan.chain.map((op) => {
    const s = describeOp(op);
    return `${s.column} ${s.verb} ${op.op === 'f_between' ? s.values.join(' and ') : s.values.join(', ')}`;
  });
  if (plan.rank) parts.push(`ranked by “${plan.rank.query}”`);
  return parts.length ? parts.join(' · ') : 'every message';
}

// ---- editing: a draft keeps the text being typed; it becomes a plan again on Run

export interface DraftStep {
  /** Stable key for React lists (steps are added and removed). */
  key: number;
  kind: 'f_value' | 'f_between';
  column: TimelineColumn;
  /** f_value: values separated by commas. */
  valuesText: string;
  /** f_between: the two ends. */
  fromText: string;
  toText: string;
  why?: string;
}

export interface DraftRank {
  query: string;
  speakersText: string;
  limitText: string;
}

export interface PlanDraft {
  /** Everything the steps do not edit (version, now, sources, numbering). */
  base: Omit<TimelinePlan, 'chain' | 'rank'>;
  steps: DraftStep[];
  rank: DraftRank | null;
}

let stepKey = 0;

export function toDraft(plan: TimelinePlan): PlanDraft {
  const { chain, rank, ...base } = plan;
  return {
    base,
    steps: chain.map((op) => opToStep(op)),
    rank: rank ? { query: rank.query, speakersText: (rank.speakers ?? []).join(', '), limitText: String(rank.limit) } : null,
  };
}

function opToStep(op: TimelineOp): DraftStep {
  const key = ++stepKey;
  if (op.op === 'f_between') {
    return { key, kind: 'f_between', column: op.column, valuesText: '', fromText: String(op.range[0]), toText: String(op.range[1]), ...(op.why ? { why: op.why } : {}) };
  }
  return { key, kind: 'f_value', column: op.column, valuesText: op.values.map(String).join(', '), fromText: '', toText: '', ...(op.why ? { why: op.why } : {}) };
}

/** A new, empty step on a column (values to be typed). */
export function newStep(column: TimelineColumn, kind: DraftStep['kind'] = 'f_value', valuesText = ''): DraftStep {
  return { key: ++stepKey, kind, column, valuesText, fromText: '', toText: '' };
}

export function updateStep(draft: PlanDraft, key: number, patch: Partial<Omit<DraftStep, 'key'>>): PlanDraft {
  return { ...draft, steps: draft.steps.map((s) => (s.key === key ? changeStep(s, patch) : s)) };
}

/** Switching between "is one of" and "between" carries the values over. */
function changeStep(step: DraftStep, patch: Partial<Omit<DraftStep, 'key'>>): DraftStep {
  const carried = { ...step };
  if (patch.kind && patch.kind !== step.kind) {
    if (patch.kind === 'f_between') {
      const values = splitValues(step.valuesText);
      carried.fromText = values[0] ?? '';
      carried.toText = values[values.length - 1] ?? '';
    } else {
      carried.valuesText = [step.fromText.trim(), step.toText.trim()].filter(Boolean).filter((v, i, a) => a.indexOf(v) === i).join(', ');
    }
  }
  // An edited step keeps its quote: it still says which words it came from.
  return { ...carried, ...patch };
}

export function removeStep(draft: PlanDraft, key: number): PlanDraft {
  return { ...draft, steps: draft.steps.filter((s) => s.key !== key) };
}

export function addStep(draft: PlanDraft, step: DraftStep): PlanDraft {
  return { ...draft, steps: [...draft.steps, step] };
}

export function setRank(draft: PlanDraft, rank: DraftRank | null): PlanDraft {
  return { ...draft, rank };
}

export function splitValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** A typed value for a column: whole numbers for the numeric columns, text otherwise. */
export function parseValue(column: TimelineColumn, text: string): string | number {
  const t = text.trim();
  if (columnInfo(column).numeric && /^-?\d+$/.test(t)) return Number(t);
  return t;
}

export type DraftResult = { ok: true; plan: TimelinePlan } | { ok: false; error: string };

/**
 * The plan a draft stands for. Only what the engine cannot read is refused here (a step
 * without values, a range without an end, a rank without words); whether '2026-13-01' is a
 * date is the engine's to say, in its own words.
 */
export function fromDraft(draft: PlanDraft): DraftResult {
  const chain: TimelineOp[] = [];
  for (const [i, s] of draft.steps.entries()) {
    const label = `Step ${i + 1} (${columnInfo(s.column).label})`;
    const why = s.why ? { why: s.why } : {};
    if (s.kind === 'f_between') {
      if (!s.fromText.trim() || !s.toText.trim()) return { ok: false, error: `${label}: give both ends of the range.` };
      chain.push({ op: 'f_between', column: s.column, range: [parseValue(s.column, s.fromText), parseValue(s.column, s.toText)], ...why });
    } else {
      const values = splitValues(s.valuesText);
      if (values.length === 0) return { ok: false, error: `${label}: give at least one value (${columnInfo(s.column).hint}).` };
      chain.push({ op: 'f_value', column: s.column, values: values.map((v) => parseValue(s.column, v)), ...why });
    }
  }
  const plan: TimelinePlan = { ...draft.base, chain };
  if (draft.rank) {
    const query = draft.rank.query.trim();
    if (!query) return { ok: false, error: 'Ranking: give the words to rank by, or remove the ranking.' };
    const limit = Number(draft.rank.limitText.trim());
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { ok: false, error: 'Ranking: keep between 1 and 1000 rows.' };
    const speakers = splitValues(draft.rank.speakersText);
    plan.rank = { query, ...(speakers.length ? { speakers } : {}), limit };
  }
  return { ok: true, plan };
}

// ---- the plan as JSON

export function planToJson(plan: TimelinePlan): string {
  return JSON.stringify(plan, null, 2);
}

/** Same plan (the person's edits came back to what was planned)? */
export function samePlan(a: TimelinePlan | null | undefined, b: TimelinePlan | null | undefined): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(plan: TimelinePlan): unknown {
  return {
    ...plan,
    chain: plan.chain.map((op) => (op.op === 'f_value' ? { op: op.op, column: op.column, values: op.values, why: op.why } : { op: op.op, column: op.column, range: op.range, why: op.why })),
    rank: plan.rank ? { query: plan.rank.query, speakers: plan.rank.speakers ?? [], limit: plan.rank.limit } : undefined,
  };
}

/** 'Nov 6, 2026 12:00' for the plan's now. */
export function formatNow(now: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(now);
  if (!m) return now;
  return `${MONTH_ABBREVIATIONS[+m[2] - 1]} ${+m[3]}, ${m[1]} ${m[4]}:${m[5]}`;
}

/** "33 messages in 3 sessions". */
export function describeRun(total: number, sessions: number): string {
  const msgs = `${total.toLocaleString('en-US')} ${total === 1 ? 'message' : 'messages'}`;
  if (total === 0) return 'No messages';
  return `${msgs} in ${sessions.toLocaleString('en-US')} ${sessions === 1 ? 'session' : 'sessions'}`;
}
