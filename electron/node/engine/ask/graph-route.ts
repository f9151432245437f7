// The graph route: a checked, read-only query runs with a time and row limit; its rows are
// ranked by relevance to the question; the triples that support the best rows, and the
// messages their entities were extracted from, become the evidence.
import { GRAPHS, MEMORY_BASE, PREFIXES, localName } from '../../../../shared/rdf';
import type { AskEvidenceTriple, AskSparqlResults, MessageRow, RdfTerm } from '../../../../shared/types';
import { originOf } from '../entities/entity-service';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { parseRdf } from '../stores/graph/rdf-io';
import { containsStem, matchStem } from '../../../../shared/text/stem';
import { words as wordsOf } from '../../../../shared/text/words';
import { checkReadOnly, SparqlRefused } from './sparql-safety';

const { rdf, rdfs, prov, dcterms, sioc, pcm } = PREFIXES;

export const ASK_ROW_CAP = 500;
export const ASK_QUERY_TIMEOUT_MS = 10_000;

type Row = Record<string, RdfTerm>;

export interface RunOptions {
  rowCap?: number;
  timeoutMs?: number;
}

/** Runs a query through the safety gate; failures come back as `error`, never as exceptions. */
export async function runAskQuery(graph: GraphStore, sparql: string, opts: RunOptions = {}): Promise<AskSparqlResults & { notes: string[] }> {
  const rowCap = opts.rowCap ?? ASK_ROW_CAP;
  const empty = { kind: 'select' as const, vars: [], rows: [], ranked: [], truncated: false, elapsedMs: 0, notes: [] as string[] };
  let checked;
  try {
    checked = checkReadOnly(sparql, rowCap);
  } catch (e) {
    if (e instanceof SparqlRefused) return { ...empty, error: e.message };
    throw e;
  }
  try {
    await graph.ready();
    const r = await graph.request({ op: 'query', sparql: checked.text, limit: rowCap }, opts.timeoutMs ?? ASK_QUERY_TIMEOUT_MS);
    if (r.kind === 'boolean') {
      return { kind: 'boolean', vars: ['value'], rows: [{ value: { type: 'literal', value: String(r.value), datatype: `${PREFIXES.xsd}boolean` } }], ranked: [0], truncated: false, elapsedMs: r.elapsedMs, notes: checked.notes };
    }
    if (r.kind === 'graph') {
      const quads = r.turtle.trim() ? parseRdf(r.turtle, 'turtle') : [];
      const rows: Row[] = quads.map((q) => ({ s: term(q.subject), p: term(q.predicate), o: term(q.object) }));
      return { kind: 'graph', vars: ['s', 'p', 'o'], rows, ranked: rows.map((_, i) => i), truncated: r.truncated, elapsedMs: r.elapsedMs, notes: checked.notes };
    }
    return { kind: 'select', vars: r.vars, rows: r.rows, ranked: r.rows.map((_, i) => i), truncated: r.truncated, elapsedMs: r.elapsedMs, notes: checked.notes };
  } catch (e) {
    const message = (e as Error).message;
    return { ...empty, notes: checked.notes, error: /ran longer than/.test(message) ? `${message} (Ask stops queries after ${(opts.timeoutMs ?? ASK_QUERY_TIMEOUT_MS) / 1000} s)` : message };
  }
}

function term(t: import('oxigraph').Term): RdfTerm {
  if (t.termType === 'NamedNode') return { type: 'uri', value: t.value };
  if (t.termType === 'BlankNode') return { type: 'bnode', value: t.value };
  if (t.termType === 'Literal') return { type: 'literal', value: t.value, ...(t.language ? { lang: t.language } : { datatype: t.datatype.value }) };
  return { type: 'literal', value: t.value };
}

/** The words of a row, for ranking (labels and literals; IRIs by their last segment). */
export function rowText(row: Row): string {
  return Object.values(row)
    .map((t) => (t.type === 'uri' ? localName(t.value).replace(/[-_]/g, ' ') : t.value))
    .join(' ')
    .toLowerCase();
}

