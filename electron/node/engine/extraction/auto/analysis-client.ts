// The owner thread's side of the analysis worker (analysis.ts, analysis-worker.ts). An import
// hands it each batch of messages it has committed (`prefetch`), so the worker tags them on the
// second core while the import goes on; the passes of the job after the import then ask for their
// pages (`pages`) and find them made, or have the missing ones made a page ahead of the one they
// read, and the first pass keeps what it made for the second. What is held ahead is bounded.
// Only analyses cross the thread: the stores stay with their owner.
//
// The worker starts on first use. A Cancel or shutdown of the job that waits stops it at once
// (terminated mid-batch); a crash fails what waits with a clear error, and the next request
// starts a new one, so the job can simply be run again.
import type { Worker } from 'node:worker_threads';
import { JobCancelled } from '../../common/jobs';
import { startModuleWorker } from '../../common/module-worker';
import { decodePhrases, type TaggedPhrase } from '../../topics/phrases';
import type { AnalysisInput, EncodedAnalysis } from './analysis';
import type { AnalysisReply, AnalysisRequest } from './analysis-worker';
import type { Sentence } from './nlp';
import type { SkipReason } from './extract';

interface Waiting {
  resolve: (results: EncodedAnalysis[]) => void;
  reject: (e: Error) => void;
}

/**
 * The worker, its young generation kept small: tagging makes much short-lived garbage. A
 * 200k-message import peaked at 1,229 MB RSS with V8's default (16 MB semi-spaces), 1,160 MB at
 * 4 MB for the same CPU (main: 1,044 MB; the target is 1.2 GB; BENCHMARKS.md).
 */
function startAnalysisWorker(): Worker {
  return startModuleWorker(import.meta.url, 'analysis-worker', { resourceLimits: { maxYoungGenerationSizeMb: 4 } });
}

/**
 * At most this many analyses are kept between the passes, over all sources: a 1 GB export (660k
 * messages) would otherwise hold every message's analysis in the heap until its second pass (a
 * 2.5 GB peak). Past the bound, the second pass has its pages analysed again.
 */
export const ANALYSES_KEPT_MAX = 60_000;

/**
 * What may be held ahead of the passes, in characters: text an import handed the worker and still
 * waiting there (an import commits faster than the worker tags when the other core is busy), and
 * analyses made and kept (by an import's hand-over or a first pass). A batch past either is left to
 * the passes, which have it made then; past the second, the worker is let go until the passes (a
 * large import does not carry its heap).
 */
export const PREFETCH_QUEUED_CHARS_MAX = 8_000_000;
export const KEPT_CHARS_MAX = 16_000_000;

export class MessageAnalyser {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Per source: analyses made by its first pass, by message id, for its last one. */
  private readonly kept = new Map<number, Map<number, EncodedAnalysis>>();
  private closed = false;
  /** Per source: prefetches still in the worker (a pass waits for them before asking again). */
  private readonly inFlight = new Map<number, Set<Promise<void>>>();
  /** Characters of text of the prefetches in the worker. */
  private queuedChars = 0;
  private queuedMessages = 0;
  /** Characters of the analyses kept ahead of the passes (see `charsOf`). */
  private keptChars = 0;
  /** The kept bound was reached: nothing more is made ahead, and the worker is let go once idle. */
  private full = false;
  /** Messages analysed by the worker (the tests check the job used it). */
  analysed = 0;

  /**
   * `start`: how the worker is started (the tests start one that fails); `keptMax`: the bound on
   * analyses kept; `everyPass`: the worker tags for every pass, not only for sources an import handed over.
   */
  constructor(
    private readonly start: () => Worker = startAnalysisWorker,
    private readonly keptMax = ANALYSES_KEPT_MAX,
    private readonly everyPass = true,
  ) {}

  /** Whether a pass over this source reads its analyses from the worker (else it tags in-thread). */
  serves(sourceId: number): boolean {
    return this.everyPass || this.kept.has(sourceId) || this.inFlight.has(sourceId);
  }

  /** Analyses kept for the passes to come. */
  private keptTotal(): number {
    let n = 0;
    for (const kept of this.kept.values()) n += kept.size;
    return n;
  }

