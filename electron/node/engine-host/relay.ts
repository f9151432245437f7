// The other side of the engine host, for Electron main (the host in a utility process) and
// `engram serve` (the host in a worker thread): starts the host, relays the window's
// (already validated) calls to it and its events back, and deals with the host going away:
// calls in flight fail with a clear error, jobs it was running are marked failed, the window
// is told, and the host is started again, unless it keeps crashing. On quit the engine is
// closed first (its journal flushed), then the process ends.
// No `electron` import: Electron main adapts utilityProcess to `HostProcess`, serve a worker
// thread (worker-host.ts), tests use fakes.
import { ApiError, type ApiArgs, type ApiMethod, type ApiResult } from '../../../shared/api';
import type { BridgeEvent } from '../../../shared/transport/bridge';
import { errorEnvelope, unwrapEnvelope } from '../../../shared/transport/dispatch';
import type { WireResponse } from '../../../shared/transport/wire';
import type { ChangeTopic, JobInfo } from '../../../shared/types';
import type { FromHost, HostOptions, ToHost } from './protocol';

/** A running engine host as main sees it. */
export interface HostProcess {
  post(message: ToHost): void;
  onMessage(listener: (message: FromHost) => void): void;
  /** Called once when the process has ended, with its exit code. */
  onExit(listener: (code: number) => void): void;
  kill(): void;
}

export interface RelayOptions {
  /** Starts a new host process. */
  spawn(): HostProcess;
  host: HostOptions;
  /** Events for the window: the engine's, and notices about the host. */
  send(event: BridgeEvent): void;
  /** This many crashes within `crashWindowMs` and the host is not started again (default 3 in 60 s). */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** How long a clean close may take before the host is killed (default 30 s). */
  closeTimeoutMs?: number;
  now?: () => number;
}

type State = 'idle' | 'starting' | 'ready' | 'stopped' | 'closing' | 'closed';
type Outcome = { ok: true } | { ok: false; message: string };

const ALL_TOPICS: ChangeTopic[] = ['sources', 'messages', 'graph', 'settings', 'jobs'];

export class EngineRelay {
  private state: State = 'idle';
  private child: HostProcess | null = null;
  private everReady = false;
  private nextId = 1;
  private readonly pending = new Map<number, (response: WireResponse) => void>();
  /** Jobs the window was told are running: failed for it if the host dies under them. */
  private readonly runningJobs = new Map<string, JobInfo>();
  private readonly crashes: number[] = [];
  /** Settles when the current host is ready (true) or did not open (false). */
  private ready: Promise<boolean> = Promise.resolve(false);
  private stoppedReason = 'The engine is not running.';
  private quitting = false;
  private closing: Promise<void> | null = null;
  private onClosed: (() => void) | null = null;

  constructor(private readonly opts: RelayOptions) {}

  get status(): State {
    return this.state;
  }

  /** Starts the host and opens the memory; rejects with the engine's one-line reason. */
  async start(): Promise<void> {
    const outcome = await this.launch();
    if (!outcome.ok) throw new Error(outcome.message);
  }

  /** Relays one validated call; always answers with an envelope. */
  async call(method: string, args: unknown): Promise<WireResponse> {
    if (this.state === 'starting') await this.ready;
    if (this.quitting) return unavailable('Engram is closing.');
    const child = this.child;
    if (this.state !== 'ready' || !child) return unavailable(this.stoppedReason);
    const id = this.nextId++;
    return new Promise<WireResponse>((resolve) => {
      this.pending.set(id, resolve);
      try {
        child.post({ type: 'call', id, method, args });
      } catch (err) {
        this.pending.delete(id);
        resolve(errorEnvelope(err));
      }
    });
  }

  /** A typed call for main's own use (menu commands): the result, or a thrown ApiError. */
  async request<M extends ApiMethod>(method: M, args: ApiArgs<M>): Promise<ApiResult<M>> {
    return unwrapEnvelope(await this.call(method, args)) as ApiResult<M>;
  }

  /** Closes the engine cleanly (journal flushed), killing the host only if it does not finish in time. */
  close(): Promise<void> {
    this.closing ??= this.closeHost();
    return this.closing;
  }

