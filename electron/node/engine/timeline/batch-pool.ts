// The retrieve batch on several cores: the lines go in chunks to worker threads
// (batch-worker.ts), each with its own read-only connections and its own timeline, and their
// answers are written in input order. Planning a question is pure computation over the chat
// table (58% of a batch's time), so a second core nearly halves a long batch; a short one is
// answered in this thread (a worker's start-up costs more than a few hundred questions).
import os from 'node:os';
import readline from 'node:readline';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../common/module-worker';
import { JsonlWriter, type BatchStats } from '../common/jsonl-batch';
import type { BatchWorkerData, BatchWorkerReply, BatchWorkerRequest } from './batch-worker';

/** Lines per chunk: about 20 ms of work, small enough to keep both cores busy to the end. */
const CHUNK_LINES = 64;
/** Chunks sent ahead to each worker, so that none waits for the next while its answers are written. */
const AHEAD_PER_WORKER = 2;

/** A batch file under this size is answered in the calling thread (about 1,500 questions). */
const POOL_MIN_BYTES = 256 * 1024;

/** Worker threads for a batch file of this size: one per core, up to four; 1 for a short batch or a single core. */
export function batchThreads(fileBytes: number): number {
  if (fileBytes < POOL_MIN_BYTES) return 1;
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

export interface BatchPoolOptions extends BatchWorkerData {
  threads: number;
  /** Settled when the stores are ready to be read (the workers start loading before). */
  ready?: Promise<unknown>;
  /** How a worker is started (the tests start failing ones). */
  startWorker?: (data: BatchWorkerData) => Worker;
}

interface PoolWorker {
  worker: Worker;
  exited: boolean;
  inFlight: number;
  waiting: Map<number, { resolve: (r: { jsonl: string; errors: number }) => void; reject: (e: Error) => void }>;
}

const startBatchWorker = (data: BatchWorkerData) => startModuleWorker(import.meta.url, 'batch-worker', { workerData: data });

/** Answers the JSONL lines of `input` on `threads` workers, writing their answers to `output` in input order. */
export async function runBatchPool(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, opts: BatchPoolOptions): Promise<BatchStats> {
  const t0 = performance.now();
  const { threads, ready, startWorker = startBatchWorker, ...data } = opts;
  const pool: PoolWorker[] = [];
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of pool) {
      for (const x of w.waiting.values()) x.reject(failure);
      w.waiting.clear();
    }
  };
  for (let i = 0; i < Math.max(1, threads); i++) {
    const w: PoolWorker = { worker: startWorker(data), exited: false, inFlight: 0, waiting: new Map() };
    w.worker.on('message', (reply: BatchWorkerReply) => {
      if ('closed' in reply) return;
      const x = w.waiting.get(reply.id);
      if (!x) return;
      w.waiting.delete(reply.id);
      w.inFlight--;
      if ('failure' in reply) fail(new Error(`the retrieve batch failed: ${reply.failure}`));
      else x.resolve(reply);
    });
    w.worker.on('error', (e) => fail(new Error(`a retrieve batch worker failed: ${e.message.split('\n')[0]}`)));
    w.worker.on('exit', (code) => {
      w.exited = true;
      if (w.waiting.size) fail(new Error(`a retrieve batch worker exited (code ${code})`));
    });
    pool.push(w);
  }
  const writer = new JsonlWriter(output);
  const pending: Promise<{ jsonl: string; errors: number }>[] = [];
  let nextId = 1;
  let lines = 0;
  let errors = 0;
  const send = (lineNos: number[], texts: string[]) => {
    if (failure) throw failure;
    const w = pool.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const id = nextId++;
    w.inFlight++;
    const answered = new Promise<{ jsonl: string; errors: number }>((resolve, reject) => w.waiting.set(id, { resolve, reject }));
    // read in order below; a failure is thrown there, not left unhandled
    answered.catch(() => undefined);
    w.worker.postMessage({ id, lineNos, texts } satisfies BatchWorkerRequest);
    pending.push(answered);
  };
  const writeDone = async (keep: number) => {
    while (pending.length > keep) {
      const r = await pending.shift()!;
      errors += r.errors;
      await writer.add(r.jsonl);
    }
  };
  try {
    await ready;
    let lineNos: number[] = [];
    let texts: string[] = [];
    for await (const text of readline.createInterface({ input, crlfDelay: Infinity })) {
      if (!text.trim()) continue;
      lineNos.push(++lines);
      texts.push(text);
      if (texts.length < CHUNK_LINES) continue;
      send(lineNos, texts);
      lineNos = [];
      texts = [];
      await writeDone(pool.length * AHEAD_PER_WORKER);
    }
    if (texts.length) send(lineNos, texts);
    await writeDone(0);
    await writer.flush();
  } finally {
    await Promise.all(pool.map((w) => (w.exited ? undefined : closeWorker(w.worker))));
  }
  return { lines, errors, elapsedMs: performance.now() - t0 };
}

/** Asks a worker to close its connections, and stops it if it does not within a second. */
async function closeWorker(worker: Worker): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    worker.on('message', (reply: BatchWorkerReply) => 'closed' in reply && resolve());
    worker.once('exit', () => resolve());
  });
  worker.postMessage({ close: true } satisfies BatchWorkerRequest);
  const timer = setTimeout(() => void worker.terminate(), 1000);
  await closed;
  clearTimeout(timer);
  await worker.terminate();
}
