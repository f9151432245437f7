// The phrasing corpus of the timeline planner: a fixed memory, the corpus, and its scoring.
//
// test/fixtures/timeline-phrasings.jsonl holds time and session questions as people write them,
// each with what it should select, written as a meaning ("the 9th and 10th sessions", "the ISO
// week 2026-W47", "July 2026", "no time filter"), not as a plan. Here that meaning is turned into
// the rows of a fixed synthetic memory (40 sessions over 14 months, two speakers, gaps, two days
// with two sessions; now = Tuesday 2026-11-24 17:30), the planner plans the question against the
// same memory, its chain is applied to the rows, and the two row sets are compared: recall and F2
// per question, averaged per reference kind, as the temporal-memory benchmark does. Whether a
// content query should remain (and which words it must hold) is checked on the side: a plan
// that ranks a time-only question keeps at most `rank.limit` rows, and the harness counts the
// best case among them (it has no text to rank).
//
// The expected rows are computed here with date-fns, not with the planner's own date helpers,
// so the corpus checks the planner against an independent reading of the calendar.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, getISOWeek, getISOWeekYear } from 'date-fns';
import { z } from 'zod';
import type { TimelineColumn, TimelinePlan } from '../../shared/types';
import { chainNotation, checkPlan } from '../../electron/node/engine/timeline/plan';
import { planQuestion, type PlanInput, type PlannerMemory } from '../../electron/node/engine/timeline/planner';
import { recallF2 } from './recall-f2';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS_FILE = path.join(ROOT, 'test/fixtures/timeline-phrasings.jsonl');
export const BASELINE_FILE = path.join(ROOT, 'test/fixtures/timeline-phrasings.baseline.json');

// ---- the fixed memory

/** "Now" of every corpus question: Tuesday 24 November 2026, 17:30 (after the last session). */
export const PHRASING_NOW = '2026-11-24T17:30:00';
export const USER = 'Nora';
export const ASSISTANT = 'ChatGPT';

/**
 * Session starts, oldest first (position = Session_Index). Gaps: none in June 2026, weeks
 * between most 2025–26 sessions; two sessions on 2026-01-14 and on today, 2026-11-24. Times
 * keep clear of the edges of the parts of the day (12–13 h, 17–19 h), so that any reasonable
 * reading of "morning" or "evening" selects the same sessions.
 */
export const SESSION_STARTS = [
  '2025-09-28T10:15', // 1 Sun
  '2025-10-09T19:40', // 2 Thu
  '2025-10-25T09:20', // 3 Sat
  '2025-11-03T08:45', // 4 Mon
  '2025-11-27T20:10', // 5 Thu (Thanksgiving)
  '2025-12-24T21:30', // 6 Wed (Christmas Eve)
  '2025-12-25T10:00', // 7 Thu (Christmas)
  '2025-12-31T22:15', // 8 Wed (New Year's Eve)
  '2026-01-14T07:50', // 9 Wed
  '2026-01-14T20:30', // 10 Wed
  '2026-02-14T14:05', // 11 Sat (Valentine's Day)
  '2026-03-03T09:10', // 12 Tue
  '2026-03-21T15:30', // 13 Sat
  '2026-04-05T11:00', // 14 Sun (Easter)
  '2026-04-28T19:00', // 15 Tue
  '2026-05-16T10:30', // 16 Sat
  '2026-07-03T20:20', // 17 Fri
  '2026-07-19T09:00', // 18 Sun
  '2026-08-08T16:00', // 19 Sat
  '2026-08-26T08:30', // 20 Wed
  '2026-09-07T10:40', // 21 Mon (Labor Day)
  '2026-09-15T19:30', // 22 Tue
  '2026-09-29T08:15', // 23 Tue
  '2026-10-06T20:00', // 24 Tue
  '2026-10-17T10:20', // 25 Sat
  '2026-10-24T15:10', // 26 Sat
  '2026-10-31T20:45', // 27 Sat (Halloween)
  '2026-11-02T09:00', // 28 Mon
  '2026-11-05T19:15', // 29 Thu
  '2026-11-09T08:20', // 30 Mon
  '2026-11-12T21:00', // 31 Thu
  '2026-11-14T10:45', // 32 Sat
  '2026-11-16T07:40', // 33 Mon
  '2026-11-17T20:30', // 34 Tue
  '2026-11-19T14:10', // 35 Thu
  '2026-11-21T09:30', // 36 Sat
  '2026-11-22T20:15', // 37 Sun
  '2026-11-23T19:50', // 38 Mon (yesterday)
  '2026-11-24T08:10', // 39 Tue (this morning)
  '2026-11-24T14:20', // 40 Tue (this afternoon)
] as const;

