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
import { GRAPHS, PREFIXES, MEMORY_BASE, localName } from '../../../../../shared/rdf';
import type { EditRecord, GraphInfo, IntegrityProblem, RdfFormat, RdfTerm, SparqlResult } from '../../../../../shared/types';
import type { GraphIntegrity, GraphLoadSource, GraphRequest, GraphResults, GraphWorkerData, WorkerMessage } from './graph-protocol';
import { editIntact, entryIntact, GraphJournal, type EditRow, type JournalEntry } from './journal';
import { fromNQuads, MEDIA_TYPES, ox, parseRdf, quadKey, RdfParseError, skolemize, syntaxErrorOf, toNQuads, toTurtle, tripleKey, type Quad, type Term } from './rdf-io';
import { Delta, EditRefused, isRemovedByPerson, UserEditor } from './user-edits';
import { ChatStore } from '../chat/chat-store';
import { ExtractionState } from '../extraction-state';
import { MESSAGES_GRAPH_PREDICATES, MESSAGES_GRAPH_TYPES, sourceGraphChunks } from './messages-graph';
import { GraphMeta, graphKind, profileOfNTriples, type GraphProfile } from './graph-meta';
import { capQuery } from './row-cap';
import { imageFileName, verifyImageFile, writeStoreImage, type OxigraphRuntime } from './store-image';
import { openGraphBase, REPAIR_COMMAND, removeStaleFiles, replayJournal } from './graph-load';
import { snapshotFileName, snapshotSeqOf, verifySnapshotFile, writeSnapshotFile, type DerivedSection, type SnapshotSection } from './snapshot-file';

type Store = import('oxigraph').Store;

const config = workerData as GraphWorkerData;
const port = parentPort!;

const db = new Database(config.dbFile, config.sqliteNativeBinding ? { nativeBinding: config.sqliteNativeBinding } : {});
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 10000');
const journal = new GraphJournal(db);
/** Per-graph counts beside the journal, written in the same transactions (graph-meta.ts). */
const meta = new GraphMeta(db);
/** The store's own Oxigraph instance (null if this build of the package cannot be imaged). */
let runtime: OxigraphRuntime | null = null;
let store: Store;
const editor = () => new UserEditor(store);
/** Bumped on every change; cached answers (the vocabulary) are valid for one version. */
let version = 0;
let vocabularyCache: { version: number; value: { classes: string[]; properties: string[] } } | null = null;
let compactTimer: NodeJS.Timeout | null = null;

const RDF_TYPE = ox.namedNode(`${PREFIXES.rdf}type`);
const RDFS_LABEL = `${PREFIXES.rdfs}label`;
const XSD_STRING = `${PREFIXES.xsd}string`;

// ---- start-up

/** What start-up found damaged; reported with 'ready' and by 'integrity'. */
let problems: IntegrityProblem[] = [];
/** Graphs lost with a damaged snapshot, for the engine to rebuild from the record (null: the default graph). */
let lostGraphs: (string | null)[] = [];
let lostAll = false;
/** Journal entries neither replayed nor restored: no compaction folds them away until they are dealt with. */
let unresolved: number[] = [];

