// The graph store as the rest of the engine sees it: an async API over a worker thread
// that owns the Oxigraph store (see graph-worker.ts).
//
// Requests run one at a time in order. Every query, every edit of the person's and every read
// has a time limit (DEFAULT_LIMITS, or the caller's). A call that overruns it cannot be
// interrupted inside WebAssembly, so the worker is stopped and started again: it reloads its
// snapshot (or image) and journal, which hold exactly what was committed, so an update cut short
// is rolled back whole (its journal entry was never written) and nothing committed is lost. The
// call fails with a clear message. A change whose journal transaction has begun is let finish
// (the worker raises `commitFlag`): once it may be durable it is never reported as failed.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ApiError } from '../../../../../shared/api';
import type { IntegrityProblem } from '../../../../../shared/types';
import type { GraphLoadSource, GraphRequest, GraphResults, GraphWorkerData, WorkerMessage } from './graph-protocol';

export interface GraphStoreOptions {
  dbFile: string;
  dataDir: string;
  /** Journal bytes pending before a new snapshot is written. */
  compactBytes?: number;
  sqliteNativeBinding?: string;
  /** Memory images beside snapshots for fast start-up (default on). */
  useImages?: boolean;
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

const READS = new Set<GraphRequest['op']>(['query', 'stats', 'graphs', 'turtle', 'export', 'vocabulary', 'history', 'size', 'integrity']);
const EDITS = new Set<GraphRequest['op']>(['update', 'editTriples', 'replaceDescription', 'undo', 'redo']);

function defaultLimit(req: GraphRequest): number | null {
  if (READS.has(req.op)) return DEFAULT_LIMITS.read;
  if (EDITS.has(req.op) || (req.op === 'replaceGraph' && req.asEdit)) return DEFAULT_LIMITS.edit;
  return null;
}

interface Pending {
  req: GraphRequest;
  timeoutMs: number | null;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/**
 * Starts the worker next to this module: the built JavaScript file, or under tsx/vitest the
 * TypeScript source through a tiny bootstrap that registers tsx's loader first.
 */
function startWorker(workerData: GraphWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./graph-worker.js', here), { workerData });
  // The ESM build of tsx's API (its CommonJS build cannot register ESM hooks from a worker).
  const tsxDir = path.dirname(createRequire(here).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const entry = new URL('./graph-worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export class GraphStore {
  private worker!: Worker;
  private readyPromise!: Promise<GraphReady>;
  private readyFlag = false;
  private failure: Error | null = null;
  private readonly queue: Pending[] = [];
  private current: (Pending & { id: number; timer: NodeJS.Timeout | null }) | null = null;
  private nextId = 1;
  private closed = false;
  private readonly commitFlag = new Int32Array(new SharedArrayBuffer(4));
  /** How long the last start-up took (snapshot load + journal replay). */
  loadMs = 0;

  private constructor(private readonly opts: GraphStoreOptions) {
    this.spawn();
  }

  /** Starts the worker; the store answers once its snapshot is loaded (`ready`). */
  static open(opts: GraphStoreOptions): GraphStore {
    return new GraphStore(opts);
  }

  get isReady(): boolean {
    return this.readyFlag;
  }

  ready(): Promise<GraphReady> {
    return this.readyPromise;
  }

  private spawn(): void {
    const data: GraphWorkerData = {
      dbFile: this.opts.dbFile,
      snapshotDir: path.join(this.opts.dataDir, 'graph'),
      compactBytes: this.opts.compactBytes ?? 64 * 1024 * 1024,
      sqliteNativeBinding: this.opts.sqliteNativeBinding,
      useImages: this.opts.useImages,
      commitFlag: this.commitFlag.buffer as SharedArrayBuffer,
    };
    this.readyFlag = false;
    this.worker = startWorker(data);
    this.readyPromise = new Promise((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if ('ready' in msg) {
          this.readyFlag = true;
          this.loadMs = msg.loadMs;
          resolve({ loadMs: msg.loadMs, quads: msg.quads, from: msg.from, problems: msg.problems, lostGraphs: msg.lostGraphs, lostAll: msg.lostAll });
          this.pump();
        } else if ('fatal' in msg) {
          this.failure = new ApiError('unavailable', msg.fatal);
          reject(this.failure);
          this.failAll(this.failure);
        } else {
          this.settle(msg);
        }
      };
      this.worker.on('message', onMessage);
      this.worker.on('error', (e) => {
        this.failure = new ApiError('unavailable', `the graph store stopped: ${e.message}`);
        reject(this.failure);
        this.failAll(this.failure);
      });
    });
    this.readyPromise.catch(() => undefined);
  }

  request<K extends GraphRequest['op']>(req: Extract<GraphRequest, { op: K }>, timeoutMs: number | null = null): Promise<GraphResults[K]> {
    if (this.closed) return Promise.reject(new ApiError('unavailable', 'the graph store is closed'));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ req, timeoutMs: timeoutMs ?? defaultLimit(req), resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.current || !this.readyFlag || !this.queue.length) return;
    const next = this.queue.shift()!;
    const id = this.nextId++;
    const timer = next.timeoutMs ? setTimeout(() => this.timedOut(id), next.timeoutMs) : null;
    this.current = { ...next, id, timer };
    this.worker.postMessage({ id, req: next.req });
  }

  private settle(msg: Extract<WorkerMessage, { id: number }>): void {
    const cur = this.current;
    if (!cur || cur.id !== msg.id) return;
    if (cur.timer) clearTimeout(cur.timer);
    this.current = null;
    if (msg.ok) cur.resolve(msg.result);
    else {
      const { name, message, ...pos } = msg.error;
      const err = new ApiError(name === 'EditRefused' ? 'refused' : 'bad_request', message);
      Object.assign(err, { position: 'line' in pos ? pos : undefined });
      cur.reject(err);
    }
    this.pump();
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
    const seconds = Math.round((cur.timeoutMs! / 1000) * 10) / 10;
    const what = cur.req.op === 'query' ? 'the query' : EDITS.has(cur.req.op) || cur.req.op === 'replaceGraph' ? 'the update' : 'the graph call';
    const rolledBack = cur.req.op === 'query' || READS.has(cur.req.op) ? '' : '; nothing was changed';
    cur.reject(new ApiError('unavailable', `${what} ran longer than ${seconds} s and was stopped${rolledBack}`));
    // The WebAssembly store cannot be interrupted: start a fresh worker from snapshot + journal.
    void this.worker.terminate();
    this.spawn();
  }

  private failAll(e: Error): void {
    const all = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const p of all) p.reject(e);
  }

  /** Stops the worker at once (a failed start, or a close out of time): what is not committed is not kept. */
  async terminate(): Promise<void> {
    this.closed = true;
    this.failAll(new ApiError('unavailable', 'the graph store is closed'));
    await this.worker.terminate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Let queued work finish so nothing acknowledged is dropped, then write a snapshot if one
    // is due (see the worker's 'flush').
    if (this.readyFlag) await this.request({ op: 'flush' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }
}
