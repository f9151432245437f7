// The deterministic planner: question (+ dialogue) → rewrite → references → chain-of-table plan.
//
// Calendar references come resolved from the grammar; here session references are resolved
// against the memory's own session list (positions count the sessions in scope, oldest
// first; "N sessions ago" counts back from a new session after the last one that started
// before now), positions within a period ("our first chat in May") are picked, shifts ("the
// one before that", "the week after", "two sessions before that") are applied to whatever
// they point back to, references are combined into a chain (same kind → union, different
// kinds → each its own operation), and what is left of the question decides whether the rows
// are ranked by content. Every reference is explained with the words it came from; words that
// look like a time but were not read are reported as not understood (and kept out of the
// search). See docs/timeline.md for the semantics of each kind of reference.
import type { PlannedQuestion, QuestionKind, TimelineOp, TimelinePlan } from '../../../../shared/types';
import {
  addDays,
  addMonths,
  daysInMonth,
  endOfMonth,
  formatDate,
  isoWeekLabel,
  mediumDate,
  monthLabel,
  MONTH_NAMES,
  parts,
  startOfIsoWeek,
  weekdayAfter,
  weekdayBefore,
  ymd,
  type Ymd,
} from '../../../../shared/dates/calendar';
import { ordinalWord } from '../../../../shared/text/numbers';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import { words } from '../../../../shared/text/words';
import { contentWords, queryWords } from './classify';
import { conversationNamed, mentionsConversation, type NamedConversation } from './conversation-title';
import { extractRefs, unreadTimes, type DateRange, type Extraction, type GrammarContext, type Ref, type SessionSel } from './grammar';
import { rewriteFollowUp, type DialogueTurn } from './rewrite';

export interface SessionEntry {
  id: number;
  sourceId: number;
  /** Session_Index under the scope's numbering (source_index or memory_index). */
  index: number;
  start: string;
  end: string;
  /** First and last Response_Index of the session ("the first message of our last chat"), when known. */
  responses?: [number, number];
}

/** What the planner may ask of the memory. */
export interface PlannerMemory {
  numbering: 'memory' | 'source';
  sourceIds?: number[];
  /** Sessions in scope, oldest first. */
  sessions: SessionEntry[];
  hasData(from: Ymd, to: Ymd): boolean;
  speakers: string[];
  /** The scope holds assistant turns ("what did you say" names a role). */
  hasRoles: boolean;
  /** Sessions (their Session_Index values) in which a speaker speaks. */
  sessionsOfSpeaker?(name: string): number[];
  /** Conversation titles with the sessions (Session_Index values) of the conversations so titled. */
  sessionsTitled?(): Map<string, number[]>;
  /** The first and last Response_Index of a role's messages in a session (by its Session_Index), null when it has none. */
  responsesOfRole?(session: number, role: 'user' | 'assistant'): [number, number] | null;
}

export interface PlanInput {
  question: string;
  context?: DialogueTurn[];
  /** Wall clock 'YYYY-MM-DDTHH:MM:SS'. */
  now: string;
  /** Locale setting (BCP 47) for numeric dates and holidays; default en-US. */
  locale?: string;
}

export interface PlannerOptions {
  /** Rows kept at most when ranking by content. */
  rankLimit?: number;
}

const DEFAULT_RANK_LIMIT = 4;
const MIN_DATE = '0001-01-01';

const TIME_KINDS = new Set<Ref['kind']>(['session', 'dates', 'response', 'timeOfDay', 'upToNow', 'dayName', 'shift', 'recent', 'window']);

/** Contexts kept per memory (a few nows and locales): the grammar keeps its readings per context object. */
const CONTEXTS_KEPT = 32;
const contexts = new WeakMap<PlannerMemory, Map<string, GrammarContext>>();

/** The grammar's context for a memory, now and locale: one object per memory, now and locale, so a batch reuses its readings. */
export function grammarContext(now: string, memory: PlannerMemory, locale?: string): GrammarContext {
  let byKey = contexts.get(memory);
  if (!byKey) contexts.set(memory, (byKey = new Map()));
  const key = `${now}\u0000${locale ?? ''}`;
  const kept = byKey.get(key);
  // a memory object changed in place (its speakers or roles) gets a new context
  if (kept && kept.speakers === memory.speakers && kept.roles === memory.hasRoles) return kept;
  const ctx: GrammarContext = { now, hasData: (a, b) => memory.hasData(a, b), speakers: memory.speakers, roles: memory.hasRoles, ...(locale ? { locale } : {}) };
  if (byKey.size >= CONTEXTS_KEPT) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, ctx);
  return ctx;
}

function quote(r: Ref): string {
  return `'${r.text.trim()}'`;
}

// ---- dates → operations

function mergeRanges(ranges: DateRange[]): DateRange[] {
  const sorted = [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: DateRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= addDays(last[1], 1)) {
      if (r[1] > last[1]) last[1] = r[1];
    } else out.push([r[0], r[1]]);
  }
  return out;
}

function wholeMonth([a, b]: DateRange): string | null {
  const pa = parts(a);
  if (pa.d !== 1) return null;
  const pb = parts(b);
  return pa.y === pb.y && pa.m === pb.m && pb.d === daysInMonth(pb.y, pb.m) ? monthLabel(pa.y, pa.m) : null;
}

function wholeYear([a, b]: DateRange): number | null {
  return a.endsWith('-01-01') && b.endsWith('-12-31') && a.slice(0, 4) === b.slice(0, 4) ? Number(a.slice(0, 4)) : null;
}

function wholeWeek([a, b]: DateRange): string | null {
  return startOfIsoWeek(a) === a && addDays(a, 6) === b ? isoWeekLabel(a) : null;
}

function dateOps(ranges: DateRange[], why: string): TimelineOp[] {
  const merged = mergeRanges(ranges);
  if (!merged.length) return [];
  if (merged.every(([a, b]) => a === b)) return [{ op: 'f_value', column: 'Date', values: merged.map(([a]) => a), why }];
  const months = merged.map(wholeMonth);
  if (months.every((m) => m)) return [{ op: 'f_value', column: 'Month', values: months as string[], why }];
  const years = merged.map(wholeYear);
  if (years.every((y) => y)) return [{ op: 'f_value', column: 'Year', values: years as number[], why }];
  if (merged.length === 1) {
    const week = wholeWeek(merged[0]);
    if (week) return [{ op: 'f_value', column: 'Week', values: [week], why }];
    return [{ op: 'f_between', column: 'Date', range: [merged[0][0], merged[0][1]], why }];
  }
  // several spans: list their days when that stays small, else their envelope
  const days: string[] = [];
  for (const [a, b] of merged) {
    for (let d = a; d <= b && days.length <= 400; d = addDays(d, 1)) days.push(d);
  }
  if (days.length <= 400) return [{ op: 'f_value', column: 'Date', values: days, why }];
  return [{ op: 'f_between', column: 'Date', range: [merged[0][0], merged[merged.length - 1][1]], why }];
}

