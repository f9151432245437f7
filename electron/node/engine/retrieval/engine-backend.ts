// A RetrievalBackend over the engine's own stores: BM25 from the search index (LanceDB, the
// `search_text` column: speaker + text + image caption), and everything else from SQLite, the
// source of truth: message documents with their real `turn_index`, whole sessions in order,
// the speakers of a scope with their roles, and the sessions of a date window.
//
// What the retrieval harness had that the engine must give it as well (docs/retrieval.md):
// - the image caption in the document text (`hasTimeExpression` reads it as the index does);
// - the order within a session (`turn_index`; LoCoMo turns of a session share one timestamp,
//   so ordering by time would scramble the neighbours);
// - only sources that finished importing (the search index may briefly hold a source being
//   imported or removed; SQLite knows which are ready).
// The `context` field (document expansion) is not indexed by the engine; retrieval skips it.
import type { ChatStore, MessageDoc } from '../stores/chat/chat-store';
import type { SearchIndex } from '../stores/search-index';
import type { FtsField, FtsQuery, FullTextOptions, RetrievalBackend, RetrievalDoc, Scored, SpeakerInfo } from './types';
import { endOfDay } from '../../../../shared/dates/calendar';
import { imageDescription, withImageDescription } from '../stores/chat/message-extra';

/** The text of a message as the index sees it, without the speaker prefix: text + image description. */
export function docText(text: string, extra: string | null): string {
  return withImageDescription(text, imageDescription(extra));
}

function toDoc(r: MessageDoc): RetrievalDoc {
  return {
    id: r.id,
    sourceId: r.sourceId,
    sessionId: r.sessionId,
    turnIndex: r.turnIndex,
    speaker: r.speaker,
    role: r.role,
    text: docText(r.text, r.extra),
    timestamp: r.timestamp,
  };
}

export class EngineRetrievalBackend implements RetrievalBackend {
  private version = '';
  private speakerCache = new Map<string, SpeakerInfo[]>();

  constructor(
    private readonly chat: ChatStore,
    private readonly search: SearchIndex,
  ) {}

  /** Drops cached speakers when sources come or go. */
  private checkVersion(): void {
    const v = this.chat.dataVersion();
    if (v !== this.version) {
      this.version = v;
      this.speakerCache.clear();
    }
  }

  hasField(field: FtsField): boolean {
    return field === 'search_text';
  }

  async fullText(query: string | FtsQuery, opts: FullTextOptions): Promise<Scored[]> {
    const q = typeof query === 'string' ? { text: query } : query;
    if ((q.field ?? 'search_text') !== 'search_text' || !q.text.trim()) return [];
    let sessionIds = opts.sessionIds;
    if (opts.from || opts.to) {
      const inRange = await this.sessionsInRange(opts.from ?? '0000-01-01', opts.to ?? '9999-12-31', opts.sourceIds);
      sessionIds = sessionIds ? sessionIds.filter((s) => inRange.includes(s)) : inRange;
      if (!sessionIds.length) return [];
    }
    const timed = !!(opts.from || opts.to);
    const hits = await this.search.search(
      q.text,
      { sourceIds: opts.sourceIds, sessionIds, speakers: opts.speakers },
      timed ? opts.limit * 4 : opts.limit,
    );
    if (!timed) return hits;
    // A session can run past midnight: keep only messages inside the bounds.
    const ts = this.chat.localTimes(hits.map((h) => h.id));
    const from = opts.from ?? '';
    const to = opts.to ? endOfDay(opts.to) : '\uffff';
    return hits.filter((h) => {
      const t = ts.get(h.id);
      return t !== undefined && t >= from && t <= to;
    }).slice(0, opts.limit);
  }

  async docs(ids: number[]): Promise<RetrievalDoc[]> {
    return this.chat.messageDocs(ids).map(toDoc);
  }

  async sessionDocs(sessionIds: number[]): Promise<RetrievalDoc[]> {
    return this.chat.sessionMessageDocs(sessionIds).map(toDoc);
  }

  async speakers(sourceIds?: number[]): Promise<SpeakerInfo[]> {
    this.checkVersion();
    const ids = sourceIds?.length ? [...new Set(sourceIds)].sort((a, b) => a - b) : undefined;
    const key = ids ? ids.join(',') : '*';
    const cached = this.speakerCache.get(key);
    if (cached) return cached;
    // One role per name: the role most of the name's messages have.
    const seen = new Map<string, SpeakerInfo>();
    for (const r of this.chat.listSpeakers(ids)) if (r.speaker && !seen.has(r.speaker)) seen.set(r.speaker, { name: r.speaker, role: r.role });
    const out = [...seen.values()];
    this.speakerCache.set(key, out);
    return out;
  }

  async sessionsInRange(from: string, to: string, sourceIds?: number[]): Promise<number[]> {
    return this.chat.sessionIdsBetween(from, to, sourceIds?.length ? sourceIds : undefined);
  }
}
