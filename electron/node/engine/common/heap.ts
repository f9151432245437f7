// Garbage of a long write (an import) collected as it goes, so that the process's peak is what
// the work holds rather than what V8 has not yet chosen to collect.
//
// Why: a large import allocates far more than it keeps (parsed conversations, rows, Arrow
// buffers of a batch). V8 grows its heap to several times the live size before a full
// collection, and during the native work that follows (LanceDB building the full-text index)
// nothing allocates in JavaScript, so that garbage stays resident: measured on a 1 GB export,
// ~210 MB of heap and ~75 MB of Arrow buffers held through the index build while the live heap
// was under 80 MB. A full collection whenever the heap has grown well past the last live size
// keeps the peak near what is live, for a cost that is small against the writes it follows.
import v8 from 'node:v8';
import vm from 'node:vm';

let collector: (() => void) | null | undefined;

/**
 * V8's full collection, or null when this process cannot call it. Node exposes `gc` only with
 * `--expose-gc`; setting the flag at run time makes it visible in a new context (as Jest's leak
 * detector does), without changing anything else of the process.
 */
function fullCollection(): (() => void) | null {
  if (collector !== undefined) return collector;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (collector = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    collector = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

const MB = 1024 * 1024;

/**
 * Collects when the heap has grown more than `slackMb` beyond what was live after the last
 * collection. Call it between batches of a write, where the batch's garbage has just become
 * unreachable.
 */
export class HeapReclaimer {
  private liveBytes = process.memoryUsage().heapUsed;
  /** How many collections it ran, and their time (benchmarks print them). */
  collections = 0;
  collectMs = 0;

  constructor(private readonly slackMb = 64) {}

  /** Collects if the heap grew past the slack (or always, with `force`); returns whether it did. */
  reclaim(force = false): boolean {
    const used = process.memoryUsage().heapUsed;
    if (!force && used - this.liveBytes < this.slackMb * MB) return false;
    const gc = fullCollection();
    if (!gc) return false;
    const start = performance.now();
    gc();
    this.collectMs += performance.now() - start;
    this.collections++;
    this.liveBytes = process.memoryUsage().heapUsed;
    return true;
  }
}

/** The process's reclaimer: imports and the search index's refresh share what was last live. */
export const processHeap = new HeapReclaimer();

