// The graph store's worker thread: it owns the Oxigraph store.
//
// At start it loads the newest snapshot and replays the journal after it. Every change is
// applied in memory and journaled in one SQLite transaction before it is acknowledged; a
// change whose journal write fails is reverted. When enough journal has piled up, a new
// snapshot is written (temp file + rename) and the journal it covers is dropped. Beside each
// snapshot goes a memory image of the store's Oxigraph instance, which opens a large graph in
// a fraction of the time parsing the snapshot takes (see store-image.ts).
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { GRAPHS, PREFIXES, MEMORY_BASE, isAutomaticGraph, isModelGraph, localName } from '../../../../../shared/rdf';
import type { EditRecord, GraphInfo, RdfFormat, RdfTerm, SparqlResult } from '../../../../../shared/types';
import type { GraphLoadSource, GraphRequest, GraphResults, GraphStats, GraphWorkerData, WorkerMessage } from './graph-protocol';
import { GraphJournal, type EditRow, type JournalEntry } from './journal';
import { fromNQuads, MEDIA_TYPES, ox, parseRdf, RdfParseError, skolemize, syntaxErrorOf, toNQuads, toTurtle, tripleKey, type Quad, type Term } from './rdf-io';
import { Delta, EditRefused, isRemovedByPerson, UserEditor } from './user-edits';
import { ChatStore } from '../chat/chat-store';
import { ExtractionState } from '../extraction-state';
import { buildSourceGraph } from './messages-graph';
import { capQuery } from './row-cap';
import { imageFileName, newOxigraphRuntime, restoreStoreImage, writeStoreImage, type OxigraphRuntime } from './store-image';

type Store = import('oxigraph').Store;

const config = workerData as GraphWorkerData;
const port = parentPort!;

const db = new Database(config.dbFile, config.sqliteNativeBinding ? { nativeBinding: config.sqliteNativeBinding } : {});
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 10000');
const journal = new GraphJournal(db);
/** The store's own Oxigraph instance (null if this build of the package cannot be imaged). */
let runtime: OxigraphRuntime | null = null;
let store: Store;
const editor = () => new UserEditor(store);
/** Bumped on every change; cached stats are valid for one version. */
let version = 0;
let statsCache: { version: number; stats: GraphStats } | null = null;
let compactTimer: NodeJS.Timeout | null = null;

const RDF_TYPE = ox.namedNode(`${PREFIXES.rdf}type`);
const RDFS_LABEL = `${PREFIXES.rdfs}label`;
const XSD_STRING = `${PREFIXES.xsd}string`;

// ---- start-up

function start(): void {
  const t0 = performance.now();
  fs.mkdirSync(config.snapshotDir, { recursive: true });
  const snap = journal.snapshot();
  removeStaleSnapshots(snap?.file);
  let from: GraphLoadSource = 'empty';
  const image = snap && config.useImages !== false ? restoreStoreImage(path.join(config.snapshotDir, imageFileName(snap.seq)), snap.seq) : null;
  if (image?.ok) {
    ({ runtime, store } = image);
    from = 'image';
  } else {
    if (image && image.reason !== 'missing') {
      console.error(`graph image not used (${image.reason}); loading the snapshot`);
      fs.rmSync(path.join(config.snapshotDir, imageFileName(snap!.seq)), { force: true });
    }
    runtime = newOxigraphRuntime();
    store = new (runtime?.ox ?? ox).Store();
    if (snap) {
      loadSnapshot(path.join(config.snapshotDir, snap.file));
      from = 'snapshot';
    }
  }
  for (const entry of journal.entriesAfter(snap?.seq ?? 0)) replay(entry);
  post({ ready: true, loadMs: Math.round(performance.now() - t0), quads: store.size, from });
}

/**
 * Loads data Engram wrote itself (a snapshot, a journal entry, a messages graph): already valid,
 * so Oxigraph skips validation and transaction bookkeeping, which makes loading a third faster.
 * A failure half-way is undone by the caller (or the load is at start-up, before anything is served).
 */