function start(): void {
  const t0 = performance.now();
  if (config.replica) return startReplica(t0);
  fs.mkdirSync(config.snapshotDir, { recursive: true });
  const snap = journal.snapshot();
  removeStaleFiles(config.snapshotDir, snap?.seq ?? null);
  const base = openGraphBase(config.snapshotDir, journal, config.useImages !== false);
  ({ runtime, store } = base);
  // Messages graphs the snapshot names by source: built from the chat table, after the person's
  // own graphs (their removals) are in place.
  for (const g of base.derived) {
    loadSourceGraph(g.source, g.graph);
    rebuilt.add(g.graph);
  }
  const replayed = replayJournal(journal, base.seq, replay);
  problems = [...base.problems, ...replayed.problems];
  lostGraphs = base.lostGraphs;
  lostAll = base.lostAll;
  unresolved = replayed.unresolved;
  recountRebuilt();
  if (!meta.isComplete()) countGraphsOnce();
  // A snapshot rebuilt from its fallback is written again at once, so the fallback is not needed twice.
  if (base.from === 'previous-snapshot' && !unresolved.length) compact(true);
  const from: GraphLoadSource = base.from === 'previous-snapshot' ? 'snapshot' : base.from;
  post({ ready: true, loadMs: Math.round(performance.now() - t0), quads: store.size, from, problems, lostGraphs, lostAll });
  // Messages graphs an import left to build (a command-line import journals them without loading
  // the graph) are now in memory: fold them into a snapshot and image soon, and check the
  // journal's age now and then.
  scheduleCompaction();
  setInterval(scheduleCompaction, 60_000).unref();
}

// ---- the read-only replica (GraphWorkerData.replica)

/** The journal entry the replica's store holds everything up to. */
let replicaSeq = 0;

/** The replica cannot follow the journal (a gap compaction left, or damage): the main worker answers instead. */
class ReplicaStale extends Error {
  override name = 'ReplicaStale';
}

/**
 * Opens the replica from the same snapshot (or image) as the main worker and replays the journal
 * after it. It repairs nothing: anything the main worker would have to repair makes it refuse to
 * start (the main worker deals with it, and reads stay with it).
 */
function startReplica(t0: number): void {
  if (!meta.isComplete()) throw new ReplicaStale('the graph counts are not complete yet');
  const base = openGraphBase(config.snapshotDir, journal, config.useImages !== false);
  if (base.problems.length || base.lostGraphs.length || base.lostAll) throw new ReplicaStale('the graph on disk needs repair');
  ({ runtime, store } = base);
  for (const g of base.derived) loadSourceGraph(g.source, g.graph);
  replicaSeq = base.seq;
  catchUp();
  post({ ready: true, loadMs: Math.round(performance.now() - t0), quads: store.size, from: base.from === 'previous-snapshot' ? 'snapshot' : base.from, problems: [], lostGraphs: [], lostAll: false });
}

/**
 * Applies the journal entries committed since the replica's last (a read then sees every change
 * acknowledged before it was asked). Entries must follow one another, intact.
 */
function catchUp(): void {
  for (const seq of journal.seqsAfter(replicaSeq)) {
    if (seq !== replicaSeq + 1) throw new ReplicaStale(`the journal goes on at entry ${seq}, after ${replicaSeq}`);
    const entry = journal.entryAt(seq);
    if (!entry || !entryIntact(entry)) throw new ReplicaStale(`graph journal entry ${seq} cannot be read`);
    replay(entry);
    replicaSeq = seq;
  }
  rebuilt.clear();
}

/** What a replica may be asked: reads only. */
const REPLICA_OPS = new Set<GraphRequest['op']>(['query', 'graphs', 'turtle', 'export', 'vocabulary', 'history', 'size']);

/**
 * Loads data Engram wrote itself (a journal entry, a messages graph): already valid, so
 * Oxigraph skips validation and transaction bookkeeping, which makes loading a third faster.
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
 * Graphs built at start-up from the chat table or from N-Triples journaled without the worker
 * (whose counts were known only from their rows or lines): their counts as loaded, once the
 * journal is replayed (no write may run while it is read).
 */
