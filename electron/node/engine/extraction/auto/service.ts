// The automatic extraction as the engine runs it: a background job (kind 'auto-graph') over
// the sources that need it — just imported, never run, run by an older extractor version, or
// interrupted (a 'running' row at start-up) — one source after another, with progress in
// messages. Each source's triples replace its graph GRAPHS.auto(key); the part a model's
// extraction superseded goes to GRAPHS.autoSuperseded(key) (supersede.ts). A source's row is
// marked done only after its graphs are written, so a killed run is simply run again.
import { GRAPHS } from '../../../../../shared/rdf';
import type { AutoGraphSourceStatus, ChangeTopic, JobInfo } from '../../../../../shared/types';
import { JobCancelled, type JobContext, type JobRunner } from '../../common/jobs';
import type { AutoGraphStore } from '../../stores/auto-graph-store';
import type { ChatStore } from '../../stores/chat/chat-store';
import type { GraphStore } from '../../stores/graph/graph-store';
import { parseRdf } from '../../stores/graph/rdf-io';
import type { OwnerService } from '../../owner/owner-service';
import { loadOntology } from '../ontology';
import type { ExtractionState } from '../../stores/extraction-state';
import type { TopicService } from '../../topics/topic-service';
import { AUTO_EXTRACTOR_VERSION } from './version';
import { autoLine, partition, reify, unreify, type AutoLine } from './supersede';
import { analysedPages, statementsOf, type MessageAnalyser } from './analysis-client';

export interface AutoGraphDeps {
  chat: ChatStore;
  graph: GraphStore;
  jobs: JobRunner;
  store: AutoGraphStore;
  owner: OwnerService;
  /** The model's chunks (which messages a model has extracted). */
  chunks: () => ExtractionState;
  changed: (...topics: ChangeTopic[]) => void;
  /** Topics without a model: labelled in the same job, after each source's extraction (docs/topics.md). */
  topics?: TopicService;
  /**
   * The search index's writes after an import (its full-text index made whole): awaited before
   * the topics pass of a source over TOPICS_BESIDE_INDEX_MAX messages, whose heap is then the
   * job's larger one. The extraction runs beside them (its tagging is in the analysis worker, on
   * the other core), and so do the topics of a smaller source.
   */
  settled?: () => Promise<void>;
  /** After the job: the stances over time are recomputed from the graphs. */
  afterRun?: () => Promise<void>;
  /** The analysis worker (tagging off this thread); without it the passes tag in-thread. */
  analyser?: MessageAnalyser;
}

/** Messages read between two yields to the event loop (the engine serves the UI meanwhile). */
const SLICE = 250;

/**
 * Up to this many messages, a source's topics pass runs beside the search index's build after
 * an import (on the other core) instead of after it: its heap and the build's memory add up to
 * little at this size, and the job would otherwise wait for the build. A larger source's
 * topics wait, so that a large import's peak is the larger of the two, not their sum.
 */
export const TOPICS_BESIDE_INDEX_MAX = 100_000;

export class AutoGraphService {
  private readonly queue: number[] = [];
  /** Queued sources whose automatic graph is current: only their topics are due. */
  private readonly topicsOnly = new Set<number>();
  private job: JobInfo | null = null;
  /**
   * Set from the job's start until its queue is empty for good (not while the job is still
   * "running" but past its last look at the queue: a source queued then would wait forever).
   */
  private draining = false;
  private shuttingDown = false;
  /** Reconciles under way (awaited at shutdown) and those waiting to run after them. */
  private reconciling: Promise<void> = Promise.resolve();
  private readonly toReconcile = new Set<number>();

  constructor(private readonly deps: AutoGraphDeps) {}

  /** After a model's chunks changed: the superseded part follows, one reconcile at a time. */
  scheduleReconcile(sourceIds: number[]): void {
    if (this.shuttingDown) return;
    for (const id of sourceIds) this.toReconcile.add(id);
    this.reconciling = this.reconciling.then(async () => {
      const ids = [...this.toReconcile];
      this.toReconcile.clear();
      if (!ids.length || this.shuttingDown) return;
      await this.reconcile(ids).catch((e: Error) => console.error(`engram: automatic graph not reconciled: ${e.message}`));
    });
  }

