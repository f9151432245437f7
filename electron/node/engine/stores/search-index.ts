// The search index: one LanceDB table of messages with a BM25 full-text index.
//
// This module owns the LanceDB folder. Rows are derived from the chat table (ids are the
// SQLite message ids) and kept in step with it on import and delete; when the index is first
// used, it is reconciled with the chat table (after a crash between the two). LanceDB and
// Apache Arrow are loaded then too: a command that never searches loads neither. An index that
// cannot be read, or lost its full-text index, is rebuilt then and the problem reported
// (`onProblem`). Vectors, once an embedding model fills them, live in their own table.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as LanceDb from '@lancedb/lancedb';
import type * as Arrow from 'apache-arrow';
import type { IntegrityProblem } from '../../../../shared/types';
import { addToDigest, type SourceDigest } from './row-digest';

type Libraries = { lancedb: typeof LanceDb; arrow: typeof Arrow };
let libraries: Promise<Libraries> | null = null;

/**
 * Bounds on LanceDB's full-text index builder, set in this process's environment before the
 * library loads (a value the person set wins). Its defaults give each of several workers a
 * 2 GiB buffer: the index's update over a 600,000-row table peaked 466 MB higher. One worker
 * flushing every 64 MiB gives the same top hits and BM25 scores (BENCHMARKS.md).
 */
export const LANCE_INDEX_BOUNDS: Readonly<Record<string, string>> = { LANCE_FTS_NUM_SHARDS: '1', LANCE_FTS_PARTITION_SIZE: '64' };

/**
 * LanceDB's caches, per connection. Its metadata cache (1 GB by default) kept what it read of
 * every data file while the full-text index was built: 290 MB after a 1 GB import, held until the
 * process ends. Capped, the build peaked 200 MB lower at the same speed, and searches were as
 * fast (BENCHMARKS.md). The index cache (posting lists searches read) keeps LanceDB's default.
 */
const METADATA_CACHE_BYTES = 16n * 1024n * 1024n;
const INDEX_CACHE_BYTES = 6n * 1024n * 1024n * 1024n;

/**
 * LanceDB and Apache Arrow, loaded once, when a store first needs them. Arrow is the copy LanceDB
 * requires itself (its CommonJS build): `import('apache-arrow')` would load the ES module build
 * beside it, a second copy of the library (about 110 ms of CPU before an import's first search
 * write), whose tables LanceDB then rebuilds with its own classes.
 */
export function lanceLibraries(): Promise<Libraries> {
  if (!libraries) for (const [name, value] of Object.entries(LANCE_INDEX_BOUNDS)) process.env[name] ??= value;
  return (libraries ??= import('@lancedb/lancedb').then((lancedb) => ({ lancedb, arrow: lancesArrow() })));
}

/** The apache-arrow module LanceDB itself loads (resolved from LanceDB's own folder). */
function lancesArrow(): typeof Arrow {
  const here = createRequire(import.meta.url);
  return createRequire(here.resolve('@lancedb/lancedb'))('apache-arrow') as typeof Arrow;
}

export const MESSAGES_TABLE = 'messages';
/**
 * Rows per LanceDB write at most (a fragment each; the import writes this many per step). A write
 * holds several copies of its rows' text at once (JS strings, Arrow columns, the IPC buffer handed
 * to LanceDB, its decoded batches): 5,000 rows a write instead of 20,000 lowered the peak of a
 * 200 MB import's writing from 861 to 603 MB at the same CPU time. The import's fragments are
 * not compacted afterwards (refresh).
 */
