// The graph store as the rest of the engine sees it: an async API over a worker thread
// that owns the Oxigraph store (see graph-worker.ts).
//
// The worker starts when something first needs the graph (a query, an edit, `ready()`), not
// when the memory opens: a command that lists sources or searches messages never loads it.
// What the graph holds (its named graphs, their triples) is read from the counts kept beside
// the journal (graph-meta.ts) without the worker. Until it starts, machine writes that need no
// reading of the graph (a source's messages graph to build from the chat table, graphs to drop,
// a graph's N-Triples to replace) are journaled directly; the worker applies them when it loads.
//
// Requests run one at a time in order on the main worker. With `readReplica` (the app and
// `engram serve`, where a long query must not hold up the person's other calls), reads may also
// go to a second, read-only worker (started once the main worker has loaded): the replica is opened
// from the same snapshot or image and, before each request, applies the journal entries
// committed since its last, so a read asked after an acknowledged edit sees it. Reads prefer the
// replica; the main worker takes a read when the replica is busy. A read sees every write
// acknowledged before it was asked; a write still running (a runaway update) does not hold up
// reads asked meanwhile, which see the graph as it was before that write. A running
// WebAssembly query cannot be interrupted, so this is what keeps a short call (an entity page,
// an edit, another query) answering while a long query runs; two long queries at once still hold
// up a third call, to the limit of the first to end. The replica costs a second copy of the
// store in memory (BENCHMARKS.md).
//
// Every query, every edit of the person's and every read
// has a time limit (DEFAULT_LIMITS, or the caller's). A call that overruns it cannot be
// interrupted inside WebAssembly, so the worker is stopped and started again: it reloads its
// snapshot (or image) and journal, which hold exactly what was committed, so an update cut short
// is rolled back whole (its journal entry was never written) and nothing committed is lost. The
// call fails with a clear message. A change whose journal transaction has begun is let finish
// (the worker raises `commitFlag`): once it may be durable it is never reported as failed.
import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import path from 'node:path';
import { startModuleWorker } from '../../common/module-worker';
import { ApiError } from '../../../../../shared/api';
import { GRAPHS, localName } from '../../../../../shared/rdf';
import type { EditRecord, GraphInfo, IntegrityProblem } from '../../../../../shared/types';
import type { GraphLoadSource, GraphRequest, GraphResults, GraphWorkerData, WorkerMessage } from './graph-protocol';
import { GraphJournal } from './journal';
import { GraphMeta, profileOfNTriples, type OtherGraphsStats } from './graph-meta';
import { sourceGraphSize, type SourceGraphCounts } from './messages-graph';

export interface GraphStoreOptions {
  dbFile: string;
  /** The memory's own connection (memory-db.ts): the journal and the graph's counts, read and written without the worker. */
  db: Database.Database;
  dataDir: string;
  /** Journal bytes pending before a new snapshot is written. */
  compactBytes?: number;
  sqliteNativeBinding?: string;
  /** Memory images beside snapshots for fast start-up (default on). */
  useImages?: boolean;
  /** A read-only second worker for reads while the main one is busy (see above; default off). */
  readReplica?: boolean;
}

export interface GraphReady {
  loadMs: number;
  quads: number;
  from: GraphLoadSource;
  /** What start-up found damaged, and the graphs lost with a damaged snapshot (see graph-load.ts). */
  problems: IntegrityProblem[];
  lostGraphs: (string | null)[];
  lostAll: boolean;
}

/** Time limits when the caller gives none: reads and the person's edits; machine writes (a large import's messages graph) have none. */
export const DEFAULT_LIMITS = { read: 60_000, edit: 30_000 };

const READS = new Set<GraphRequest['op']>(['query', 'graphs', 'turtle', 'export', 'vocabulary', 'history', 'size', 'integrity']);
/** Reads a replica may answer (not 'integrity': only the main worker knows what its start-up found). */
const REPLICA_READS = new Set<GraphRequest['op']>(['query', 'graphs', 'turtle', 'export', 'vocabulary', 'history', 'size']);
const EDITS = new Set<GraphRequest['op']>(['update', 'editTriples', 'replaceDescription', 'undo', 'redo']);

