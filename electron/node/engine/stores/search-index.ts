// The search index: one LanceDB table of messages with a BM25 full-text index.
//
// This module owns the LanceDB folder. Rows are derived from the chat table (ids are the
// SQLite message ids) and kept in step with it on import and delete; the engine reconciles
// the two at startup. Vectors, once an embedding model fills them, live in their own table.
import fs from 'node:fs';
import * as lancedb from '@lancedb/lancedb';
import * as arrow from 'apache-arrow';
import { addToDigest, type SourceDigest } from './row-digest';

export const MESSAGES_TABLE = 'messages';
const TEXT_COLUMN = 'search_text';

export interface SearchRow {
  id: number;
  source_id: number;
  conversation_id: number;
  session_id: number;
  speaker: string;
  role: string;
  ts_local: string;
  text: string;
  /** What the full-text index sees: speaker, text and any image caption. */
  search_text: string;
}

// An explicit schema: inferring one from JS objects is six times slower and makes ids floats.
const SCHEMA = new arrow.Schema([
  new arrow.Field('id', new arrow.Int32(), false),
  new arrow.Field('source_id', new arrow.Int32(), false),
  new arrow.Field('conversation_id', new arrow.Int32(), false),
  new arrow.Field('session_id', new arrow.Int32(), false),
  new arrow.Field('speaker', new arrow.Utf8(), false),
  new arrow.Field('role', new arrow.Utf8(), false),
  new arrow.Field('ts_local', new arrow.Utf8(), false),
  new arrow.Field('text', new arrow.Utf8(), false),
  new arrow.Field('search_text', new arrow.Utf8(), false),
]);

function toArrow(rows: SearchRow[]): arrow.Table {
  const columns: Record<string, arrow.Vector> = {};
  for (const field of SCHEMA.fields) {
    const name = field.name as keyof SearchRow;
    columns[name] = arrow.vectorFromArray(rows.map((r) => r[name]), field.type);
  }
  return new arrow.Table(SCHEMA, columns);
}

export interface SearchScope {
  sourceIds?: number[];
  sessionIds?: number[];
  conversationIds?: number[];
  speakers?: string[];
  ids?: number[];
}

export interface TextHit {
  id: number;
  score: number;
}

export type FullTextQuery = lancedb.FullTextQuery;

const sqlList = (values: readonly number[]) => values.map((v) => Math.trunc(v)).join(',');
const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function scopeWhere(scope: SearchScope): string | undefined {
  const parts: string[] = [];
  if (scope.sourceIds) parts.push(scope.sourceIds.length ? `source_id IN (${sqlList(scope.sourceIds)})` : 'false');
  if (scope.sessionIds) parts.push(scope.sessionIds.length ? `session_id IN (${sqlList(scope.sessionIds)})` : 'false');
  if (scope.conversationIds) parts.push(scope.conversationIds.length ? `conversation_id IN (${sqlList(scope.conversationIds)})` : 'false');
  if (scope.ids) parts.push(scope.ids.length ? `id IN (${sqlList(scope.ids)})` : 'false');
  if (scope.speakers) parts.push(scope.speakers.length ? `speaker IN (${scope.speakers.map(sqlString).join(',')})` : 'false');
  return parts.length ? parts.join(' AND ') : undefined;
}

