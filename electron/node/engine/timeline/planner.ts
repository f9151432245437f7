// The deterministic planner: question (+ dialogue) → rewrite → references → chain-of-table plan.
//
// Calendar references come resolved from the grammar; here session references are resolved
// against the memory's own session list (positions count the sessions in scope, oldest
// first; "N sessions ago" counts back from a new session after the last one that started
// before now), references are combined into a chain (same kind → union, different kinds →
// each its own operation), and what is left of the question decides whether the rows are
// ranked by content. See docs/timeline.md for the semantics of each kind of reference.
import type { PlannedQuestion, QuestionKind, TimelineOp, TimelinePlan } from '../../../../shared/types';
import { addDays, addMonths, daysInMonth, endOfMonth, isoWeekLabel, mediumDate, monthLabel, parts, startOfIsoWeek, type Ymd } from '../../../../shared/dates/calendar';
import { contentWords, queryWords } from './classify';
import { extractRefs, type DateRange, type Extraction, type GrammarContext, type Ref, type SessionSel } from './grammar';
import { rewriteFollowUp, type DialogueTurn } from './rewrite';

export interface SessionEntry {
  id: number;
  sourceId: number;
  /** Session_Index under the scope's numbering (source_index or memory_index). */
  index: number;
  start: string;
  end: string;
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
}

export interface PlanInput {
  question: string;
  context?: DialogueTurn[];
  /** Wall clock 'YYYY-MM-DDTHH:MM:SS'. */
  now: string;
}

export interface PlannerOptions {
  /** Rows kept at most when ranking by content. */
  rankLimit?: number;
}

const DEFAULT_RANK_LIMIT = 4;
const MIN_DATE = '0001-01-01';

const TIME_KINDS = new Set<Ref['kind']>(['session', 'dates', 'response', 'timeOfDay', 'upToNow', 'dayName', 'shift', 'recent']);