function defaultLimit(req: GraphRequest): number | null {
  if (READS.has(req.op)) return DEFAULT_LIMITS.read;
  if (EDITS.has(req.op) || (req.op === 'replaceGraph' && req.asEdit)) return DEFAULT_LIMITS.edit;
  return null;
}

interface Pending {
  req: GraphRequest;
  /** Ask order (a read handed back by a replica that stopped goes back in its place). */
  order: number;
  timeoutMs: number | null;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

type Running = Pending & { id: number; timer: NodeJS.Timeout | null };

/** The read-only replica's worker and the read it is answering. */
interface Replica {
  worker: Worker;
  ready: boolean;
  current: Running | null;
}

/** Starts the graph worker next to this module (common/module-worker.ts). */
function startWorker(workerData: GraphWorkerData): Worker {
  return startModuleWorker(import.meta.url, 'graph-worker', { workerData });
}

export class GraphStore {
  private worker: Worker | null = null;
  private readyPromise: Promise<GraphReady> | null = null;
  private readyFlag = false;
  private failure: Error | null = null;
  private readonly queue: Pending[] = [];
  private current: Running | null = null;
  private nextId = 1;
  private nextOrder = 1;
  private replica: Replica | null = null;
  /** The replica could not start (damage the main worker repairs, counts not yet complete): reads stay with the main worker until the store reopens. */
  private replicaRefused = false;
  /** Requests answered by each worker (the tests check where reads went). */
  readonly answered = { main: 0, replica: 0 };
  private closed = false;
  private readonly commitFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly startListeners: (() => void)[] = [];
  private readonly journal: GraphJournal;
  /** What the graph holds, per named graph (graph-meta.ts). */
  readonly meta: GraphMeta;
  /** How long the last start-up took (snapshot load + journal replay). */
  loadMs = 0;

  private constructor(private readonly opts: GraphStoreOptions) {
    this.journal = new GraphJournal(opts.db);
    this.meta = new GraphMeta(opts.db);
  }

  /** The store over a memory's folder; its worker starts when the graph is first needed. */
  static open(opts: GraphStoreOptions): GraphStore {
    return new GraphStore(opts);
  }

  get isReady(): boolean {
    return this.readyFlag;
  }

  /** Whether the worker has been started (it may still be loading). */
  get started(): boolean {
    return this.worker !== null;
  }

  /** Starts the worker if it is not running, and resolves once the graph is loaded. */
  ready(): Promise<GraphReady> {
    if (!this.readyPromise) this.spawn();
    return this.readyPromise!;
  }

  /** Runs `listener` when the worker is first started (the engine's graph reconciliation). */
  onStart(listener: () => void): void {
    this.startListeners.push(listener);
  }

  /** Whether the read-only replica is loaded and taking reads (for tests and `memoryInfo`). */
  get replicaReady(): boolean {
    return this.replica?.ready ?? false;
  }

  private workerData(): GraphWorkerData {
    return {
      dbFile: this.opts.dbFile,
      snapshotDir: path.join(this.opts.dataDir, 'graph'),
      compactBytes: this.opts.compactBytes ?? 64 * 1024 * 1024,
      sqliteNativeBinding: this.opts.sqliteNativeBinding,
      useImages: this.opts.useImages,
    };
  }

