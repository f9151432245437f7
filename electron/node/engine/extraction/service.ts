// Extraction as the engine exposes it: settings and the live Ollama check, extraction jobs over
// a scope (sources, sessions, a time range, chosen messages) with progress, pause while Ollama
// is away, cancel and resume, per-chunk status, re-extraction, embeddings and coverage.
import { ApiError } from '../../../../shared/api';
import { GRAPHS } from '../../../../shared/rdf';
import type {
  ChangeTopic,
  ChunkInfo,
  ChunkStatus,
  CoverageOrigin,
  CoverageReport,
  EntityHit,
  ExtractionScope,
  ExtractionSettings,
  ExtractionStatus,
  JobInfo,
  MessageRow,
  OllamaStatus,
} from '../../../../shared/types';
import { JobCancelled, type JobContext, type JobRunner } from '../common/jobs';
import { LlmAbortedError, modelMissingLine } from '../llm/ollama';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import type { SettingsStore } from '../stores/settings-store';
import { EmbeddingService, type EmbedJobOptions } from '../embeddings/embeddings';
import { AvailabilityGate, DEFAULT_PAUSE_TUNING, ModelGoneError, steadyProgress, type PauseTuning } from './availability';
import { isChunkKey, planSessionChunks } from './chunks';
import { computeCoverage, type AnswerLine } from './coverage';
import { JobStop, runChunk } from './extract-chunk';
import { loadOntology } from './ontology';
import { clientOf, readSettings, writeSettings } from './settings';
import type { ChunkRecord, ExtractionState } from '../stores/extraction-state';
import type { Owner } from '../owner/owner-service';

export interface ExtractOptions {
  scope: ExtractionScope;
  /** Extract chunks that are already done again (their graphs are replaced). */
  redo?: boolean;
  /** Forget the scope's sessions' chunks and chunk them again with the current settings (whole sessions). */
  rechunk?: boolean;
  /** Per-run overrides of the saved settings. */
  model?: string;
  host?: string;
  chunkSize?: number;
  includeAssistant?: boolean;
  concurrency?: number;
}

interface RunOptions {
  redo: boolean;
  model?: string;
  host?: string;
  concurrency?: number;
}

export interface ExtractionDeps {
  chat: ChatStore;
  /** Extraction chunks and jobs (stores/extraction-state.ts). */
  state: ExtractionState;
  graph: GraphStore;
  settings: SettingsStore;
  jobs: JobRunner;
  dataDir: string;
  changed: (...topics: ChangeTopic[]) => void;
  /** Chunks of these sources were done or dropped (the automatic graph's superseded part follows). */
  chunksChanged?: (sourceIds: number[]) => void;
  /** The memory's owner (the extraction prompt's primary agent). */
  owner?: () => Owner;
}

const MAX_FAILURES_IN_RESULT = 20;

export class ExtractionService {
  readonly state: ExtractionState;
  readonly embeddings: EmbeddingService;
  /** Poll timing while paused (tests shorten it). */
  tuning: PauseTuning = { ...DEFAULT_PAUSE_TUNING };
  /** Chunks some job of this process is working on. */
  private readonly inFlight = new Set<string>();
  /** Jobs of this service still running (id → kind). */
  private readonly running = new Map<string, 'extract' | 'embed'>();
  private shuttingDown = false;
  private lastChanged = 0;

  constructor(private readonly deps: ExtractionDeps) {
    this.state = deps.state;
    this.state.recoverAfterCrash();
    this.embeddings = new EmbeddingService(deps);
  }

  // ---- settings

  getSettings(): ExtractionSettings {
    return readSettings(this.deps.settings);
  }

  setSettings(patch: Partial<ExtractionSettings>): ExtractionSettings {
    const s = writeSettings(this.deps.settings, patch);
    this.deps.changed('settings');
    return s;
  }