  private async closeHost(): Promise<void> {
    // The host closes the engine even while it is still opening it: no need to wait for ready.
    this.quitting = true;
    this.state = 'closing';
    const child = this.child;
    if (child) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          console.error('engram: the engine did not close in time; stopping it');
          child.kill();
          resolve();
        }, this.opts.closeTimeoutMs ?? 30_000);
        this.onClosed = () => {
          clearTimeout(timer);
          resolve();
        };
        child.post({ type: 'close' });
      });
    }
    this.child = null;
    this.state = 'closed';
    this.failPending('Engram is closing.');
  }

  private launch(): Promise<Outcome> {
    const child = this.opts.spawn();
    this.child = child;
    this.state = 'starting';
    let settle!: (outcome: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    this.ready = outcome.then((o) => o.ok);
    child.onMessage((message) => this.onHostMessage(child, message, settle));
    child.onExit((code) => this.onHostExit(child, code, settle));
    child.post({ type: 'open', options: this.opts.host });
    return outcome;
  }

  private onHostMessage(child: HostProcess, message: FromHost, settle: (o: Outcome) => void): void {
    if (child !== this.child || !message || typeof message !== 'object') return;
    switch (message.type) {
      case 'ready': {
        if (this.state === 'starting') this.state = 'ready';
        const restarted = this.everReady;
        this.everReady = true;
        settle({ ok: true });
        if (restarted && !this.quitting) {
          this.notice('The engine is running again.', 'success');
          // What the window shows may be stale: it reloads.
          this.opts.send({ type: 'changed', topics: ALL_TOPICS });
        }
        return;
      }
      case 'open-failed':
        // Dropped before it is killed, so that its exit is not taken for a crash.
        this.child = null;
        child.kill();
        this.stop(`Engram could not open its memory: ${message.message}`);
        settle({ ok: false, message: message.message });
        return;
      case 'result': {
        const resolve = this.pending.get(message.id);
        this.pending.delete(message.id);
        resolve?.(message.response);
        return;
      }
      case 'event':
        this.trackJobs(message.event);
        this.opts.send(message.event);
        return;
      case 'closed':
        this.onClosed?.();
        return;
    }
  }

  private onHostExit(child: HostProcess, code: number, settle: (o: Outcome) => void): void {
    if (child !== this.child) return;
    this.child = null;
    if (this.quitting) {
      this.onClosed?.();
      settle({ ok: false, message: 'Engram is closing.' });
      return;
    }
    const message = `Engram's engine stopped unexpectedly (exit code ${code}).`;
    settle({ ok: false, message: `the engine stopped while opening the memory (exit code ${code})` });
    this.failPending(message);
    this.failRunningJobs();
    if (!this.everReady) {
      // It never came up: start() rejects and main reports it.
      this.state = 'stopped';
      this.stoppedReason = message;
      return;
    }
    const now = (this.opts.now ?? Date.now)();
    this.crashes.push(now);
    while (this.crashes[0] < now - (this.opts.crashWindowMs ?? 60_000)) this.crashes.shift();
    if (this.crashes.length >= (this.opts.maxCrashes ?? 3)) {
      this.stop(`${message} It was not started again after ${this.crashes.length} crashes: quit and open Engram again.`);
      return;
    }
    this.notice(`${message} Starting it again…`, 'error');
    void this.launch();
  }

  /** No engine from now on: calls answer `reason`, and the window is told. */
  private stop(reason: string): void {
    this.state = 'stopped';
    this.stoppedReason = reason;
    this.failPending(reason);
    if (this.everReady) {
      this.notice(reason, 'error');
      this.opts.send({ type: 'changed', topics: ALL_TOPICS });
    }
  }

  private trackJobs(event: BridgeEvent): void {
    if (event.type !== 'job') return;
    if (event.job.state === 'running') this.runningJobs.set(event.job.id, event.job);
    else this.runningJobs.delete(event.job.id);
  }

  private failRunningJobs(): void {
    for (const job of this.runningJobs.values()) {
      this.opts.send({ type: 'job', job: { ...job, state: 'failed', error: 'The engine stopped before this job finished.' } });
    }
    this.runningJobs.clear();
  }

  private failPending(message: string): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve(unavailable(message));
  }

  private notice(message: string, tone: 'success' | 'error'): void {
    this.opts.send({ type: 'menu', command: 'notice', message, tone });
  }
}

function unavailable(message: string): WireResponse<never> {
  return errorEnvelope(new ApiError('unavailable', message));
}