/** A date range as people read it: "Mon Nov 23, 2026", "July 2026", "2025", "the week of Mon Nov 16, 2026", "Jul 1 – Jul 10, 2026". */
function describeRange([a, b]: DateRange): string {
  if (a === b) return mediumDate(a);
  if (a === MIN_DATE) return `up to ${mediumDate(b)}`;
  const month = wholeMonth([a, b]);
  if (month) return `${MONTH_NAMES[parts(a).m - 1]} ${a.slice(0, 4)}`;
  const year = wholeYear([a, b]);
  if (year) return String(year);
  if (wholeWeek([a, b])) return `the week of ${mediumDate(a)} (${isoWeekLabel(a)})`;
  return a.slice(0, 4) === b.slice(0, 4) ? `${formatDate(a, 'EEE MMM d')} – ${mediumDate(b)}` : `${mediumDate(a)} – ${mediumDate(b)}`;
}

/** describeRanges' texts by the ranges described: every plan explains its dates, mostly the same few (date-fns formats them). */
const DESCRIBED_KEPT = 10_000;
const described = new Map<string, string>();

function describeRanges(ranges: DateRange[]): string {
  let key = '';
  for (const [a, b] of ranges) key += `${a} ${b};`;
  let text = described.get(key);
  if (text === undefined) {
    if (described.size >= DESCRIBED_KEPT) described.clear();
    described.set(key, (text = mergeRanges(ranges).map(describeRange).join('; ')));
  }
  return text;
}

// ---- sessions

function positionsOf(sel: SessionSel, past: number, total: number): number[] {
  const out: number[] = [];
  if (sel.t === 'index') {
    const to = Math.min(sel.to, Math.max(total, sel.from));
    for (let p = Math.min(sel.from, to); p <= Math.max(sel.from, to) && out.length < 10_000; p++) out.push(p);
  } else if (sel.t === 'list') {
    out.push(...[...new Set(sel.values)].sort((a, b) => a - b));
  } else if (sel.t === 'ago') {
    const a = past + 1 - Math.max(sel.from, sel.to);
    const b = past + 1 - Math.min(sel.from, sel.to);
    for (let p = a; p <= b; p++) out.push(p);
  } else {
    for (let p = 1; p <= Math.min(sel.n, Math.max(total, 1)); p++) out.push(p);
  }
  return out;
}

function sessionOp(values: number[], why: string): TimelineOp {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const contiguous = sorted.length >= 3 && sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
  return contiguous
    ? { op: 'f_between', column: 'Session_Index', range: [sorted[0], sorted[sorted.length - 1]], why }
    : { op: 'f_value', column: 'Session_Index', values: sorted, why };
}

/** Positions (1-based, in scope order) of the sessions that meet a date range and started before now. */
function sessionsIn(ranges: DateRange[], sessions: SessionEntry[], now: string): number[] {
  const out: number[] = [];
  sessions.forEach((s, i) => {
    if (s.start > now) return;
    if (ranges.some(([a, b]) => s.start.slice(0, 10) <= b && s.end.slice(0, 10) >= a)) out.push(i + 1);
  });
  return out;
}

type UnitName = 'day' | 'week' | 'month' | 'year';

function shiftRanges(ranges: DateRange[], unit: UnitName, delta: number): DateRange[] {
  return ranges.map(([a, b]) => {
    if (unit === 'day') return [addDays(a, delta), addDays(b, delta)];
    if (unit === 'week') return [addDays(a, 7 * delta), addDays(b, 7 * delta)];
    const months = unit === 'month' ? delta : 12 * delta;
    const na = addMonths(a, months);
    // a range that ends with its month ends with the shifted month too (Feb 28 → Mar 31)
    const nb = b === endOfMonth(b) ? endOfMonth(addMonths(b, months)) : addMonths(b, months);
    return [na, nb];
  });
}

/** The calendar unit holding a day. */
function unitAround(day: Ymd, unit: UnitName): DateRange {
  const { y, m } = parts(day);
  if (unit === 'day') return [day, day];
  if (unit === 'week') return [startOfIsoWeek(day), addDays(startOfIsoWeek(day), 6)];
  if (unit === 'month') return [ymd(y, m, 1), ymd(y, m, daysInMonth(y, m))];
  return [ymd(y, 1, 1), ymd(y, 12, 31)];
}

/** The period of one unit right after (or before) a range: "the week after Christmas" = the 7 days after it. */
function unitNextTo([a, b]: DateRange, unit: UnitName, delta: number): DateRange {
  const k = Math.abs(delta);
  if (delta > 0) {
    const start = unit === 'day' ? addDays(b, k) : addDays(b, 1);
    const end = unit === 'day' ? start : unit === 'week' ? addDays(b, 7 * k) : addDays(addMonths(b, unit === 'month' ? k : 12 * k), 0);
    return [start, end];
  }
  const end = unit === 'day' ? addDays(a, -k) : addDays(a, -1);
  const start = unit === 'day' ? end : unit === 'week' ? addDays(a, -7 * k) : addMonths(a, unit === 'month' ? -k : -12 * k);
  return [start, end];
}

const SIZE: Record<string, number> = { day: 1, week: 2, span: 2, month: 3, year: 4 };

type DatesRef = Extract<Ref, { kind: 'dates' }>;

/** Words that join a part to the period it is of: "the 16th to the 19th of this month", "autumn last year", "Monday morning, last week". */
const ATTACHED = /^[\s,]*(?:(?:of|in|on|during|from|within)\s+)?(?:the\s+)?[\s,]*$/i;

/**
 * A part named with the period it belongs to is that part of that period, not both: "between
 * the 16th and the 19th of this month" is the 16th–19th, "autumn last year" is the autumn of
 * last year, "Monday morning last week" is last week's Monday. Two adjacent date references
 * (nothing but "of", "in", "on" or a comma between them), one a week, month or year and the
 * other smaller: the smaller one, moved by whole units of the larger one until it lies inside
 * it. Anything else (two dates joined by "and", a part that cannot fit) is left as it is.
 */
