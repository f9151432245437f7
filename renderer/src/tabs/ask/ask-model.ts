// How an Ask turn reads on screen: the answer with its citations as links, which route
// answered and how, what was tried, the SPARQL rows most relevant first, the evidence in
// order. Pure functions (tested in test/serve/workbench/ask-model.test.ts).
import type { AskAnswer, AskRoute, AskSparqlResults, AskStatus, AskTurn, RdfTerm } from '../../../../shared/types';
import { plural } from '../../ui/format';

export const ROUTE_LABEL: Record<AskRoute | 'none', string> = {
  timeline: 'Timeline',
  search: 'Message search',
  graph: 'Graph',
  none: 'Nothing found',
};

export const ROUTE_TITLE: Record<AskRoute | 'none', string> = {
  timeline: 'The timeline planner: a chain of table operations over the messages (dates, sessions, speakers)',
  search: 'Full-text search over the messages (hybrid with vectors when they exist)',
  graph: 'A SPARQL query over the knowledge graph',
  none: 'No route found an answer',
};

export const STATUS_LABEL: Record<AskStatus, string> = {
  answered: 'Answer',
  related: 'Related messages',
  not_found: 'Not found',
};

export const STATUS_TITLE: Record<AskStatus, string> = {
  answered: 'A value from the graph, a computation, the timeline, or a message that states it',
  related: 'Messages that share words with the question; none of them says the answer',
  not_found: 'Nothing in the memory matched the question',
};

/** An answer's status (turns stored before statuses existed: answered unless nothing was found). */
export function statusOf(answer: AskAnswer): AskStatus {
  return answer.status ?? (answer.route === 'none' ? 'not_found' : 'answered');
}

/** How the answer was made, for people. */
export function answerHow(answer: AskAnswer): string {
  switch (answer.source) {
    case 'computed':
      return 'computed from the evidence';
    case 'graph':
      return 'read from the graph';
    case 'evidence':
      return 'quoted from a message';
    case 'llm':
      return answer.model ? `written by ${answer.model}` : 'written by the local model';
    default:
      return 'no answer';
  }
}

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'ref'; ref: string; known: boolean };

/**
 * The answer split at its citations ("… [m1] and [t2, t3]"), so each can link to its evidence.
 * Refs that name no evidence stay text-like (known: false).
 */
export function answerSegments(text: string, refs: Iterable<string>): AnswerSegment[] {
  const known = new Set(refs);
  const out: AnswerSegment[] = [];
  const re = /\[((?:[mt]\d+)(?:\s*,\s*[mt]\d+)*)\]/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    for (const ref of m[1].split(',').map((r) => r.trim())) out.push({ kind: 'ref', ref, known: known.has(ref) });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  // "… walk. [m2]" → no dangling space before a citation at the end.
  return out.map((s, i) => (s.kind === 'text' && out[i + 1]?.kind === 'ref' ? { ...s, text: s.text.replace(/\s+$/, ' ') } : s));
}

export interface RouteChip {
  route: AskRoute;
  /** The route whose result is the answer. */
  answered: boolean;
  /** What it found, in a few words. */
  detail: string | null;
}

/** The routes tried, in the router's order, each with what it found; the answering one marked. */
export function routeChips(turn: AskTurn): RouteChip[] {
  return turn.classification.routes.map((route) => ({ route, answered: turn.answer.route === route, detail: routeDetail(turn, route) }));
}

function routeDetail(turn: AskTurn, route: AskRoute): string | null {
  if (route === 'timeline') {
    const t = turn.results.timeline;
    if (!t) return null;
    return `${plural(t.total, 'message')} in ${plural(t.sessionIds.length, 'session')}`;
  }
  if (route === 'search') {
    const s = turn.results.search;
    return s ? `${plural(s.total, 'hit')}` : null;
  }
  const q = turn.results.sparql;
  if (!q) return null;
  if (q.error) return 'query failed';
  const how = turn.plan.sparql?.origin === 'person' ? 'your query' : turn.plan.sparql?.origin === 'llm' ? 'model query' : turn.plan.sparql?.template ? `template ${turn.plan.sparql.template}` : null;
  const rows = q.kind === 'boolean' ? 'yes/no' : plural(q.rows.length, 'row');
  return how ? `${rows} · ${how}` : rows;
}


