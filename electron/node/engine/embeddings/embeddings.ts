// Embeddings: a job that fills the vector tables (messages, and entity labels/descriptions)
// through Ollama, and the hybrid search (BM25 + vectors, reciprocal rank fusion) the engine
// uses for a text search once vectors exist for the searched scope.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { GRAPHS, PREFIXES } from '../../../../shared/rdf';
import type { EntityHit, MessageFilter } from '../../../../shared/types';
import { JobCancelled, type JobContext } from '../common/jobs';
import { LlmAbortedError, LlmModelMissingError, LlmUnavailableError, modelMatches, OllamaClient } from '../llm/ollama';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import type { TextHit } from '../stores/search-index';
import type { SettingsStore } from '../stores/settings-store';
import { AvailabilityGate, DEFAULT_PAUSE_TUNING, ModelGoneError, steadyProgress, type PauseTuning } from '../extraction/availability';
import { clientOf, readSettings } from '../extraction/settings';
import { reciprocalRankFusion } from './fusion';
import type { MessageVectorRow, VectorIndex } from '../stores/vector-index';

const META_KEY = 'embeddings.meta';
const BATCH = 64;
const MAX_CHARS = 2000;
/** After a failed query embedding, the hybrid path stays off this long (BM25 answers alone). */
const RETRY_AFTER_MS = 30_000;

export interface EmbeddingMeta {
  model: string;
  dimension: number;
}

/** nomic-embed-text is trained with task prefixes; other models get the text as is. */
export function documentText(model: string, text: string): string {
  return /nomic-embed/i.test(model) ? `search_document: ${text}` : text;
}
export function queryText(model: string, text: string): string {
  return /nomic-embed/i.test(model) ? `search_query: ${text}` : text;
}

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex');

export interface EmbedJobOptions {
  sourceIds?: number[];
  /** Also embed entity labels and descriptions (default true). */
  entities?: boolean;
  model?: string;
  host?: string;
}

export class EmbeddingService {
  private index: VectorIndex | null = null;
  private opening: Promise<VectorIndex> | null = null;
  private queryFailedAt = 0;
  tuning: PauseTuning = { ...DEFAULT_PAUSE_TUNING };

  constructor(
    private readonly deps: { chat: ChatStore; graph: GraphStore; settings: SettingsStore; dataDir: string },
  ) {}

  async vectors(): Promise<VectorIndex> {
    if (this.index) return this.index;
    // The vector store (LanceDB) is loaded only once vectors are needed.
    this.opening ??= import('../stores/vector-index').then(({ VectorIndex }) => VectorIndex.open(path.join(this.deps.dataDir, 'vectors'))).then((i) => (this.index = i));
    return this.opening;
  }

  meta(): EmbeddingMeta | null {
    return this.deps.settings.get<EmbeddingMeta>(META_KEY) ?? null;
  }

  async counts(): Promise<{ messages: number; entities: number; model: string | null }> {
    const v = await this.vectors();
    return { messages: await v.count('message_vectors'), entities: await v.count('entity_vectors'), model: this.meta()?.model ?? null };
  }

  /** The embedding job's work (the service wraps it in a job). */
  async run(ctx: JobContext, opts: EmbedJobOptions): Promise<Record<string, unknown>> {
    const settings = { ...readSettings(this.deps.settings), ...(opts.model ? { embedModel: opts.model } : {}), ...(opts.host ? { host: opts.host } : {}) };
    const client = clientOf(settings);
    const model = settings.embedModel;
    const check = await client.check({ signal: ctx.signal });
    if (!check.reachable) throw new Error(check.problems[0]);
    if (!check.embedModelReady) throw new Error(`Model ${model} is not installed — run \`ollama pull ${model}\``);

    const v = await this.vectors();
    const meta = this.meta();
    if (meta && !modelMatches(meta.model, model)) {
      await v.reset();
      this.deps.settings.set(META_KEY, null);
    }
    const counts = { done: 0, total: 0 };
    const steady = steadyProgress(ctx);
    const gate = new AvailabilityGate(client, ctx.signal, this.tuning, (line) => steady.progress(counts.done, counts.total, line), () => steady.progress(counts.done, counts.total, 'Resumed'), 'embedModel');
    try {
      return await this.embedAll(ctx, { ...opts, model }, client, gate, steady.progress, counts);
    } finally {
      steady.stop();
    }
  }