function attachParts(refs: Ref[], text: string): Ref[] {
  const out = [...refs];
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i];
    // the next date reference, past those of the same words ("Monday morning": its part of the day)
    let j = i + 1;
    while (j < out.length && out[j].kind !== 'dates' && out[j].start >= a.start && out[j].end <= a.end) j++;
    const b = out[j];
    if (!b || a.kind !== 'dates' || b.kind !== 'dates' || a.future || b.future) continue;
    if (!ATTACHED.test(text.slice(a.end, b.start))) continue;
    const envelope = (r: DatesRef): DateRange => [r.ranges[0][0], r.ranges[r.ranges.length - 1][1]];
    const [big, small] = (SIZE[a.unit] ?? 0) >= (SIZE[b.unit] ?? 0) ? [a, b] : [b, a];
    if (big.unit !== 'week' && big.unit !== 'month' && big.unit !== 'year') continue;
    if (big.ranges.length !== 1 || SIZE[small.unit] >= SIZE[big.unit]) continue;
    const [ba, bb] = envelope(big);
    const inside = (r: DateRange[]) => r.every(([x, y]) => x >= ba && y <= bb);
    let ranges = small.ranges;
    if (!inside(ranges)) {
      // move the part by whole weeks, months or years onto the period
      const [sa] = envelope(small);
      const unit = big.unit as UnitName;
      const { y: y1, m: m1 } = parts(sa);
      const { y: y2, m: m2 } = parts(ba);
      const delta = unit === 'week' ? Math.round((Date.parse(startOfIsoWeek(ba)) - Date.parse(startOfIsoWeek(sa))) / (7 * 86_400_000)) : unit === 'month' ? (y2 - y1) * 12 + (m2 - m1) : y2 - y1;
      ranges = shiftRanges(small.ranges, unit, delta);
      if (!inside(ranges)) continue;
    }
    const merged: Ref = { ...small, ranges, relative: small.relative && big.relative, start: Math.min(a.start, b.start), end: Math.max(a.end, b.end), text: `${a.text.trim()} ${b.text.trim()}` };
    out.splice(j, 1);
    out.splice(i, 1, merged);
  }
  return out;
}

interface ShiftContext {
  today: Ymd;
  now: string;
  sessions: SessionEntry[];
  past: number;
  total: number;
}

/**
 * Applies shifts ("the one before that", "the day after", "two sessions before that", "the
 * Thursday before that", "later that month") to the reference they point back to (the latest
 * one before them, else the next one): any kind, with its count and unit.
 */
function applyShifts(refs: Ref[], c: ShiftContext): Ref[] {
  const out: Ref[] = [];
  const consumed = new Set<Ref>();
  const isBase = (x: Ref) => x.kind === 'session' || x.kind === 'dates';
  for (const r of refs) {
    if (consumed.has(r)) continue;
    if (r.kind !== 'shift') {
      out.push(r);
      continue;
    }
    let i = -1;
    for (let k = out.length - 1; k >= 0; k--)
      if (isBase(out[k])) {
        i = k;
        break;
      }
    let base: Ref | undefined = i >= 0 ? out[i] : undefined;
    if (!base) {
      // no reference before it: the next one ("the one before that (3 sessions ago)", "the day after Christmas Eve")
      const later = refs.find((x) => x.start > r.start && isBase(x) && !consumed.has(x));
      if (later) {
        base = later;
        consumed.add(later);
      }
    } else out.splice(i, 1);
    const text = base && base.text.trim() !== r.text.trim() ? `${base.text.trim()} → ${r.text.trim()}` : r.text;
    const span = { start: Math.min(base?.start ?? r.start, r.start), end: Math.max(base?.end ?? r.end, r.end), text, relative: base?.relative ?? true };
    const unit = r.unit === 'same' ? (base?.kind === 'session' || !base ? 'session' : base.kind === 'dates' ? (base.unit === 'span' ? 'day' : base.unit) : 'session') : r.unit;
    if (unit === 'session') {
      let sel: SessionSel;
      if (base?.kind === 'session' && base.sel.t === 'ago') sel = { t: 'ago', from: base.sel.from - r.delta, to: base.sel.to - r.delta };
      else {
        const positions =
          base?.kind === 'session' ? positionsOf(base.sel, c.past, c.total) : base?.kind === 'dates' ? sessionsIn(base.ranges, c.sessions, c.now) : [];
        if (!base && r.delta > 0) {
          // "our next session": it has not happened yet
          const next = addDays(c.today, 1);
          out.push({ kind: 'dates', ranges: [[next, next]], unit: 'day', future: true, ...span });
          continue;
        }
        if (!base) sel = { t: 'ago', from: -r.delta, to: -r.delta };
        else if (!positions.length) sel = { t: 'list', values: [0] };
        else {
          const k = r.delta < 0 ? Math.min(...positions) + r.delta : Math.max(...positions) + r.delta;
          sel = { t: 'index', from: k, to: k };
        }
      }
      out.push({ kind: 'session', sel, ...span });
      continue;
    }
    // calendar shifts: from the base's days, or from now ("the previous week" alone is last week)
    let ranges: DateRange[];
    // a day the grammar moved to a neighbour with conversations is shifted from the day asked for
    let baseRanges: DateRange[] | null = base?.kind === 'dates' ? (base.asked ? [[base.asked, base.asked]] : base.ranges) : null;
    if (base?.kind === 'session') {
      const ps = positionsOf(base.sel, c.past, c.total).filter((p) => p >= 1 && p <= c.total);
      baseRanges = ps.length ? [[c.sessions[ps[0] - 1].start.slice(0, 10), c.sessions[ps[ps.length - 1] - 1].end.slice(0, 10)]] : null;
    }
    const envelope: DateRange | null = baseRanges ? [baseRanges[0][0], baseRanges[baseRanges.length - 1][1]] : null;
    let resultUnit: 'day' | 'week' | 'month' | 'year' | 'span' = unit === 'weekday' ? 'day' : unit === 'weekend' ? 'span' : unit;
    if (r.rest) {
      const u = unit as UnitName;
      const [a, b] = envelope ?? [c.today, c.today];
      const [ua, ub] = unitAround(r.rest === 'later' ? b : a, u);
      ranges = [r.rest === 'later' ? [addDays(b, 1), ub] : [ua, addDays(a, -1)]];
      resultUnit = 'span';
    } else if (unit === 'weekday') {
      const [a, b] = envelope ?? [c.today, c.today];
      const k = Math.abs(r.delta);
      const d = r.delta < 0 ? weekdayBefore(a, r.day!, k - 1) : addDays(weekdayAfter(b, r.day!), 7 * (k - 1));
      ranges = [[d, d]];
    } else if (unit === 'weekend') {
      const [a, b] = envelope ?? [c.today, c.today];
      const sunday = r.delta < 0 ? weekdayBefore(a, 0, Math.abs(r.delta) - 1) : addDays(weekdayAfter(b, 0), 7 * (r.delta - 1));
      const sat = addDays(sunday, -1);
      ranges = [r.delta < 0 && sat >= a ? [addDays(sat, -7), addDays(sunday, -7)] : r.delta > 0 && sat <= b ? [addDays(sat, 7), addDays(sunday, 7)] : [sat, sunday]];
    } else {
      const u = unit as UnitName;
      const baseUnit = base?.kind === 'dates' ? base.unit : 'day';
      if (!baseRanges) ranges = shiftRanges([unitAround(c.today, u)], u, r.delta);
      else if (baseUnit === u || (SIZE[baseUnit] ?? 0) > SIZE[u]) ranges = shiftRanges(baseRanges, u, r.delta);
      else ranges = [unitNextTo(envelope!, u, r.delta)];
      if (baseRanges && (SIZE[baseUnit] ?? 0) > SIZE[u]) resultUnit = baseUnit as typeof resultUnit;
    }
    out.push({ kind: 'dates', ranges, unit: resultUnit, ...span });
  }
  return out.sort((a, b) => a.start - b.start);
}