function loadTrusted(data: string | Uint8Array, graph: string | null): void {
  store.load(data, {
    format: 'application/n-triples',
    ...(graph ? { to_graph_name: ox.namedNode(graph) } : {}),
    lenient: true,
    no_transaction: true,
  });
}

/**
 * Snapshot file: one JSON line indexing the graphs ([{ graph, start, end }], byte offsets into
 * what follows), then each graph's triples as N-Triples. Loading graph by graph into its named
 * graph is cheaper than parsing a graph name on every line.
 */
function loadSnapshot(file: string): void {
  const bytes = fs.readFileSync(file);
  const headerEnd = bytes.indexOf(0x0a);
  const index = JSON.parse(bytes.subarray(0, headerEnd).toString('utf8')) as { graphs: { graph: string | null; start: number; end: number }[] };
  const data = bytes.subarray(headerEnd + 1);
  for (const g of index.graphs) loadTrusted(data.subarray(g.start, g.end), g.graph);
}

function removeStaleSnapshots(keep: string | undefined): void {
  for (const f of fs.readdirSync(config.snapshotDir)) {
    const seq = /^(?:snapshot-(\d+)\.ntg|image-(\d+)\.bin)(\.tmp)?$/.exec(f);
    if (!seq) continue;
    const current = keep !== undefined && !seq[3] && `snapshot-${seq[1] ?? seq[2]}.ntg` === keep;
    if (!current) fs.rmSync(path.join(config.snapshotDir, f), { force: true });
  }
}

function replay(e: JournalEntry): void {
  switch (e.kind) {
    case 'delta':
      for (const q of fromNQuads(e.removed)) store.delete(q);
      if (e.added) store.load(e.added, { format: 'application/n-quads' });
      break;
    case 'replace':
      dropGraph(e.graph!);
      if (e.added) loadTrusted(e.added, e.graph!);
      break;
    case 'drop':
      dropGraph(e.graph!);
      break;
    case 'source': {
      const { sourceId } = JSON.parse(e.added) as { sourceId: number };
      loadSourceGraph(sourceId, e.graph!);
      break;
    }
  }
  version++;
}

function dropGraph(graph: string): void {
  store.update(`DROP SILENT GRAPH <${graph}>`);
}

// ---- writes

/** Journals a change already applied in memory; reverts it if the journal write fails. */
function commit<T>(write: () => T, revert: () => void): T {
  try {
    const result = journal.commit(write);
    version++;
    scheduleCompaction();
    return result;
  } catch (e) {
    revert();
    throw e;
  }
}

function commitEdit(delta: Delta, label: string, sparql: string | null = null): EditRecord {
  const removed = toNQuads(delta.removed);
  const added = toNQuads(delta.added);
  const seq = commit(
    () => {
      const s = journal.append('delta', { label, removed, added });
      journal.recordEdit(s, label, removed, added, sparql);
      return s;
    },
    () => delta.revert(store),
  );
  return { seq, at: new Date().toISOString(), label, undone: false, ...(sparql ? { sparql } : {}) };
}

/** Triples without a graph in N-Triples, for replace entries. */
function tripleLines(quads: Quad[]): string {
  let out = '';
  for (const q of quads) out += `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()} .\n`;
  return out;
}

function hasQuadsIn(graph: string): boolean {
  return store.match(null, null, null, ox.namedNode(graph)).length > 0;
}

/**
 * A machine write leaves out what the person decided: triples they removed, and triples
 * they already hold in their own graph (keeping one copy, theirs).
 */
function withoutPersonsDecisions(quads: Quad[]): Quad[] {
  const removals = hasQuadsIn(GRAPHS.userRemoved);
  const userGraph = ox.namedNode(GRAPHS.user);
  const own = hasQuadsIn(GRAPHS.user);
  if (!removals && !own) return quads;
  return quads.filter(
    (q) => !(removals && isRemovedByPerson(store, q)) && !(own && store.match(q.subject, q.predicate, q.object, userGraph).length),
  );
}

/**
 * Replaces a graph's content. `alongside` writes bookkeeping that must commit with the change
 * (an extraction chunk's status), inside the journal's transaction.
 */