const MINUTES_BETWEEN_MESSAGES = 2;

/** One message of the memory, with the chat table's columns. */
export interface MemoryRow {
  id: number;
  session: number;
  /** 1-based position within its session. */
  turn: number;
  turns: number;
  Response_Index: number;
  Session_Index: number;
  Speaker: string;
  Role: 'user' | 'assistant';
  Day_Name: string;
  Week: string;
  Date: string;
  Time: string;
  Month: string;
  Year: number;
}

export interface PhrasingMemory {
  rows: MemoryRow[];
  planner: PlannerMemory;
  /** Sessions (positions) that started before now. */
  past: number;
}

function localDate(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(iso)!;
  return new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
}

/** The fixed memory: 6–10 alternating messages per session, numbered across the memory from 0. */
export function buildMemory(): PhrasingMemory {
  const rows: MemoryRow[] = [];
  const sessions: PlannerMemory['sessions'] = [];
  let responseIndex = 0;
  SESSION_STARTS.forEach((start, i) => {
    const position = i + 1;
    const turns = 6 + ((position * 3) % 5);
    const t0 = localDate(start);
    const firstResponse = responseIndex;
    let last = t0;
    for (let k = 0; k < turns; k++) {
      const t = new Date(t0.getTime() + k * MINUTES_BETWEEN_MESSAGES * 60_000);
      last = t;
      const user = k % 2 === 0;
      rows.push({
        id: rows.length + 1,
        session: position,
        turn: k + 1,
        turns,
        Response_Index: responseIndex++,
        Session_Index: position,
        Speaker: user ? USER : ASSISTANT,
        Role: user ? 'user' : 'assistant',
        Day_Name: format(t, 'EEEE'),
        Week: `${getISOWeekYear(t)}-W${String(getISOWeek(t)).padStart(2, '0')}`,
        Date: format(t, 'yyyy-MM-dd'),
        Time: format(t, 'HH:mm:ss'),
        Month: format(t, 'yyyy-MM'),
        Year: t.getFullYear(),
      });
    }
    sessions.push({ id: 1000 + position, sourceId: 1, index: position, start: format(t0, "yyyy-MM-dd'T'HH:mm:ss"), end: format(last, "yyyy-MM-dd'T'HH:mm:ss"), responses: [firstResponse, responseIndex - 1] });
  });
  const dates = [...new Set(rows.map((r) => r.Date))].sort();
  const planner: PlannerMemory = {
    numbering: 'memory',
    sessions,
    hasData: (from, to) => dates.some((d) => d >= from && d <= to),
    speakers: [USER, ASSISTANT],
    hasRoles: true,
    sessionsOfSpeaker: () => sessions.map((s) => s.index),
  };
  const past = sessions.filter((s) => s.start <= PHRASING_NOW).length;
  return { rows, planner, past };
}

// ---- the corpus

const ymdSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const hhmmSchema = z.string().regex(/^\d{2}:\d{2}$/, 'a time HH:MM');
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const position = z.number().int().min(1);

/** What a question should select, as a meaning: every key present is a condition (all must hold). */
export interface Target {
  none?: true;
  sessions?: number[];
  sessionRange?: [number, number];
  ago?: number[];
  dates?: string[];
  between?: [string | null, string | null];
  week?: string;
  month?: string;
  year?: number;
  weekdays?: (typeof WEEKDAY_NAMES)[number][];
  time?: [string, string];
  speaker?: string;
  role?: 'user' | 'assistant';
  responses?: number[];
  turnInSession?: number;
  any?: Target[];
}