const SPEECH_AFTER = /^\s*(?:(?:has|had|did|does|do|was|is|would|will)\s+)?(?:(?:ever|first|just|also|then)\s+)?(?:say|said|says|tell|told|tells|mention|mentioned|mentions|ask|asked|asks|write|wrote|writes|suggest|suggested|suggests|share|shared|shares|reply|replied|answer|answered|explain|explained|describe|described|talk|talked|talks|express|expressed|propose|proposed|recommend|recommended|advise|advised|discuss|discussed|give|gave|start|started)\b/i;

/** The readable form of a session position: "the 11th session", "the last session". */
function sessionReading(r: Extract<Ref, { kind: 'session' }>, values: number[], past: number): string {
  const col = `Session_Index ${values.length === 1 ? `= ${values[0]}` : `in ${values[0]}–${values[values.length - 1]}`}`;
  if (values.length === 1 && values[0] === 0) return 'no such session';
  if (r.sel.t === 'ago' && r.sel.from === r.sel.to) return `${r.sel.from === 1 ? 'the last session' : `the ${ordinalWord(r.sel.from)}-to-last session`} (${col}; ${past} session${past === 1 ? '' : 's'} before now)`;
  if (r.sel.t === 'ago') return `the last ${Math.max(r.sel.from, r.sel.to)} sessions (${col})`;
  if (values.length === 1) return `the ${ordinalWord(values[0])} session (${col})`;
  return `sessions ${values.join(', ')} (${col})`;
}

/**
 * What the steps of planQuestion share. The planner is split into steps: one function of them
 * all took V8 hundreds of milliseconds to optimise, and a shape it had not met sent the whole of
 * it back to unoptimised code (a batch ran most questions so).
 */
interface Planning {
  now: string;
  today: Ymd;
  memory: PlannerMemory;
  sessions: SessionEntry[];
  /** Sessions that started before now. */
  past: number;
  total: number;
  ex: Extraction;
  explanation: string[];
  notUnderstood: string[];
  chain: TimelineOp[];
  /** Notes on the positions read within a period (positionsWithinPeriods). */
  withinNotes: Map<Ref, string>;
}

type SessionRef = Extract<Ref, { kind: 'session' }>;
type SpeakerRef = Extract<Ref, { kind: 'speaker' }>;
type RoleRef = Extract<Ref, { kind: 'role' }>;
type NotTimeRef = Extract<Ref, { kind: 'notTime' }>;
type RecentRef = Extract<Ref, { kind: 'recent' }>;

/** A position's Session_Index (positions outside the scope stay as they are). */
function valueAt(p: Planning, position: number): number {
  return position >= 1 && position <= p.total ? p.sessions[position - 1].index : position;
}

const maskText = (s: string, a: number, b: number) => s.slice(0, a) + ' '.repeat(Math.max(0, b - a)) + s.slice(b);

/**
 * "our first conversation in May", "the last session of July", "our last chat before Christmas":
 * a position within a period, resolved to that session before anything shifts it (in place on refs).
 */
function positionsWithinPeriods(p: Planning, refs: Ref[]): Map<Ref, string> {
  const { ex, sessions, now } = p;
  const withinNotes = new Map<Ref, string>();
  for (let i = 0; i < refs.length - 1; i++) {
    const a = refs[i];
    const b = refs[i + 1];
    if (a.kind !== 'session' || b.kind !== 'dates') continue;
    if (!(a.sel.t === 'index' && a.sel.from === a.sel.to) && !(a.sel.t === 'ago' && a.sel.from === a.sel.to)) continue;
    const gap = ex.normalized.text.slice(a.end, b.start);
    // "the last conversation we had in July", "the first chat that we had in the spring": a relative clause of having talked
    if (!/^\s*(?:(?:that|which)\s+)?(?:(?:we|i|you)\s+(?:had|held|did|have\s+had|talked|chatted|spoke)\s+)?(?:in|on|of|during|from|within|at)?\s*(?:the\s+)?$/i.test(gap)) continue;
    const inPeriod = sessionsIn(b.ranges, sessions, now).map((x) => ({ p: x }));
    const k = a.sel.from;
    const pick = a.sel.t === 'ago' ? inPeriod[inPeriod.length - k] : inPeriod[k - 1];
    const which = a.sel.t === 'ago' ? (k === 1 ? 'last' : `${ordinalWord(k)}-to-last`) : ordinalWord(k);
    const merged: Ref = {
      kind: 'session',
      sel: pick ? { t: 'index', from: pick.p, to: pick.p } : { t: 'list', values: [0] },
      start: a.start,
      end: b.end,
      text: ex.original.slice(ex.toOriginal(a.start, b.end)[0], ex.toOriginal(a.start, b.end)[1]),
      relative: b.relative,
    };
    withinNotes.set(merged, pick ? `the ${which} of the ${inPeriod.length} sessions ${describeRanges(b.ranges)}` : `no such session (${inPeriod.length} sessions ${describeRanges(b.ranges)})`);
    refs.splice(i, 2, merged);
  }
  return withinNotes;
}