const rebuilt = new Set<string>();
function recountRebuilt(): void {
  for (const graph of rebuilt) {
    const row = meta.get(graph);
    if (!row) continue;
    const triples = triplesIn(graph);
    const edges = row.kind === 'messages' ? count(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o FILTER(isIRI(?o) && ?p != <${PREFIXES.rdf}type>) } }`) : row.edges;
    if (row.triples !== triples || row.edges !== edges) meta.set({ ...row, triples, edges });
  }
  rebuilt.clear();
}

/**
 * A memory written before the graph's counts were kept: count each graph once, and rebuild its
 * messages graphs in their present (lean) form, journaled, so that snapshots can name them.
 */
function countGraphsOnce(): void {
  const rdfType = `<${PREFIXES.rdf}type>`;
  const counts = (sparql: string) =>
    new Map((store.query(sparql) as Map<string, Term>[]).map((r) => [r.get('g')!.value, Number(r.get('n')!.value)] as const));
  const triples = counts('SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g');
  const edges = counts(`SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o FILTER(isIRI(?o) && ?p != ${rdfType}) } } GROUP BY ?g`);
  const rows = [...triples].map(([graph, n]) => ({
    graph,
    label: localName(graph),
    triples: n,
    edges: edges.get(graph) ?? 0,
    sourceId: null,
    profile: graphKind(graph) === 'messages' || graphKind(graph) === 'ontology' ? null : profileOfGraph(graph),
  }));
  meta.replaceAll(rows);
  for (const r of rows) {
    if (graphKind(r.graph) !== 'messages') continue;
    const sourceId = chat.sourceIdByKey(r.graph.slice(GRAPHS.source('').length));
    if (sourceId !== undefined) buildSource(sourceId, 'Messages graph in its present form');
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
      rebuilt.add(e.graph!);
      break;
    case 'drop':
      dropGraph(e.graph!);
      break;
    case 'source': {
      const { sourceId } = JSON.parse(e.added) as { sourceId: number };
      loadSourceGraph(sourceId, e.graph!);
      rebuilt.add(e.graph!);
      break;
    }
  }
  version++;
}

function dropGraph(graph: string): void {
  store.update(`DROP SILENT GRAPH <${graph}>`);
}

// ---- writes

/** The request being handled (see GraphWorkerData.commitFlag). */
let currentRequest = 0;
const commitFlag = config.commitFlag ? new Int32Array(config.commitFlag) : null;

/** Journals a change already applied in memory; reverts it if the journal write fails. */
function commit<T>(write: () => T, revert: () => void): T {
  try {
    // Set until the answer is posted: once the transaction may have committed, the change is
    // durable and its time limit no longer applies (it is cleared again if the commit fails).
    if (commitFlag) Atomics.store(commitFlag, 0, currentRequest);
    let result: T;
    try {
      result = journal.commit(write);
    } catch (e) {
      if (commitFlag) Atomics.store(commitFlag, 0, 0);
      throw e;
    }
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
      countDelta(delta);
      return s;
    },
    () => delta.revert(store),
  );
  return { seq, at: new Date().toISOString(), label, undone: false, ...(sparql ? { sparql } : {}) };
}

/** A delta's net change to each graph's counts (inside the journal's transaction). */
function countDelta(delta: Delta): void {
  const change = new Map<string, { triples: number; edges: number }>();
  const count = (q: Quad, sign: number) => {
    const g = q.graph.termType === 'DefaultGraph' ? '' : q.graph.value;
    const c = change.get(g) ?? { triples: 0, edges: 0 };
    c.triples += sign;
    if (q.object.termType === 'NamedNode' && !q.predicate.equals(RDF_TYPE)) c.edges += sign;
    change.set(g, c);
  };
  for (const q of delta.added) count(q, 1);
  for (const q of delta.removed) count(q, -1);
  for (const [g, c] of change) if (g) meta.adjust(g, c.triples, c.edges, localName(g), graphKind(g) === 'messages' ? null : profileOfGraph(g));
}

/** A graph's subjects and types as it now is (graph-meta.ts), for a graph that is not a messages graph. */
function profileOfGraph(graph: string): GraphProfile {
  return profileOfNTriples(tripleLines(store.match(null, null, null, ox.namedNode(graph))));
}

/** Profiles for rows that have none (kept since this build): read from the store. */
function refreshProfiles(): void {
  for (const row of meta.all()) {
    if (row.kind === 'messages' || row.kind === 'ontology' || meta.hasProfile(row.graph)) continue;
    meta.set({ ...row, profile: profileOfGraph(row.graph) });
  }
}

/** Triples a named graph holds (a scan of that graph alone). */
function triplesIn(graph: string): number {
  return count(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`);
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
      meta.set({ graph: req.graph, label: localName(req.graph), triples: triplesIn(req.graph), edges: 0, sourceId: null, profile: profileOfNTriples(ntriples) });
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

