// A large retrieve batch answered on several threads: this one and worker threads
// (timeline/batch-worker.ts), one per core. This thread reads the lines, answers its share, sends
// the others to the workers, and writes every answer in input order: the same bytes as runBatch
// on one thread. A question's cost is mostly planning (CPU), and the planner's and the chat
// store's caches are per memory scope: the lines of one `source` go to one thread, so each
// thread's caches see all of that source's questions.
import type { Worker } from 'node:worker_threads';
import readline from 'node:readline';
import { startBuiltModuleWorker } from '../common/module-worker';
import type { BatchStats } from '../common/jsonl-batch';
import { LineQueue, type AnsweredLine } from './batch-lines';
import type { BatchWorkerReply, BatchWorkerRequest } from './batch-worker';
import type { TimelineWorkerSpec } from './timeline';

/** Lines read ahead of the oldest unanswered one at most (their answers wait in memory for it). */
const WINDOW = 4096;
/** Lines sent to a worker per message at most. */
const SEND_LINES = 32;

interface Answer {
  json: string;
  error: boolean;
}

interface Waiting {
  text: string;
  resolve: (a: Answer) => void;
  reject: (e: Error) => void;
}

interface Lane {
  /** null: this thread's lane; else the worker, until it fails. */
  worker: Worker | null;
  failed: boolean;
  /** Lines handed over and not answered yet, by line number. */
  waiting: Map<number, Waiting>;
  unsent: [number, string][];
  assigned: number;
}

/** The first `"source": value` of a line, as written (only where its line goes depends on it, never an answer). */
const SOURCE = /"source"\s*:\s*("(?:[^"\\]|\\.)*"|[^,}\s]*)/;

/**
 * Reads JSONL from `input` and writes each line's answer to `output` in input order, answered by
 * `answer` on this thread and on `threads - 1` worker threads opened from `spec`. A worker that
 * fails (it cannot start, or exits) has its unanswered lines answered on this thread.
 */
export async function runBatchOnThreads(
  spec: TimelineWorkerSpec,
  names: [number, string][],
  threads: number,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  answer: (text: string, lineNo: number) => Promise<Answer>,
): Promise<BatchStats> {
  const t0 = performance.now();
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const lane of lanes) {
      for (const w of lane.waiting.values()) w.reject(failure);
      lane.waiting.clear();
    }
  };
  const answering = new Set<Lane>();
  const deliver = (lane: Lane, answers: AnsweredLine[]) => {
    answering.add(lane);
    for (const [lineNo, json, error] of answers) {
      const w = lane.waiting.get(lineNo);
      if (!w) continue;
      lane.waiting.delete(lineNo);
      w.resolve({ json, error });
    }
  };
  const local: Lane = { worker: null, failed: false, waiting: new Map(), unsent: [], assigned: 0 };
  const localQueue = new LineQueue(answer, (answers) => deliver(local, answers), fail);
  const lanes: Lane[] = [local];
  const laneFailed = (lane: Lane) => {
    lane.failed = true;
    lane.worker = null;
    lane.unsent = [];
    // its lines are answered here
    const lines = [...lane.waiting].map(([lineNo, w]): [number, string] => [lineNo, w.text]);
    for (const [lineNo, w] of lane.waiting) local.waiting.set(lineNo, w);
    lane.waiting.clear();
    localQueue.push(lines);
  };
  const workers = await Promise.all(Array.from({ length: threads - 1 }, () => startBuiltModuleWorker(import.meta.url, 'batch-worker', { workerData: { ...spec, names } })));
  for (const worker of workers) {
    const lane: Lane = { worker: null, failed: false, waiting: new Map(), unsent: [], assigned: 0 };
    lane.worker = worker;
    worker.on('message', (m: BatchWorkerReply) => (m.type === 'failed' ? fail(new Error(m.message)) : deliver(lane, m.answers)));
    worker.on('error', () => lane.worker === worker && laneFailed(lane));
    worker.on('exit', () => lane.worker === worker && laneFailed(lane));
    lanes.push(lane);
  }

  const send = (lane: Lane) => {
    if (!lane.unsent.length) return;
    const lines = lane.unsent;
    lane.unsent = [];
    if (lane.worker) lane.worker.postMessage({ type: 'lines', lines } satisfies BatchWorkerRequest);
    else localQueue.push(lines);
  };
  const sendAll = () => lanes.forEach(send);
  let sendScheduled = false;
  const route = new Map<string, Lane>();
  const laneOf = (text: string): Lane => {
    const key = SOURCE.exec(text)?.[1] ?? '';
    let lane = route.get(key);
    if (!lane || lane.failed) {
      // a source seen first goes to the thread with the fewest lines so far
      lane = local;
      for (const l of lanes) if (!l.failed && l.assigned < lane.assigned) lane = l;
      route.set(key, lane);
    }
    return lane;
  };
  const dispatch = (text: string, lineNo: number): Promise<Answer> => {
    const lane = laneOf(text);
    lane.assigned++;
    return new Promise<Answer>((resolve, reject) => {
      lane.waiting.set(lineNo, { text, resolve, reject });
      lane.unsent.push([lineNo, text]);
      if (lane.unsent.length >= SEND_LINES) send(lane);
      else if (!sendScheduled) {
        // what the reader has when it pauses goes out then
        sendScheduled = true;
        setImmediate(() => {
          sendScheduled = false;
          sendAll();
        });
      }
    });
  };

  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let lines = 0;
  let errors = 0;
  const pending: Promise<Answer>[] = [];
  output.on('error', (e: Error) => (failure ??= e));
  const write = (text: string): Promise<void> => {
    if (failure) return Promise.reject(failure);
    return output.write(text) ? Promise.resolve() : new Promise((resolve) => output.once('drain', () => resolve()));
  };
  let chunk = '';
  const flush = async (keep: number) => {
    sendAll();
    while (pending.length > keep) {
      const a = await pending.shift()!;
      if (a.error) errors++;
      chunk += `${a.json}\n`;
      if (chunk.length >= 65_536) {
        const text = chunk;
        chunk = '';
        await write(text);
      }
    }
  };
  try {
    for await (const text of rl) {
      if (!text.trim()) continue;
      lines++;
      pending.push(dispatch(text, lines));
      if (pending.length >= WINDOW) await flush(WINDOW / 2);
    }
    await flush(0);
    if (chunk) await write(chunk);
  } finally {
    for (const lane of lanes) {
      const worker = lane.worker;
      lane.worker = null;
      lane.failed = true;
      worker?.postMessage({ type: 'close' } satisfies BatchWorkerRequest);
      worker?.unref();
    }
  }
  if (failure) throw failure;
  return { lines, errors, elapsedMs: performance.now() - t0, threads: answering.size };
}