  private async embedAll(
    ctx: JobContext,
    opts: EmbedJobOptions & { model: string },
    client: OllamaClient,
    gate: AvailabilityGate,
    progress: JobContext['progress'],
    counts: { done: number; total: number },
  ): Promise<Record<string, unknown>> {
    const model = opts.model;
    const v = await this.vectors();
    const embed = async (texts: string[]): Promise<number[][]> => {
      for (;;) {
        try {
          return await client.embed(texts, { signal: ctx.signal });
        } catch (e) {
          if (e instanceof LlmAbortedError || ctx.signal.aborted) throw new JobCancelled();
          if (e instanceof LlmUnavailableError) {
            await gate.waitUntilBack();
            continue;
          }
          if (e instanceof LlmModelMissingError) throw new ModelGoneError(e.hint ?? e.message);
          throw e;
        }
      }
    };
    const remember = (dimension: number) => {
      if (!this.meta()) this.deps.settings.set(META_KEY, { model, dimension } satisfies EmbeddingMeta);
    };

    // ---- messages
    const rows = this.deps.chat.messageTexts(opts.sourceIds);
    const have = await v.messageHashes();
    const known = this.deps.chat.messageIds();
    await v.deleteMessages([...have.keys()].filter((id) => !known.has(id)));
    const todo = rows
      .map((r) => ({ ...r, doc: `${r.speaker}: ${r.text}`.slice(0, MAX_CHARS) }))
      .map((r) => ({ ...r, hash: hashOf(`${model}\n${r.doc}`) }))
      .filter((r) => have.get(r.id) !== r.hash);
    const entityTodo = opts.entities === false ? [] : await this.entityRows(model);
    counts.total = todo.length + entityTodo.length;
    progress(0, counts.total, `Embedding ${todo.length} messages with ${model}`);
    for (let i = 0; i < todo.length; i += BATCH) {
      ctx.throwIfCancelled();
      const batch = todo.slice(i, i + BATCH);
      const vectors = await embed(batch.map((r) => documentText(model, r.doc)));
      remember(vectors[0].length);
      const out: MessageVectorRow[] = batch.map((r, j) => ({
        id: r.id,
        source_id: r.sourceId,
        session_id: r.sessionId,
        conversation_id: r.conversationId,
        speaker: r.speaker,
        hash: r.hash,
        vector: vectors[j],
      }));
      await v.upsertMessages(out);
      counts.done += batch.length;
      progress(counts.done, counts.total, `${counts.done}/${counts.total} texts embedded`);
    }

    // ---- entities
    const entityHashes = await v.entityHashes();
    const wanted = new Set(entityTodo.map((e) => e.iri));
    await v.deleteEntities([...entityHashes.keys()].filter((iri) => !wanted.has(iri)));
    const changed = entityTodo.filter((e) => entityHashes.get(e.iri) !== e.hash);
    counts.done += entityTodo.length - changed.length;
    for (let i = 0; i < changed.length; i += BATCH) {
      ctx.throwIfCancelled();
      const batch = changed.slice(i, i + BATCH);
      const vectors = await embed(batch.map((e) => documentText(model, e.text)));
      remember(vectors[0].length);
      await v.upsertEntities(batch.map((e, j) => ({ iri: e.iri, label: e.label, hash: e.hash, vector: vectors[j] })));
      counts.done += batch.length;
      progress(counts.done, counts.total, `${counts.done}/${counts.total} texts embedded`);
    }
    progress(counts.total, counts.total, 'Embeddings ready');
    return { model, messages: todo.length, entities: changed.length, totalMessages: await v.count('message_vectors'), totalEntities: await v.count('entity_vectors'), pauses: gate.pauses };
  }

