// Coverage, the PCM study's measure: is each reference answer present in the extracted graph?
//
// Searched: the literals of the automatic graphs (no model), the model's extraction graphs and
// the person's own graph (each measured alone too, in byOrigin), without
// provenance (prov:), conversation structure (sioc:, the pcm: session/turn properties, the
// messages graphs) and the ontology. An answer counts as covered when any strategy matches:
//   exact     — the normalised answer equals a normalised literal;
//   substring — one contains the other (whole words, the contained side has a content word);
//   numeric   — every number (and every calendar date) of the answer occurs in one literal;
//   words     — at least 50% of the answer's content words occur in one literal.
import { chrono, type Chrono } from '../common/chrono';
import { GRAPHS, PREFIXES } from '../../../../shared/rdf';
import type { CoverageOrigin, CoverageReport, CoverageStrategy } from '../../../../shared/types';
import type { GraphStore } from '../stores/graph/graph-store';
import { contentWords } from '../../../../shared/text/stop-words';
import { normalizeText } from '../../../../shared/text/words';
import { ymd } from '../../../../shared/dates/calendar';
import { ORIGINS, STRATEGIES } from './coverage-kinds';

export interface AnswerLine {
  question: string;
  answer: unknown;
}


/** A literal value and the origins of the graphs that hold it. */
export interface OriginLiteral {
  value: string;
  origins: Set<CoverageOrigin>;
}

function originOfGraph(g: string): CoverageOrigin | null {
  if (g === GRAPHS.user) return 'person';
  if (g.startsWith(GRAPHS.extraction(''))) return 'extraction';
  if (g.startsWith(GRAPHS.auto(''))) return 'auto';
  return null;
}

const STRUCTURE_PROPERTIES = ['inSession', 'responseIndex', 'turnIndex', 'sessionOrdinal'].map((l) => `${PREFIXES.pcm}${l}`);

/** Whether the measure searches a property's literals (not provenance, not conversation structure). */
export function isCoveragePredicate(p: string): boolean {
  return !p.startsWith(PREFIXES.prov) && !p.startsWith(PREFIXES.sioc) && !p.startsWith(PREFIXES.sioct) && !STRUCTURE_PROPERTIES.includes(p);
}

/** Literal values the measure searches, with the origins of the graphs holding each. */
export async function coverageLiterals(graph: GraphStore): Promise<OriginLiteral[]> {
  const r = await graph.request(
    {
      op: 'query',
      limit: 5_000_000,
      sparql: `SELECT DISTINCT ?o ?g WHERE {
        GRAPH ?g { ?s ?p ?o }
        FILTER(isLiteral(?o))
        FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}") || STRSTARTS(STR(?g), "${GRAPHS.auto('')}") || ?g = <${GRAPHS.user}>)
        FILTER(!STRSTARTS(STR(?p), "${PREFIXES.prov}") && !STRSTARTS(STR(?p), "${PREFIXES.sioc}") && !STRSTARTS(STR(?p), "${PREFIXES.sioct}"))
        FILTER(?p NOT IN (${STRUCTURE_PROPERTIES.map((p) => `<${p}>`).join(', ')}))
      }`,
    },
  );
  const byValue = new Map<string, OriginLiteral>();
  if (r.kind !== 'select') return [];
  for (const row of r.rows) {
    const origin = originOfGraph(row.g.value);
    if (!origin) continue;
    const l = byValue.get(row.o.value) ?? { value: row.o.value, origins: new Set<CoverageOrigin>() };
    l.origins.add(origin);
    byValue.set(row.o.value, l);
  }
  return [...byValue.values()];
}