  /** Sources that need the current extractor (new, older version, interrupted). */
  due(): number[] {
    return this.deps.store.due(this.deps.chat.listSources().map((s) => s.id), AUTO_EXTRACTOR_VERSION);
  }

  /** Sources whose topics (only) are due: the automatic graph is current. */
  topicsDue(): number[] {
    const auto = new Set(this.due());
    return (this.deps.topics?.due() ?? []).filter((id) => !auto.has(id));
  }

  /** Queues sources for topics only (their automatic graph is current); starts the job if none runs. */
  enqueueTopics(sourceIds: number[]): JobInfo | null {
    for (const id of sourceIds) if (!this.queue.includes(id)) this.topicsOnly.add(id);
    return this.enqueue(sourceIds.filter((id) => this.topicsOnly.has(id)), true);
  }

  /** Extracts these sources again although their record says done (their graph was lost). */
  rerun(sourceIds: number[]): JobInfo | null {
    for (const id of sourceIds) this.deps.store.markRunning(id, AUTO_EXTRACTOR_VERSION);
    return this.enqueue(sourceIds);
  }

  /** Queues sources; starts the job if none runs. Returns the job doing the work. */
  enqueue(sourceIds: number[], topicsOnly = false): JobInfo | null {
    for (const id of sourceIds) {
      if (!topicsOnly) this.topicsOnly.delete(id);
      if (!this.queue.includes(id)) this.queue.push(id);
    }
    if (!this.queue.length || this.draining) return this.job;
    this.draining = true;
    const title = 'Automatic knowledge graph';
    // held from here: the import that queued the job releases its own hold before the job begins
    const release = this.deps.chat.holdCheckpoints();
    this.job = this.deps.jobs.start('auto-graph', title, 'messages', (ctx) => this.run(ctx).finally(release));
    return this.job;
  }

  /** The running job, if any (the CLI waits for it). */
  current(): JobInfo | null {
    const j = this.job && this.deps.jobs.list().find((x) => x.id === this.job!.id);
    return j && j.state === 'running' ? j : null;
  }

  async shutdown(): Promise<void> {
    await this.reconciling;
    this.shuttingDown = true;
    const j = this.current();
    if (j) this.deps.jobs.cancel(j.id);
    while (this.current()) await new Promise((r) => setTimeout(r, 20));
  }

  private async run(ctx: JobContext): Promise<Record<string, unknown>> {
    const totals = { sources: 0, read: 0, triples: 0, superseded: 0, topics: 0, skipped: {} as Record<string, number> };
    let done = 0;
    const sizeOf = (id: number) => this.deps.chat.listSources().find((s) => s.id === id)?.messages ?? 0;
    let total = this.queue.reduce((n, id) => n + sizeOf(id), 0);
    try {
      // past the import's last synchronous step (it queues the search index's refresh); the
      // extraction (pages of messages, tagged by the analysis worker) runs beside that refresh on
      // the other core, and the topics pass too unless the source is large (its heap, see
      // TOPICS_BESIDE_INDEX_MAX)
      await new Promise((r) => setImmediate(r));
      const settled = this.deps.settled?.().catch(() => undefined);
      // sources queued while the stances were recomputed are taken in the same job
      for (;;) {
        while (this.queue.length) {
          const sourceId = this.queue[0];
          if (this.shuttingDown) throw new JobCancelled();
          const line = () => `${totals.sources + 1}/${totals.sources + this.queue.length} sources · ${totals.triples} triples`;
          const r = this.topicsOnly.has(sourceId) ? null : await this.runSource(sourceId, ctx, (n) => ctx.progress(done + n, total, line()));
          if (this.deps.topics) {
            if (sizeOf(sourceId) > TOPICS_BESIDE_INDEX_MAX) await settled;
            const t = await this.deps.topics.runSource(sourceId, ctx, (n) => ctx.progress(done + n, total, `${line()} · topics`));
            if (t) totals.topics += t.topics;
          }
          this.queue.shift();
          this.topicsOnly.delete(sourceId);
          this.deps.analyser?.forget(sourceId);
          // the memory grew or shrank: other sources' labels may need weighing again
          if (!this.queue.length) for (const id of this.topicsDue()) if (id !== sourceId) (this.topicsOnly.add(id), this.queue.push(id));
          done += sizeOf(sourceId);
          total = done + this.queue.reduce((n, id) => n + sizeOf(id), 0);
          if (r) {
            totals.sources++;
            totals.read += r.read;
            totals.triples += r.triples;
            totals.superseded += r.superseded;
            for (const [k, v] of Object.entries(r.skipped)) totals.skipped[k] = (totals.skipped[k] ?? 0) + v;
          }
          ctx.progress(done, total, `${totals.sources} source${totals.sources === 1 ? '' : 's'} · ${totals.triples} triples${skippedText(totals.skipped)}`);
          this.deps.changed('graph');
        }
        await this.deps.afterRun?.().catch((e: Error) => console.error(`engram: stances not recomputed: ${e.message}`));
        if (!this.queue.length) return totals;
      }
    } finally {
      this.draining = false;
    }
  }