/**
 * "the second one" after "our last two chats": the Nth of the sessions just named (changed on a
 * copy: the grammar's readings are shared between questions).
 */
function nthOfSets(p: Planning, given: Ref[]): Ref[] {
  const { past, total } = p;
  let refs = given;
  // (in place on the caller's copy: a new array from map() has another elements kind)
  for (let i = 0; i < refs.length; i++) if (refs[i].kind === 'session' && (refs[i] as SessionRef).nthOfSet) refs[i] = { ...refs[i] };
  for (const r of refs) {
    if (r.kind !== 'session' || !r.nthOfSet) continue;
    const set = refs.find((x) => x !== r && x.kind === 'session' && positionsOf(x.sel, past, total).length >= r.nthOfSet!);
    if (set && set.kind === 'session') {
      const ps = positionsOf(set.sel, past, total);
      r.sel = { t: 'index', from: ps[r.nthOfSet - 1], to: ps[r.nthOfSet - 1] };
      r.text = `${set.text.trim()} → ${r.text.trim()}`;
      refs = refs.filter((x) => x !== set);
    }
  }
  return refs;
}

/** Anchored references (dates, session numbers) outrank references relative to now: the time references used, and those dropped with why. */
function chooseRefs(refs: Ref[], withinNotes: Map<Ref, string>): { used: Ref[]; dropped: { ref: Ref; why: string }[] } {
  const used: Ref[] = [];
  const dropped: { ref: Ref; why: string }[] = [];
  const timeRefs = refs.filter((r) => TIME_KINDS.has(r.kind));
  // a position inside a session ("the opening message") anchors nothing: it is counted in the session named beside it
  const anchored = timeRefs.some(
    (r) => (r.kind === 'session' || r.kind === 'dates' || (r.kind === 'response' && r.inSession === undefined && r.ordinal === undefined)) && !r.relative && !(r.kind === 'dates' && r.future),
  );
  const strongRefs = timeRefs.filter((r) => r.kind !== 'recent');
  const futureSpans = refs.filter((r) => r.kind === 'dates' && r.future);
  for (const r of refs) {
    if (!TIME_KINDS.has(r.kind)) continue;
    if (r.kind === 'recent') {
      if (strongRefs.length) dropped.push({ ref: r, why: 'vague next to a precise reference' });
      else used.push(r);
      continue;
    }
    if (r.kind === 'dates' && r.future) {
      dropped.push({ ref: r, why: 'in the future: read as part of the topic' });
      continue;
    }
    // a part of the day of a future day ("tomorrow morning") goes with it
    if (r.kind === 'timeOfDay' && futureSpans.some((f) => f.start === r.start && f.end === r.end)) continue;
    if (anchored && r.relative && !withinNotes.has(r) && (r.kind === 'session' || r.kind === 'dates' || r.kind === 'upToNow' || r.kind === 'timeOfDay' || r.kind === 'window')) {
      dropped.push({ ref: r, why: 'relative to now, while the question names a fixed date or session: read as part of the topic' });
      continue;
    }
    used.push(r);
  }
  return { used, dropped };
}

interface Content {
  speakerRefs: SpeakerRef[];
  roleRefs: RoleRef[];
  notTime: NotTimeRef[];
  content: string[];
  query: string[];
}

/** What is left once the references are masked: content words (in the spelled text, so "abt" is "about"); what still looks like a time is not understood. */
function contentOf(p: Planning, refs: Ref[], used: Ref[], dropped: { ref: Ref; why: string }[], named: NamedConversation | null): Content {
  const { ex, notUnderstood } = p;
  const speakerRefs = refs.filter((r): r is SpeakerRef => r.kind === 'speaker');
  const roleRefs = refs.filter((r): r is RoleRef => r.kind === 'role');
  const notTime = refs.filter((r): r is NotTimeRef => r.kind === 'notTime');
  let rest = ex.normalized.text;
  for (const r of [...used, ...speakerRefs, ...roleRefs, ...(named ? [named] : [])]) rest = maskText(rest, r.start, r.end);
  // what still looks like a time was not understood: said so, and kept out of the search
  const unread: [number, number][] = [];
  let masked = rest;
  for (const r of [...notTime, ...dropped.map((d) => d.ref)]) masked = maskText(masked, r.start, r.end);
  for (const m of unreadTimes(masked)) {
    const [a, b] = ex.toOriginal(m.index!, m.index! + m[0].length);
    notUnderstood.push(ex.original.slice(a, b).trim());
    unread.push([m.index!, m.index! + m[0].length]);
  }
  for (const [a, b] of unread) rest = maskText(rest, a, b);
  // the query keeps the person's words ("for the first time", not "1st"), spelled out ("abt" → "about")
  let restSpelled = ex.spelled.text;
  for (const [a0, b0] of [...[...used, ...speakerRefs, ...roleRefs, ...(named ? [named] : [])].map((r) => [r.start, r.end] as const), ...unread]) {
    const [a, b] = ex.normalized.toSource(a0, b0);
    restSpelled = maskText(restSpelled, a, b);
  }
  // words read as "not a time" ("days off", "good morning") are what the question is about
  const content = [...contentWords(rest), ...notTime.flatMap((r) => words(r.text).filter((w) => !STOP_WORDS.has(w)))];
  const query = queryWords(restSpelled);
  return { speakerRefs, roleRefs, notTime, content, query };
}

/** "I read 'yday' (yesterday) as …": the words, their normalised form when it differs, the reading. */
function explainRead(p: Planning, r: Ref, reading: string): void {
  const { ex } = p;
  const [os, oe] = ex.toOriginal(r.start, r.end);
  const changed = ex.spelled.changes.some((c) => c.start < oe && c.end > os);
  const [ss, se] = ex.normalized.toSource(r.start, r.end);
  p.explanation.push(`I read ${quote(r)}${changed ? ` (${ex.spelled.text.slice(ss, se).trim()})` : ''} as ${reading}`);
}

