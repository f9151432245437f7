// Pausing a job while Ollama is away.
//
// A job's workers call `waitUntilBack()` when a call fails because the server cannot be reached.
// The first caller reports the pause (with the line saying what to run) and polls `check()` with
// backoff; the others wait on the same promise. Once the server answers and the model is there,
// every worker retries its chunk. Cancel ends the wait at once.
import { JobCancelled, type JobContext } from '../common/jobs';
import { LlmAbortedError, modelMissingLine, type OllamaClient } from '../llm/ollama';

export interface PauseTuning {
  /** First wait before polling again, ms (doubles up to maxPollMs). */
  pollMs: number;
  maxPollMs: number;
}

export const DEFAULT_PAUSE_TUNING: PauseTuning = { pollMs: 1_000, maxPollMs: 15_000 };

/** The model vanished while the job ran: a reason to stop, not to pause. */
export class ModelGoneError extends Error {}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new JobCancelled());
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new JobCancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class AvailabilityGate {
  private waiting: Promise<void> | null = null;
  pauses = 0;

  constructor(
    private readonly client: OllamaClient,
    private readonly signal: AbortSignal,
    private readonly tuning: PauseTuning,
    private readonly onPause: (line: string) => void,
    private readonly onResume: () => void,
    /** Which model must be installed to go on. */
    private readonly needs: 'model' | 'embedModel',
  ) {}

  get paused(): boolean {
    return this.waiting !== null;
  }

  waitUntilBack(): Promise<void> {
    if (!this.waiting) {
      this.waiting = this.poll().finally(() => {
        this.waiting = null;
      });
    }
    return this.waiting;
  }

  private async poll(): Promise<void> {
    this.pauses++;
    const { host } = this.client.settings;
    this.onPause(`Paused: Ollama is not running at ${host} — start it with \`ollama serve\``);
    let delay = this.tuning.pollMs;
    for (;;) {
      await sleep(delay, this.signal);
      let check;
      try {
        check = await this.client.check({ signal: this.signal });
      } catch (e) {
        if (e instanceof LlmAbortedError) throw new JobCancelled();
        throw e;
      }
      if (check.reachable) {
        const ready = this.needs === 'model' ? check.modelReady : check.embedModelReady;
        const model = this.needs === 'model' ? this.client.settings.model : this.client.settings.embedModel;
        if (!ready) throw new ModelGoneError(modelMissingLine(model));
        this.onResume();
        return;
      }
      delay = Math.min(delay * 2, this.tuning.maxPollMs);
    }
  }
}

/**
 * Progress that always gets its last word out: the job runner drops an update that comes within
 * 100 ms of the previous one, so the latest update is said again a moment later (a pause line
 * must not be lost while the job waits).
 */
export function steadyProgress(ctx: JobContext, delayMs = 150): { progress: JobContext['progress']; stop(): void } {
  let last: [number, number | null, string | undefined] | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  return {
    progress(done, total, message) {
      last = [done, total, message];
      ctx.progress(done, total, message);
      if (!timer && !stopped) {
        timer = setTimeout(() => {
          timer = null;
          if (!stopped && !ctx.signal.aborted && last) ctx.progress(...last);
        }, delayMs);
      }
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