/** Numbers and calendar dates of a text, as comparable tokens ("n:120", "d:2026-10-11", "md:10-11"). */
export function numericTokens(text: string, side: 'answer' | 'literal'): Set<string> {
  const out = new Set<string>();
  let rest = text;
  const addDate = (y: number | null, m: number, d: number) => {
    const md = ymd(0, m, d).slice(5);
    if (y !== null) out.add(`d:${ymd(y, m, d)}`);
    if (y === null || side === 'literal') out.add(`md:${md}`);
  };
  rest = rest.replace(/\b(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?\b/g, (_, y: string, m: string, d: string) => {
    addDate(+y, +m, +d);
    return ' ';
  });
  let results: Chrono.ParsedResult[] = [];
  try {
    results = chrono().parse(rest, new Date(2000, 0, 1));
  } catch {
    results = [];
  }
  for (const r of results.sort((a, b) => b.index - a.index)) {
    if (!r.start.isCertain('day') || !r.start.isCertain('month')) continue;
    addDate(r.start.isCertain('year') ? r.start.get('year')! : null, r.start.get('month')!, r.start.get('day')!);
    rest = `${rest.slice(0, r.index)} ${rest.slice(r.index + r.text.length)}`;
  }
  for (const m of rest.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
    const n = Number(m[0].replace(/,/g, ''));
    if (Number.isFinite(n)) out.add(`n:${n}`);
  }
  return out;
}

interface PreparedLiteral {
  value: string;
  norm: string;
  padded: string;
  words: Set<string>;
  numbers: Set<string> | null;
}

function prepareLiteral(value: string): PreparedLiteral {
  const norm = normalizeText(value);
  return { value, norm, padded: ` ${norm} `, words: new Set(norm.split(' ')), numbers: /\d/.test(value) ? numericTokens(value, 'literal') : null };
}

function answerText(a: unknown): string {
  if (Array.isArray(a)) return a.map(answerText).join(', ');
  if (a === null || a === undefined) return '';
  return typeof a === 'object' ? JSON.stringify(a) : String(a);
}

/** Which strategies find this answer, and the first literal that matched. */
export function matchAnswer(answer: string, literals: PreparedLiteral[]): { matched: CoverageStrategy[]; literal: string | null } {
  const norm = normalizeText(answer);
  if (!norm) return { matched: [], literal: null };
  const padded = ` ${norm} `;
  const answerContent = [...new Set(contentWords(answer))];
  const answerHasContent = answerContent.length > 0;
  const answerNumbers = numericTokens(answer, 'answer');
  const found = new Map<CoverageStrategy, string>();
  for (const l of literals) {
    if (!l.norm) continue;
    if (!found.has('exact') && l.norm === norm) found.set('exact', l.value);
    if (!found.has('substring')) {
      const inLiteral = norm.length >= 3 && answerHasContent && l.padded.includes(padded);
      const inAnswer = l.norm.length >= 3 && padded.includes(l.padded) && contentWords(l.value).length > 0;
      if (inLiteral || inAnswer) found.set('substring', l.value);
    }
    if (!found.has('numeric') && answerNumbers.size && l.numbers) {
      let all = true;
      for (const t of answerNumbers) if (!l.numbers.has(t)) all = false;
      if (all) found.set('numeric', l.value);
    }
    if (!found.has('words') && answerHasContent) {
      let hit = 0;
      for (const w of answerContent) if (l.words.has(w)) hit++;
      if (hit / answerContent.length >= 0.5) found.set('words', l.value);
    }
    if (found.size === STRATEGIES.length) break;
  }
  const matched = STRATEGIES.filter((s) => found.has(s));
  return { matched, literal: matched.length ? found.get(matched[0])! : null };
}

function measure(answers: AnswerLine[], literals: PreparedLiteral[]) {
  const byStrategy = Object.fromEntries(STRATEGIES.map((s) => [s, 0])) as Record<CoverageStrategy, number>;
  let covered = 0;
  const items = answers.map((a) => {
    const answer = answerText(a.answer);
    const { matched, literal } = matchAnswer(answer, literals);
    for (const s of matched) byStrategy[s]++;
    if (matched.length) covered++;
    return { question: String(a.question ?? ''), answer, matched, literal };
  });
  return { byStrategy, covered, items };
}

/** Coverage over literals (plain values: all of one origin), overall and per origin. */
export function coverageOf(answers: AnswerLine[], literalValues: (string | OriginLiteral)[], origins: CoverageOrigin[] = ORIGINS): CoverageReport {
  const all = literalValues.map((l) => (typeof l === 'string' ? { value: l, origins: new Set<CoverageOrigin>(['extraction']) } : l)).filter((l) => origins.some((o) => l.origins.has(o)));
  const prepared = all.map((l) => ({ ...prepareLiteral(l.value), origins: l.origins }));
  const { byStrategy, covered, items } = measure(answers, prepared);
  const byOrigin = Object.fromEntries(
    ORIGINS.map((o) => {
      const mine = origins.includes(o) ? prepared.filter((l) => l.origins.has(o)) : [];
      const m = mine.length ? measure(answers, mine) : { covered: 0, byStrategy: Object.fromEntries(STRATEGIES.map((s) => [s, 0])) as Record<CoverageStrategy, number> };
      return [o, { literals: mine.length, covered: m.covered, byStrategy: m.byStrategy }];
    }),
  ) as CoverageReport['byOrigin'];
  return { questions: answers.length, literals: prepared.length, byStrategy, covered, items, byOrigin };
}

export async function computeCoverage(graph: GraphStore, answers: AnswerLine[], origins: CoverageOrigin[] = ORIGINS): Promise<CoverageReport> {
  return coverageOf(answers, await coverageLiterals(graph), origins);
}

/** Reads `{question, answer}` lines; a bad line is an error naming its line number. */
export function parseAnswersJsonl(text: string, file = 'answers'): AnswerLine[] {
  const out: AnswerLine[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw new Error(`${file}: line ${i + 1} is not JSON`);
    }
    if (!o || typeof o !== 'object' || !('answer' in o)) throw new Error(`${file}: line ${i + 1} has no "answer"`);
    const rec = o as { question?: unknown; answer: unknown };
    out.push({ question: String(rec.question ?? ''), answer: rec.answer });
  });
  return out;
}