/**
 * Row indices, most relevant first: topic words of the question found in the row (stemmed),
 * then words of the dialogue (weaker); ties keep the query's own order (by date when it orders).
 */
export function rankRows(rows: Row[], keywords: string[], dialogue: string[] = []): number[] {
  const texts = rows.map((row) => rowText(row));
  const has = (text: string, words: Set<string>, k: string) => words.has(k) || containsStem(text, k);
  const wordSets = texts.map((t) => new Set(wordsOf(t).map(matchStem)));
  // a word found in every row tells little: weight by rarity among the rows (IDF)
  const weight = new Map(keywords.map((k) => [k, Math.log(1 + (rows.length + 1) / (texts.filter((t, i) => has(t, wordSets[i], k)).length + 0.5))]));
  const scored = rows.map((row, i) => {
    const words = wordSets[i];
    const text = texts[i];
    let s = 0;
    for (const k of keywords) if (has(text, words, k)) s += weight.get(k) ?? 1;
    for (const k of dialogue) if (words.has(k)) s += 0.3;
    if (row.superseded?.value === 'true') s -= 0.5;
    return { i, s };
  });
  return scored.sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.i);
}

const isEntity = (t: RdfTerm | undefined): t is { type: 'uri'; value: string } =>
  !!t && t.type === 'uri' && t.value.startsWith(MEMORY_BASE) && !t.value.startsWith(`${MEMORY_BASE}graph/`);

