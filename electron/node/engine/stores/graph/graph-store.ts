// The graph store as the rest of the engine sees it: an async API over a worker thread
// that owns the Oxigraph store (see graph-worker.ts).
//
// Requests run one at a time in order. A query that overruns its time limit cannot be
// interrupted inside WebAssembly, so the worker is stopped and started again (it reloads
// its snapshot and journal) and the query fails with a clear message.
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
      this.queue.push({ req, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
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
    this.current = null;
    cur.reject(new ApiError('unavailable', `the query ran longer than ${Math.round(cur.timeoutMs! / 1000)} s and was stopped`));
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
