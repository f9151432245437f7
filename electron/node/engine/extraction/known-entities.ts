// What the graph already knows, so that the same real-world thing keeps one IRI: the entities
// relevant to a chunk (its speakers, what the session's earlier chunks extracted, entities whose
// labels share words with the chunk), and the lookups the reconciliation needs.
import { GRAPHS, MEMORY_BASE, PREFIXES } from '../../../../shared/rdf';
import type { SparqlResult } from '../../../../shared/types';
import type { GraphStore } from '../stores/graph/graph-store';
import { GENID_BASE } from '../stores/graph/rdf-io';
import { contentWords } from '../../../../shared/text/stop-words';
import type { KnownEntity } from './validate';

const EXTRACT_PREFIX = GRAPHS.extraction('');
const LABEL = `<${PREFIXES.rdfs}label>`;
const TYPE = `<${PREFIXES.rdf}type>`;

/** The graphs the person's knowledge lives in: extraction chunks, the automatic graphs, the owner and the person's own graph. */
const knowledgeGraphs = (exclude: string) =>
  `FILTER((STRSTARTS(STR(?g), "${EXTRACT_PREFIX}") || STRSTARTS(STR(?g), "${GRAPHS.auto('')}") || ?g = <${GRAPHS.user}>) && ?g != <${exclude}>)`;

async function select(graph: GraphStore, sparql: string, limit = 1000): Promise<Extract<SparqlResult, { kind: 'select' }>['rows']> {
  // No time limit: an overrun would restart the graph worker; these scans are linear in the labels.
  const r = await graph.request({ op: 'query', sparql, limit });
  return r.kind === 'select' ? r.rows : [];
}

function entities(rows: Awaited<ReturnType<typeof select>>): KnownEntity[] {
  return rows
    .filter((r) => r.e?.type === 'uri' && !r.e.value.startsWith(GENID_BASE) && !r.e.value.startsWith(`${MEMORY_BASE}post/`))
    .map((r) => ({ iri: r.e.value, label: r.label?.value ?? r.e.value, types: r.types?.value ? r.types.value.split(' ').filter(Boolean) : [] }));
}

const entityQuery = (pattern: string, limit: number) => `SELECT ?e (SAMPLE(?l) AS ?label) (GROUP_CONCAT(DISTINCT STR(?t); separator=" ") AS ?types) WHERE {
  ${pattern}
  OPTIONAL { ?e ${TYPE} ?t }
} GROUP BY ?e LIMIT ${limit}`;

/** A regex alternation of words, as a SPARQL string (words are letters, digits and dots only). */
function wordRegex(ws: string[]): string {
  const alt = ws.map((w) => w.replace(/[^\p{L}\p{N}]/gu, (c) => `\\\\${c}`)).join('|');
  return `"\\\\b(${alt})\\\\b"`;
}

/** Entities with a label containing one of these words (outside `exclude`). */
export async function entitiesWithWords(graph: GraphStore, ws: string[], exclude: string, limit = 300): Promise<KnownEntity[]> {
  const list = [...new Set(ws.filter((w) => w.length > 2))].slice(0, 120);
  if (!list.length) return [];
  return entities(
    await select(
      graph,
      entityQuery(`GRAPH ?g { ?e ${LABEL} ?l } ${knowledgeGraphs(exclude)} FILTER(REGEX(STR(?l), ${wordRegex(list)}, "i"))`, limit),
    ),
  );
}

/** Entities described in these graphs (the session's earlier chunks). */
export async function entitiesInGraphs(graph: GraphStore, graphs: string[], limit = 40): Promise<KnownEntity[]> {
  if (!graphs.length) return [];
  return entities(await select(graph, entityQuery(`VALUES ?g { ${graphs.map((g) => `<${g}>`).join(' ')} } GRAPH ?g { ?e ${LABEL} ?l }`, limit)));
}

/** Which of these IRIs are already described (as subject) outside `exclude`. */
export async function existingIris(graph: GraphStore, iris: string[], exclude: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < iris.length; i += 200) {
    const part = iris.slice(i, i + 200);
    const rows = await select(graph, `SELECT DISTINCT ?e WHERE { VALUES ?e { ${part.map((x) => `<${x}>`).join(' ')} } GRAPH ?g { ?e ?p ?o } FILTER(?g != <${exclude}>) }`);
    for (const r of rows) out.add(r.e.value);
  }
  return out;
}

export interface ChunkEntityContext {
  /** The person whose memory this is, and the chunk's other speakers. */
  speakers: KnownEntity[];
  /** Graphs of the session's earlier chunks. */
  sessionGraphs: string[];
  /** Text of the chunk's messages. */
  text: string;
  /** The chunk's own graph (left out: re-extraction must not feed on its own old output). */
  graph: string;
}

/** Known entities for the prompt: speakers first, then the session's recent ones, then label matches. */
export async function knownEntitiesForChunk(graph: GraphStore, c: ChunkEntityContext, max = 60): Promise<KnownEntity[]> {
  const chunkWords = new Set(contentWords(c.text));
  const out = new Map<string, KnownEntity>();
  for (const s of c.speakers) out.set(s.iri, s);
  for (const e of await entitiesInGraphs(graph, c.sessionGraphs)) if (!out.has(e.iri)) out.set(e.iri, e);
  const matches = (await entitiesWithWords(graph, [...chunkWords], c.graph))
    .map((e) => {
      const lw = contentWords(e.label);
      const hit = lw.filter((w) => chunkWords.has(w)).length;
      return { e, score: lw.length ? hit / lw.length : 0, hit };
    })
    .filter((x) => x.hit > 0 && x.score >= 0.5)
    .sort((a, b) => b.score - a.score || b.hit - a.hit || a.e.label.localeCompare(b.e.label));
  for (const { e } of matches) {
    if (out.size >= max) break;
    if (!out.has(e.iri)) out.set(e.iri, e);
  }
  return [...out.values()].slice(0, max);
}

/** `label → <iri>` lines for the prompt. */
export function knownEntityLines(list: KnownEntity[]): string {
  if (!list.length) return '(none)';
  return list.map((e) => `${e.label.replace(/\s+/g, ' ').trim()} → <${e.iri}>`).join('\n');
}
