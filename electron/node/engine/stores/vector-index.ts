// Vectors of messages and entities in their own LanceDB folder (<data>/vectors), so the
// messages text table (search-index.ts) stays the only writer of its folder.
//
// `message_vectors`: one row per message id (with source/session/conversation/speaker for
// scoping and a hash of the embedded text, so that a changed or reused id is embedded again).
// `entity_vectors`: one row per entity IRI (label + description). All vectors of a table come
// from one model; the model is recorded by the caller and a different model starts over.
import * as lancedb from '@lancedb/lancedb';
import { Field, FixedSizeList, Float32, Int64, Schema, Utf8 } from 'apache-arrow';
import { scopeWhere, type SearchScope, type TextHit } from './search-index';

export const MESSAGE_VECTORS = 'message_vectors';
export const ENTITY_VECTORS = 'entity_vectors';

export interface MessageVectorRow {
  id: number;
  source_id: number;
  session_id: number;
  conversation_id: number;
  speaker: string;
  hash: string;
  vector: number[];
}

export interface EntityVectorRow {
  iri: string;
  label: string;
  hash: string;
  vector: number[];
}

const vectorField = (dim: number) => new Field('vector', new FixedSizeList(dim, new Field('item', new Float32(), true)), false);

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class VectorIndex {
  private tables = new Map<string, lancedb.Table>();
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: lancedb.Connection) {}

  static async open(dir: string): Promise<VectorIndex> {
    const index = new VectorIndex(await lancedb.connect(dir));
    for (const name of await index.db.tableNames()) index.tables.set(name, await index.db.openTable(name));
    return index;
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.writes.then(work, work);
    this.writes = next.catch(() => undefined);
    return next;
  }

  private async table(name: string, dim: number): Promise<lancedb.Table> {
    const existing = this.tables.get(name);
    if (existing) return existing;
    const fields =
      name === MESSAGE_VECTORS
        ? [
            new Field('id', new Int64(), false),
            new Field('source_id', new Int64(), false),
            new Field('session_id', new Int64(), false),
            new Field('conversation_id', new Int64(), false),
            new Field('speaker', new Utf8(), false),
            new Field('hash', new Utf8(), false),
            vectorField(dim),
          ]
        : [new Field('iri', new Utf8(), false), new Field('label', new Utf8(), false), new Field('hash', new Utf8(), false), vectorField(dim)];
    const t = await this.db.createEmptyTable(name, new Schema(fields));
    this.tables.set(name, t);
    return t;
  }

  /** Drops every vector (another model, or a different dimension). */
  async reset(): Promise<void> {
    await this.serialize(async () => {
      for (const name of [...this.tables.keys()]) {
        this.tables.get(name)?.close();
        await this.db.dropTable(name);
        this.tables.delete(name);
      }
    });
  }

  async count(name: typeof MESSAGE_VECTORS | typeof ENTITY_VECTORS, where?: string): Promise<number> {
    const t = this.tables.get(name);
    return t ? t.countRows(where) : 0;
  }

  async countMessages(scope: SearchScope = {}): Promise<number> {
    return this.count(MESSAGE_VECTORS, scopeWhere(scope));
  }

  /** id → hash of the text its vector was made from. */
  async messageHashes(): Promise<Map<number, string>> {
    const t = this.tables.get(MESSAGE_VECTORS);
    const out = new Map<number, string>();
    if (!t) return out;
    for (const r of (await t.query().select(['id', 'hash']).toArray()) as { id: number | bigint; hash: string }[]) out.set(Number(r.id), r.hash);
    return out;
  }

  async entityHashes(): Promise<Map<string, string>> {
    const t = this.tables.get(ENTITY_VECTORS);
    const out = new Map<string, string>();
    if (!t) return out;
    for (const r of (await t.query().select(['iri', 'hash']).toArray()) as { iri: string; hash: string }[]) out.set(r.iri, r.hash);
    return out;
  }

  async upsertMessages(rows: MessageVectorRow[]): Promise<void> {
    if (!rows.length) return;
    await this.serialize(async () => {
      const t = await this.table(MESSAGE_VECTORS, rows[0].vector.length);
      await t.delete(`id IN (${rows.map((r) => Math.trunc(r.id)).join(',')})`);
      await t.add(rows as unknown as Record<string, unknown>[]);
    });
  }

  async deleteMessages(ids: number[]): Promise<void> {
    const t = this.tables.get(MESSAGE_VECTORS);
    if (!t || !ids.length) return;
    await this.serialize(async () => {
      for (let i = 0; i < ids.length; i += 1000) await t.delete(`id IN (${ids.slice(i, i + 1000).map((x) => Math.trunc(x)).join(',')})`);
    });
  }

  async upsertEntities(rows: EntityVectorRow[]): Promise<void> {
    if (!rows.length) return;
    await this.serialize(async () => {
      const t = await this.table(ENTITY_VECTORS, rows[0].vector.length);
      await t.delete(`iri IN (${rows.map((r) => sqlString(r.iri)).join(',')})`);
      await t.add(rows as unknown as Record<string, unknown>[]);
    });
  }

  async deleteEntities(iris: string[]): Promise<void> {
    const t = this.tables.get(ENTITY_VECTORS);
    if (!t || !iris.length) return;
    await this.serialize(async () => {
      for (let i = 0; i < iris.length; i += 500) await t.delete(`iri IN (${iris.slice(i, i + 500).map(sqlString).join(',')})`);
    });
  }

  /** Nearest messages by cosine similarity (score = 1 − distance), within a scope. */
  async searchMessages(vector: number[], scope: SearchScope, limit: number): Promise<TextHit[]> {
    const t = this.tables.get(MESSAGE_VECTORS);
    if (!t) return [];
    let q = t.vectorSearch(vector).distanceType('cosine').select(['id', '_distance']).limit(limit);
    const where = scopeWhere(scope);
    if (where) q = q.where(where);
    const rows = (await q.toArray()) as { id: number | bigint; _distance: number }[];
    return rows.map((r) => ({ id: Number(r.id), score: 1 - r._distance }));
  }

  async searchEntities(vector: number[], limit: number): Promise<{ iri: string; label: string; score: number }[]> {
    const t = this.tables.get(ENTITY_VECTORS);
    if (!t) return [];
    const rows = (await t.vectorSearch(vector).distanceType('cosine').select(['iri', 'label', '_distance']).limit(limit).toArray()) as {
      iri: string;
      label: string;
      _distance: number;
    }[];
    return rows.map((r) => ({ iri: r.iri, label: r.label, score: 1 - r._distance }));
  }

  async close(): Promise<void> {
    await this.writes.catch(() => undefined);
    for (const t of this.tables.values()) t.close();
    this.db.close();
  }
}