/** Sessions (and the hours ago they were held): their operation; the positions chosen. */
function sessionChain(p: Planning, used: Ref[], recentRefs: RecentRef[]): number[] {
  const { sessions, past, total, now } = p;
  const sessionRefs = used.filter((r): r is SessionRef => r.kind === 'session');
  const windows = used.filter((r): r is Extract<Ref, { kind: 'window' }> => r.kind === 'window');
  const sessionValues: number[] = [];
  const sessionWhy: string[] = [];
  const selectedPositions: number[] = [];
  for (const r of sessionRefs) {
    let positions = positionsOf(r.sel, past, total);
    const values = positions.map((x) => (x >= 1 ? valueAt(p, x) : 0));
    const note = p.withinNotes.get(r);
    const beyond = positions.some((x) => x > total) ? ` (the memory has ${total} session${total === 1 ? '' : 's'})` : '';
    if (!positions.length) positions = [0];
    explainRead(p, r, note ? `${note} (Session_Index = ${values.join(', ') || 0})` : `${sessionReading(r, values.length ? values : [0], past)}${beyond}`);
    selectedPositions.push(...positions.filter((x) => x >= 1 && x <= total));
    sessionValues.push(...(values.length ? values : [0]));
    sessionWhy.push(r.text.trim());
  }
  for (const r of windows) {
    const [from, to] = [r.from, r.to];
    let positions = sessions.map((s, i) => ({ s, p: i + 1 })).filter(({ s }) => s.start <= to && s.end >= from && s.start <= now).map((x) => x.p);
    if (!positions.length) {
      // nobody talked right then: the session nearest to that time, within its width
      const mid = (Date.parse(`${from}Z`) + Date.parse(`${to}Z`)) / 2;
      const width = Math.max(2 * 3600_000, Date.parse(`${to}Z`) - Date.parse(`${from}Z`));
      const near = sessions
        .map((s, i) => ({ p: i + 1, d: Math.min(Math.abs(Date.parse(`${s.start}Z`) - mid), Math.abs(Date.parse(`${s.end}Z`) - mid)) }))
        .filter((x) => x.d <= width && sessions[x.p - 1].start <= now)
        .sort((a, b) => a.d - b.d)[0];
      positions = near ? [near.p] : [];
    }
    const values = positions.map((x) => valueAt(p, x));
    explainRead(p, r, `${from.replace('T', ' ').slice(0, 16)} – ${to.replace('T', ' ').slice(0, 16)}: ${values.length ? `the session${values.length > 1 ? 's' : ''} then (Session_Index ${values.length === 1 ? `= ${values[0]}` : `in ${values.join(', ')}`})` : 'no session then'}`);
    selectedPositions.push(...positions);
    sessionValues.push(...(values.length ? values : [0]));
    sessionWhy.push(r.text.trim());
  }
  for (const r of recentRefs) {
    if (r.what === 'recently') {
      const positions = positionsOf({ t: 'ago', from: 3, to: 1 }, past, total).filter((x) => x >= 1);
      sessionValues.push(...positions.map((x) => valueAt(p, x)));
      selectedPositions.push(...positions);
      sessionWhy.push(r.text.trim());
      explainRead(p, r, `the last ${positions.length} sessions`);
    }
  }
  if (sessionValues.length) p.chain.push(sessionOp(sessionValues, sessionWhy.join('; ')));
  return selectedPositions;
}

/** Dates: their operations; the date references and their ranges. */
function dateChain(p: Planning, used: Ref[], recentRefs: RecentRef[]): { dateRefs: DatesRef[]; ranges: DateRange[] } {
  const { today } = p;
  const dateRefs = used.filter((r): r is DatesRef => r.kind === 'dates');
  const otherDay = recentRefs.filter((r) => r.what === 'otherDay');
  const ranges: DateRange[] = [...dateRefs.flatMap((r) => r.ranges), ...otherDay.map((): DateRange => [addDays(today, -7), addDays(today, -1)])];
  for (const r of [...dateRefs, ...otherDay]) {
    const rr = r.kind === 'dates' ? r.ranges : [[addDays(today, -7), addDays(today, -1)] as DateRange];
    const what = r.kind === 'dates' && r.reading ? `${r.reading.replace(/\b\w/g, (ch) => ch.toUpperCase())}, ` : '';
    explainRead(p, r, `${what}${describeRanges(rr)}${r.kind === 'dates' && r.note ? ` (${r.note})` : ''}`);
  }
  if (ranges.length) p.chain.push(...dateOps(ranges, [...dateRefs, ...otherDay].map((r) => r.text.trim()).join('; ')));
  return { dateRefs, ranges };
}

/** Time of day, and "earlier" today. */
function timeOfDayChain(p: Planning, used: Ref[], ranges: DateRange[]): void {
  const { today, now } = p;
  const parts_ = used.filter((r): r is Extract<Ref, { kind: 'timeOfDay' }> => r.kind === 'timeOfDay');
  const upToNow = used.some((r) => r.kind === 'upToNow');
  if (!parts_.length && !upToNow) return;
  let from = parts_.length ? parts_.map((x) => x.from).reduce((a, b) => (a > b ? a : b)) : '00:00:00';
  let to = parts_.length ? parts_.map((x) => x.to).reduce((a, b) => (a < b ? a : b)) : '23:59:59';
  if (from > to) {
    from = parts_[0].from;
    to = parts_[0].to;
  }
  const onlyToday = ranges.length > 0 && ranges.every(([a, b]) => a === today && b === today);
  if (upToNow && onlyToday && now.slice(11, 19) < to) to = now.slice(11, 19);
  if (from !== '00:00:00' || to !== '23:59:59') {
    const why = [...parts_.map((x) => x.text.trim()), ...(upToNow ? ['earlier'] : [])].join('; ');
    p.chain.push({ op: 'f_between', column: 'Time', range: [from, to], why });
    p.explanation.push(`I read ${why ? `'${why}'` : 'the time of day'} as ${from.slice(0, 5)}–${to.slice(0, 5)} (Time between ${from} and ${to})`);
  }
}