  /** Live check of the server (with the saved settings, or the ones given, before saving them). */
  async checkOllama(overrides: { host?: string; model?: string; embedModel?: string } = {}): Promise<OllamaStatus> {
    const s = { ...this.getSettings(), ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v)) };
    const client = clientOf(s, { checkTimeoutMs: 5_000 });
    const c = await client.check();
    return { ...c, host: client.settings.host, model: s.model, embedModel: s.embedModel };
  }

  // ---- start-up and removal

  /** After the graph is loaded: drop chunks of sessions that are gone, and extraction graphs without a chunk. */
  async recover(): Promise<void> {
    await this.forgetRemoved();
    const keys = this.state.allKeys();
    const prefix = GRAPHS.extraction('');
    const graphs = (await this.deps.graph.graphs())
      .map((g) => g.iri)
      .filter((g) => g.startsWith(prefix) && isChunkKey(g.slice(prefix.length)) && !keys.has(g.slice(prefix.length)));
    await this.deps.graph.dropGraphs(graphs);
  }

  /** Forgets chunks (and their graphs) of sessions that no longer exist, and their messages' vectors. */
  async forgetRemoved(): Promise<void> {
    const orphans = this.state.orphanKeys();
    if (orphans.length) {
      await this.deps.graph.request({ op: 'forgetChunks', keys: orphans });
      this.deps.changed('graph');
    }
    await this.embeddings.forgetRemoved().catch(() => undefined);
  }

  /** Stops this service's jobs for a shutdown; they are resumable at the next start. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    for (const id of this.running.keys()) this.deps.jobs.cancel(id);
    while (this.running.size) await new Promise((r) => setTimeout(r, 20));
    await this.embeddings.close();
  }

  // ---- planning

  private sessionsOf(scope: ExtractionScope): { sessionIds: number[]; messageIds: Set<number> | null } {
    const { chat } = this.deps;
    switch (scope.kind) {
      case 'source': {
        const sessions = chat.listSessions(scope.sourceIds).filter((s) => scope.sourceIds.includes(s.sourceId));
        return { sessionIds: sessions.map((s) => s.id), messageIds: null };
      }
      case 'sessions':
        return { sessionIds: [...new Set(scope.sessionIds)], messageIds: null };
      case 'range': {
        const rows = chat.listMessages({ from: scope.from, to: scope.to, sourceIds: scope.sourceIds }, 0, 10_000_000);
        return { sessionIds: [...new Set(rows.map((m) => m.sessionId))], messageIds: new Set(rows.map((m) => m.id)) };
      }
      case 'messages': {
        const rows = chat.getMessages(scope.messageIds);
        return { sessionIds: [...new Set(rows.map((m) => m.sessionId))], messageIds: new Set(rows.map((m) => m.id)) };
      }
    }
  }

  /** Creates the chunks a scope needs (skipping messages already chunked) and returns its chunk keys in order. */
  async plan(opts: ExtractOptions): Promise<string[]> {
    const s = this.getSettings();
    const size = opts.chunkSize ?? s.chunkSize;
    const includeAssistant = opts.includeAssistant ?? s.includeAssistant;
    let { sessionIds, messageIds } = this.sessionsOf(opts.scope);
    if (opts.rechunk && sessionIds.length) {
      const old = this.state.chunkKeysOfSessions(sessionIds).filter((k) => !this.inFlight.has(k));
      const sourcesOfOld = [...new Set(this.state.getMany(old).map((c) => c.sourceId))];
      if (old.length) await this.deps.graph.request({ op: 'forgetChunks', keys: old });
      if (sourcesOfOld.length) this.deps.chunksChanged?.(sourcesOfOld);
      messageIds = null; // re-chunking works on whole sessions
    }
    const covered = this.state.coveredMessages(sessionIds);
    for (const sid of sessionIds) {
      const messages = this.deps.chat.sessionMessages(sid);
      this.state.insertPlans(planSessionChunks(messages, size, includeAssistant, covered.get(sid)));
    }
    return messageIds ? this.state.chunkKeysOfMessages(sessionIds, messageIds) : this.state.chunkKeysOfSessions(sessionIds);
  }

  // ---- jobs

  async startExtraction(opts: ExtractOptions): Promise<JobInfo> {
    await this.deps.graph.ready();
    const keys = await this.plan(opts);
    if (!keys.length) throw new ApiError('not_found', 'nothing to extract in this scope (no messages of the person)');
    return this.launch(titleOf(opts.scope, keys.length), opts.scope, keys, { redo: !!opts.redo || !!opts.rechunk, model: opts.model, host: opts.host, concurrency: opts.concurrency });
  }

  async reextractChunk(key: string): Promise<JobInfo> {
    const chunk = this.state.get(key);
    if (!chunk) throw new ApiError('not_found', `no chunk ${key}`);
    if (this.inFlight.has(key)) throw new ApiError('conflict', `chunk ${key} is being extracted right now`);
    await this.deps.graph.ready();
    return this.launch(`Re-extract chunk ${key}`, { kind: 'messages', messageIds: chunk.targetIds }, [key], { redo: true });
  }

  /** Continues jobs a crash or shutdown interrupted (finished chunks are not redone). */
  async resumeInterrupted(): Promise<JobInfo[]> {
    await this.deps.graph.ready();
    const out: JobInfo[] = [];
    for (const j of this.state.interruptedJobs()) {
      this.state.setJobState(j.id, 'done', 'resumed');
      if (j.kind === 'embed') out.push(this.startEmbedding(j.options as EmbedJobOptions));
      else out.push(this.launch(j.title, j.scope as ExtractionScope, j.chunkKeys, { ...(j.options as unknown as RunOptions), redo: false }));
    }
    return out;
  }

  private launch(title: string, scope: ExtractionScope, keys: string[], run: RunOptions): JobInfo {
    let jobId = '';
    const info = this.deps.jobs.start('extract', title, 'chunks', (ctx) => this.track(jobId, 'extract', () => this.runJob(jobId, keys, run, ctx)));
    jobId = info.id;
    this.running.set(jobId, 'extract');
    this.state.saveJob({ id: jobId, kind: 'extract', title, scope, options: run as unknown as Record<string, unknown>, chunkKeys: keys, state: 'running', error: null });
    return info;
  }

  startEmbedding(opts: EmbedJobOptions): JobInfo {
    let jobId = '';
    const title = opts.sourceIds?.length ? `Embed source ${opts.sourceIds.join(', ')}` : 'Embed messages and entities';
    const info = this.deps.jobs.start('embed', title, 'texts', (ctx) => this.track(jobId, 'embed', () => this.embeddings.run(ctx, opts)));
    jobId = info.id;
    this.running.set(jobId, 'embed');
    this.state.saveJob({ id: jobId, kind: 'embed', title, scope: {}, options: opts as Record<string, unknown>, chunkKeys: [], state: 'running', error: null });
    return info;
  }

  /** Records how a job ended (interrupted by shutdown: resumable). */
  private async track<T>(jobId: string, kind: 'extract' | 'embed', work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.state.setJobState(jobId, 'done');
      return result;
    } catch (e) {
      const cancelled = e instanceof JobCancelled || e instanceof LlmAbortedError;
      this.state.setJobState(jobId, cancelled ? (this.shuttingDown ? 'interrupted' : 'cancelled') : 'failed', cancelled ? null : (e as Error).message);
      throw e;
    } finally {
      this.running.delete(jobId);
      this.deps.changed(kind === 'extract' ? 'graph' : 'messages', 'jobs');
    }
  }

  private notifyGraph(): void {
    const now = Date.now();
    if (now - this.lastChanged < 2000) return;
    this.lastChanged = now;
    this.deps.changed('graph');
  }

  private async runJob(jobId: string, keys: string[], run: RunOptions, ctx: JobContext): Promise<Record<string, unknown>> {
    const settings = { ...this.getSettings(), ...(run.model ? { model: run.model } : {}), ...(run.host ? { host: run.host } : {}) };
    const concurrency = Math.max(1, Math.min(16, run.concurrency ?? settings.concurrency));
    const client = clientOf(settings);
    const total = keys.length;
    const chunks = this.state.getMany(keys);
    const skipped = chunks.filter((c) => (c.status === 'done' && !run.redo) || this.inFlight.has(c.key));
    const queue = chunks.filter((c) => !skipped.includes(c));
    const stats = { done: 0, failed: 0, triples: 0, dropped: 0, evalTokens: 0, genSeconds: 0, chunkMs: 0, failures: [] as { key: string; error: string }[] };
    let paused: string | null = null;

    const processed = () => skipped.length + stats.done + stats.failed;
    const steady = steadyProgress(ctx);
    const report = () => say();
    const say = () => {
      if (paused) return steady.progress(processed(), total, paused);
      const tps = stats.genSeconds > 0 ? stats.evalTokens / stats.genSeconds : 0;
      const n = stats.done + stats.failed;
      const left = queue.length - n;
      const eta = n > 0 && left > 0 ? (stats.chunkMs / n) * left / concurrency : null;
      const parts = [`${processed()}/${total} chunks`, `${stats.failed} failed`, `${stats.triples} triples`, `${tps.toFixed(1)} tok/s`];
      if (eta !== null) parts.push(`ETA ${formatEta(eta)}`);
      steady.progress(processed(), total, parts.join(' · '));
    };

    // Fail fast when the server is not there or the model is not pulled: say what to run.
    ctx.progress(processed(), total, `Checking Ollama at ${client.settings.host}`);
    const check = await client.check({ signal: ctx.signal }).catch((e) => {
      if (ctx.signal.aborted) throw new JobCancelled();
      throw e;
    });
    if (!check.reachable) throw new Error(check.problems[0]);
    if (!check.modelReady) throw new Error(modelMissingLine(settings.model));
    if (!queue.length) {
      ctx.progress(processed(), total, `${processed()}/${total} chunks · all done already`);
      return this.result(total, skipped.length, stats, settings.model);
    }

    const stop = new AbortController();
    const signal = AbortSignal.any([ctx.signal, stop.signal]);
    const gate = new AvailabilityGate(
      client,
      signal,
      this.tuning,
      (line) => {
        paused = line;
        report();
      },
      () => {
        paused = null;
        report();
      },
      'model',
    );
    const ontology = loadOntology();
    let fatal: Error | null = null;
    let next = 0;
    report();

    const worker = async () => {
      while (!fatal && !signal.aborted) {
        const chunk = queue[next++];
        if (!chunk) return;
        if (this.inFlight.has(chunk.key)) continue;
        this.inFlight.add(chunk.key);
        this.state.markRunning(chunk.key, jobId);
        try {
          const outcome = await runChunk(
            { chat: this.deps.chat, graph: this.deps.graph, state: this.state, ontology, client, gate, jobId, signal, owner: this.deps.owner?.() ?? null },
            chunk,
          ).catch(async (e: Error) => {
            if (e instanceof JobCancelled || e instanceof ModelGoneError || e instanceof JobStop || signal.aborted) throw e;
            // Anything else is this chunk's failure, not the job's.
            const record: ChunkRecord = {
              model: settings.model, promptVersion: null, tries: 0, durationMs: 0, triplesKept: 0, triplesDropped: 0,
              promptTokens: 0, evalTokens: 0, tokensPerSecond: 0, report: null, error: e.message, jobId,
            };
            await this.deps.graph.request({ op: 'finishChunk', key: chunk.key, outcome: 'failed', record });
            return { status: 'failed' as const, record };
          });
          const r = outcome.record;
          stats.evalTokens += r.evalTokens;
          if (r.tokensPerSecond > 0) stats.genSeconds += r.evalTokens / r.tokensPerSecond;
          stats.chunkMs += r.durationMs;
          if (outcome.status === 'done') {
            stats.done++;
            stats.triples += r.triplesKept;
            stats.dropped += r.triplesDropped;
          } else {
            stats.failed++;
            if (stats.failures.length < MAX_FAILURES_IN_RESULT) stats.failures.push({ key: chunk.key, error: r.error ?? 'failed' });
          }
          this.deps.chunksChanged?.([chunk.sourceId]);
          this.notifyGraph();
          report();
        } catch (e) {
          this.state.markPending([chunk.key]);
          if (!(e instanceof JobCancelled) && !fatal) {
            fatal = e as Error;
            stop.abort();
          }
          if (!fatal) throw e;
        } finally {
          this.inFlight.delete(chunk.key);
        }
      }
    };
    const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    steady.stop();
    this.deps.changed('graph');
    if (fatal) throw fatal;
    if (ctx.signal.aborted || results.some((r) => r.status === 'rejected' && r.reason instanceof JobCancelled)) throw new JobCancelled();
    const other = results.find((r) => r.status === 'rejected');
    if (other && other.status === 'rejected') throw other.reason;
    ctx.progress(processed(), total);
    return this.result(total, skipped.length, stats, settings.model, gate.pauses);
  }

  private result(total: number, skipped: number, s: { done: number; failed: number; triples: number; dropped: number; evalTokens: number; genSeconds: number; failures: { key: string; error: string }[] }, model: string, pauses = 0) {
    return {
      chunks: total,
      extracted: s.done,
      failed: s.failed,
      skipped,
      triples: s.triples,
      dropped: s.dropped,
      evalTokens: s.evalTokens,
      tokensPerSecond: s.genSeconds > 0 ? Math.round((s.evalTokens / s.genSeconds) * 10) / 10 : 0,
      model,
      pauses,
      failures: s.failures,
    };
  }

  // ---- reading

  listChunks(filter: { status?: ChunkStatus; sourceIds?: number[]; sessionIds?: number[]; limit?: number; offset?: number }): { total: number; chunks: ChunkInfo[] } {
    return this.state.list({ ...filter, limit: filter.limit ?? 200, offset: filter.offset ?? 0 });
  }

  getChunk(key: string): (ChunkInfo & { messages: MessageRow[] }) | null {
    const c = this.state.get(key);
    return c ? { ...c, messages: this.deps.chat.getMessages(c.messageIds) } : null;
  }

  async status(filter: { sourceIds?: number[]; sessionIds?: number[] } = {}): Promise<ExtractionStatus> {
    const { chat } = this.deps;
    const sources = chat.listSources().filter((s) => !filter.sourceIds || filter.sourceIds.includes(s.id));
    const bySource = this.state.counts('source_id', sources.map((s) => s.id));
    const targets = chat.messageCountsBySource(['user', 'other']);
    const chunked = this.state.chunkedTargetsBySource();
    const empty = { chunks: 0, done: 0, failed: 0, pending: 0, running: 0, triples: 0 };
    const totals = { ...empty };
    const sourceRows = sources.map((s) => {
      const c = bySource.get(s.id) ?? empty;
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += c[k];
      return { sourceId: s.id, messages: s.messages, unchunkedMessages: Math.max(0, (targets.get(s.id) ?? 0) - (chunked.get(s.id) ?? 0)), ...c };
    });
    // No chunk in these sources, none in their sessions: the session list (93–142 ms at 10,000
    // sessions, asked by every page load) is read only when some session has chunks.
    const sessions = totals.chunks ? chat.listSessions(filter.sourceIds).filter((s) => !filter.sessionIds || filter.sessionIds.includes(s.id)) : [];
    const bySession = this.state.counts('session_id', sessions.map((s) => s.id));
    return {
      totals,
      sources: sourceRows,
      sessions: sessions.filter((s) => bySession.has(s.id)).map((s) => ({ sessionId: s.id, sessionIndex: s.index, ...bySession.get(s.id)! })),
      interruptedJobs: this.state.interruptedJobs().map((j) => ({ id: j.id, kind: j.kind, title: j.title, chunks: j.chunkKeys.length, updatedAt: j.updatedAt })),
      vectors: await this.embeddings.counts(),
    };
  }

  async coverage(answers: AnswerLine[], origins?: CoverageOrigin[]): Promise<CoverageReport> {
    await this.deps.graph.ready();
    return computeCoverage(this.deps.graph, answers, origins);
  }

  searchEntities(text: string, limit: number): Promise<EntityHit[]> {
    return this.embeddings.searchEntities(text, limit);
  }
}

function titleOf(scope: ExtractionScope, chunks: number): string {
  const n = `(${chunks} chunk${chunks === 1 ? '' : 's'})`;
  switch (scope.kind) {
    case 'source':
      return `Extract source ${scope.sourceIds.join(', ')} ${n}`;
    case 'sessions':
      return `Extract ${scope.sessionIds.length} session${scope.sessionIds.length === 1 ? '' : 's'} ${n}`;
    case 'range':
      return `Extract ${scope.from} – ${scope.to} ${n}`;
    case 'messages':
      return `Extract ${scope.messageIds.length} message${scope.messageIds.length === 1 ? '' : 's'} ${n}`;
  }
}

export function formatEta(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