  /**
   * Analyses these committed messages of a source in the background, within the bounds (a batch
   * past them is left to the passes); a failure is left to the passes too (they ask again).
   */
  prefetch(sourceId: number, messages: readonly AnalysisInput[]): void {
    if (this.closed || this.full || !messages.length) return;
    let chars = 0;
    for (const m of messages) chars += m.text.length;
    if (this.keptChars + this.queuedChars + chars > KEPT_CHARS_MAX || this.keptTotal() + this.queuedMessages + messages.length > this.keptMax) {
      this.full = true;
      this.release();
      return;
    }
    if (this.queuedChars + chars > PREFETCH_QUEUED_CHARS_MAX) return;
    const batch = messages.map((m) => ({ id: m.id, role: m.role, text: m.text }));
    let flights = this.inFlight.get(sourceId);
    if (!flights) this.inFlight.set(sourceId, (flights = new Set()));
    this.queuedChars += chars;
    this.queuedMessages += batch.length;
    const flight: Promise<void> = this.request(batch)
      // kept unless the source was forgotten meanwhile (its import failed)
      .then((results) => {
        if (this.inFlight.get(sourceId) !== flights) return;
        this.keep(sourceId, results);
        // analyses can be longer than their text (tagged statements): the bound is checked again on what was made
        if (this.keptChars > KEPT_CHARS_MAX) this.full = true;
      })
      .catch(() => undefined)
      .finally(() => {
        this.queuedChars -= chars;
        this.queuedMessages -= batch.length;
        flights.delete(flight);
        if (this.full) this.release();
      });
    flights.add(flight);
  }

  /** Ends an idle worker and its heap (a later request starts a new one). */
  private release(): void {
    const w = this.worker;
    if (!w || this.waiting.size) return;
    this.worker = null;
    void w.terminate();
  }

  /** A source's analyses are no longer needed (its passes are done, or its import failed). */
  forget(sourceId: number): void {
    const kept = this.kept.get(sourceId);
    if (kept) for (const e of kept.values()) this.keptChars -= charsOf(e);
    this.kept.delete(sourceId);
    this.inFlight.delete(sourceId);
  }

  /** Kept and not yet read (for tests). */
  keptCount(sourceId: number): number {
    return this.kept.get(sourceId)?.size ?? 0;
  }

  /**
   * The pages of a pass with each message's analysis, the next page's asked for while one is read.
   * Stops with JobCancelled (the worker stopped) when `signal` aborts.
   */
  async *pages<M extends AnalysisInput>(sourceId: number, pages: Iterable<M[]>, signal: AbortSignal | null, last: boolean): AsyncGenerator<[M[], Map<number, EncodedAnalysis>]> {
    const it = pages[Symbol.iterator]();
    const ask = (): [M[], Promise<Map<number, EncodedAnalysis>>] | null => {
      const next = it.next();
      if (next.done) return null;
      const analysed = this.analyses(sourceId, next.value, signal, last);
      // read or dropped by the loop below; a failure is reported there, not as unhandled
      analysed.catch(() => undefined);
      return [next.value, analysed];
    };
    let ahead = ask();
    while (ahead) {
      const [page, analysed] = ahead;
      ahead = ask();
      yield [page, await analysed];
    }
  }

  /**
   * One page's analyses: those kept by an earlier pass, the rest made now (and kept for the
   * source's next pass, within the bound, unless this is its `last`, which lets go of each as it is read).
   */
  private async analyses(sourceId: number, page: readonly AnalysisInput[], signal: AbortSignal | null, last: boolean): Promise<Map<number, EncodedAnalysis>> {
    // the passes have begun: the bound on what is made ahead is lifted
    this.full = false;
    const out = new Map<number, EncodedAnalysis>();
    const take = (messages: readonly AnalysisInput[]): AnalysisInput[] => {
      const kept = this.kept.get(sourceId);
      const missing: AnalysisInput[] = [];
      for (const m of messages) {
        const e = kept?.get(m.id);
        if (e && e.length === m.text.length) out.set(m.id, e);
        else missing.push({ id: m.id, role: m.role, text: m.text });
        if (last && e && kept!.delete(m.id)) this.keptChars -= charsOf(e);
      }
      return missing;
    };
    let missing = take(page);
    // what the import handed over and the worker has not answered yet is awaited, not asked again
    const flights = this.inFlight.get(sourceId);
    if (missing.length && flights?.size) {
      await this.cancellable(Promise.all(flights), signal);
      missing = take(missing);
    }
    if (missing.length) {
      const made = await this.cancellable(this.request(missing), signal);
      // kept for the source's next pass while the bound allows; past it, that pass has them made again
      if (!last && this.keptTotal() + made.length <= this.keptMax && this.keptChars + made.reduce((n, e) => n + charsOf(e), 0) <= KEPT_CHARS_MAX) this.keep(sourceId, made);
      for (const e of made) out.set(e.id, e);
    }
    return out;
  }