/** Recurring day names. */
function dayNameChain(p: Planning, used: Ref[]): void {
  const dayNames = used.filter((r): r is Extract<Ref, { kind: 'dayName' }> => r.kind === 'dayName');
  if (!dayNames.length) return;
  const days = [...new Set(dayNames.flatMap((r) => r.days))];
  p.chain.push({ op: 'f_value', column: 'Day_Name', values: days, why: dayNames.map((r) => r.text.trim()).join('; ') });
  p.explanation.push(`I read ${dayNames.map(quote).join(', ')} as every ${days.join(', ')} (Day_Name in ${days.join(', ')})`);
}

/** Responses: numbered in the data, or a position inside the sessions chosen ("the last message of our 2nd chat"). */
function responseChain(p: Planning, used: Ref[], selectedPositions: number[], dateRefs: DatesRef[], ranges: DateRange[], named: NamedConversation | null, roleRefs: RoleRef[]): void {
  const { chain, explanation, sessions, past, now, memory } = p;
  const responses = used.filter((r): r is Extract<Ref, { kind: 'response' }> => r.kind === 'response');
  // "the second response" beside a session or a day ("in the third session", "yesterday") counts within it
  const chosen = selectedPositions.length > 0 || dateRefs.length > 0;
  const asPosition = (r: (typeof responses)[number]) => (r.inSession === undefined && r.ordinal !== undefined && chosen ? { ...r, inSession: r.ordinal } : r);
  const positioned = responses.map(asPosition);
  const numbered = positioned.filter((r) => r.inSession === undefined);
  const inSession = positioned.filter((r) => r.inSession !== undefined);
  if (numbered.length) {
    const single = numbered.every((r) => r.from === r.to);
    const why = numbered.map((r) => r.text.trim()).join('; ');
    chain.push(
      single
        ? { op: 'f_value', column: 'Response_Index', values: [...new Set(numbered.map((r) => r.from))], why }
        : { op: 'f_between', column: 'Response_Index', range: [Math.min(...numbered.map((r) => r.from)), Math.max(...numbered.map((r) => r.to))], why },
    );
    explanation.push(`I read ${numbered.map(quote).join(', ')} as Response_Index ${describeLast(chain)}`);
  }
  if (!inSession.length) return;
  // the sessions chosen, else those of the days named ("the last message of the chat on Halloween"),
  // else the conversation named by its title (its first session for a first turn, its last for a
  // last one), else the last one
  const onDays = ranges.length ? sessionsIn(ranges, sessions, now) : [];
  const titled = named ? [...new Set(named.sessions)].sort((x, y) => x - y) : [];
  const scopeOf = (r: (typeof inSession)[number]) =>
    selectedPositions.length ? [...new Set(selectedPositions)] : ranges.length ? onDays : titled.length ? [r.inSession! > 0 ? titled[0] : titled[titled.length - 1]] : past ? [past] : [];
  const scope = [...new Set(inSession.flatMap(scopeOf))];
  const values: number[] = [];
  // "the last thing I asked": the position among that role's turns, not the session's (its last turn may be the other's)
  const roles = [...new Set(roleRefs.map((r) => r.role))];
  const roleRanges = new Map(scope.map((x) => [x, roles.length === 1 && memory.responsesOfRole && sessions[x - 1] ? memory.responsesOfRole(x, roles[0]) : sessions[x - 1]?.responses]));
  const rangeOf = (x: number) => roleRanges.get(x);
  for (const r of inSession) {
    for (const x of scopeOf(r)) {
      const range = rangeOf(x);
      if (!range) continue;
      const v = r.inSession! > 0 ? range[0] + r.inSession! - 1 : range[1];
      if (v <= range[1]) values.push(v);
    }
  }
  const why = inSession.map((r) => r.text.trim()).join('; ');
  if (values.length) {
    // where Response_Index restarts in every session (other sessions hold the same numbers), the
    // sessions the positions were read in are kept too
    const inScope = scope.filter((x) => rangeOf(x));
    const shared = sessions.some((x, i) => !inScope.includes(i + 1) && x.responses && values.some((v) => v >= x.responses![0] && v <= x.responses![1]));
    if (shared && !chain.some((op) => op.column === 'Session_Index') && inScope.length) {
      chain.push({ op: 'f_value', column: 'Session_Index', values: inScope, why });
      explanation.push(`I read ${inSession.map(quote).join(', ')} in session ${inScope.join(', ')} (Session_Index)`);
    }
    chain.push({ op: 'f_value', column: 'Response_Index', values: [...new Set(values)], why });
    explanation.push(`I read ${inSession.map(quote).join(', ')} as a position in the session (Response_Index = ${[...new Set(values)].join(', ')})`);
    // no session or day named: the latest conversation, said in words (Ask's answer leads with it)
    if (!selectedPositions.length && !ranges.length && !titled.length && sessions[past - 1]) explanation.push(`(no conversation named: the latest one, on ${sessions[past - 1].start.slice(0, 10)})`);
  } else {
    explanation.push(`${inSession.map(quote).join(', ')}: the messages of the session are not numbered here, so the whole session is kept`);
  }
}

/**
 * Speakers: in a question about content, the first one named is whom it is about ("What did
 * Ana say she…", "What is Kim's dream…"; "Ana and Noor" are both); in a question about time, a
 * speaker followed by a verb of speech filters their words ("What did Noor say yesterday?") and
 * otherwise names the sessions they speak in. The speakers named, and those the ranking prefers.
 */
function speakerChain(p: Planning, speakerRefs: SpeakerRef[], classification: QuestionKind): { names: string[]; preferSpeakers: string[] } {
  const { ex, memory, chain, explanation, total } = p;
  const names = [...new Set(speakerRefs.map((r) => r.name))];
  let preferSpeakers: string[] = [];
  if (names.length && (classification === 'both' || classification === 'content')) {
    const ordered = [...speakerRefs].sort((a, b) => a.start - b.start);
    preferSpeakers = [ordered[0].name];
    for (let i = 1; i < ordered.length; i++) {
      const gap = ex.normalized.text.slice(ordered[i - 1].end, ordered[i].start);
      if (!/^\s*(?:,|and|&|or)\s*$/i.test(gap)) break;
      preferSpeakers.push(ordered[i].name);
    }
    preferSpeakers = [...new Set(preferSpeakers)];
    if (preferSpeakers.length >= memory.speakers.length) preferSpeakers = [];
  } else if (names.length && names.length < memory.speakers.length) {
    const speaking = [...new Set(speakerRefs.filter((r) => SPEECH_AFTER.test(ex.normalized.text.slice(r.end))).map((r) => r.name))];
    if (speaking.length) {
      chain.push({ op: 'f_value', column: 'Speaker', values: speaking, why: speaking.join(', ') });
      explanation.push(`${speaking.join(', ')} → Speaker = ${speaking.join(', ')} (their words)`);
    } else if (memory.sessionsOfSpeaker) {
      const values = [...new Set(names.flatMap((n) => memory.sessionsOfSpeaker!(n)))];
      if (values.length && values.length < total) {
        chain.push(sessionOp(values, names.join(', ')));
        explanation.push(`${names.join(', ')} → the ${values.length} sessions they speak in`);
      }
    }
  }
  return { names, preferSpeakers };
}