function replaceGraph(req: Extract<GraphRequest, { op: 'replaceGraph' }>, alongside?: () => void): EditRecord {
  const g = ox.namedNode(req.graph);
  if (req.asEdit) {
    // The person's replacement of a graph: an exact, undoable delta.
    const wanted = skolemize(parseRdf(req.data, req.format, req.graph)).map((q) => ox.quad(q.subject, q.predicate, q.object, g));
    const wantedKeys = new Set(wanted.map(tripleKey));
    const delta = new Delta();
    for (const q of store.match(null, null, null, g)) if (!wantedKeys.has(tripleKey(q))) delta.remove(store, q);
    for (const q of wanted) delta.add(store, q);
    return commitEdit(delta, req.label);
  }
  // A machine write (messages graph, extraction chunk): replace the graph wholesale.
  let ntriples: string;
  // Fast path (the messages graph of a big import): our own N-Triples, no blank nodes to skolemize.
  const mayHaveBlankNodes = req.data.includes('_:');
  if (req.format === 'n-triples' && !mayHaveBlankNodes && !(req.respectRemovals && (hasQuadsIn(GRAPHS.userRemoved) || hasQuadsIn(GRAPHS.user)))) {
    ntriples = req.data;
  } else {
    let quads = skolemize(parseRdf(req.data, req.format));
    if (req.respectRemovals) quads = withoutPersonsDecisions(quads);
    ntriples = tripleLines(quads);
  }
  const before = store.match(null, null, null, g);
  dropGraph(req.graph);
  if (ntriples) loadTrusted(ntriples, req.graph);
  const seq = commit(
    () => {
      const s = journal.append('replace', { graph: req.graph, label: req.label, added: ntriples });
      alongside?.();
      return s;
    },
    () => {
      dropGraph(req.graph);
      for (const q of before) store.add(q);
    },
  );
  return { seq, at: new Date().toISOString(), label: req.label, undone: false };
}

/** The chat table, read through this thread's own connection (the messages graph is built from it). */
const chat = ChatStore.over(db);

/** Builds a source's messages graph from its rows and loads it in place of the graph's content. */
function loadSourceGraph(sourceId: number, graph: string): number {
  const key = chat.sourceKey(sourceId);
  dropGraph(graph);
  if (!key) return 0; // deleted since: nothing to build
  const name = chat.sourceName(sourceId) ?? key;
  let { ntriples, triples } = buildSourceGraph({ sourceKey: key, sourceName: name, messages: chat.sourceGraphRows(sourceId) });
  if (hasQuadsIn(GRAPHS.userRemoved) || hasQuadsIn(GRAPHS.user)) {
    const kept = withoutPersonsDecisions(parseRdf(ntriples, 'n-triples'));
    ntriples = tripleLines(kept);
    triples = kept.length;
  }
  if (ntriples) loadTrusted(ntriples, graph);
  return triples;
}

function buildSource(sourceId: number, label: string): { seq: number; triples: number } {
  const key = chat.sourceKey(sourceId);
  if (!key) throw new Error(`no source ${sourceId}`);
  const graph = GRAPHS.source(key);
  const before = store.match(null, null, null, ox.namedNode(graph));
  const triples = loadSourceGraph(sourceId, graph);
  // The entry's weight counts toward compaction like the graph it rebuilds.
  const seq = commit(
    () => journal.append('source', { graph, label, added: JSON.stringify({ sourceId }), bytes: triples * 120 }),
    () => {
      dropGraph(graph);
      for (const q of before) store.add(q);
    },
  );
  return { seq, triples };
}

/** Drops graphs; `alongside` as for replaceGraph. */
function dropGraphs(graphs: string[], alongside?: () => void): { seq: number } {
  const before = graphs.flatMap((g) => store.match(null, null, null, ox.namedNode(g)));
  for (const g of graphs) dropGraph(g);
  const seq = commit(
    () => {
      const s = graphs.reduce((_, g) => journal.append('drop', { graph: g }), 0);
      alongside?.();
      return s;
    },
    () => before.forEach((q) => store.add(q)),
  );
  return { seq };
}