export function grammarContext(now: string, memory: PlannerMemory): GrammarContext {
  return { now, hasData: (a, b) => memory.hasData(a, b), speakers: memory.speakers, roles: memory.hasRoles };
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

function describeRanges(ranges: DateRange[]): string {
  return mergeRanges(ranges)
    .map(([a, b]) => (a === b ? mediumDate(a) : a === MIN_DATE ? `up to ${mediumDate(b)}` : `${mediumDate(a)} – ${mediumDate(b)}`))
    .join('; ');
}

// ---- sessions

function positionsOf(sel: SessionSel, past: number, total: number): number[] {
  const out: number[] = [];
  if (sel.t === 'index') {
    const to = Math.min(sel.to, Math.max(total, sel.from));
    for (let p = Math.min(sel.from, to); p <= Math.max(sel.from, to) && out.length < 10_000; p++) out.push(p);
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

function shiftRanges(ranges: DateRange[], unit: 'day' | 'week' | 'month' | 'year', delta: number): DateRange[] {
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

/** Applies "the one before that" / "the day after" to the reference it points back to. */
function applyShifts(refs: Ref[], today: Ymd): Ref[] {
  const out: Ref[] = [];
  const consumed = new Set<Ref>();
  for (const r of refs) {
    if (consumed.has(r)) continue;
    if (r.kind !== 'shift') {
      out.push(r);
      continue;
    }
    const wantsSession = r.unit === 'session';
    const isBase = (x: Ref) => (wantsSession ? x.kind === 'session' : x.kind === 'dates');
    let i = -1;
    for (let k = out.length - 1; k >= 0; k--) if (isBase(out[k])) { i = k; break; }
    let base: Ref | undefined = i >= 0 ? out[i] : undefined;
    if (!base) {
      // no reference before it: the next one ("the one before that (3 sessions ago)")
      const later = refs.find((x) => x.start > r.start && isBase(x) && !consumed.has(x));
      if (later) {
        base = later;
        consumed.add(later);
      }
    } else out.splice(i, 1);
    const text = base ? `${base.text.trim()} → ${r.text.trim()}` : r.text;
    if (wantsSession) {
      const sel: SessionSel =
        base && base.kind === 'session'
          ? base.sel.t === 'ago'
            ? { t: 'ago', from: base.sel.from - r.delta, to: base.sel.to - r.delta }
            : base.sel.t === 'index'
              ? { t: 'index', from: base.sel.from + r.delta, to: base.sel.to + r.delta }
              : base.sel
          : { t: 'ago', from: 1 - r.delta, to: 1 - r.delta };
      out.push({ kind: 'session', sel, start: base?.start ?? r.start, end: Math.max(base?.end ?? r.end, r.end), text, relative: base?.relative ?? true });
    } else {
      const unit = r.unit as 'day';
      const ranges = base && base.kind === 'dates' ? shiftRanges(base.ranges, unit, r.delta) : shiftRanges([[today, today]], unit, r.delta);
      const baseUnit = base && base.kind === 'dates' ? base.unit : 'day';
      out.push({ kind: 'dates', ranges, unit: baseUnit, start: base?.start ?? r.start, end: Math.max(base?.end ?? r.end, r.end), text, relative: base?.relative ?? true });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const SPEECH_AFTER = /^\s*(?:(?:has|had|did|does|do|was|is|would|will)\s+)?(?:(?:ever|first|just|also|then)\s+)?(?:say|said|says|tell|told|tells|mention|mentioned|mentions|ask|asked|asks|write|wrote|writes|suggest|suggested|suggests|share|shared|shares|reply|replied|answer|answered|explain|explained|describe|described|talk|talked|talks|express|expressed|propose|proposed|recommend|recommended|advise|advised|discuss|discussed|give|gave|start|started)\b/i;

/** Plans a question. Pure: the memory is read only through `memory`. */
export function planQuestion(input: PlanInput, memory: PlannerMemory, options: PlannerOptions = {}): PlannedQuestion {
  const now = input.now;
  const today = now.slice(0, 10);
  const gctx = grammarContext(now, memory);
  const explanation: string[] = [];

  // 1. follow-ups become self-contained questions
  const rw = rewriteFollowUp(input.question, input.context ?? [], gctx);
  if (rw.rewritten) explanation.push(`Follow-up rewritten with ${rw.carried ?? 'the earlier turns'}: “${rw.text}”`);

  // 2. references
  const ex: Extraction = extractRefs(rw.text, gctx);
  let refs = applyShifts(ex.refs, today);

  // "our first conversation in May", "the last session of July": a position within a period
  const within = new Map<Ref, Ref>();
  for (let i = 0; i < refs.length - 1; i++) {
    const a = refs[i];
    const b = refs[i + 1];
    if (a.kind !== 'session' || b.kind !== 'dates') continue;
    if (!(a.sel.t === 'index' && a.sel.from === a.sel.to) && !(a.sel.t === 'ago' && a.sel.from === a.sel.to)) continue;
    const gap = ex.normalized.text.slice(a.end, b.start);
    if (/^\s*(?:in|on|of|during|from|within|at)?\s*(?:the\s+)?$/i.test(gap)) within.set(a, b);
  }

  // 3. anchored references (dates, session numbers) outrank references relative to now
  const used: Ref[] = [];
  const dropped: { ref: Ref; why: string }[] = [];
  const timeRefs = refs.filter((r) => TIME_KINDS.has(r.kind));
  const anchored = timeRefs.some((r) => (r.kind === 'session' || r.kind === 'dates' || r.kind === 'response') && !r.relative && !(r.kind === 'dates' && r.future));
  const strongRefs = timeRefs.filter((r) => r.kind !== 'recent');
  for (const r of refs) {
    if (!TIME_KINDS.has(r.kind)) continue;
    if (r.kind === 'recent') {
      if (strongRefs.length) dropped.push({ ref: r, why: 'vague next to a precise reference' });
      else used.push(r);
      continue;
    }
    if (r.kind === 'dates' && r.future && [...within.values()].every((b) => b !== r)) {
      dropped.push({ ref: r, why: 'in the future: read as part of the topic' });
      continue;
    }
    const isWithinDate = [...within.values()].includes(r);
    if (anchored && r.relative && !isWithinDate && !within.has(r) && (r.kind === 'session' || r.kind === 'dates' || r.kind === 'upToNow' || r.kind === 'timeOfDay')) {
      dropped.push({ ref: r, why: 'relative to now, while the question names a fixed date or session: read as part of the topic' });
      continue;
    }
    used.push(r);
  }

  // 4. what is left: content words
  const usedSpans = used.map((r) => [r.start, r.end] as const);
  let rest = ex.normalized.text;
  for (const [a, b] of usedSpans) rest = rest.slice(0, a) + ' '.repeat(b - a) + rest.slice(b);
  const speakerRefs = refs.filter((r): r is Extract<Ref, { kind: 'speaker' }> => r.kind === 'speaker');
  const roleRefs = refs.filter((r): r is Extract<Ref, { kind: 'role' }> => r.kind === 'role');
  for (const r of [...speakerRefs, ...roleRefs]) rest = rest.slice(0, r.start) + ' '.repeat(r.end - r.start) + rest.slice(r.end);
  // the query keeps the person's words ("for the first time", not "1st")
  let restOriginal = ex.original;
  for (const r of [...used, ...speakerRefs, ...roleRefs]) {
    const [a, b] = ex.normalized.toOriginal(r.start, r.end);
    restOriginal = restOriginal.slice(0, a) + ' '.repeat(b - a) + restOriginal.slice(b);
  }
  const content = contentWords(rest);
  const query = queryWords(restOriginal);
  const hasMeta = used.length > 0 || speakerRefs.length > 0 || roleRefs.length > 0;
  const classification: QuestionKind = content.length ? (hasMeta ? 'both' : 'content') : 'meta';

  // 5. operations
  const chain: TimelineOp[] = [];
  const sessions = memory.sessions;
  const past = sessions.filter((s) => s.start <= now).length;
  const total = sessions.length;
  const valueAt = (p: number) => (p >= 1 && p <= total ? sessions[p - 1].index : p);

  // sessions
  const sessionRefs = used.filter((r): r is Extract<Ref, { kind: 'session' }> => r.kind === 'session');
  const recentRefs = used.filter((r): r is Extract<Ref, { kind: 'recent' }> => r.kind === 'recent');
  const sessionValues: number[] = [];
  const sessionWhy: string[] = [];
  for (const r of sessionRefs) {
    const period = within.get(r);
    let positions: number[];
    if (period && period.kind === 'dates') {
      const inPeriod = sessions
        .map((s, i) => ({ s, p: i + 1 }))
        .filter(({ s }) => period.ranges.some(([a, b]) => s.start.slice(0, 10) <= b && s.end.slice(0, 10) >= a) && s.start <= now);
      const k = r.sel.t === 'index' ? r.sel.from : r.sel.t === 'ago' ? r.sel.from : 1;
      const pick = r.sel.t === 'ago' ? inPeriod[inPeriod.length - k] : inPeriod[k - 1];
      positions = pick ? [pick.p] : [];
      explanation.push(
        pick
          ? `${quote(r)} ${period.text.trim()} → the ${r.sel.t === 'ago' ? (k === 1 ? 'last' : `${k}th from last`) : `#${k}`} of ${inPeriod.length} sessions then: Session_Index = ${valueAt(pick.p)}`
          : `${quote(r)} ${period.text.trim()} → no such session (${inPeriod.length} sessions in that period)`,
      );
      if (!pick) positions = [0];
    } else {
      positions = positionsOf(r.sel, past, total);
      const values = positions.map(valueAt);
      const note =
        r.sel.t === 'ago'
          ? ` (counting back from now: ${past} session${past === 1 ? '' : 's'} before it)`
          : positions.some((p) => p > total)
            ? ` (the memory has ${total} session${total === 1 ? '' : 's'})`
            : '';
      if (!positions.length) positions = [0];
      explanation.push(`${quote(r)} → Session_Index ${values.length === 1 ? `= ${values[0]}` : `in ${values[0]}–${values[values.length - 1]}`}${note}`);
    }
    sessionValues.push(...positions.map((p) => (p >= 1 ? valueAt(p) : 0)));
    sessionWhy.push(r.text.trim());
  }
  for (const r of recentRefs) {
    if (r.what === 'recently') {
      const positions = positionsOf({ t: 'ago', from: 3, to: 1 }, past, total).filter((p) => p >= 1);
      sessionValues.push(...positions.map(valueAt));
      sessionWhy.push(r.text.trim());
      explanation.push(`${quote(r)} → the last ${positions.length} sessions`);
    }
  }
  if (sessionValues.length) chain.push(sessionOp(sessionValues, sessionWhy.join('; ')));

  // dates
  const dateRefs = used.filter((r): r is Extract<Ref, { kind: 'dates' }> => r.kind === 'dates' && ![...within.values()].includes(r));
  const otherDay = recentRefs.filter((r) => r.what === 'otherDay');
  const ranges: DateRange[] = [...dateRefs.flatMap((r) => r.ranges), ...otherDay.map((): DateRange => [addDays(today, -7), addDays(today, -1)])];
  for (const r of [...dateRefs, ...otherDay]) {
    const rr = r.kind === 'dates' ? r.ranges : [[addDays(today, -7), addDays(today, -1)] as DateRange];
    explanation.push(`${quote(r)} → ${describeRanges(rr)}${r.kind === 'dates' && r.note ? ` (${r.note})` : ''}`);
  }
  if (ranges.length) chain.push(...dateOps(ranges, [...dateRefs, ...otherDay].map((r) => r.text.trim()).join('; ')));

  // time of day
  const parts_ = used.filter((r): r is Extract<Ref, { kind: 'timeOfDay' }> => r.kind === 'timeOfDay');
  const upToNow = used.some((r) => r.kind === 'upToNow');
  if (parts_.length || upToNow) {
    let from = parts_.length ? parts_.map((p) => p.from).reduce((a, b) => (a > b ? a : b)) : '00:00:00';
    let to = parts_.length ? parts_.map((p) => p.to).reduce((a, b) => (a < b ? a : b)) : '23:59:59';
    if (from > to) {
      from = parts_[0].from;
      to = parts_[0].to;
    }
    const onlyToday = ranges.length > 0 && ranges.every(([a, b]) => a === today && b === today);
    if (upToNow && onlyToday && now.slice(11, 19) < to) to = now.slice(11, 19);
    if (from !== '00:00:00' || to !== '23:59:59') {
      const why = [...parts_.map((p) => p.text.trim()), ...(upToNow ? ['earlier'] : [])].join('; ');
      chain.push({ op: 'f_between', column: 'Time', range: [from, to], why });
      explanation.push(`${why ? `'${why}'` : 'time of day'} → Time between ${from} and ${to}`);
    }
  }

  // recurring day names
  const dayNames = used.filter((r): r is Extract<Ref, { kind: 'dayName' }> => r.kind === 'dayName');
  if (dayNames.length) {
    const days = [...new Set(dayNames.flatMap((r) => r.days))];
    chain.push({ op: 'f_value', column: 'Day_Name', values: days, why: dayNames.map((r) => r.text.trim()).join('; ') });
    explanation.push(`${dayNames.map(quote).join(', ')} → Day_Name in ${days.join(', ')}`);
  }

  // responses
  const responses = used.filter((r): r is Extract<Ref, { kind: 'response' }> => r.kind === 'response');
  if (responses.length) {
    const single = responses.every((r) => r.from === r.to);
    const why = responses.map((r) => r.text.trim()).join('; ');
    chain.push(
      single
        ? { op: 'f_value', column: 'Response_Index', values: [...new Set(responses.map((r) => r.from))], why }
        : { op: 'f_between', column: 'Response_Index', range: [Math.min(...responses.map((r) => r.from)), Math.max(...responses.map((r) => r.to))], why },
    );
    explanation.push(`${responses.map(quote).join(', ')} → Response_Index ${describeLast(chain)}`);
  }

  // roles ("what did you say", "what did I ask")
  if (roleRefs.length) {
    const roles = [...new Set(roleRefs.map((r) => r.role))];
    chain.push({ op: 'f_value', column: 'Role', values: roles, why: roleRefs.map((r) => r.text.trim()).join('; ') });
    explanation.push(`${roleRefs.map(quote).join(', ')} → Role = ${roles.join(', ')}`);
  }

  // speakers: in a question about content, the first one named is whom it is about ("What did
  // Ana say she…", "What is Kim's dream…"; "Ana and Noor" are both); in a
  // question about time, a speaker followed by a verb of speech filters their words
  // ("What did Noor say yesterday?") and otherwise names the sessions they speak in.
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

  for (const d of dropped) explanation.push(`${quote(d.ref)}: ${d.why}`);

  // nothing at all: the last conversation
  if (!chain.length && classification === 'meta' && total > 0 && !names.length) {
    const p = past || total;
    chain.push({ op: 'f_value', column: 'Session_Index', values: [valueAt(p)], why: 'no time given' });
    explanation.push(`No time or session given → the most recent session (Session_Index = ${valueAt(p)})`);
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
    planner: 'rules',
  };
}

function describeLast(chain: TimelineOp[]): string {
  const op = chain[chain.length - 1];
  return op.op === 'f_value' ? `= ${op.values.join(', ')}` : `between ${op.range[0]} and ${op.range[1]}`;
}