export const SEARCH_WRITE_ROWS = 5_000;
const TEXT_COLUMN = 'search_text';
/** The FTS options the messages table is indexed with (the retrieval defaults were measured on these). */
export const MESSAGE_FTS_OPTIONS = { stem: true, removeStopWords: true, language: 'English', asciiFolding: true, withPosition: false } as const;

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
function schemaOf(arrow: typeof Arrow): Arrow.Schema {
  return new arrow.Schema([
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
}

/**
 * The rows as an Arrow table of the schema's columns. Each column's buffers are written directly
 * (integers into one typed array, strings as UTF-8 into one buffer with their offsets): Arrow's
 * builders (`vectorFromArray`) encode and copy every string on its own, which was a tenth of the
 * import's main-thread time.
 */
export function toArrow(arrow: typeof Arrow, schema: Arrow.Schema, rows: readonly SearchRow[]): Arrow.Table {
  const columns: Record<string, Arrow.Vector> = {};
  for (const field of schema.fields) {
    const name = field.name as keyof SearchRow;
    if (arrow.DataType.isUtf8(field.type)) columns[name] = arrow.makeVector(utf8Data(arrow, field.type, rows, name));
    else if (field.type instanceof arrow.Int32) columns[name] = arrow.makeVector(arrow.makeData({ type: field.type, length: rows.length, data: Int32Array.from(rows, (r) => r[name] as number) }));
    else columns[name] = arrow.vectorFromArray(rows.map((r) => r[name]), field.type);
  }
  return new arrow.Table(schema, columns);
}

/** A string column as Arrow data: the values' UTF-8 one after another, and where each starts. */
function utf8Data(arrow: typeof Arrow, type: Arrow.Utf8, rows: readonly SearchRow[], name: keyof SearchRow): Arrow.Data<Arrow.Utf8> {
  const offsets = new Int32Array(rows.length + 1);
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    size += Buffer.byteLength(rows[i][name] as string, 'utf8');
    offsets[i + 1] = size;
  }
  const data = new Uint8Array(size);
  const out = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < rows.length; i++) out.write(rows[i][name] as string, offsets[i], 'utf8');
  return arrow.makeData({ type, length: rows.length, nullCount: 0, valueOffsets: offsets, data });
}

/** Bytes of every file under `dir` (superseded versions included). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/**
 * Hits best first, equal scores by id: LanceDB hands a query's best hits in no particular order,
 * and which of equal hits come first should not depend on it.
 */
function bestFirst(hits: TextHit[]): TextHit[] {
  return hits.sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * Deepest that searchAmong reads a ranking before it lists the sessions or ids instead (reading
 * 100,000 hits took 0.2 s at a million messages).
 */
const SESSIONS_READ_DEEPEST = 200_000;

/** How deep a ranking is read first for `limit` hits in sessions holding `share` of the hits (a margin for their spread). */
export function readingDepth(limit: number, share = 0.25): number {
  return Math.max(limit * 2, Math.ceil((limit / Math.min(1, Math.max(share, 0.001))) * 1.5));
}

export interface SearchScope {
  sourceIds?: number[];
  sessionIds?: number[];
  /** Sessions whose rows are left out (a scope of nearly every session, named by the few it is not). */
  excludeSessionIds?: number[];
  conversationIds?: number[];
  speakers?: string[];
  ids?: number[];
  /** Rows whose id is in this range (both ends included). */
  idRange?: [number, number];
}

export interface TextHit {
  id: number;
  score: number;
}

export type FullTextQuery = LanceDb.FullTextQuery;

/** Ids written into a LanceDB filter: a value that is not a number is refused, naming the field (LanceDB would say "No field named NaN"). */
const sqlList = (field: string, values: readonly number[]) =>
  values
    .map((v) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`search scope: ${field} holds ${typeof v === 'string' ? JSON.stringify(v) : String(v)}, not a number`);
      return Math.trunc(v);
    })
    .join(',');
const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The id lists of a scope and the table's column each filters. */
const SCOPE_ID_COLUMNS = [
  ['sourceIds', 'source_id'],
  ['sessionIds', 'session_id'],
  ['conversationIds', 'conversation_id'],
  ['ids', 'id'],
] as const;