/** Plans a question. Pure: the memory is read only through `memory`. */
export function planQuestion(input: PlanInput, memory: PlannerMemory, options: PlannerOptions = {}): PlannedQuestion {
  const now = input.now;
  const today = now.slice(0, 10);
  const gctx = grammarContext(now, memory, input.locale);
  const explanation: string[] = [];
  const notUnderstood: string[] = [];

  // 1. follow-ups become self-contained questions
  const rw = rewriteFollowUp(input.question, input.context ?? [], gctx);
  if (rw.rewritten) explanation.push(`Follow-up rewritten with ${rw.carried ?? 'the earlier turns'}: “${rw.text}”`);

  // 2. references
  const ex: Extraction = extractRefs(rw.text, gctx);
  const sessions = memory.sessions;
  const past = sessions.filter((s) => s.start <= now).length;
  const total = sessions.length;
  const p: Planning = { now, today, memory, sessions, past, total, ex, explanation, notUnderstood, chain: [], withinNotes: new Map() };

  let refs = [...ex.refs];
  p.withinNotes = positionsWithinPeriods(p, refs);
  refs = nthOfSets(p, refs);
  refs = applyShifts(refs, { today, now, sessions, past, total });
  refs = attachParts(refs, ex.normalized.text);

  // 3. anchored references (dates, session numbers) outrank references relative to now
  const { used, dropped } = chooseRefs(refs, p.withinNotes);

  // a conversation named by its title ("in the Sourdough chat"): its words are no time and no topic
  const named = memory.sessionsTitled && mentionsConversation(ex.normalized.text) ? conversationNamed(ex.normalized.text, memory.sessionsTitled()) : null;
  if (named) {
    const inside = (r: Ref) => r.start < named.end && r.end > named.start;
    for (let i = used.length - 1; i >= 0; i--) if (inside(used[i])) used.splice(i, 1);
    refs = refs.filter((r) => !(r.kind === 'speaker' && inside(r)));
  }

  // 4. what is left: content words
  const { speakerRefs, roleRefs, notTime, content, query } = contentOf(p, refs, used, dropped, named);
  const hasMeta = used.length > 0 || speakerRefs.length > 0 || roleRefs.length > 0 || !!named;
  const classification: QuestionKind = content.length ? (hasMeta ? 'both' : 'content') : 'meta';

  // 5. operations
  const chain = p.chain;
  const recentRefs = used.filter((r): r is RecentRef => r.kind === 'recent');
  const selectedPositions = sessionChain(p, used, recentRefs);
  const { dateRefs, ranges } = dateChain(p, used, recentRefs);
  timeOfDayChain(p, used, ranges);
  dayNameChain(p, used);
  responseChain(p, used, selectedPositions, dateRefs, ranges, named, roleRefs);

  // roles ("what did you say", "what did I ask", "your answers")
  if (roleRefs.length) {
    const roles = [...new Set(roleRefs.map((r) => r.role))];
    chain.push({ op: 'f_value', column: 'Role', values: roles, why: roleRefs.map((r) => r.text.trim()).join('; ') });
    explanation.push(`I read ${roleRefs.map(quote).join(', ')} as the turns of the ${roles.join(' and ')} (Role = ${roles.join(', ')})`);
  }

  if (named) {
    chain.push(sessionOp(named.sessions, `the conversation “${named.title}”`));
    const [a, b] = ex.toOriginal(named.start, named.end);
    explanation.push(`I read '${ex.original.slice(a, b).trim()}' as the conversation “${named.title}” (Session_Index = ${[...new Set(named.sessions)].join(', ')})`);
  }
  const { names, preferSpeakers } = speakerChain(p, speakerRefs, classification);

  for (const d of dropped) explanation.push(`${quote(d.ref)}: ${d.why}`);
  for (const r of notTime) explanation.push(`${quote(r)}: not a time (${r.why})`);
  if (notUnderstood.length) explanation.push(`Not understood as a time: ${notUnderstood.map((w) => `'${w}'`).join(', ')} (neither a filter nor searched for)`);

  // nothing at all: the last conversation
  if (!chain.length && classification === 'meta' && total > 0 && !names.length) {
    const at = past || total;
    chain.push({ op: 'f_value', column: 'Session_Index', values: [valueAt(p, at)], why: 'no time given' });
    explanation.push(`No time or session ${notUnderstood.length ? 'read' : 'given'} → the most recent session (Session_Index = ${valueAt(p, at)})`);
  }

  const plan: TimelinePlan = {
    version: 1,
    now,
    ...(memory.sourceIds ? { sourceIds: memory.sourceIds } : {}),
    sessionNumbering: memory.numbering,
    chain,
  };
  if (classification !== 'meta' && query.length) {
    plan.rank = { query: query.join(' '), limit: options.rankLimit ?? DEFAULT_RANK_LIMIT, ...(preferSpeakers.length ? { speakers: preferSpeakers } : {}) };
    explanation.push(`Content “${query.join(' ')}” → rank the ${chain.length ? 'remaining ' : ''}rows by relevance and keep the best${preferSpeakers.length ? ` (the turns of ${preferSpeakers.join(', ')})` : ''}`);
  } else if (chain.length) {
    explanation.push('No content words: every row the chain keeps is returned, in time order');
  }

  return {
    question: input.question,
    rewrite: rw.text,
    rewritten: rw.rewritten,
    classification,
    plan,
    explanation,
    ...(notUnderstood.length ? { notUnderstood } : {}),
    ...(named ? { conversation: named.title } : {}),
    planner: 'rules',
  };
}

function describeLast(chain: TimelineOp[]): string {
  const op = chain[chain.length - 1];
  return op.op === 'f_value' ? `= ${op.values.join(', ')}` : `between ${op.range[0]} and ${op.range[1]}`;
}