  /** Starts the replica, once the main worker has loaded (it may have written the snapshot the replica opens). */
  private startReplica(): void {
    if (!this.opts.readReplica || this.replica || this.replicaRefused || this.closed || !this.readyFlag) return;
    const worker = startWorker({ ...this.workerData(), replica: true });
    const replica: Replica = { worker, ready: false, current: null };
    this.replica = replica;
    const gone = (why: string) => {
      if (this.replica !== replica) return;
      this.replica = null;
      void worker.terminate();
      // A read it was answering goes back to the queue, in its place.
      if (replica.current) {
        if (replica.current.timer) clearTimeout(replica.current.timer);
        this.queue.unshift(replica.current);
        this.queue.sort((a, b) => a.order - b.order);
      }
      if (!replica.ready) {
        this.replicaRefused = true;
        console.error(`engram: the graph's read replica is not used: ${why}`);
      }
      this.pump();
    };
    worker.on('message', (msg: WorkerMessage) => {
      if (this.replica !== replica) return;
      if ('ready' in msg) {
        replica.ready = true;
        this.pump();
      } else if ('fatal' in msg) gone(msg.fatal);
      else {
        const cur = replica.current;
        if (!cur || cur.id !== msg.id) return;
        // It fell behind what it can follow (a compaction dropped the entries it needed): a new one starts with the next read.
        if (!msg.ok && msg.error.name === 'ReplicaStale') return gone(msg.error.message);
        if (cur.timer) clearTimeout(cur.timer);
        replica.current = null;
        this.answered.replica++;
        this.answer(cur, msg);
        this.pump();
      }
    });
    worker.on('error', (e) => gone(e.message));
  }

  private spawn(): void {
    const first = this.worker === null && this.readyPromise === null;
    const data: GraphWorkerData = { ...this.workerData(), commitFlag: this.commitFlag.buffer as SharedArrayBuffer };
    this.readyFlag = false;
    const worker = startWorker(data);
    this.worker = worker;
    this.readyPromise = new Promise((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if ('ready' in msg) {
          this.readyFlag = true;
          this.loadMs = msg.loadMs;
          resolve({ loadMs: msg.loadMs, quads: msg.quads, from: msg.from, problems: msg.problems, lostGraphs: msg.lostGraphs, lostAll: msg.lostAll });
          this.startReplica();
          this.pump();
        } else if ('fatal' in msg) {
          this.failure = new ApiError('unavailable', msg.fatal);
          reject(this.failure);
          this.failAll(this.failure);
        } else {
          this.settle(msg);
        }
      };
      worker.on('message', onMessage);
      worker.on('error', (e) => {
        this.failure = new ApiError('unavailable', `the graph store stopped: ${e.message}`);
        reject(this.failure);
        this.failAll(this.failure);
      });
    });
    this.readyPromise.catch(() => undefined);
    if (first) for (const l of this.startListeners) l();
  }

  /** Stops the replica (another is started with a later read); a read it was answering fails with `why`. */
  private dropReplica(why?: Error): void {
    const r = this.replica;
    if (!r) return;
    this.replica = null;
    void r.worker.terminate();
    if (r.current) {
      if (r.current.timer) clearTimeout(r.current.timer);
      r.current.reject(why ?? new ApiError('unavailable', 'the graph store is closed'));
    }
  }

  /** The named graphs with their triples, from the counts kept beside the journal (the worker counts them once for a memory older than those). */
  async graphs(): Promise<GraphInfo[]> {
    if (this.closed) throw new ApiError('unavailable', 'the graph store is closed');
    if (this.meta.isComplete()) return this.meta.all().map((g) => ({ iri: g.graph, triples: g.triples, kind: g.kind, label: g.label }));
    return this.request({ op: 'graphs' });
  }

  /** Triples in the whole store (every named graph). */
  async tripleCount(): Promise<number> {
    if (!this.meta.isComplete()) await this.ready();
    return this.meta.totalTriples();
  }

  /**
   * Statistics of the graphs other than the messages graphs, from the profiles kept beside the
   * journal (the worker reads the profiles a memory counted before them lacks).
   */
  async otherStats(): Promise<OtherGraphsStats> {
    if (!this.meta.isComplete()) await this.ready();
    const kept = this.meta.otherStats();
    if (kept) return kept;
    await this.request({ op: 'profiles' });
    return this.meta.otherStats() ?? { nodes: 0, edges: 0, types: [], shared: [] };
  }