const targetSchema: z.ZodType<Target> = z.lazy(() =>
  z
    .object({
      /** No time filter at all: every row (a content search, or a question that is not about time). */
      none: z.literal(true).optional(),
      /** Positions from the first session (1 = the first). */
      sessions: z.array(position).min(1).optional(),
      sessionRange: z.tuple([position, position]).optional(),
      /** Counted back from now: 1 = the last session that started before now. */
      ago: z.array(position).min(1).optional(),
      dates: z.array(ymdSchema).min(1).optional(),
      /** Inclusive; null = open. */
      between: z.tuple([ymdSchema.nullable(), ymdSchema.nullable()]).optional(),
      week: z.string().regex(/^\d{4}-W\d{2}$/, 'an ISO week YYYY-Www').optional(),
      month: z.string().regex(/^\d{4}-\d{2}$/, 'a month YYYY-MM').optional(),
      year: z.number().int().optional(),
      /** Recurring days of the week. */
      weekdays: z.array(z.enum(WEEKDAY_NAMES)).min(1).optional(),
      /** Wall-clock time of day, inclusive. */
      time: z.tuple([hhmmSchema, hhmmSchema]).optional(),
      speaker: z.string().min(1).optional(),
      role: z.enum(['user', 'assistant']).optional(),
      /** Response_Index values (0-based, numbered across the memory). */
      responses: z.array(z.number().int().min(0)).min(1).optional(),
      /** Position within its session: 1 = first message, -1 = last. */
      turnInSession: z.number().int().refine((n) => n !== 0, 'not 0').optional(),
      /** A union of targets (ANDed with the other keys). */
      any: z.array(targetSchema).min(2).optional(),
    })
    .strict()
    .refine((t) => Object.keys(t).length > 0, 'an empty target (write {"none": true} for no time filter)')
    .refine((t) => !t.none || Object.keys(t).every((k) => k === 'none' || k === 'speaker' || k === 'role'), '"none" cannot be combined with time conditions'),
);

const turnSchema = z.object({ speaker: z.string(), text: z.string().min(1) }).strict();