  /** Entities of the extraction and person's graphs: label and description (comment / schema:description). */
  private async entityRows(model: string): Promise<{ iri: string; label: string; text: string; hash: string }[]> {
    await this.deps.graph.ready();
    const r = await this.deps.graph.request({
      op: 'query',
      limit: 1_000_000,
      sparql: `SELECT ?e (SAMPLE(?l) AS ?label) (GROUP_CONCAT(DISTINCT STR(?d); separator=" ") AS ?desc) WHERE {
        GRAPH ?g { ?e <${PREFIXES.rdfs}label> ?l }
        FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}") || ?g = <${GRAPHS.user}>)
        OPTIONAL { ?e <${PREFIXES.rdfs}comment>|<${PREFIXES.schema}description> ?d }
      } GROUP BY ?e`,
    });
    if (r.kind !== 'select') return [];
    return r.rows.map((row) => {
      const label = row.label?.value ?? row.e.value;
      const text = `${label}${row.desc?.value ? `. ${row.desc.value}` : ''}`.slice(0, MAX_CHARS);
      return { iri: row.e.value, label, text, hash: hashOf(`${model}\n${text}`) };
    });
  }

  /** Drops vectors of messages that no longer exist (after a source is deleted). */
  async forgetRemoved(): Promise<void> {
    // No embedding model ever ran (vectors are only used with one): no vector store to open.
    if (!this.index && !this.meta()) return;
    const v = await this.vectors();
    const have = await v.messageHashes();
    if (!have.size) return;
    const known = this.deps.chat.messageIds();
    await v.deleteMessages([...have.keys()].filter((id) => !known.has(id)));
  }

  private queryClient(): { client: OllamaClient; model: string } | null {
    const meta = this.meta();
    if (!meta) return null;
    const s = readSettings(this.deps.settings);
    return { client: clientOf({ ...s, embedModel: meta.model }, { timeoutMs: 5_000, idleTimeoutMs: 5_000, checkTimeoutMs: 2_000 }), model: meta.model };
  }

  private async embedQuery(text: string): Promise<number[] | null> {
    if (Date.now() - this.queryFailedAt < RETRY_AFTER_MS) return null;
    const q = this.queryClient();
    if (!q) return null;
    try {
      const [vector] = await q.client.embed([queryText(q.model, text)]);
      return vector ?? null;
    } catch {
      this.queryFailedAt = Date.now();
      return null;
    }
  }

  /**
   * Hybrid ranking for a text search: when vectors exist for the filter's scope, the BM25 hits
   * and the nearest messages are fused by reciprocal rank; otherwise (or when the embedding
   * model cannot be reached) null, and the caller keeps its BM25 ranking.
   */
  async hybrid(text: string, filter: MessageFilter, bm25: TextHit[], limit: number): Promise<TextHit[] | null> {
    if (!this.meta()) return null;
    const v = await this.vectors();
    const scope = { sourceIds: filter.sourceIds, sessionIds: filter.sessionIds, conversationIds: filter.conversationIds, speakers: filter.speakers, ids: filter.ids };
    if ((await v.countMessages(scope)) === 0) return null;
    const vector = await this.embedQuery(text);
    if (!vector) return null;
    let near = await v.searchMessages(vector, scope, Math.max(limit, 50));
    if (filter.from || filter.to || filter.sessionRange || near.length) {
      const allowed = new Set(this.deps.chat.getMessages(near.map((h) => h.id), { ...filter, text: undefined }).map((m) => m.id));
      near = near.filter((h) => allowed.has(h.id));
    }
    return reciprocalRankFusion([bm25, near]).slice(0, limit);
  }

  /** Entities nearest to a text (vectors), or whose label contains it when there are none. */
  async searchEntities(text: string, limit: number): Promise<EntityHit[]> {
    const v = await this.vectors();
    if ((await v.count('entity_vectors')) > 0) {
      const vector = await this.embedQuery(text);
      if (vector) return v.searchEntities(vector, limit);
    }
    const needle = text.toLowerCase().replace(/["\\]/g, '');
    const r = await this.deps.graph.request({
      op: 'query',
      limit,
      sparql: `SELECT ?e (SAMPLE(?l) AS ?label) WHERE { GRAPH ?g { ?e <${PREFIXES.rdfs}label> ?l }
        FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}") || ?g = <${GRAPHS.user}>)
        FILTER(CONTAINS(LCASE(STR(?l)), "${needle}")) } GROUP BY ?e LIMIT ${limit}`,
    });
    return r.kind === 'select' ? r.rows.map((row) => ({ iri: row.e.value, label: row.label?.value ?? row.e.value, score: 1 })) : [];
  }

  async close(): Promise<void> {
    const i = this.index ?? (this.opening ? await this.opening.catch(() => null) : null);
    await i?.close();
  }
}