  /**
   * A source's messages graph, built from the chat table: by the worker when it runs; else
   * journaled (with its counts, from `counts`) for the worker to build when it next loads.
   */
  async buildSourceGraph(sourceId: number, graph: string, label: string, counts: () => SourceGraphCounts & { name: string }): Promise<void> {
    if (this.worker || this.closed || !this.meta.isComplete()) {
      await this.request({ op: 'buildSourceGraph', sourceId, label });
      return;
    }
    const c = counts();
    const size = sourceGraphSize(c);
    this.journal.commit(() => {
      this.journal.append('source', { graph, label, added: JSON.stringify({ sourceId }), bytes: size.triples * 100 });
      this.meta.set({ graph, kind: 'messages', label: `Messages: ${c.name}`, triples: size.triples, edges: size.edges, sourceId, derived: true });
    });
  }

  /** Drops named graphs: through the worker when it runs, else journaled for it. */
  async dropGraphs(graphs: string[]): Promise<void> {
    if (graphs.length) await this.request({ op: 'dropGraphs', graphs });
  }

  /** Replaces a graph with N-Triples Engram wrote itself (the ontology): through the worker when it runs, else journaled for it. */
  async replaceTrusted(graph: string, ntriples: string, label: string): Promise<void> {
    await this.request({ op: 'replaceGraph', graph, data: ntriples, format: 'n-triples', asEdit: false, label, respectRemovals: false });
  }

  /**
   * A machine write applied to the journal and the counts directly, while no worker runs:
   * dropping graphs, or replacing one with N-Triples that need no reading of the graph (no blank
   * nodes to name, no decision of the person's to leave out). Null when the write needs the worker.
   */
  private deferred(req: GraphRequest): { seq: number } | EditRecord | null {
    if (this.worker || this.closed || !this.meta.isComplete()) return null;
    if (req.op === 'dropGraphs') {
      const seq = this.journal.commit(() => {
        let last = 0;
        for (const g of req.graphs) {
          last = this.journal.append('drop', { graph: g });
          this.meta.remove(g);
        }
        return last;
      });
      return { seq };
    }
    if (req.op !== 'replaceGraph' || req.asEdit || req.format !== 'n-triples' || req.data.includes('_:')) return null;
    const decisions = !!this.meta.get(GRAPHS.user) || !!this.meta.get(GRAPHS.userRemoved);
    if (req.respectRemovals && decisions) return null;
    let triples = 0;
    for (let i = req.data.indexOf('\n'); i >= 0; i = req.data.indexOf('\n', i + 1)) triples++;
    if (req.data && !req.data.endsWith('\n')) triples++;
    const data = req.data && !req.data.endsWith('\n') ? `${req.data}\n` : req.data;
    const seq = this.journal.commit(() => {
      const s = this.journal.append('replace', { graph: req.graph, label: req.label, added: data });
      this.meta.set({ graph: req.graph, label: localName(req.graph), triples, edges: 0, sourceId: null, profile: profileOfNTriples(data) });
      return s;
    });
    return { seq, at: new Date().toISOString(), label: req.label, undone: false };
  }