export function scopeWhere(scope: SearchScope): string | undefined {
  const parts: string[] = [];
  for (const [field, column] of SCOPE_ID_COLUMNS) {
    const values = scope[field];
    if (values) parts.push(values.length ? `${column} IN (${sqlList(field, values)})` : 'false');
  }
  if (scope.excludeSessionIds?.length) parts.push(`session_id NOT IN (${sqlList('excludeSessionIds', scope.excludeSessionIds)})`);
  if (scope.idRange) {
    const [from, to] = sqlList('idRange', scope.idRange).split(',');
    parts.push(`id >= ${from} AND id <= ${to}`);
  }
  if (scope.speakers) parts.push(scope.speakers.length ? `speaker IN (${scope.speakers.map(sqlString).join(',')})` : 'false');
  return parts.length ? parts.join(' AND ') : undefined;
}

/** What the index must hold per source, for the reconciliation when it is first used. */
export interface SearchExpectation {
  /** Messages per ready source in the chat table. */
  counts(): Map<number, number>;
  /** A source's rows, to index again. */
  rows(sourceId: number): SearchRow[];
}

interface Open {
  lib: Libraries;
  schema: Arrow.Schema;
  db: LanceDb.Connection;
}

export class SearchIndex {
  private table: LanceDb.Table | null = null;
  private opening: Promise<Open> | null = null;
  private opened: Open | null = null;
  /** Writes are serialized: concurrent LanceDB commits on one table would conflict. */
  private writes: Promise<unknown> = Promise.resolve();
  /**
   * Whether rows may be outside the full-text index (written since it was built; null: not
   * known yet). A search over unindexed rows stops at its first matches in row order, not its
   * best ones, so then a search reads every match (see `search`).
   */
  private unindexed: boolean | null = null;

  private constructor(
    private readonly dir: string,
    private readonly expect?: SearchExpectation,
    private readonly onProblem?: (problem: IntegrityProblem) => void,
  ) {}

  /** The index in `dir`, opened (and reconciled with `expect`) when first used; damage found then goes to `onProblem`. */
  static async open(dir: string, expect?: SearchExpectation, onProblem?: (problem: IntegrityProblem) => void): Promise<SearchIndex> {
    return new SearchIndex(dir, expect, onProblem);
  }

