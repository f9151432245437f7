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
import type Database from 'better-sqlite3';
import type { ChatStore } from '../stores/chat-store';
import type { SearchIndex } from '../stores/search-index';
import type { FtsField, FtsQuery, FullTextOptions, RetrievalBackend, RetrievalDoc, Scored, SpeakerInfo } from './types';
import { endOfDay } from '../../../../shared/dates/calendar';

interface DocRow {
  id: number;
  source_id: number;
  session_id: number;
  turn_index: number;
  speaker: string;
  role: string;
  text: string;
  ts_local: string;
  extra: string | null;
}

const DOC_COLUMNS = 'm.id, m.source_id, m.session_id, m.turn_index, m.speaker, m.role, m.text, m.ts_local, m.extra';
const READY = `m.source_id IN (SELECT id FROM sources WHERE status = 'ready')`;
const CHUNK = 900;

/** The text of a message as the index sees it, without the speaker prefix: text + image caption. */
export function docText(text: string, extra: string | null): string {
  if (!extra || !extra.includes('blip_caption')) return text;
  try {
    const caption = (JSON.parse(extra) as Record<string, unknown>).blip_caption;
    return typeof caption === 'string' ? `${text} [image: ${caption}]` : text;
  } catch {
    return text;
  }
}

function toDoc(r: DocRow): RetrievalDoc {
  return {
    id: r.id,
    sourceId: r.source_id,
    sessionId: r.session_id,
    turnIndex: r.turn_index,
    speaker: r.speaker,
    role: r.role,
    text: docText(r.text, r.extra),
    timestamp: r.ts_local,
  };
}

export class EngineRetrievalBackend implements RetrievalBackend {
  private version = '';
  private speakerCache = new Map<string, SpeakerInfo[]>();
  private statements = new Map<string, Database.Statement>();

  constructor(
    private readonly chat: ChatStore,
    private readonly search: SearchIndex,
  ) {}

  private get db(): Database.Database {
    return this.chat.db;
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size > 200) this.statements.clear();
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Drops cached speakers when sources come or go. */
  private checkVersion(): void {
    const v = this.stmt(
      `SELECT (SELECT COUNT(*) FROM sources WHERE status = 'ready') || ':' || (SELECT COALESCE(SUM(id), 0) FROM sources WHERE status = 'ready') || ':' || (SELECT COALESCE(MAX(id), 0) FROM messages)`,
    ).pluck().get() as string;
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
    const ts = new Map<number, string>();
    for (let i = 0; i < hits.length; i += CHUNK) {
      const chunk = hits.slice(i, i + CHUNK).map((h) => h.id);
      const rows = this.stmt(`SELECT id, ts_local FROM messages WHERE id IN (${chunk.map(() => '?').join(',')})`).raw().all(...chunk) as [number, string][];
      for (const [id, t] of rows) ts.set(id, t);
    }
    const from = opts.from ?? '';
    const to = opts.to ? endOfDay(opts.to) : '\uffff';
    return hits.filter((h) => {
      const t = ts.get(h.id);
      return t !== undefined && t >= from && t <= to;
    }).slice(0, opts.limit);
  }

  async docs(ids: number[]): Promise<RetrievalDoc[]> {
    const out: RetrievalDoc[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = this.stmt(`SELECT ${DOC_COLUMNS} FROM messages m WHERE m.id IN (${chunk.map(() => '?').join(',')}) AND ${READY}`).all(...chunk) as DocRow[];
      out.push(...rows.map(toDoc));
    }
    return out;
  }

  async sessionDocs(sessionIds: number[]): Promise<RetrievalDoc[]> {
    const out: RetrievalDoc[] = [];
    const unique = [...new Set(sessionIds)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      const rows = this.stmt(
        `SELECT ${DOC_COLUMNS} FROM messages m WHERE m.session_id IN (${chunk.map(() => '?').join(',')}) AND ${READY} ORDER BY m.session_id, m.turn_index`,
      ).all(...chunk) as DocRow[];
      out.push(...rows.map(toDoc));
    }
    return out;
  }

  async speakers(sourceIds?: number[]): Promise<SpeakerInfo[]> {
    this.checkVersion();
    const ids = sourceIds?.length ? [...new Set(sourceIds)].sort((a, b) => a - b) : undefined;
    const key = ids ? ids.join(',') : '*';
    const cached = this.speakerCache.get(key);
    if (cached) return cached;
    const where = ids ? `m.source_id IN (${ids.map(() => '?').join(',')}) AND ${READY}` : READY;
    // One role per name: the role most of the name's messages have.
    const rows = this.stmt(
      `SELECT m.speaker AS name, m.role AS role, COUNT(*) AS n FROM messages m WHERE ${where} GROUP BY m.speaker, m.role ORDER BY n DESC, m.speaker`,
    ).all(...(ids ?? [])) as { name: string; role: string; n: number }[];
    const seen = new Map<string, SpeakerInfo>();
    for (const r of rows) if (r.name && !seen.has(r.name)) seen.set(r.name, { name: r.name, role: r.role });
    const out = [...seen.values()];
    this.speakerCache.set(key, out);
    return out;
  }

  async sessionsInRange(from: string, to: string, sourceIds?: number[]): Promise<number[]> {
    const ids = sourceIds?.length ? sourceIds : undefined;
    const inSources = ids ? `AND m.source_id IN (${ids.map(() => '?').join(',')})` : '';
    return this.stmt(
      `SELECT DISTINCT m.session_id FROM messages m WHERE m.ts_local >= ? AND m.ts_local <= ? ${inSources} AND ${READY} ORDER BY m.session_id`,
    )
      .pluck()
      .all(from, endOfDay(to), ...(ids ?? [])) as number[];
  }
}