export const phrasingSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    kind: z.string().regex(/^[a-z-]+$/),
    question: z.string().min(1),
    /** Earlier turns of the dialogue, oldest first (the question is the next turn). */
    context: z.array(turnSchema).optional(),
    expect: targetSchema,
    /** A content query should remain (rank the selected rows by these words). */
    content: z.boolean(),
    /** Words the content query must hold (lower case). */
    topic: z.array(z.string().regex(/^[\p{Ll}\p{N}'-]+$/u)).optional(),
    /** How numeric dates are written; absent = en-US (M/D/Y). */
    locale: z.enum(['en-US', 'en-GB']).optional(),
    tags: z.array(z.string().regex(/^[a-z-]+$/)).default([]),
    note: z.string().optional(),
  })
  .strict();

export type Phrasing = z.infer<typeof phrasingSchema>;

/** Reads the corpus; a bad line is a one-line error naming the file, line and field. */
export function loadCorpus(file = CORPUS_FILE): Phrasing[] {
  const out: Phrasing[] = [];
  const ids = new Set<string>();
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${path.relative(ROOT, file)}:${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new Error(`${where}: not JSON (${(e as Error).message})`);
    }
    const parsed = phrasingSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${where}: ${issue.path.join('.') || '(line)'}: ${issue.message}`);
    }
    if (ids.has(parsed.data.id)) throw new Error(`${where}: id: '${parsed.data.id}' is used twice`);
    ids.add(parsed.data.id);
    out.push(parsed.data);
  });
  return out;
}

// ---- expected rows

function matches(t: Target, r: MemoryRow, memory: PhrasingMemory): boolean {
  if (t.sessions && !t.sessions.includes(r.session)) return false;
  if (t.sessionRange && (r.session < Math.min(...t.sessionRange) || r.session > Math.max(...t.sessionRange))) return false;
  if (t.ago && !t.ago.map((k) => memory.past + 1 - k).includes(r.session)) return false;
  if (t.dates && !t.dates.includes(r.Date)) return false;
  if (t.between && ((t.between[0] && r.Date < t.between[0]) || (t.between[1] && r.Date > t.between[1]))) return false;
  if (t.week && r.Week !== t.week) return false;
  if (t.month && r.Month !== t.month) return false;
  if (t.year !== undefined && r.Year !== t.year) return false;
  if (t.weekdays && !t.weekdays.includes(r.Day_Name as (typeof WEEKDAY_NAMES)[number])) return false;
  if (t.time && (r.Time < `${t.time[0]}:00` || r.Time > `${t.time[1]}:59`)) return false;
  if (t.speaker && r.Speaker.toLowerCase() !== t.speaker.toLowerCase()) return false;
  if (t.role && r.Role !== t.role) return false;
  if (t.responses && !t.responses.includes(r.Response_Index)) return false;
  if (t.turnInSession !== undefined && r.turn !== (t.turnInSession > 0 ? t.turnInSession : r.turns + 1 + t.turnInSession)) return false;
  if (t.any && !t.any.some((u) => matches(u, r, memory))) return false;
  return true;
}

/** The rows a target means, in the memory. */
export function expectedRows(t: Target, memory: PhrasingMemory): MemoryRow[] {
  return memory.rows.filter((r) => matches(t, r, memory));
}

// ---- the plan's rows

function rowValue(r: MemoryRow, column: TimelineColumn): string | number {
  return r[column];
}

/** The rows a plan's chain keeps (as compileChain's SQL would: operations ANDed, ranges inclusive). */
export function chainRows(plan: TimelinePlan, memory: PhrasingMemory): MemoryRow[] {
  const checked = checkPlan(plan);
  return memory.rows.filter((r) =>
    checked.chain.every((op) => {
      const v = rowValue(r, op.column);
      const same = (a: string | number, b: string | number) => (op.column === 'Speaker' ? String(a).toLowerCase() === String(b).toLowerCase() : a === b);
      if (op.op === 'f_value') return op.values.some((x) => same(v, x));
      let [lo, hi] = op.range;
      if (typeof lo === typeof hi && lo > hi) [lo, hi] = [hi, lo];
      return v >= lo && v <= hi;
    }),
  );
}

// ---- scoring

export type Symptom =
  | 'ok'
  | 'error'
  | 'no time filter'
  | 'last session by default'
  | 'filter on a question without time'
  | 'ranked: time-only answer cut short'
  | 'time-only question ranked'
  | 'content query lost'
  | 'content words missing'
  | 'wrong selection';

export interface PhrasingResult {
  item: Phrasing;
  recall: number;
  f2: number;
  contentOk: boolean;
  failed: boolean;
  symptom: Symptom;
  expected: number;
  retrieved: number;
  /** Sessions selected, for failure listings. */
  gotSessions: number[];
  wantSessions: number[];
  rewrite?: string;
  chain?: string;
  query?: string;
  explanation?: string[];
  error?: string;
}

const sessionsOf = (rows: MemoryRow[]) => [...new Set(rows.map((r) => r.session))];

/** Plans one corpus question and scores the rows it selects. */
export function scorePhrasing(item: Phrasing, memory: PhrasingMemory): PhrasingResult {
  const want = expectedRows(item.expect, memory);
  const wantIds = new Set(want.map((r) => r.id));
  const base = { item, expected: want.length, wantSessions: sessionsOf(want) };
  const input: PlanInput = { question: item.question, context: item.context, now: PHRASING_NOW, ...(item.locale ? { locale: item.locale } : {}) };
  let planned;
  let kept: MemoryRow[];
  try {
    planned = planQuestion(input, memory.planner);
    kept = chainRows(planned.plan, memory);
  } catch (e) {
    return { ...base, recall: 0, f2: 0, contentOk: false, failed: true, symptom: 'error', retrieved: 0, gotSessions: [], error: (e as Error).message };
  }
  const plan = planned.plan;
  const rank = plan.rank;
  let retrieved = kept;
  if (rank && !item.content) {
    // a time-only question answered by ranking keeps at most `limit` rows: count the best case
    const hits = kept.filter((r) => wantIds.has(r.id));
    const others = kept.filter((r) => !wantIds.has(r.id));
    retrieved = [...hits, ...others].slice(0, rank.limit);
  }
  const hit = retrieved.filter((r) => wantIds.has(r.id)).length;
  const { recall, f2 } = recallF2(hit, retrieved.length, want.length);
  const queryWords = (rank?.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const topicOk = !item.topic || item.topic.every((w) => queryWords.some((q) => q === w || q.startsWith(w)));
  const contentOk = !!rank === item.content && (!item.content || topicOk);
  const selectionOk = recall >= 1 && f2 >= 0.9;
  const failed = !selectionOk || !contentOk;
  const defaulted = plan.chain.some((op) => op.why === 'no time given');
  const chainHit = kept.filter((r) => wantIds.has(r.id)).length;
  const chainScore = recallF2(chainHit, kept.length, want.length);
  const chainOk = chainScore.recall >= 1 && chainScore.f2 >= 0.9;
  let symptom: Symptom = 'ok';
  if (failed && !selectionOk) {
    if (item.expect.none && plan.chain.length > 0 && !defaulted) symptom = 'filter on a question without time';
    else if (defaulted) symptom = 'last session by default';
    else if (plan.chain.length === 0) symptom = 'no time filter';
    else if (chainOk && rank && !item.content) symptom = 'ranked: time-only answer cut short';
    else symptom = 'wrong selection';
  } else if (failed) {
    symptom = rank && !item.content ? 'time-only question ranked' : item.content && !rank ? 'content query lost' : 'content words missing';
  }
  return {
    ...base,
    recall,
    f2,
    contentOk,
    failed,
    symptom,
    retrieved: retrieved.length,
    gotSessions: sessionsOf(retrieved),
    rewrite: planned.rewritten ? planned.rewrite : undefined,
    chain: chainNotation(plan),
    query: rank?.query,
    explanation: planned.explanation,
  };
}

export interface GroupScore {
  name: string;
  n: number;
  recall: number;
  f2: number;
  contentOk: number;
  failures: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function group(name: string, results: PhrasingResult[]): GroupScore {
  return {
    name,
    n: results.length,
    recall: 100 * mean(results.map((r) => r.recall)),
    f2: 100 * mean(results.map((r) => r.f2)),
    contentOk: 100 * mean(results.map((r) => (r.contentOk ? 1 : 0))),
    failures: results.filter((r) => r.failed).length,
  };
}

export interface CorpusScore {
  results: PhrasingResult[];
  kinds: GroupScore[];
  tags: GroupScore[];
  all: GroupScore;
}

/** Scores the whole corpus (kinds in the order they first appear). */
export function scoreCorpus(items = loadCorpus(), memory = buildMemory()): CorpusScore {
  const results = items.map((it) => scorePhrasing(it, memory));
  const kinds = [...new Set(items.map((i) => i.kind))].map((k) => group(k, results.filter((r) => r.item.kind === k)));
  const tagNames = [...new Set(items.flatMap((i) => i.tags))].sort();
  const tags = tagNames.map((t) => group(t, results.filter((r) => r.item.tags.includes(t))));
  return { results, kinds, tags, all: group('all', results) };
}

// ---- the baseline the unit test holds the planner to

export interface Baseline {
  date: string;
  note?: string;
  /** What the planner is asked to reach per kind (not asserted until the baseline is raised to it). */
  target?: { recall: number; f2: number };
  /** Per kind: the figures may only go up (recall and F2 in %, failures a count). */
  kinds: Record<string, { recall: number; f2: number; failures: number }>;
  all: { recall: number; f2: number; failures: number };
}

export function readBaseline(file = BASELINE_FILE): Baseline {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Baseline;
}

const floor2 = (x: number) => Math.floor(x * 100) / 100;

/** The baseline a score sets (figures rounded down to 0.01). */
export function baselineOf(score: CorpusScore, date: string, note?: string): Baseline {
  const entry = (g: GroupScore) => ({ recall: floor2(g.recall), f2: floor2(g.f2), failures: g.failures });
  return { date, ...(note ? { note } : {}), target: PHRASING_TARGET, kinds: Object.fromEntries(score.kinds.map((k) => [k.name, entry(k)])), all: entry(score.all) };
}

/** Issue 14: recall / F2 ≥ 98 / 97 on every kind. */
export const PHRASING_TARGET = { recall: 98, f2: 97 };

/** The baseline as JSON, one line per kind (diffs stay readable when figures are raised). */
export function baselineJson(b: Baseline): string {
  const kinds = Object.entries(b.kinds).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const head = Object.entries(b)
    .filter(([k]) => k !== 'kinds' && k !== 'all')
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${head.join(',\n')},\n  "kinds": {\n${kinds.join(',\n')}\n  },\n  "all": ${JSON.stringify(b.all)}\n}\n`;
}

// ---- printing

const pct = (x: number) => x.toFixed(2).padStart(7);

export function formatTable(title: string, groups: GroupScore[], all?: GroupScore): string {
  const width = Math.max(24, ...groups.map((g) => g.name.length + 2));
  const head = `${title.padEnd(width)} ${'n'.padStart(4)} ${'recall'.padStart(7)} ${'F2'.padStart(7)} ${'content'.padStart(8)} ${'fail'.padStart(5)}\n`;
  const line = (g: GroupScore) => `${g.name.padEnd(width)} ${String(g.n).padStart(4)} ${pct(g.recall)} ${pct(g.f2)} ${pct(g.contentOk).padStart(8)} ${String(g.failures).padStart(5)}\n`;
  return head + groups.map(line).join('') + (all ? line(all) : '');
}

export function formatFailure(r: PhrasingResult): string {
  const ctx = r.item.context?.length ? `    context: ${r.item.context.map((t) => JSON.stringify(t.text)).join(' / ')}\n` : '';
  return (
    `- [${r.item.id}] ${r.symptom}: R=${(100 * r.recall).toFixed(0)} F2=${(100 * r.f2).toFixed(0)} ${JSON.stringify(r.item.question)}${r.item.locale ? ` (${r.item.locale})` : ''}\n` +
    ctx +
    (r.rewrite ? `    rewrite: ${JSON.stringify(r.rewrite)}\n` : '') +
    (r.error
      ? `    error: ${r.error}\n`
      : `    plan: ${r.chain}${r.query !== undefined ? ` · rank ${JSON.stringify(r.query)}` : ''}\n` +
        `    sessions got [${r.gotSessions.join(', ')}] want [${r.wantSessions.join(', ')}]${r.item.content ? ` · content ${JSON.stringify(r.item.topic ?? [])}` : ''}\n`)
  );
}

/** The per-kind table (and the symptom counts), as bench:temporal prints it too. */
export function phrasingReport(score: CorpusScore, withTags = true): string {
  const symptoms = new Map<string, number>();
  for (const r of score.results) if (r.failed) symptoms.set(r.symptom, (symptoms.get(r.symptom) ?? 0) + 1);
  return (
    `\nPhrasing corpus (${score.all.n} questions, ${score.kinds.length} kinds; fixed memory of 40 sessions, now 2026-11-24 17:30)\n\n` +
    formatTable('kind', score.kinds, score.all) +
    (withTags ? `\n${formatTable('tag', score.tags)}` : '') +
    `\nfailures by symptom: ${[...symptoms].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ${n}`).join(' · ') || 'none'}\n`
  );
}