  /** Deletes the index's folder (it is derived: the engine rebuilds it from the chat table). */
  static remove(dir: string): void {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  /** Whether LanceDB has been opened (a command that never searched has not). */
  get isOpen(): boolean {
    return this.opened !== null;
  }

  /** Opens LanceDB now (what a check of the stores needs before it reads the index). */
  async ensureOpen(): Promise<void> {
    await this.use();
  }

  private async connect(lib: Libraries): Promise<Open> {
    const db = await lib.lancedb.connect(this.dir, { session: new lib.lancedb.Session(INDEX_CACHE_BYTES, METADATA_CACHE_BYTES) });
    const names = await db.tableNames();
    this.table = names.includes(MESSAGES_TABLE) ? await db.openTable(MESSAGES_TABLE) : null;
    return { lib, schema: schemaOf(lib.arrow), db };
  }

  private use(): Promise<Open> {
    return (this.opening ??= (async () => {
      const lib = await lanceLibraries();
      let open: Open;
      let counted: Map<number, number> | null = null;
      try {
        open = await this.connect(lib);
        // Counting reads every fragment: a damaged data file shows here.
        if (this.expect) counted = await this.countExpected(this.expect);
        if (this.table && !(await this.hasTextIndex())) {
          await this.ensureTextIndex(open);
          this.onProblem?.({ store: 'search', where: 'search/messages.lance', problem: 'the full-text index was missing', repaired: true, action: 'built again' });
        }
      } catch (e) {
        this.table?.close();
        this.table = null;
        this.onProblem?.({
          store: 'search',
          where: 'search/',
          problem: `the search index could not be read (${String((e as Error).message).split('\n')[0].replace(/, \/rustc\/.*$/, '').slice(0, 160)})`,
          repaired: true,
          action: 'rebuilt from engram.sqlite',
        });
        SearchIndex.remove(this.dir);
        open = await this.connect(lib);
        counted = null;
      }
      const added = this.expect ? await this.reconcile(open, this.expect, counted ?? (await this.countRaw())) : false;
      this.opened = open;
      // rows written after the index was built are outside it: built again in the background
      if (added) void this.refresh().catch(() => undefined);
      return open;
    })());
  }

  /** Brings the index in step with the chat table: sources whose row count differs are indexed again, rows of sources gone are dropped. True when rows were written. */
  private async reconcile(open: Open, expect: SearchExpectation, inIndex: Map<number, number>): Promise<boolean> {
    const inChat = expect.counts();
    let added = false;
    for (const [id, n] of inChat) {
      if (inIndex.get(id) === n) continue;
      if (this.table) await this.table.delete(scopeWhere({ sourceIds: [id] })!);
      await this.addRaw(open, expect.rows(id), false);
      added = true;
    }
    const stray = [...inIndex.keys()].filter((id) => !inChat.has(id));
    if (stray.length && this.table) await this.table.delete(scopeWhere({ sourceIds: stray })!);
    return added;
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.writes.then(work, work);
    this.writes = next.catch(() => undefined);
    return next;
  }

  /**
   * Writes rows. With `indexLater`, a table these rows create gets its full-text index at the
   * next refresh (an import calls it at its end) instead of over its first rows: the import's
   * next batch waited for that build. Until then a search reads the rows unindexed (every match
   * of them: see `search`).
   */
  async add(rows: SearchRow[], opts: { indexLater?: boolean } = {}): Promise<void> {
    if (!rows.length) return;
    const open = await this.use();
    await this.serialize(() => this.addRaw(open, rows, opts.indexLater === true));
  }

  /** Whether the table (if any) has its full-text index: a crash between creating the table and its index leaves it without. */
  async hasTextIndex(): Promise<boolean> {
    if (!this.table) return true;
    return (await this.table.listIndices()).some((i) => i.columns.includes(TEXT_COLUMN));
  }

  /** Builds the full-text index if it is missing; true when it had to. */
  async repairTextIndex(): Promise<boolean> {
    const open = await this.use();
    return this.serialize(async () => {
      if (await this.hasTextIndex()) return false;
      await this.ensureTextIndex(open);
      return true;
    });
  }

  private async addRaw(open: Open, rows: SearchRow[], indexLater: boolean): Promise<void> {
    if (rows.length > SEARCH_WRITE_ROWS) {
      // a whole source (the reconciliation after a crash) is written a bounded batch at a time:
      // one write of a 1 GB source would pass Arrow's 32-bit string offsets
      for (let i = 0; i < rows.length; i += SEARCH_WRITE_ROWS) await this.addRaw(open, rows.slice(i, i + SEARCH_WRITE_ROWS), indexLater);
      return;
    }
    if (!rows.length) return;
    const data = toArrow(open.lib.arrow, open.schema, rows);
    // (before the write: a search that starts while it is made must not read the new rows as indexed)
    this.unindexed = true;
    if (!this.table) {
      const table = await open.db.createEmptyTable(MESSAGES_TABLE, open.schema);
      await table.add(data);
      this.table = table;
      if (!indexLater) await this.ensureTextIndex(open);
    } else {
      await this.table.add(data);
    }
  }

  private async ensureTextIndex(open: Open): Promise<void> {
    if (!this.table) return;
    const indices = await this.table.listIndices();
    if (indices.some((i) => i.columns.includes(TEXT_COLUMN))) return;
    await this.buildTextIndex(open);
  }

  /** The full-text index over every row, replacing any older one. */
  private async buildTextIndex(open: Open): Promise<void> {
    await this.table!.createIndex(TEXT_COLUMN, {
      // no positions: no phrase query is made, and positions made the build's memory and the index larger
      config: open.lib.lancedb.Index.fts({ ...MESSAGE_FTS_OPTIONS, lowercase: true }),
      replace: true,
    });
    // (writes are serialized: none was made while it was built)
    this.unindexed = false;
  }

  /** Whether some rows are outside the full-text index (read from the index's statistics once, then kept by the writes). */
  private async hasUnindexedRows(): Promise<boolean> {
    if (!this.table) return false;
    if (this.unindexed === null) {
      const index = (await this.table.listIndices()).find((i) => i.columns.includes(TEXT_COLUMN));
      this.unindexed = !index || (await this.table.indexStats(index.name))!.numUnindexedRows > 0;
    }
    return this.unindexed;
  }

  /**
   * How many of its best hits a full-text query must read for `limit` of them to be right: with
   * rows outside the index, every row (those are read in row order, up to the query's limit).
   */
  private async depthFor(limit: number): Promise<number> {
    return (await this.hasUnindexedRows()) ? Math.max(limit, await this.table!.countRows()) : limit;
  }

  /**
   * After writes (an import): the full-text index made whole again (unindexed rows are searched
   * anyway, but by reading them all). The table is compacted only when it is fragmented (many
   * fragments for its rows, or old files taking more room than the table): LanceDB's compaction
   * rewrites every fragment under a million rows, which after a 1 GB import peaked ~770 MB over
   * the process, while an import's own fragments (SEARCH_WRITE_ROWS each) search as well as one.
   * Otherwise the index alone is built again over all rows (bounded by LANCE_INDEX_BOUNDS).
   */
  async refresh(): Promise<'compacted' | 'indexed' | 'unchanged'> {
    if (!this.opened) return 'unchanged';
    const open = this.opened;
    return this.serialize(async () => {
      if (!this.table) return 'unchanged';
      if (await this.fragmented()) {
        await this.table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });
        // compaction brings an index up to date but makes none (a table an import created has none yet)
        await this.ensureTextIndex(open);
        this.unindexed = null; // read again from the index's statistics
        return 'compacted';
      }
      const index = (await this.table.listIndices()).find((i) => i.columns.includes(TEXT_COLUMN));
      const stats = index ? await this.table.indexStats(index.name) : undefined;
      if (stats && stats.numUnindexedRows === 0) {
        this.unindexed = false;
        return 'unchanged';
      }
      await this.buildTextIndex(open);
      return 'indexed';
    });
  }

  /** Whether compaction is worth its cost: fragments well beyond what the rows need, or a folder mostly of superseded files. */
  private async fragmented(): Promise<boolean> {
    const { numRows, fragmentStats, totalBytes } = await this.table!.stats();
    const needed = Math.ceil(numRows / SEARCH_WRITE_ROWS);
    if (fragmentStats.numFragments > 2 * needed + 16) return true;
    return folderBytes(this.dir) > 2 * totalBytes + 64 * 1024 * 1024;
  }

  /** Resolves once the writes queued so far (adds, the refresh after an import) are done. */
  async settled(): Promise<void> {
    await this.writes;
  }

  async deleteWhere(scope: SearchScope): Promise<void> {
    const where = scopeWhere(scope);
    if (!where) throw new Error('refusing to delete the whole search index without a scope');
    await this.use();
    await this.serialize(async () => {
      if (this.table) await this.table.delete(where);
    });
  }

  /** BM25 search; `query` is plain words (no query syntax) or a structured LanceDB query. The best `limit` hits, best first (equal scores by id). */
  async search(query: string | FullTextQuery, scope: SearchScope = {}, limit = 50): Promise<TextHit[]> {
    const { lib } = await this.use();
    if (!this.table) return [];
    const q = typeof query === 'string' ? new lib.lancedb.MatchQuery(query, TEXT_COLUMN) : query;
    const depth = await this.depthFor(limit);
    let builder = this.table.query().fullTextSearch(q).select(['id', '_score']).limit(depth);
    const where = scopeWhere(scope);
    if (where) builder = builder.where(where);
    const rows = (await builder.toArray()) as { id: number | bigint; _score: number }[];
    return bestFirst(rows.map((r) => ({ id: Number(r.id), score: r._score }))).slice(0, limit);
  }

  /**
   * The best `limit` hits of `query` in the rows of `sessions` (or among the rows `ids`), within
   * `scope`, best first: the hits search() gives with those sessions or ids listed (which of
   * equal scores make the cut aside), scored as search() scores within `scope` (a search
   * filtered by a list scores a fraction of a percent differently). Listing is what costs: the
   * index's filter takes 0.07–0.2 ms per listed id at a million messages (3,500 message ids 0.28
   * s, 17,000 sessions 1.2–1.5 s, 96,000 sessions 16 s), a range of ids 30 ms. So the ranking
   * within `scope` (none, the sources, a range of ids) is read without the list, as deep as
   * `share` (the list's expected part of the hits) says, deeper (×4) while too few of its hits
   * are in the list and it has not ended; past `deepest` (SESSIONS_READ_DEEPEST) the list is
   * given to the filter after all (`listed`: the scope that lists it, the list by default).
   */
  async searchAmong(
    query: string,
    among: { sessions: ReadonlySet<number> } | { ids: ReadonlySet<number> },
    limit: number,
    opts: { scope?: SearchScope; share?: number; deepest?: number; listed?: SearchScope } = {},
  ): Promise<TextHit[]> {
    const { lib } = await this.use();
    const sessions = 'sessions' in among ? among.sessions : null;
    const ids = 'ids' in among ? among.ids : null;
    if (!this.table || !(sessions ?? ids)!.size) return [];
    const where = scopeWhere(opts.scope ?? {});
    const deepest = opts.deepest ?? SESSIONS_READ_DEEPEST;
    const unindexed = await this.hasUnindexedRows();
    let depth = unindexed ? await this.depthFor(limit) : Math.min(deepest, readingDepth(limit, opts.share));
    for (;;) {
      let builder = this.table.query().fullTextSearch(new lib.lancedb.MatchQuery(query, TEXT_COLUMN)).select(['id', 'session_id', '_score']).limit(depth);
      if (where) builder = builder.where(where);
      const rows = (await builder.toArray()) as { id: number | bigint; session_id: number | bigint; _score: number }[];
      const kept = bestFirst(rows.filter((r) => (sessions ? sessions.has(Number(r.session_id)) : ids!.has(Number(r.id)))).map((r) => ({ id: Number(r.id), score: r._score })));
      // the whole ranking read (every hit in the sessions), or enough of it
      if (kept.length >= limit || rows.length < depth || unindexed) return kept.slice(0, limit);
      if (depth >= deepest) break;
      depth = Math.min(deepest, depth * 4);
    }
    return this.search(query, opts.listed ?? { ...opts.scope, ...(sessions ? { sessionIds: [...sessions] } : { ids: [...ids!] }) }, limit);
  }

  async countBySource(): Promise<Map<number, number>> {
    await this.use();
    return this.countRaw();
  }

  /**
   * Rows per source, counted by LanceDB for the sources the chat table has (each count reads
   * the table's source column); every source's rows (countRaw) only when the total says the
   * index holds rows of other sources too.
   */
  private async countExpected(expect: SearchExpectation): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!this.table) return counts;
    for (const id of expect.counts().keys()) {
      const n = await this.table.countRows(`source_id = ${Number(id)}`);
      if (n) counts.set(id, n);
    }
    const total = await this.table.countRows();
    return total === [...counts.values()].reduce((a, b) => a + b, 0) ? counts : this.countRaw();
  }

  private async countRaw(): Promise<Map<number, number>> {
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
    await this.use();
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
    await this.use();
    if (!this.table || !ids.length) return [];
    const out: SearchRow[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      out.push(...((await this.table.query().where(`id IN (${sqlList('ids', ids.slice(i, i + 1000))})`).toArray()) as SearchRow[]));
    }
    return out.map((r) => ({ ...r, id: Number(r.id), source_id: Number(r.source_id), conversation_id: Number(r.conversation_id), session_id: Number(r.session_id) }));
  }

  async count(): Promise<number> {
    await this.use();
    return this.table ? this.table.countRows() : 0;
  }

  async close(): Promise<void> {
    if (!this.opening) return;
    const open = await this.opening.catch(() => null);
    await this.writes.catch(() => undefined);
    this.table?.close();
    open?.db.close();
  }
}