/**
 * Builds a source's messages graph from its rows and loads it in place of the graph's content,
 * chunk by chunk (messages-graph.ts), so no string holds the whole graph.
 */
function loadSourceGraph(sourceId: number, graph: string): { triples: number; edges: number; name: string } {
  const key = chat.sourceKey(sourceId);
  dropGraph(graph);
  if (!key) return { triples: 0, edges: 0, name: '' }; // deleted since: nothing to build
  const name = chat.sourceName(sourceId) ?? key;
  const decisions = hasQuadsIn(GRAPHS.userRemoved) || hasQuadsIn(GRAPHS.user);
  let triples = 0;
  let edges = 0;
  for (const chunk of sourceGraphChunks({ sourceKey: key, sourceName: name, messages: chat.sourceGraphRows(sourceId) })) {
    if (!decisions) {
      loadTrusted(chunk.ntriples, graph);
      triples += chunk.triples;
      edges += chunk.edges;
      continue;
    }
    const kept = withoutPersonsDecisions(parseRdf(chunk.ntriples, 'n-triples'));
    if (kept.length) loadTrusted(tripleLines(kept), graph);
    triples += kept.length;
    edges += kept.filter((q) => q.object.termType === 'NamedNode' && !q.predicate.equals(RDF_TYPE)).length;
  }
  return { triples, edges, name };
}

/** A messages graph's row in the graph's counts, as built. */
function sourceMetaRow(sourceId: number, graph: string, built: { triples: number; edges: number; name: string }) {
  return { graph, kind: 'messages' as const, label: `Messages: ${built.name}`, triples: built.triples, edges: built.edges, sourceId, derived: true };
}

function buildSource(sourceId: number, label: string): { seq: number; triples: number } {
  const key = chat.sourceKey(sourceId);
  if (!key) throw new Error(`no source ${sourceId}`);
  const graph = GRAPHS.source(key);
  const before = store.match(null, null, null, ox.namedNode(graph));
  const built = loadSourceGraph(sourceId, graph);
  // The entry's weight counts toward compaction like the graph it rebuilds.
  const seq = commit(
    () => {
      const s = journal.append('source', { graph, label, added: JSON.stringify({ sourceId }), bytes: built.triples * 100 });
      meta.set(sourceMetaRow(sourceId, graph, built));
      return s;
    },
    () => {
      dropGraph(graph);
      for (const q of before) store.add(q);
    },
  );
  return { seq, triples: built.triples };
}

