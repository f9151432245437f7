// A RetrievalBackend over one LanceDB messages table, reading documents from the table itself.
// The engine may instead serve docs / sessions / speakers from SQLite; this one is complete on
// its own so that retrieval can run (and be tested) against a real full-text index.
//
// Columns used: id, source_id, session_id, speaker, role, ts_local, text, search_text
// (FTS-indexed); optional: turn_index (else order within a session is ts_local, then id),
// context (FTS-indexed: previous + next message text of the same session).

import * as lancedb from '@lancedb/lancedb';
import type { FtsField, FtsQuery, FullTextOptions, RetrievalBackend, RetrievalDoc, Scored, SpeakerInfo } from '../retrieval/types';
import { endOfDay } from '../../../../shared/dates/calendar';

export { MESSAGE_FTS_OPTIONS } from './search-index';

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ints = (xs: number[]) => xs.map((x) => String(Math.trunc(Number(x)))).join(', ');

export class LanceRetrievalBackend implements RetrievalBackend {
  private speakerCache = new Map<string, SpeakerInfo[]>();

  private constructor(
    private readonly table: lancedb.Table,
    private readonly fields: Set<string>,
    private readonly hasTurnIndex: boolean,
  ) {}

  static async open(table: lancedb.Table): Promise<LanceRetrievalBackend> {
    const schema = await table.schema();
    const columns = new Set(schema.fields.map((f) => f.name));
    const indexed = new Set<string>();
    for (const ix of await table.listIndices()) if (ix.indexType === 'FTS') for (const c of ix.columns) indexed.add(c);
    // Unindexed text columns are still searchable, but only an indexed one is worth a query.
    const fields = new Set([...indexed].filter((c) => columns.has(c)));
    return new LanceRetrievalBackend(table, fields, columns.has('turn_index'));
  }

  hasField(field: FtsField): boolean {
    return this.fields.has(field);
  }

  async fullText(query: string | FtsQuery, opts: FullTextOptions): Promise<Scored[]> {
    const q = typeof query === 'string' ? { text: query } : query;
    const field = q.field ?? 'search_text';
    if (!q.text.trim() || !this.fields.has(field)) return [];
    const where = filterSql(opts);
    let builder = this.table.query().fullTextSearch(new lancedb.MatchQuery(q.text, field)).select(['id', '_score']).limit(opts.limit);
    if (where) builder = builder.where(where);
    const rows = await builder.toArray();
    return rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), score: Number(r._score) }));
  }

  async docs(ids: number[]): Promise<RetrievalDoc[]> {
    if (ids.length === 0) return [];
    const rows = await this.table.query().where(`id IN (${ints(ids)})`).select(this.docColumns()).toArray();
    return rows.map((r: Record<string, unknown>) => this.toDoc(r, -1));
  }

  async sessionDocs(sessionIds: number[]): Promise<RetrievalDoc[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.table.query().where(`session_id IN (${ints(sessionIds)})`).select(this.docColumns()).toArray();
    const docs = rows.map((r: Record<string, unknown>) => this.toDoc(r, -1));
    if (!this.hasTurnIndex) {
      const bySession = new Map<number, RetrievalDoc[]>();
      for (const d of docs) bySession.set(d.sessionId, [...(bySession.get(d.sessionId) ?? []), d]);
      for (const list of bySession.values()) {
        list.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id - b.id));
        list.forEach((d, i) => (d.turnIndex = i));
      }
    }
    return docs.sort((a, b) => a.sessionId - b.sessionId || a.turnIndex - b.turnIndex);
  }

  async speakers(sourceIds?: number[]): Promise<SpeakerInfo[]> {
    const key = sourceIds ? [...sourceIds].sort().join(',') : '*';
    const cached = this.speakerCache.get(key);
    if (cached) return cached;
    let q = this.table.query().select(['speaker', 'role']);
    if (sourceIds?.length) q = q.where(`source_id IN (${ints(sourceIds)})`);
    const seen = new Map<string, SpeakerInfo>();
    for (const r of await q.toArray()) {
      const name = String(r.speaker ?? '');
      if (name && !seen.has(name)) seen.set(name, { name, role: String(r.role ?? 'other') });
    }
    const out = [...seen.values()];
    this.speakerCache.set(key, out);
    return out;
  }

  async sessionsInRange(from: string, to: string, sourceIds?: number[]): Promise<number[]> {
    const where = filterSql({ limit: 0, sourceIds, from, to });
    const rows = await this.table.query().where(where).select(['session_id']).toArray();
    return [...new Set(rows.map((r: Record<string, unknown>) => Number(r.session_id)))].sort((a, b) => a - b);
  }

  private docColumns(): string[] {
    const cols = ['id', 'source_id', 'session_id', 'speaker', 'role', 'ts_local', 'text'];
    if (this.hasTurnIndex) cols.push('turn_index');
    return cols;
  }

  private toDoc(r: Record<string, unknown>, fallbackTurn: number): RetrievalDoc {
    return {
      id: Number(r.id),
      sourceId: Number(r.source_id),
      sessionId: Number(r.session_id),
      turnIndex: r.turn_index == null ? fallbackTurn : Number(r.turn_index),
      speaker: String(r.speaker ?? ''),
      role: String(r.role ?? 'other'),
      text: String(r.text ?? ''),
      timestamp: String(r.ts_local ?? ''),
    };
  }
}

/** SQL filter for a full-text query's options. */
export function filterSql(opts: FullTextOptions): string {
  const parts: string[] = [];
  if (opts.sourceIds?.length) parts.push(`source_id IN (${ints(opts.sourceIds)})`);
  if (opts.sessionIds?.length) parts.push(`session_id IN (${ints(opts.sessionIds)})`);
  if (opts.speakers?.length) parts.push(`speaker IN (${opts.speakers.map(sqlString).join(', ')})`);
  if (opts.from) parts.push(`ts_local >= ${sqlString(opts.from)}`);
  if (opts.to) parts.push(`ts_local <= ${sqlString(endOfDay(opts.to))}`);
  return parts.join(' AND ');
}