// ---- extraction chunks: graph and status change together

/** Extraction bookkeeping, through this thread's connection (its tables are migrated by the main thread). */
const extraction = ExtractionState.over(db);

function finishChunk(req: Extract<GraphRequest, { op: 'finishChunk' }>): { seq: number } {
  const graph = GRAPHS.extraction(req.key);
  const record = () => extraction.recordFinished(req.key, req.outcome, req.record);
  if (req.outcome === 'failed') return dropGraphs([graph], record);
  const { seq } = replaceGraph(
    { op: 'replaceGraph', graph, data: req.ntriples, format: 'n-triples', asEdit: false, label: `Extract chunk ${req.key}`, respectRemovals: true },
    record,
  );
  return { seq };
}

function forgetChunks(keys: string[]): { seq: number } {
  return dropGraphs(
    keys.map((k) => GRAPHS.extraction(k)),
    () => extraction.forget(keys),
  );
}

/** Replaces everything said about an entity (as subject) with the Turtle given, as one edit. */
function replaceDescription(entity: string, turtle: string, label: string): EditRecord {
  const subject = ox.namedNode(entity);
  const wanted = skolemize(parseRdf(turtle, 'turtle'));
  const stray = wanted.find((q) => !q.subject.equals(subject) && !q.subject.value.startsWith(MEMORY_BASE + '.well-known/genid/'));
  if (stray) throw new EditRefused(`the Turtle describes ${stray.subject.value}; only triples about ${entity} can be applied here`);
  const wantedKeys = new Set(wanted.map(tripleKey));
  const currentKeys = new Set<string>();
  const remove: Quad[] = [];
  for (const q of store.match(subject, null, null, null)) {
    currentKeys.add(tripleKey(q));
    if (!wantedKeys.has(tripleKey(q))) remove.push(q);
  }
  const add = wanted.filter((q) => !currentKeys.has(tripleKey(q)));
  return commitEdit(editor().applyTriples(remove, add), label);
}

function undo(): EditRecord | null {
  const edit = journal.lastActiveEdit();
  if (!edit) return null;
  const delta = applyRaw(edit.added, edit.removed);
  const label = `Undo: ${edit.label}`;
  commit(
    () => {
      journal.append('delta', { label, removed: edit.added, added: edit.removed });
      journal.setEditState(edit.seq, 1);
    },
    () => delta.revert(store),
  );
  return editRecord(edit, true);
}

function redo(): EditRecord | null {
  const edit = journal.nextRedo();
  if (!edit) return null;
  const delta = applyRaw(edit.removed, edit.added);
  commit(
    () => {
      journal.append('delta', { label: `Redo: ${edit.label}`, removed: edit.removed, added: edit.added });
      journal.setEditState(edit.seq, 0);
    },
    () => delta.revert(store),
  );
  return editRecord(edit, false);
}

function applyRaw(removeNq: string, addNq: string): Delta {
  const delta = new Delta();
  for (const q of fromNQuads(removeNq)) delta.remove(store, q);
  for (const q of fromNQuads(addNq)) delta.add(store, q);
  return delta;
}

function editRecord(e: EditRow, undone: boolean): EditRecord {
  return { seq: e.seq, at: e.at, label: e.label, undone, ...(e.sparql ? { sparql: e.sparql } : {}) };
}

// ---- compaction

/** Enough journal has piled up that replaying it would slow the next start. */
function compactionDue(): boolean {
  return journal.pendingBytes() >= config.compactBytes || journal.pendingEntries() >= 2000;
}

function scheduleCompaction(): void {
  if (compactTimer || !compactionDue()) return;
  // Wait for a quiet moment: compaction blocks this thread while it writes.
  compactTimer = setTimeout(() => {
    compactTimer = null;
    try {
      compact();
    } catch (e) {
      console.error(`graph compaction failed: ${(e as Error).message}`);
    }
  }, 1500);
}