  /** Waits for `p`, or stops the worker and throws JobCancelled as soon as `signal` aborts. */
  private cancellable<T>(p: Promise<T>, signal: AbortSignal | null): Promise<T> {
    if (!signal) return p;
    // left behind when the signal wins (stop() rejects it): not an unhandled rejection
    p.catch(() => undefined);
    if (signal.aborted) return Promise.reject(this.stop());
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(this.stop());
      signal.addEventListener('abort', onAbort, { once: true });
      p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Terminates the worker (what it was doing is dropped); returns the error its waiters get. */
  private stop(): JobCancelled {
    const cancelled = new JobCancelled();
    const w = this.worker;
    this.worker = null;
    for (const x of this.waiting.values()) x.reject(cancelled);
    this.waiting.clear();
    this.inFlight.clear();
    if (w) void w.terminate();
    return cancelled;
  }

  private keep(sourceId: number, results: EncodedAnalysis[]): void {
    let kept = this.kept.get(sourceId);
    if (!kept) this.kept.set(sourceId, (kept = new Map()));
    for (const e of results) {
      const before = kept.get(e.id);
      if (before) this.keptChars -= charsOf(before);
      kept.set(e.id, e);
      this.keptChars += charsOf(e);
    }
  }

  private request(messages: AnalysisInput[]): Promise<EncodedAnalysis[]> {
    if (this.closed) return Promise.reject(new JobCancelled());
    const worker = this.started();
    const id = this.nextId++;
    const done = () => {
      if (!this.waiting.size) worker.unref();
    };
    return new Promise<EncodedAnalysis[]>((resolve, reject) => {
      this.waiting.set(id, { resolve: (r) => (resolve(r), done()), reject: (e) => (reject(e), done()) });
      worker.ref();
      worker.postMessage({ id, messages } satisfies AnalysisRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    // Idle, it does not keep the process alive (see `request`).
    worker.unref();
    const failed = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const e = new Error(`the message analysis worker failed: ${why}`);
      for (const x of this.waiting.values()) x.reject(e);
      this.waiting.clear();
    };
    worker.on('message', (reply: AnalysisReply) => {
      const x = this.waiting.get(reply.id);
      if (!x) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) x.reject(new Error(`the message analysis failed: ${reply.error}`));
      else {
        this.analysed += reply.results.length;
        x.resolve(reply.results);
      }
    });
    worker.on('error', (e) => failed(e.message));
    worker.on('exit', (code) => failed(`it exited (code ${code})`));
    this.worker = worker;
    return worker;
  }

  /** Stops the worker for good (the engine is closing). */
  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    this.kept.clear();
    this.keptChars = 0;
  }
}

/** What an analysis holds, in characters (its strings; the bound on what is kept counts these). */
function charsOf(e: EncodedAnalysis): number {
  return (e.phrases?.length ?? 0) + (e.statements?.length ?? 0) + 16;
}

/** A pass's pages with their analyses from `analyser` when it serves the source, or with none (the pass then tags in-thread). `last`: the source's last pass. */
export async function* analysedPages<M extends AnalysisInput>(
  analyser: MessageAnalyser | undefined,
  sourceId: number,
  pages: Iterable<M[]>,
  ctx: { signal: AbortSignal } | null,
  last: boolean,
): AsyncGenerator<[M[], Map<number, EncodedAnalysis> | null]> {
  if (!analyser?.serves(sourceId)) {
    for (const page of pages) yield [page, null];
    return;
  }
  yield* analyser.pages(sourceId, pages, ctx?.signal ?? null, last);
}

/** The tagged phrases of an analysis (null for a system message), decoded when a pass reads them. */
export function phrasesOf(e: EncodedAnalysis): TaggedPhrase[] | null {
  return e.phrases === null ? null : decodePhrases(e.phrases);
}

/** What the extraction reads of an analysis, decoded when it reads it. */
export function statementsOf(e: EncodedAnalysis): { unreadable: SkipReason | null; statements: Sentence[] | null } {
  return { unreadable: e.unreadable, statements: e.statements === null ? null : (JSON.parse(e.statements) as Sentence[]) };
}
