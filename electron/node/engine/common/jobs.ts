// Long-running work (imports, extraction, embeddings) as jobs with progress and cancel.
import { randomUUID } from 'node:crypto';
import type { JobInfo, JobKind } from '../../../../shared/types';

export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'JobCancelled';
  }
}

/**
 * Why a job was stopped: the person cancelled it, or the process is ending (a signal, a close
 * out of time). Work cut short by the end of the process leaves its clean-up to the next start,
 * as a crash would (start-up recovery), so that the process ends within its deadline.
 */
export type CancelReason = 'cancelled' | 'shutdown';

/** Whether a job's signal was aborted because the process is ending. */
export function endingProcess(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason === 'shutdown';
}

export interface JobContext {
  signal: AbortSignal;
  /** Reports progress; throttled before it reaches listeners. */
  progress(done: number, total: number | null, message?: string): void;
  throwIfCancelled(): void;
}

export class JobRunner {
  private readonly jobs = new Map<string, { info: JobInfo; controller: AbortController; started: number; lastEmit: number }>();

  constructor(private readonly emit: (job: JobInfo) => void) {}

  start<T extends Record<string, unknown>>(kind: JobKind, title: string, unit: string, work: (ctx: JobContext) => Promise<T>): JobInfo {
    const controller = new AbortController();
    const started = Date.now();
    const info: JobInfo = { id: randomUUID(), kind, state: 'running', title, done: 0, total: null, unit, startedAt: new Date(started).toISOString(), elapsedMs: 0 };
    const entry = { info, controller, started, lastEmit: 0, trailing: null as NodeJS.Timeout | null };
    this.jobs.set(info.id, entry);
    const flush = () => {
      if (entry.trailing) clearTimeout(entry.trailing);
      entry.trailing = null;
      entry.lastEmit = Date.now();
      info.elapsedMs = entry.lastEmit - started;
      this.emit({ ...info });
    };
    // At most one event per 100 ms, and the latest state always goes out (a trailing emit).
    const update = (patch: Partial<JobInfo>, force = false) => {
      Object.assign(info, patch, { elapsedMs: Date.now() - started });
      const wait = 100 - (Date.now() - entry.lastEmit);
      if (force || wait <= 0) flush();
      else entry.trailing ??= setTimeout(flush, wait);
    };
    const ctx: JobContext = {
      signal: controller.signal,
      progress: (done, total, message) => update({ done, total, ...(message ? { message } : {}) }),
      throwIfCancelled: () => {
        if (controller.signal.aborted) throw new JobCancelled();
      },
    };
    update({}, true);
    // Start on the next turn so the caller receives the job before its first event.
    setImmediate(() => {
      work(ctx).then(
        (result) => update({ state: 'done', result }, true),
        (e: Error) =>
          update(e instanceof JobCancelled || controller.signal.aborted ? { state: 'cancelled', message: 'Cancelled' } : { state: 'failed', error: e.message, result: (e as Error & { result?: Record<string, unknown> }).result }, true),
      );
    });
    return { ...info };
  }

  cancel(id: string, reason: CancelReason = 'cancelled'): boolean {
    const job = this.jobs.get(id);
    if (!job || job.info.state !== 'running') return false;
    job.controller.abort(reason);
    return true;
  }

  list(): JobInfo[] {
    return [...this.jobs.values()].map((j) => ({ ...j.info, elapsedMs: j.info.state === 'running' ? Date.now() - j.started : j.info.elapsedMs }));
  }

  /** Resolves when every running job has ended (used on shutdown and in tests). */
  async idle(): Promise<void> {
    while ([...this.jobs.values()].some((j) => j.info.state === 'running')) await new Promise((r) => setTimeout(r, 20));
  }
}
