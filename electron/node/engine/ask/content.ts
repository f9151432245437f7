// The content route: hybrid search over messages. Full-text retrieval reads each message with
// its surroundings (retrieval/: query analysis, BM25 candidates, scoring with neighbours,
// session, speaker and date priors) over the engine's own stores; when message vectors exist
// (an embedding model was run) the ranking is fused with the nearest messages. The same
// function serves Ask, `engram ask --batch` and `npm run bench:locomo`.
import type { MessageFilter } from '../../../../shared/types';
import type { EmbeddingService } from '../embeddings/embeddings';
import { EngineRetrievalBackend } from '../retrieval/engine-backend';
import { retrieve } from '../retrieval/retrieve';
import type { RetrievalParams, RetrievedTurn } from '../retrieval/types';
import type { ChatStore } from '../stores/chat/chat-store';
import type { SearchIndex } from '../stores/search-index';

export interface ContentOptions {
  k: number;
  sourceIds?: number[];
  explain?: boolean;
  /** Fuse with message vectors when they exist (default true). */
  vectors?: boolean;
  params?: Partial<RetrievalParams>;
}

export interface ContentResult {
  hits: RetrievedTurn[];
  /** The vectors took part (an embedding model and message vectors were there). */
  hybrid: boolean;
}

/** How deep the full-text ranking goes before it is fused with the vectors. */
const FUSION_DEPTH = 50;

export class ContentSearch {
  readonly backend: EngineRetrievalBackend;

  constructor(
    chat: ChatStore,
    search: SearchIndex,
    private readonly embeddings?: EmbeddingService,
  ) {
    this.backend = new EngineRetrievalBackend(chat, search);
  }

  async retrieve(question: string, opts: ContentOptions): Promise<ContentResult> {
    const depth = opts.vectors === false || !this.embeddings ? opts.k : Math.max(opts.k, FUSION_DEPTH);
    const hits = await retrieve(question, this.backend, { k: depth, sourceIds: opts.sourceIds, explain: opts.explain, params: opts.params });
    if (opts.vectors === false || !this.embeddings) return { hits: hits.slice(0, opts.k), hybrid: false };
    const filter: MessageFilter = opts.sourceIds?.length ? { sourceIds: opts.sourceIds } : {};
    const fused = await this.embeddings.hybrid(question, filter, hits, depth).catch(() => null);
    if (!fused) return { hits: hits.slice(0, opts.k), hybrid: false };
    const why = new Map(hits.map((h, i) => [h.id, `text rank ${i + 1}${h.why ? ` (${h.why})` : ''}`]));
    return {
      hits: fused.slice(0, opts.k).map((h) => ({ id: h.id, score: h.score, ...(opts.explain ? { why: `${why.get(h.id) ?? 'near in meaning'}; fused with vectors` } : {}) })),
      hybrid: true,
    };
  }

  /** Whether message vectors exist for a scope (the hybrid path would run). */
  async hasVectors(sourceIds?: number[]): Promise<boolean> {
    if (!this.embeddings?.meta()) return false;
    const v = await this.embeddings.vectors();
    return (await v.countMessages(sourceIds?.length ? { sourceIds } : {})) > 0;
  }
}