  /** Extracts one source and writes its graphs; null when the source is gone. */
  async runSource(sourceId: number, ctx: JobContext | null, progress?: (messages: number) => void): Promise<{ read: number; triples: number; superseded: number; skipped: Record<string, number> } | null> {
    const { chat, store } = this.deps;
    const key = chat.sourceKey(sourceId);
    if (!key) return null;
    const started = performance.now();
    store.markRunning(sourceId, AUTO_EXTRACTOR_VERSION);
    const ownerSpeaker = this.deps.owner.owner().sources.find((s) => s.sourceId === sourceId)?.speaker ?? null;
    // The extractor (an NLP model, the date parser) is loaded by the first run, not with the engine.
    const { SourceExtractor } = await import('./extract');
    const x = new SourceExtractor(key, chat.sourceSpeakers(sourceId), ownerSpeaker);
    let n = 0;
    // A page at a time, each read whole (an open SQLite iterator would block the connection
    // across the yields below); only the extracted triples grow with the source. The tagging
    // of each page is the analysis worker's (made while the file was imported, or a page ahead).
    for await (const [page, analysed] of analysedPages(this.deps.analyser, sourceId, chat.sourceMessagePages(sourceId), ctx, !this.deps.topics)) {
      for (const m of page) {
        const a = analysed?.get(m.id);
        x.add(m, a && statementsOf(a));
        if (++n % SLICE === 0) {
          progress?.(n);
          await new Promise((r) => setImmediate(r));
          if (ctx?.signal.aborted) throw new JobCancelled();
        }
      }
      await new Promise((r) => setImmediate(r));
      if (ctx?.signal.aborted) throw new JobCancelled();
    }
    const result = x.finish(loadOntology());
    const lines = result.triples.map((t) => ({ line: t.line, subject: t.subject, object: /> <([^>]*)>$/.exec(t.line)?.[1] ?? null }));
    const written = await this.write(sourceId, key, lines);
    store.markDone({ sourceId, version: AUTO_EXTRACTOR_VERSION, read: result.read, skipped: result.skipped, triples: written.visible, superseded: written.hidden, durationMs: performance.now() - started });
    return { read: result.read, triples: written.visible, superseded: written.hidden, skipped: result.skipped };
  }

  /** Post IRIs a model has extracted in this source (targets of its done chunks). */
  private coveredPosts(sourceId: number): Set<string> {
    const done = this.deps.chunks().list({ status: 'done', sourceIds: [sourceId], limit: 1_000_000, offset: 0 }).chunks;
    const ids = [...new Set(done.flatMap((c) => c.targetIds))];
    return new Set(ids.length ? this.deps.chat.getMessages(ids).map((m) => m.iri) : []);
  }