function compact(): { seq: number; quads: number } | null {
  const seq = journal.lastSeq();
  const snap = journal.snapshot();
  if (snap && snap.seq === seq) return null;
  const name = `snapshot-${seq}.ntg`;
  const file = path.join(config.snapshotDir, name);
  const tmp = `${file}.tmp`;
  const names = (store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }') as Map<string, Term>[]).map((r) => r.get('g')!.value);
  const sections: { graph: string | null; data: Buffer }[] = names.map((g) => ({
    graph: g,
    data: Buffer.from(store.dump({ format: 'application/n-triples', from_graph_name: ox.namedNode(g) })),
  }));
  const unnamed = store.dump({ format: 'application/n-triples', from_graph_name: ox.defaultGraph() });
  if (unnamed) sections.push({ graph: null, data: Buffer.from(unnamed) });
  let offset = 0;
  const graphs = sections.map((sec) => ({ graph: sec.graph, start: offset, end: (offset += sec.data.byteLength) }));
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, `${JSON.stringify({ format: 'engram-graph-snapshot/1', graphs })}\n`);
    for (const sec of sections) fs.writeSync(fd, sec.data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  journal.setSnapshot(seq, name, store.size);
  removeStaleSnapshots(name);
  if (runtime && config.useImages !== false) {
    // Only a cache: without it the next start parses the snapshot.
    try {
      const written = writeStoreImage(path.join(config.snapshotDir, imageFileName(seq)), runtime, store, seq);
      if (!written.ok) console.error(`graph image not written: ${written.reason}`);
    } catch (e) {
      console.error(`graph image not written: ${(e as Error).message}`);
    }
  }
  return { seq, quads: store.size };
}

// ---- reads

function term(t: Term): RdfTerm {
  switch (t.termType) {
    case 'NamedNode':
      return { type: 'uri', value: t.value };
    case 'BlankNode':
      return { type: 'bnode', value: t.value };
    case 'Literal':
      return {
        type: 'literal',
        value: t.value,
        ...(t.language ? { lang: t.language } : t.datatype.value !== XSD_STRING ? { datatype: t.datatype.value } : {}),
      };
    default:
      return { type: 'triple', value: t.toString() };
  }
}

/**
 * Runs a query with at most `limit` results. The cap is applied on the parsed query (row-cap.ts);
 * a CONSTRUCT or DESCRIBE capped by solutions that gave `limit` triples or fewer may have lost
 * some to the cap, so it runs again as written, and its triples are cut to the limit instead.
 */
async function query(sparql: string, limit: number): Promise<SparqlResult> {
  const t0 = performance.now();
  const capped = capQuery(sparql, limit);
  const run = (text: string) => store.query(text, { use_default_graph_as_union: true });
  let lowered = capped.lowered;
  let raw: ReturnType<Store['query']>;
  try {
    raw = run(capped.text);
  } catch (e) {
    if (!lowered) throw e;
    // The generated text was refused where the original may not be: run the original.
    lowered = false;
    raw = run(sparql);
  }
  const elapsedMs = () => Math.round((performance.now() - t0) * 10) / 10;
  if (typeof raw === 'boolean') return { kind: 'boolean', value: raw, elapsedMs: elapsedMs() };
  if (Array.isArray(raw) && (raw.length === 0 ? capped.form !== 'CONSTRUCT' && capped.form !== 'DESCRIBE' : raw[0] instanceof Map)) {
    const rows = raw as Map<string, Term>[];
    const vars = capped.vars ?? varsOf(rows);
    const truncated = rows.length > limit;
    const out = rows.slice(0, limit).map((r) => {
      const o: Record<string, RdfTerm> = {};
      for (const [k, v] of r) o[k] = term(v);
      return o;
    });
    return { kind: 'select', vars, rows: out, truncated, elapsedMs: elapsedMs() };
  }
  let quads = raw as Quad[];
  if (lowered && quads.length <= limit) quads = run(sparql) as Quad[];
  const truncated = quads.length > limit;
  const turtle = await toTurtle(quads.slice(0, limit));
  return { kind: 'graph', turtle, triples: Math.min(quads.length, limit), truncated, elapsedMs: elapsedMs() };
}

