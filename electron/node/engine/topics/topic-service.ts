// Topics without a model, as the engine runs them: after a source's automatic extraction (the same
// background job, kind 'auto-graph'), its messages are read for noun-phrase candidates (phrases.ts),
// each session gets up to five labels weighed against the whole memory (rank.ts), and the source's
// topics are written to GRAPHS.topics(key) (topic-graph.ts) and its session labels to the
// topic store (SQLite). A source is labelled again when the pass's version changes, when a run was
// interrupted, or when the memory it was weighed against grew or shrank by more than a tenth.
import { GRAPHS } from '../../../../shared/rdf';
import type { TopicSummary } from '../../../../shared/types';
import { JobCancelled, type JobContext } from '../common/jobs';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { sessionIri } from '../stores/graph/messages-graph';
import type { SessionTopicRow, TopicStore } from '../stores/topic-store';
import { nameSet, withoutNames } from './phrases';
import { analysedPages, phrasesOf, type MessageAnalyser } from '../extraction/auto/analysis-client';
import { bestLabel, TermCollector, topicsOfSession } from './rank';
import { topicIri, topicTriples, type TopicOccurrences } from './topic-graph';

/** Bump when what the pass writes changes (phrases, ranking, generic words): every source is labelled again, once. */
export const TOPIC_PASS_VERSION = 1;

/** Messages read between two yields to the event loop. */
const SLICE = 250;

export interface TopicDeps {
  chat: ChatStore;
  graph: GraphStore;
  store: TopicStore;
  /** The analysis worker (tagging off this thread); without it the pass tags in-thread. */
  analyser?: MessageAnalyser;
}

export interface TopicPassResult {
  sessions: number;
  topics: number;
  messages: number;
  durationMs: number;
}

export class TopicService {
  constructor(private readonly deps: TopicDeps) {}

  /**
   * Sessions a source's labels are weighed against now: those of every labelled source (a source
   * not labelled yet adds its sessions once it is). The same count its pass records, so a source
   * is labelled again only when the memory changed since, and a source labelled before the
   * others of its import is labelled again once they are.
   */
  private memorySessions(): number {
    return this.deps.store.sources().filter((r) => r.state === 'done').reduce((n, r) => n + r.sessions, 0);
  }

  /** Sources whose labels are missing or out of date. */
  due(): number[] {
    return this.deps.store.due(this.deps.chat.listSources().map((s) => s.id), TOPIC_PASS_VERSION, this.memorySessions());
  }

  /** Labels one source's sessions and writes its topic graph; null when the source is gone. */
  async runSource(sourceId: number, ctx: JobContext | null, progress?: (messages: number) => void): Promise<TopicPassResult | null> {
    const { chat, graph, store } = this.deps;
    const key = chat.sourceKey(sourceId);
    if (!key) return null;
    const started = performance.now();
    store.markRunning(sourceId, TOPIC_PASS_VERSION);
    // the names of every speaker of the memory are never topics
    const names = nameSet(new Set(chat.listSources().flatMap((s) => chat.sourceSpeakers(s.id).map((x) => x.speaker))));
    const collector = new TermCollector(names);
    // Session by session, a page of whole sessions at a time: each session is sealed as its page
    // ends, and only the messages its remaining terms name are kept (for the topics' posts).
    type Post = { iri: string; timestamp: string; offsetMin: number | null };
    const byId = new Map<number, Post>();
    const sessionKeyOf = new Map<number, string>();
    let n = 0;
    // The tagging of each page is the analysis worker's (made while the file was imported, or a page ahead).
    for await (const [page, analysed] of analysedPages(this.deps.analyser, sourceId, chat.sourceSessionPages(sourceId), ctx, true)) {
      const onPage = new Map<number, Post>();
      for (const m of page) {
        onPage.set(m.id, { iri: m.iri, timestamp: m.timestamp, offsetMin: m.tzOffsetMin });
        if (!sessionKeyOf.has(m.sessionId)) sessionKeyOf.set(m.sessionId, m.sessionIriKey);
        const a = analysed?.get(m.id);
        const phrases = a && phrasesOf(a);
        collector.add({ id: m.id, sessionId: m.sessionId, text: m.text, role: m.role, timestamp: m.timestamp }, phrases ? withoutNames(phrases, names) : undefined);
        if (++n % SLICE === 0) {
          progress?.(n);
          await new Promise((r) => setImmediate(r));
          if (ctx?.signal.aborted) throw new JobCancelled();
        }
      }
      for (const sessionId of new Set(page.map((m) => m.sessionId))) {
        const s = collector.seal(sessionId);
        for (const t of s?.terms.values() ?? []) for (const id of t.messages) byId.set(id, onPage.get(id)!);
      }
    }
    const sessions = collector.sessions();
    const own = collector.frequencies();
    store.setTerms(sourceId, own);
    const memoryDf = store.memoryFrequencies(own.keys());
    const others = store.sources().filter((r) => r.sourceId !== sourceId && r.state === 'done').reduce((a, r) => a + r.sessions, 0);
    const memory = { sessions: sessions.length + others, df: (k: string) => Math.max(memoryDf.get(k) ?? 0, own.get(k) ?? 0) };

    const rows: SessionTopicRow[] = [];
    const occurrences = new Map<string, TopicOccurrences & { labels: Map<string, number> }>();
    for (const s of sessions) {
      topicsOfSession(s, memory).forEach((t, rank) => {
        rows.push({ sessionId: s.sessionId, sourceId, rank: rank + 1, key: t.key, label: t.label, score: t.score, mentions: t.count, messageIds: t.messages });
        let o = occurrences.get(t.key);
        if (!o) {
          o = { key: t.key, label: t.label, sessions: [], mentions: 0, posts: [], labels: new Map() };
          occurrences.set(t.key, o);
        }
        o.sessions.push(sessionIri(sessionKeyOf.get(s.sessionId)!));
        o.mentions += t.count;
        o.labels.set(t.label, (o.labels.get(t.label) ?? 0) + t.count);
        for (const id of t.messages) {
          const m = byId.get(id);
          if (m) o.posts.push({ iri: m.iri, timestamp: m.timestamp, offsetMin: m.offsetMin });
        }
      });
    }
    const topics = [...occurrences.values()].map((o) => ({ ...o, label: bestLabel(o.labels) }));
    const { ntriples } = topicTriples(topics);
    await graph.request({ op: 'replaceGraph', graph: GRAPHS.topics(key), data: ntriples, format: 'n-triples', asEdit: false, label: `Topics (${key})`, respectRemovals: true });
    const durationMs = performance.now() - started;
    // the sessions the labels were weighed against (its own and those of the sources labelled before it)
    store.finish(sourceId, TOPIC_PASS_VERSION, rows, { sessions: sessions.length, topics: topics.length, memorySessions: memory.sessions, durationMs });
    return { sessions: sessions.length, topics: topics.length, messages: n, durationMs };
  }