  /** Writes the visible and the superseded part (records first: a crash in between leaves a triple visible, never lost). */
  private async write(sourceId: number, key: string, lines: AutoLine[]): Promise<{ visible: number; hidden: number }> {
    const { visible, hidden } = partition(lines, this.coveredPosts(sourceId));
    const supersededGraph = GRAPHS.autoSuperseded(key);
    await this.deps.graph.request({ op: 'replaceGraph', graph: supersededGraph, data: reify(hidden, supersededGraph), format: 'n-triples', asEdit: false, label: `Automatic extraction superseded (${key})`, respectRemovals: false });
    await this.deps.graph.request({
      op: 'replaceGraph',
      graph: GRAPHS.auto(key),
      data: visible.map((l) => `${l.line} .\n`).join(''),
      format: 'n-triples',
      asEdit: false,
      label: `Automatic extraction (${key})`,
      respectRemovals: true,
    });
    return { visible: visible.length, hidden: hidden.length };
  }

  /**
   * After a model's chunks of a source were done or dropped: the partition again, from what the
   * graphs hold (no extraction is run). The person's removals stay removed (respectRemovals).
   */
  async reconcile(sourceIds: number[]): Promise<void> {
    for (const sourceId of new Set(sourceIds)) {
      const key = this.deps.chat.sourceKey(sourceId);
      const rec = this.deps.store.get(sourceId);
      if (!key || !rec || rec.state !== 'done') continue;
      const [visible, hidden] = await Promise.all([
        this.deps.graph.request({ op: 'export', graph: GRAPHS.auto(key), format: 'n-triples' }),
        this.deps.graph.request({ op: 'export', graph: GRAPHS.autoSuperseded(key), format: 'n-triples' }),
      ]);
      const lines = visible.data.split('\n').filter((l) => l.trim()).map(autoLine);
      const restored = hidden.data.trim() ? unreify(parseRdf(hidden.data, 'n-triples')) : [];
      const seen = new Set(lines.map((l) => l.line));
      for (const l of restored) if (!seen.has(l.line)) lines.push(l);
      const before = { visible: visible.data.split('\n').filter((l) => l.trim()).length, hidden: restored.length };
      const after = partition(lines, this.coveredPosts(sourceId));
      if (after.hidden.length === before.hidden && after.visible.length === before.visible) continue;
      const written = await this.write(sourceId, key, lines);
      this.deps.store.setSuperseded(sourceId, written.hidden, written.visible);
      this.deps.changed('graph');
    }
  }

  /** Drops the graphs and records of removed sources (keys of sources no longer in the chat table). */
  async forget(removed: { id: number; key: string }[]): Promise<void> {
    if (!removed.length) return;
    await this.deps.graph.request({ op: 'dropGraphs', graphs: removed.flatMap((r) => [GRAPHS.auto(r.key), GRAPHS.autoSuperseded(r.key)]) });
    this.deps.store.forget(removed.map((r) => r.id));
    this.deps.owner.invalidate();
  }

  status(): AutoGraphSourceStatus[] {
    const rows = new Map(this.deps.store.all().map((r) => [r.sourceId, r]));
    const running = this.current() ? this.queue[0] : undefined;
    return this.deps.chat.listSources().map((s) => {
      const r = rows.get(s.id);
      return {
        sourceId: s.id,
        graph: GRAPHS.auto(s.key),
        version: r?.version ?? 0,
        current: r?.version === AUTO_EXTRACTOR_VERSION,
        state: running === s.id ? 'running' : r?.state === 'done' ? 'done' : 'pending',
        read: r?.read ?? 0,
        skipped: r?.skipped ?? {},
        triples: r?.triples ?? 0,
        superseded: r?.superseded ?? 0,
        durationMs: r?.durationMs ?? 0,
      };
    });
  }
}

function skippedText(skipped: Record<string, number>): string {
  const n = Object.values(skipped).reduce((a, b) => a + b, 0);
  return n ? ` · ${n} message${n === 1 ? '' : 's'} skipped (${Object.entries(skipped).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`).join(', ')})` : '';
}