const iri = (v: string) => `<${v.replace(/[<>"{}|^`\\\s]/g, '')}>`;

export interface GraphEvidence {
  triples: AskEvidenceTriple[];
  /** Messages the rows' entities were extracted from, with the entity's label. */
  provenance: { message: MessageRow; entity: string; label: string }[];
}

/**
 * Evidence for the best rows: the stored triples that link the rows' entities to the other
 * values of the row (with the graph each comes from), their types, and the messages those
 * entities were derived from.
 */
export async function graphEvidence(graph: GraphStore, chat: ChatStore, rows: Row[], ranked: number[], opts: { maxRows?: number; maxTriples?: number; skip?: string[] } = {}): Promise<GraphEvidence> {
  const top = ranked.slice(0, opts.maxRows ?? 5).map((i) => rows[i]).filter(Boolean);
  const skip = new Set(opts.skip ?? []);
  const entities = new Set<string>();
  const values = new Set<string>();
  for (const row of top) {
    for (const t of Object.values(row)) {
      values.add(t.value);
      if (isEntity(t) && !t.value.startsWith(`${MEMORY_BASE}post/`)) entities.add(t.value);
    }
  }
  if (!entities.size) return { triples: [], provenance: [] };
  // the person's node last: its links matter only as far as they reach the row's values
  const list = [...entities].sort((x, y) => Number(skip.has(x)) - Number(skip.has(y))).slice(0, 40);
  const hidden = `FILTER(?g != <${GRAPHS.userRemoved}> && ?g != <${GRAPHS.ontology}>)`;
  const q = async (sparql: string) => {
    const r = await graph.request({ op: 'query', sparql, limit: 5000 }, ASK_QUERY_TIMEOUT_MS);
    return r.kind === 'select' ? r.rows : [];
  };
  const out = await q(`SELECT ?s ?p ?o ?g WHERE { VALUES ?s { ${list.map(iri).join(' ')} } GRAPH ?g { ?s ?p ?o } ${hidden} }`);
  const inbound = await q(`SELECT ?s ?p ?o ?g WHERE { VALUES ?o { ${list.map(iri).join(' ')} } GRAPH ?g { ?s ?p ?o } ${hidden} FILTER(isIRI(?s)) }`);
  const structure = new Set([`${prov}wasDerivedFrom`, `${sioc}has_container`, `${pcm}inSession`, `${sioc}content`, `${dcterms}isPartOf`]);

  // Group by statement, collecting the graphs (origins) each stands in.
  const byKey = new Map<string, { s: string; p: string; o: RdfTerm; graphs: Set<string> }>();
  const typeSeen = new Set<string>();
  const keep = (r: Row, reverse: boolean) => {
    const s = r.s.value;
    const p = r.p.value;
    if (structure.has(p)) return;
    if (p === `${rdfs}label`) return;
    if (p === `${rdf}type`) {
      // (the person's own node: only the statements that link it to the row's values)
      if (skip.has(s) || typeSeen.has(s) || r.o.value.startsWith(`${PREFIXES.prov}`) || r.o.value.startsWith(PREFIXES.sioc)) return;
      typeSeen.add(s);
    } else if (reverse ? !values.has(s) : !values.has(r.o.value)) return;
    const key = `${s} ${p} ${r.o.type}:${r.o.value}`;
    const e = byKey.get(key) ?? { s, p, o: r.o, graphs: new Set<string>() };
    e.graphs.add(r.g.value);
    byKey.set(key, e);
  };
  for (const r of out) keep(r, false);
  for (const r of inbound) keep(r, true);
  const statements = [...byKey.values()].slice(0, opts.maxTriples ?? 40);

  const labelIris = new Set<string>();
  for (const st of statements) {
    labelIris.add(st.s);
    labelIris.add(st.p);
    if (st.o.type === 'uri') labelIris.add(st.o.value);
  }
  const labels = new Map<string, string>();
  if (labelIris.size) {
    for (const r of await q(`SELECT ?x (SAMPLE(?l) AS ?label) WHERE { VALUES ?x { ${[...labelIris].map(iri).join(' ')} } ?x <${rdfs}label>|<${PREFIXES.foaf}name> ?l } GROUP BY ?x`)) {
      labels.set(r.x.value, r.label.value);
    }
  }
  const labelOf = (v: string) => labels.get(v) ?? localName(v);
  const triples: AskEvidenceTriple[] = statements.map((st, i) => ({
    ref: `t${i + 1}`,
    s: { iri: st.s, label: labelOf(st.s) },
    p: { iri: st.p, label: labelOf(st.p) },
    o: st.o.type === 'uri' ? { ...st.o, label: labelOf(st.o.value) } : st.o,
    origins: [...new Set([...st.graphs].map(originOf))],
  }));

  // Provenance: the messages the entities come from.
  const prov_ = await q(`SELECT ?s ?post WHERE { VALUES ?s { ${list.filter((e) => !skip.has(e)).map(iri).join(' ')} } ?s <${prov}wasDerivedFrom> ?post }`);
  const posts = new Map<string, string[]>();
  for (const r of prov_) posts.set(r.post.value, [...(posts.get(r.post.value) ?? []), r.s.value]);
  const messages = chat.messagesByIri([...posts.keys()]);
  const entLabels = new Map<string, string>();
  const need = [...new Set([...posts.values()].flat())].filter((e) => !labels.has(e));
  if (need.length) for (const r of await q(`SELECT ?x (SAMPLE(?l) AS ?label) WHERE { VALUES ?x { ${need.map(iri).join(' ')} } ?x <${rdfs}label> ?l } GROUP BY ?x`)) entLabels.set(r.x.value, r.label.value);
  // Order: the entity of the best row first, then time.
  const order = new Map(list.map((e, i) => [e, i]));
  const provenance = messages
    .flatMap((m) => (posts.get(m.iri) ?? []).slice(0, 1).map((e) => ({ message: m, entity: e, label: labels.get(e) ?? entLabels.get(e) ?? localName(e) })))
    .sort((a, b) => (order.get(a.entity) ?? 99) - (order.get(b.entity) ?? 99) || a.message.timestamp.localeCompare(b.message.timestamp));
  return { triples, provenance };
}