  async forget(removed: { id: number; key: string }[]): Promise<void> {
    if (!removed.length) return;
    await this.deps.graph.request({ op: 'dropGraphs', graphs: removed.map((r) => GRAPHS.topics(r.key)) });
    this.deps.store.forget(removed.map((r) => r.id));
  }

  // ---- reading

  /**
   * Every topic of the memory (or of some sources) with its sessions, mentions and span. Kept per
   * version of the chat table and of the labels: Ask reads it for every topic question.
   */
  topics(sourceIds?: number[]): TopicAggregate[] {
    return this.keptPerRevision(`topics ${sourceIds?.join(',') ?? ''}`, () => this.aggregateTopics(sourceIds));
  }

  /**
   * An answer made from the labels (the topics, their count, the timeline's lane: every page
   * load asks for the lane, 80–120 ms at 50k messages), kept per version of the chat table and of
   * the labels.
   */
  keptPerRevision<T>(name: string, compute: () => T): T {
    const key = `${this.deps.chat.dataVersion()}|${this.deps.store.revision}|${name}`;
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const value = compute();
    if (this.kept.size > 20) this.kept.clear();
    this.kept.set(key, value);
    return value;
  }

  private readonly kept = new Map<string, unknown>();

  /** How many topics `topics()` lists for the whole memory, from a count (the first screen reserves the lane's rows with it). */
  count(): number {
    return this.keptPerRevision('count', () => this.deps.store.countTopics());
  }

  private aggregateTopics(sourceIds?: number[]): TopicAggregate[] {
    const rows = this.deps.store.sessionTopics(sourceIds);
    const spans = new Map(this.deps.chat.listSessions(sourceIds).map((s) => [s.id, s]));
    const byKey = new Map<string, TopicAggregate & { labels: Map<string, number> }>();
    for (const r of rows) {
      const span = spans.get(r.sessionId);
      if (!span) continue;
      let t = byKey.get(r.key);
      if (!t) {
        t = { iri: topicIri(r.key), key: r.key, label: r.label, sessions: 0, mentions: 0, first: span.start, last: span.end, top3: 0, labels: new Map() };
        byKey.set(r.key, t);
      }
      t.sessions++;
      t.mentions += r.mentions;
      if (r.rank <= 3) t.top3++;
      if (span.start < t.first) t.first = span.start;
      if (span.end > t.last) t.last = span.end;
      t.labels.set(r.label, (t.labels.get(r.label) ?? 0) + r.mentions);
    }
    return [...byKey.values()]
      .map(({ labels, ...t }) => ({ ...t, label: bestLabel(labels) }))
      .sort((a, b) => b.sessions - a.sessions || b.mentions - a.mentions || a.label.localeCompare(b.label));
  }

  /** The session labels of some sources (the lane's cells). */
  sessionRows(sourceIds?: number[]): SessionTopicRow[] {
    return this.deps.store.sessionTopics(sourceIds);
  }

  /** Each session's topic labels, best first (what "what did we talk about …" lists). */
  labelsOfSessions(sessionIds: number[]): Map<number, string[]> {
    const out = new Map<number, string[]>();
    for (const r of this.deps.store.sessionLabels(sessionIds)) out.set(r.sessionId, [...(out.get(r.sessionId) ?? []), r.label]);
    return out;
  }

  rowsOf(key: string): SessionTopicRow[] {
    return this.deps.store.topicRows(key);
  }

  /** The key of a topic IRI, or null when no session has it. */
  keyOf(topic: string): string | null {
    const t = this.topics().find((x) => x.iri === topic);
    return t?.key ?? null;
  }

  /** Per source: the pass's version, state, sessions and topics, and how long it took. */
  status(): { sourceId: number; version: number; current: boolean; state: string; sessions: number; topics: number; memorySessions: number; durationMs: number }[] {
    return this.deps.store.sources().map((r) => ({ sourceId: r.sourceId, version: r.version, current: r.version === TOPIC_PASS_VERSION, state: r.state, sessions: r.sessions, topics: r.topics, memorySessions: r.memorySessions, durationMs: r.durationMs }));
  }
}

/** A topic across the memory's sources (the lane's and the topic page's summary). */
export type TopicAggregate = TopicSummary;