export class SearchIndex {
  private table: lancedb.Table | null;
  /** Writes are serialized: concurrent LanceDB commits on one table would conflict. */
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: lancedb.Connection,
    table: lancedb.Table | null,
  ) {
    this.table = table;
  }

  /** Deletes the index's folder (it is derived: the engine rebuilds it from the chat table). */
  static remove(dir: string): void {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  static async open(dir: string): Promise<SearchIndex> {
    const db = await lancedb.connect(dir);
    const names = await db.tableNames();
    const table = names.includes(MESSAGES_TABLE) ? await db.openTable(MESSAGES_TABLE) : null;
    return new SearchIndex(db, table);
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.writes.then(work, work);
    this.writes = next.catch(() => undefined);
    return next;
  }

  async add(rows: SearchRow[]): Promise<void> {
    if (!rows.length) return;
    await this.serialize(async () => {
      const data = toArrow(rows);
      if (!this.table) {
        const table = await this.db.createEmptyTable(MESSAGES_TABLE, SCHEMA);
        await table.add(data);
        this.table = table;
        await this.ensureTextIndex();
      } else {
        await this.table.add(data);
      }
    });
  }

  /** Whether the table (if any) has its full-text index: a crash between creating the table and its index leaves it without. */
  async hasTextIndex(): Promise<boolean> {
    if (!this.table) return true;
    return (await this.table.listIndices()).some((i) => i.columns.includes(TEXT_COLUMN));
  }

  /** Builds the full-text index if it is missing; true when it had to. */
  async repairTextIndex(): Promise<boolean> {
    return this.serialize(async () => {
      if (await this.hasTextIndex()) return false;
      await this.ensureTextIndex();
      return true;
    });
  }

  private async ensureTextIndex(): Promise<void> {
    if (!this.table) return;
    const indices = await this.table.listIndices();
    if (indices.some((i) => i.columns.includes(TEXT_COLUMN))) return;
    await this.table.createIndex(TEXT_COLUMN, {
      config: lancedb.Index.fts({ stem: true, removeStopWords: true, language: 'English', asciiFolding: true, lowercase: true, withPosition: true }),
      replace: true,
    });
  }

  /** Folds rows added since the index was built into it (unindexed rows are searched anyway, more slowly). */
  async optimize(): Promise<void> {
    await this.serialize(async () => {
      if (this.table) await this.table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });
    });
  }

  async deleteWhere(scope: SearchScope): Promise<void> {
    const where = scopeWhere(scope);
    if (!where) throw new Error('refusing to delete the whole search index without a scope');
    await this.serialize(async () => {
      if (this.table) await this.table.delete(where);
    });
  }

  /** BM25 search; `query` is plain words (no query syntax) or a structured LanceDB query. */
  async search(query: string | FullTextQuery, scope: SearchScope = {}, limit = 50): Promise<TextHit[]> {
    if (!this.table) return [];
    const q = typeof query === 'string' ? new lancedb.MatchQuery(query, TEXT_COLUMN) : query;
    let builder = this.table.query().fullTextSearch(q).select(['id', '_score']).limit(limit);
    const where = scopeWhere(scope);
    if (where) builder = builder.where(where);
    const rows = (await builder.toArray()) as { id: number | bigint; _score: number }[];
    return rows.map((r) => ({ id: Number(r.id), score: r._score }));
  }

  async countBySource(): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!this.table) return counts;
    const rows = (await this.table.query().select(['source_id']).toArray()) as { source_id: number | bigint }[];
    for (const r of rows) counts.set(Number(r.source_id), (counts.get(Number(r.source_id)) ?? 0) + 1);
    return counts;
  }

  /**
   * Per source: how many rows, and an order-free digest of their ids and texts (the sum of each
   * row's CRC-32), to compare with the chat table's (`engram doctor`). Reads every row.
   */
  async digestBySource(): Promise<Map<number, SourceDigest>> {
    const out = new Map<number, SourceDigest>();
    if (!this.table) return out;
    for await (const batch of this.table.query().select(['id', 'source_id', 'text'])) {
      const ids = batch.getChild('id')!;
      const sources = batch.getChild('source_id')!;
      const texts = batch.getChild('text')!;
      for (let i = 0; i < batch.numRows; i++) {
        const source = Number(sources.get(i));
        const entry = out.get(source) ?? { rows: 0, digest: 0 };
        entry.rows++;
        entry.digest = addToDigest(entry.digest, Number(ids.get(i)), String(texts.get(i)));
        out.set(source, entry);
      }
    }
    return out;
  }

  /** The rows of these messages (the doctor puts back a damaged chat row from its copy here). */
  async rowsByIds(ids: number[]): Promise<SearchRow[]> {
    if (!this.table || !ids.length) return [];
    const out: SearchRow[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      out.push(...((await this.table.query().where(`id IN (${sqlList(ids.slice(i, i + 1000))})`).toArray()) as SearchRow[]));
    }
    return out.map((r) => ({ ...r, id: Number(r.id), source_id: Number(r.source_id), conversation_id: Number(r.conversation_id), session_id: Number(r.session_id) }));
  }

  async count(): Promise<number> {
    return this.table ? this.table.countRows() : 0;
  }

  async close(): Promise<void> {
    await this.writes.catch(() => undefined);
    this.table?.close();
    this.db.close();
  }
}

export { lancedb };