/** Variables of rows, when the query's projection is not known. */
function varsOf(rows: Map<string, Term>[]): string[] {
  const keys = new Set<string>();
  for (const r of rows.slice(0, 100)) for (const k of r.keys()) keys.add(k);
  return [...keys];
}

function count(sparql: string): number {
  const rows = store.query(sparql) as Map<string, Term>[];
  return Number(rows[0]?.get('n')?.value ?? 0);
}

function labelOf(iri: string): string {
  const l = store.match(ox.namedNode(iri), ox.namedNode(RDFS_LABEL), null, null)[0];
  return l ? l.object.value : localName(iri);
}

function stats(): GraphStats {
  if (statsCache && statsCache.version === version) return statsCache.stats;
  const notOntology = `FILTER(?g != <${GRAPHS.ontology}> && ?g != <${GRAPHS.userRemoved}> && !STRSTARTS(STR(?g), "${GRAPHS.autoSuperseded('')}"))`;
  const topRows = store.query(
    `SELECT ?t (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s a ?t } ${notOntology} } GROUP BY ?t ORDER BY DESC(?n) LIMIT 12`,
  ) as Map<string, Term>[];
  const result: GraphStats = {
    triples: store.size,
    graphs: count('SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }'),
    nodes: count(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ${notOntology} }`),
    edges: count(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o FILTER(isIRI(?o) && ?p != <${PREFIXES.rdf}type>) } ${notOntology} }`),
    topTypes: topRows.map((r) => ({ iri: r.get('t')!.value, label: labelOf(r.get('t')!.value), count: Number(r.get('n')!.value) })),
  };
  statsCache = { version, stats: result };
  return result;
}

function graphKind(iri: string): GraphInfo['kind'] {
  if (iri === GRAPHS.ontology) return 'ontology';
  if (iri === GRAPHS.user || iri === GRAPHS.userRemoved) return 'user';
  if (iri.startsWith(`${MEMORY_BASE}graph/source/`)) return 'messages';
  if (isModelGraph(iri)) return 'extraction';
  if (isAutomaticGraph(iri)) return 'auto';
  if (iri === GRAPHS.owner) return 'owner';
  return 'other';
}

/** The name of the source whose messages graph this is: the label of its sioc:Container. */
function sourceNameIn(graph: string): string {
  const g = ox.namedNode(graph);
  for (const c of store.match(null, RDF_TYPE, ox.namedNode(`${PREFIXES.sioc}Container`), g)) {
    const label = store.match(c.subject, ox.namedNode(RDFS_LABEL), null, g)[0];
    if (label) return label.object.value;
  }
  return localName(graph);
}

function graphs(): GraphInfo[] {
  const rows = store.query('SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g') as Map<string, Term>[];
  return rows.map((r) => {
    const iri = r.get('g')!.value;
    const kind = graphKind(iri);
    return { iri, triples: Number(r.get('n')!.value), kind, label: kind === 'messages' ? `Messages: ${sourceNameIn(iri)}` : localName(iri) };
  });
}