/** Drops graphs; `alongside` as for replaceGraph. */
function dropGraphs(graphs: string[], alongside?: () => void): { seq: number } {
  const before = graphs.flatMap((g) => store.match(null, null, null, ox.namedNode(g)));
  for (const g of graphs) dropGraph(g);
  const seq = commit(
    () => {
      const s = graphs.reduce((_, g) => journal.append('drop', { graph: g }), 0);
      for (const g of graphs) meta.remove(g);
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
      countDelta(delta);
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
      countDelta(delta);
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

/** Journal entries older than this are folded into a snapshot even when few. */
const COMPACT_AGE_MS = 10 * 60_000;

/**
 * Replaying the journal would slow the next start: enough of it has piled up, it holds a
 * messages graph to build from the chat table (an import's), or it has waited long enough.
 */
function compactionDue(): boolean {
  const pending = journal.pendingEntries();
  if (pending === 0) return false;
  return (
    pending >= 2000 ||
    journal.pendingBytes() >= config.compactBytes ||
    journal.pendingSourceEntries() > 0 ||
    Date.now() - journal.oldestPendingAt() >= COMPACT_AGE_MS
  );
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

/**
 * Writes a new snapshot of the store and points the journal at it, once it has been read back
 * whole; the previous snapshot and the journal after it stay as its fallback (graph-load.ts).
 * `force` writes one even when no entry came since the last (to replace a damaged one).
 */
function compact(force = false): { seq: number; quads: number } | null {
  // Damage not yet dealt with stays in the journal, where `engram doctor` can name it.
  if (unresolved.length) return null;
  const seq = journal.lastSeq();
  const snap = journal.snapshot();
  if (snap && snap.seq === seq && !force) return null;
  const name = snapshotFileName(seq);
  const file = path.join(config.snapshotDir, name);
  // Named graphs from the counts kept beside the journal (no scan of the store): messages graphs
  // as the chat table gives them are named by their source, the others written out.
  const sections: (SnapshotSection | DerivedSection)[] = meta.all().map((g) =>
    g.kind === 'messages' && g.derived && g.sourceId !== null
      ? { graph: g.graph, source: g.sourceId }
      : { graph: g.graph, data: Buffer.from(store.dump({ format: 'application/n-triples', from_graph_name: ox.namedNode(g.graph) })) },
  );
  const unnamed = store.dump({ format: 'application/n-triples', from_graph_name: ox.defaultGraph() });
  if (unnamed) sections.push({ graph: null, data: Buffer.from(unnamed) });
  writeSnapshotFile(file, seq, store.size, sections);
  const check = verifySnapshotFile(file);
  if (!check.ok) {
    if (!snap || snap.file !== name) fs.rmSync(file, { force: true });
    throw new Error(`the new snapshot did not read back whole (${check.problem}); the previous one stays`);
  }
  // The previous snapshot's own fallback journal is forgotten; the entries since it are kept.
  const previous = snap && snap.seq < seq ? snap.seq : (previousSnapshotSeq(seq) ?? 0);
  journal.setSnapshot(seq, name, store.size, previous);
  removeStaleFiles(config.snapshotDir, seq);
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

/** The newest snapshot file older than `seq`, if any. */
function previousSnapshotSeq(seq: number): number | null {
  const older = fs
    .readdirSync(config.snapshotDir)
    .map((f) => snapshotSeqOf(f))
    .filter((s): s is number => s !== null && s < seq);
  return older.length ? Math.max(...older) : null;
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
  // The person's view is the union of all graphs, unless the query names its own dataset
  // (FROM / FROM NAMED): Oxigraph would let the union option override it.
  const run = (text: string) => store.query(text, capped.dataset ? {} : { use_default_graph_as_union: true });
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


function graphs(): GraphInfo[] {
  return meta.all().map((g) => ({ iri: g.graph, triples: g.triples, kind: g.kind, label: g.label }));
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

/**
 * Classes and properties in use (for the editors' completion), kept for a version of the graph.
 * Messages graphs use a fixed vocabulary (messages-graph.ts): only the other graphs are read.
 */
function vocabulary(): { classes: string[]; properties: string[] } {
  if (vocabularyCache?.version === version) return vocabularyCache.value;
  const all = meta.all();
  const others = all.filter((g) => g.kind !== 'messages').map((g) => `<${g.graph}>`);
  const col = (sparql: string, v: string) => (store.query(sparql) as Map<string, Term>[]).map((r) => r.get(v)!.value);
  const inGraphs = `VALUES ?g { ${others.join(' ')} }`;
  const classes = new Set<string>();
  const properties = new Set<string>();
  if (all.some((g) => g.kind === 'messages')) {
    for (const c of MESSAGES_GRAPH_TYPES) classes.add(c);
    for (const p of MESSAGES_GRAPH_PREDICATES) properties.add(p);
  }
  if (others.length) {
    for (const c of col(`SELECT DISTINCT ?c WHERE { ${inGraphs} GRAPH ?g { { ?c a <${PREFIXES.owl}Class> } UNION { ?c a <${PREFIXES.rdfs}Class> } FILTER(isIRI(?c)) } }`, 'c')) classes.add(c);
    for (const c of col(`SELECT DISTINCT ?c WHERE { ${inGraphs} GRAPH ?g { ?s a ?c FILTER(isIRI(?c)) } }`, 'c')) classes.add(c);
    for (const p of col(
      `SELECT DISTINCT ?p WHERE { ${inGraphs} GRAPH ?g { ?p a ?k VALUES ?k { <${PREFIXES.owl}ObjectProperty> <${PREFIXES.owl}DatatypeProperty> <${PREFIXES.owl}AnnotationProperty> <${PREFIXES.rdf}Property> } } }`,
      'p',
    ))
      properties.add(p);
    for (const p of col(`SELECT DISTINCT ?p WHERE { ${inGraphs} GRAPH ?g { ?s ?p ?o } }`, 'p')) properties.add(p);
  }
  const value = { classes: [...classes].sort(), properties: [...properties].sort() };
  vocabularyCache = { version, value };
  return value;
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
    case 'profiles':
      refreshProfiles();
      return null;
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
    case 'integrity':
      return integrity(req.deep);
    case 'resolveDamage':
      return resolveDamage();
    case 'replayEdits':
      return replayEdits(req.graphs);
  }
}

// ---- integrity (`engram doctor`)

/** What start-up found; with `deep`, also every kept file and journal entry as they read back now. */
function integrity(deep: boolean): GraphIntegrity {
  const found = [...problems];
  if (deep) {
    const snap = journal.snapshot();
    const seen = new Set(found.map((p) => p.where));
    const add = (p: IntegrityProblem) => !seen.has(p.where) && (seen.add(p.where), found.push(p));
    for (const f of fs.readdirSync(config.snapshotDir).sort()) {
      const seq = snapshotSeqOf(f);
      if (seq !== null) {
        const check = verifySnapshotFile(path.join(config.snapshotDir, f));
        const current = seq === snap?.seq;
        if (!check.ok) {
          add({
            store: 'graph',
            where: `graph/${f}`,
            problem: `the ${current ? '' : 'previous '}snapshot is damaged (${check.problem.replace(/^.*?\.ntg: /, '')})`,
            repaired: false,
            action: current ? `the graph in memory is whole; ${REPAIR_COMMAND} writes a new snapshot` : `it cannot stand in for the current snapshot; ${REPAIR_COMMAND} drops it`,
          });
        }
      } else if (snap && f === imageFileName(snap.seq)) {
        const check = verifyImageFile(path.join(config.snapshotDir, f), snap.seq);
        if (!check.ok && check.damaged) add({ store: 'graph', where: `graph/${f}`, problem: `the memory image is damaged (${check.reason})`, repaired: false, action: `a cache: ${REPAIR_COMMAND} removes it (the next start would too)` });
      }
    }
    const after = snap?.seq ?? 0;
    let expected = journal.firstSeq() ?? after + 1;
    for (const e of journal.verifyAll()) {
      for (let s = expected; s < e.seq && s <= after; s++) {
        add({ store: 'graph', where: `graph journal entry ${s}`, problem: 'missing from the fallback journal (a gap in the sequence)', repaired: false, action: `the previous snapshot cannot stand in for the current one; ${REPAIR_COMMAND} starts a new fallback` });
      }
      expected = e.seq + 1;
      if (!e.intact && e.seq <= after) {
        add({ store: 'graph', where: `graph journal entry ${e.seq} (${e.kind}${e.graph ? ` ${e.graph}` : ''})`, problem: 'a fallback entry does not match its checksum', repaired: false, action: `the previous snapshot cannot stand in for the current one; ${REPAIR_COMMAND} starts a new fallback` });
      }
    }
  }
  return { problems: found, lostGraphs, lostAll, unresolved: [...unresolved] };
}

/**
 * The damage found at start-up has been dealt with (the engine rebuilt what it could from the
 * record): skipped entries are dropped, a new snapshot is written and read back, and if the
 * fallback (the previous snapshot and the journal after it) is damaged or has lost an entry, it is
 * started afresh from the new snapshot.
 */
function resolveDamage(): { seq: number; quads: number } | null {
  journal.discard(unresolved);
  unresolved = [];
  lostGraphs = [];
  lostAll = false;
  problems = problems.map((p) => ({ ...p, repaired: true }));
  const written = compact(true);
  const snap = journal.snapshot();
  const fallbackDamaged = integrity(true).problems.some((p) => !p.repaired);
  if (fallbackDamaged && snap) {
    for (const f of fs.readdirSync(config.snapshotDir)) {
      const seq = snapshotSeqOf(f);
      const image = /^image-(\d+)\.bin$/.exec(f);
      if ((seq !== null && seq !== snap.seq) || (image && Number(image[1]) !== snap.seq)) fs.rmSync(path.join(config.snapshotDir, f), { force: true });
    }
    journal.setSnapshot(snap.seq, snap.file, snap.quads, snap.seq);
    // A damaged current image is a cache: gone, the next start reads the snapshot.
    const image = path.join(config.snapshotDir, imageFileName(snap.seq));
    if (fs.existsSync(image) && !verifyImageFile(image, snap.seq).ok) fs.rmSync(image, { force: true });
  }
  return written;
}

/**
 * Rebuilds graphs from the undo log: the person's edits still in effect, oldest first, kept to
 * these graphs (their own graph and their removal records, when a damaged snapshot lost them).
 * Each rebuilt graph is journaled as a machine write.
 */
function replayEdits(graphs: string[]): { quads: number } {
  const wanted = new Set(graphs);
  const content = new Map<string, Map<string, Quad>>(graphs.map((g) => [g, new Map()]));
  for (const edit of journal.activeEdits()) {
    if (!editIntact(edit)) continue;
    for (const q of fromNQuads(edit.removed)) if (wanted.has(q.graph.value)) content.get(q.graph.value)!.delete(quadKey(q));
    for (const q of fromNQuads(edit.added)) if (wanted.has(q.graph.value)) content.get(q.graph.value)!.set(quadKey(q), q);
  }
  let quads = 0;
  for (const [graph, byKey] of content) {
    const lines = tripleLines([...byKey.values()]);
    replaceGraph({ op: 'replaceGraph', graph, data: lines, format: 'n-triples', asEdit: false, label: `Rebuild ${graph} from the undo log`, respectRemovals: false });
    quads += byKey.size;
  }
  return { quads };
}

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

port.on('message', async (msg: { id: number; req: GraphRequest }) => {
  currentRequest = msg.id;
  try {
    if (config.replica) {
      if (!REPLICA_OPS.has(msg.req.op)) throw new Error(`the read-only graph replica cannot '${msg.req.op}'`);
      catchUp();
    }
    const result = await handle(msg.req);
    post({ id: msg.id, ok: true, result });
  } catch (e) {
    const err = e as Error;
    // SPARQL errors carry "error at L:C"; editors mark that position.
    const pos = e instanceof RdfParseError ? e.details : /error at \d+:\d+/.test(err.message) ? syntaxErrorOf(err.message) : {};
    post({ id: msg.id, ok: false, error: { name: err.name, message: err.message, ...pos } });
  } finally {
    if (commitFlag) Atomics.store(commitFlag, 0, 0);
  }
});

try {
  start();
} catch (e) {
  post({ fatal: `the graph store could not load: ${(e as Error).message}` });
}