  request<K extends GraphRequest['op']>(req: Extract<GraphRequest, { op: K }>, timeoutMs: number | null = null): Promise<GraphResults[K]> {
    if (this.closed) return Promise.reject(new ApiError('unavailable', 'the graph store is closed'));
    if (this.failure) return Promise.reject(this.failure);
    try {
      const done = this.deferred(req);
      if (done) return Promise.resolve(done as GraphResults[K]);
    } catch (e) {
      return Promise.reject(e);
    }
    if (!this.readyPromise) this.spawn();
    return new Promise((resolve, reject) => {
      this.queue.push({ req, order: this.nextOrder++, timeoutMs: timeoutMs ?? defaultLimit(req), resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    this.pumpReplica();
    if (this.current || !this.readyFlag || !this.queue.length) return;
    const next = this.queue.shift()!;
    // A replica stopped (a read overran its limit, or it fell behind a compaction) starts again with the next read.
    if (REPLICA_READS.has(next.req.op)) this.startReplica();
    const id = this.nextId++;
    const timer = next.timeoutMs ? setTimeout(() => this.timedOut(id), next.timeoutMs) : null;
    this.current = { ...next, id, timer };
    this.worker!.postMessage({ id, req: next.req });
  }

  /** Gives the replica, when it is free, the first queued read. */
  private pumpReplica(): void {
    const r = this.replica;
    if (!r?.ready || r.current || !this.queue.length) return;
    const at = this.queue.findIndex((p) => REPLICA_READS.has(p.req.op));
    if (at < 0) return;
    const [next] = this.queue.splice(at, 1);
    const id = this.nextId++;
    const timer = next.timeoutMs ? setTimeout(() => this.replicaTimedOut(id), next.timeoutMs) : null;
    r.current = { ...next, id, timer };
    r.worker.postMessage({ id, req: next.req });
  }

  private replicaTimedOut(id: number): void {
    const r = this.replica;
    const cur = r?.current;
    if (!cur || cur.id !== id) return;
    r.current = null;
    cur.reject(this.overran(cur));
    // As with the main worker: the WebAssembly store cannot be interrupted. A new replica starts with a later read.
    this.dropReplica();
    this.pump();
  }

  private overran(cur: Running): ApiError {
    const seconds = Math.round((cur.timeoutMs! / 1000) * 10) / 10;
    const what = cur.req.op === 'query' ? 'the query' : EDITS.has(cur.req.op) || cur.req.op === 'replaceGraph' ? 'the update' : 'the graph call';
    const rolledBack = cur.req.op === 'query' || READS.has(cur.req.op) ? '' : '; nothing was changed';
    return new ApiError('unavailable', `${what} ran longer than ${seconds} s and was stopped${rolledBack}`);
  }

  private settle(msg: Extract<WorkerMessage, { id: number }>): void {
    const cur = this.current;
    if (!cur || cur.id !== msg.id) return;
    if (cur.timer) clearTimeout(cur.timer);
    this.current = null;
    this.answered.main++;
    this.answer(cur, msg);
    this.pump();
  }

  private answer(cur: Running, msg: Extract<WorkerMessage, { id: number }>): void {
    if (msg.ok) cur.resolve(msg.result);
    else {
      const { name, message, ...pos } = msg.error;
      const err = new ApiError(name === 'EditRefused' ? 'refused' : 'bad_request', message);
      Object.assign(err, { position: 'line' in pos ? pos : undefined });
      cur.reject(err);
    }
  }

  private timedOut(id: number): void {
    const cur = this.current;
    if (!cur || cur.id !== id) return;
    if (Atomics.load(this.commitFlag, 0) === id) {
      // Committing (or committed): the answer is on its way; the change stands.
      cur.timer = setTimeout(() => this.timedOut(id), 20);
      return;
    }
    this.current = null;
    cur.reject(this.overran(cur));
    // The WebAssembly store cannot be interrupted: start a fresh worker from snapshot + journal.
    void this.worker!.terminate();
    this.spawn();
  }

  private failAll(e: Error): void {
    const all = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    this.dropReplica(e);
    for (const p of all) p.reject(e);
  }

  /** Stops the worker at once (a failed start, or a close out of time): what is not committed is not kept. */
  async terminate(): Promise<void> {
    this.closed = true;
    this.failAll(new ApiError('unavailable', 'the graph store is closed'));
    this.dropReplica();
    await this.worker?.terminate();
  }

  /**
   * `stopReads` (a close with a deadline: a signal): a read the main worker is running is not
   * waited for (it has nothing to commit, and may run to its limit): the worker stops at once.
   */
  async close(opts: { stopReads?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    if (opts.stopReads && this.current && READS.has(this.current.req.op)) return this.terminate();
    // Let queued work finish so nothing acknowledged is dropped, then write a snapshot if one
    // is due (see the worker's 'flush'). A worker still loading is waited for: its flush
    // writes the snapshot that saves the next start the same work.
    if (this.worker) {
      await this.readyPromise!.catch(() => undefined);
      if (this.readyFlag) await this.request({ op: 'flush' }).catch(() => undefined);
    }
    this.closed = true;
    this.dropReplica();
    await this.worker?.terminate();
  }
}