function uniqueTriples(quads: Quad[]): Quad[] {
  const seen = new Set<string>();
  return quads.filter((q) => {
    const k = tripleKey(q);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

async function turtleOf(graph?: string, entity?: string): Promise<{ turtle: string; triples: number }> {
  const quads = entity
    ? uniqueTriples(store.match(ox.namedNode(entity), null, null, graph ? ox.namedNode(graph) : null))
    : graph
      ? store.match(null, null, null, ox.namedNode(graph))
      : uniqueTriples(store.match());
  return { turtle: await toTurtle(quads), triples: quads.length };
}

async function exportGraph(graph: string | undefined, format: RdfFormat): Promise<{ data: string; mediaType: string }> {
  const mediaType = MEDIA_TYPES[format];
  if (format === 'turtle') return { data: (await turtleOf(graph)).turtle, mediaType };
  if (format === 'n-triples') {
    const quads = graph ? store.match(null, null, null, ox.namedNode(graph)) : uniqueTriples(store.match());
    return { data: tripleLines(quads), mediaType };
  }
  if (graph) {
    const sub = new ox.Store(store.match(null, null, null, ox.namedNode(graph)));
    return { data: sub.dump({ format: mediaType }), mediaType };
  }
  return { data: store.dump({ format: mediaType }), mediaType };
}

function vocabulary(): { classes: string[]; properties: string[] } {
  const col = (sparql: string, v: string) => (store.query(sparql) as Map<string, Term>[]).map((r) => r.get(v)!.value);
  const classes = new Set([
    ...col(`SELECT DISTINCT ?c WHERE { GRAPH ?g { { ?c a <${PREFIXES.owl}Class> } UNION { ?c a <${PREFIXES.rdfs}Class> } FILTER(isIRI(?c)) } }`, 'c'),
    ...col('SELECT DISTINCT ?c WHERE { GRAPH ?g { ?s a ?c FILTER(isIRI(?c)) } }', 'c'),
  ]);
  const properties = new Set([
    ...col(
      `SELECT DISTINCT ?p WHERE { GRAPH ?g { ?p a ?k VALUES ?k { <${PREFIXES.owl}ObjectProperty> <${PREFIXES.owl}DatatypeProperty> <${PREFIXES.owl}AnnotationProperty> <${PREFIXES.rdf}Property> } } }`,
      'p',
    ),
    ...col('SELECT DISTINCT ?p WHERE { GRAPH ?g { ?s ?p ?o } }', 'p'),
  ]);
  return { classes: [...classes].sort(), properties: [...properties].sort() };
}

// ---- dispatch

async function handle(req: GraphRequest): Promise<GraphResults[keyof GraphResults]> {
  switch (req.op) {
    case 'query':
      return query(req.sparql, req.limit);
    case 'update':
      return commitEdit(editor().applyUpdate(req.sparql), req.label, req.sparql);
    case 'editTriples':
      return commitEdit(editor().applyTriples(skolemize(parseRdf(req.remove, 'n-triples')), skolemize(parseRdf(req.add, 'n-triples'))), req.label);
    case 'replaceGraph':
      return replaceGraph(req);
    case 'replaceDescription':
      return replaceDescription(req.entity, req.turtle, req.label);
    case 'dropGraphs':
      return dropGraphs(req.graphs);
    case 'finishChunk':
      return finishChunk(req);
    case 'forgetChunks':
      return forgetChunks(req.keys);
    case 'buildSourceGraph':
      return buildSource(req.sourceId, req.label);
    case 'undo':
      return undo();
    case 'redo':
      return redo();
    case 'history':
      return journal.edits().map((e) => editRecord(e, e.state !== 0));
    case 'stats':
      return stats();
    case 'graphs':
      return graphs();
    case 'turtle':
      return turtleOf(req.graph, req.entity);
    case 'export':
      return exportGraph(req.graph, req.format);
    case 'vocabulary':
      return vocabulary();
    case 'compact':
      return compact();
    case 'flush':
      // Closing: a compaction that was waiting for a quiet moment happens now, so the next
      // start opens from a snapshot (and its image) instead of replaying the journal.
      if (compactTimer) clearTimeout(compactTimer);
      compactTimer = null;
      return compactionDue() ? compact() : null;
    case 'size':
      return store.size;
  }
}

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

port.on('message', async (msg: { id: number; req: GraphRequest }) => {
  try {
    const result = await handle(msg.req);
    post({ id: msg.id, ok: true, result });
  } catch (e) {
    const err = e as Error;
    // SPARQL errors carry "error at L:C"; editors mark that position.
    const pos = e instanceof RdfParseError ? e.details : /error at \d+:\d+/.test(err.message) ? syntaxErrorOf(err.message) : {};
    post({ id: msg.id, ok: false, error: { name: err.name, message: err.message, ...pos } });
  }
});

try {
  start();
} catch (e) {
  post({ fatal: `the graph store could not load: ${(e as Error).message}` });
}