/** SPARQL rows most relevant first (as the engine ranked them), each with its place in the query's own order. */
export function rankedRows(results: AskSparqlResults): { index: number; row: Record<string, RdfTerm> }[] {
  const seen = new Set<number>();
  const out: { index: number; row: Record<string, RdfTerm> }[] = [];
  for (const i of results.ranked) {
    if (i < 0 || i >= results.rows.length || seen.has(i)) continue;
    seen.add(i);
    out.push({ index: i, row: results.rows[i] });
  }
  results.rows.forEach((row, index) => {
    if (!seen.has(index)) out.push({ index, row });
  });
  return out;
}

/** The refs the answer cites (answer.citations and the computation's refs). */
export function citedRefs(turn: AskTurn): Set<string> {
  return new Set([...turn.answer.citations, ...(turn.answer.computation?.refs ?? [])]);
}

export interface SparqlEditState {
  /** The text in the editor differs from the query that ran. */
  dirty: boolean;
  /** The query that ran is the person's edit: "Back to generated" is offered. */
  edited: boolean;
  /** The generated query (to go back to). */
  generated: string | null;
}

export function sparqlEditState(turn: AskTurn, editorText: string): SparqlEditState {
  const plan = turn.plan.sparql;
  if (!plan) return { dirty: false, edited: false, generated: null };
  const generated = plan.generated ?? (plan.origin === 'person' ? null : plan.query);
  return {
    dirty: editorText.trim() !== plan.query.trim(),
    edited: plan.origin === 'person' || (generated !== null && editorText.trim() !== generated.trim()),
    generated,
  };
}

/** "the plan: timeline + search + SPARQL" — which parts the turn's plan has. */
export function planParts(turn: AskTurn): string[] {
  const parts: string[] = [];
  if (turn.plan.timeline) parts.push('timeline');
  if (turn.plan.search) parts.push('search');
  if (turn.plan.sparql) parts.push('SPARQL');
  return parts;
}

/** Total time of a turn for people ("0.29 s"). */
export function turnTime(turn: AskTurn): string | null {
  const ms = turn.timings.total;
  if (typeof ms !== 'number') return null;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The stages of a turn with their time, slowest first ("sparql 83 ms"). */
export function timingLines(turn: AskTurn): string[] {
  return Object.entries(turn.timings)
    .filter(([k, v]) => k !== 'total' && typeof v === 'number' && v > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`}`);
}

/** A triple's object for people: its label, else a literal's value, else the IRI's last part. */
export function objectText(o: RdfTerm & { label?: string }): string {
  if (o.label) return o.label;
  if (o.type === 'uri') return localName(o.value);
  return o.value;
}

export function localName(iri: string): string {
  const m = /[#/]([^#/]+)\/?$/.exec(iri);
  return m ? decodeURIComponent(m[1]) : iri;
}

/** The conversation list's line for a time: 'today 09:30', 'Nov 3', 'Nov 3, 2025'. */
export function relativeDay(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.toDateString() === now.toDateString();
  const hhmm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (sameDay) return `today ${hhmm}`;
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (d.toDateString() === yesterday.toDateString()) return `yesterday ${hhmm}`;
  const month = d.toLocaleString('en-US', { month: 'short' });
  return d.getFullYear() === now.getFullYear() ? `${month} ${d.getDate()}` : `${month} ${d.getDate()}, ${d.getFullYear()}`;
}

/** Replaces a turn in a conversation's turns (after a SPARQL re-run), keeping the order. */
export function replaceTurn(turns: AskTurn[], turn: AskTurn): AskTurn[] {
  return turns.some((t) => t.id === turn.id) ? turns.map((t) => (t.id === turn.id ? turn : t)) : [...turns, turn].sort((a, b) => a.seq - b.seq);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const LONG_DATE = new RegExp(`\\b(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), )?(${MONTHS.join('|')}) (\\d{1,2}), (\\d{4})\\b`, 'g');

/**
 * The dates an answer spells out ("Sunday, October 11, 2026", the engine's English) in the
 * person's locale ("Sonntag, 11. Oktober 2026" in German, "Sunday 11 October 2026" in British
 * English); a date without its weekday stays without one.
 */
export function localizeDates(text: string, locale: string | undefined = typeof navigator !== 'undefined' ? navigator.language : undefined): string {
  if (!locale || /^en-US$/i.test(locale)) return text;
  return text.replace(LONG_DATE, (whole, month: string, day: string, year: string) => {
    const d = new Date(Date.UTC(Number(year), MONTHS.indexOf(month), Number(day)));
    const weekday = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)/.test(whole);
    try {
      return new Intl.DateTimeFormat(locale, { ...(weekday ? { weekday: 'long' } : {}), year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
    } catch {
      return whole;
    }
  });
}
