// Extraction bookkeeping in SQLite (owner 'extraction'): one row per chunk with its status and
// what its extraction recorded, and one row per job so that an interrupted job can be resumed.
//
// A chunk's outcome is written by the graph worker in the same transaction as the chunk's named
// graph (`recordFinished`, `forget`: see the worker's 'finishChunk' and 'forgetChunks'), so the
// status never claims triples that are not there.
import type Database from 'better-sqlite3';
import type { ChunkInfo, ChunkStatus, ExtractionCounts, ExtractionScope } from '../../../../shared/types';
import { GRAPHS } from '../../../../shared/rdf';
import { migrate } from './migrate';
import type { ChunkPlan } from '../extraction/chunks';
import type { ChunkReport } from '../../../../shared/types';

const MIGRATIONS = [
  {
    version: 1,
    name: 'extraction chunks and jobs',
    sql: `
      CREATE TABLE extraction_chunks (
        key TEXT PRIMARY KEY,
        source_id INTEGER NOT NULL,
        session_id INTEGER NOT NULL,
        first_message_id INTEGER NOT NULL,
        message_ids TEXT NOT NULL,
        target_ids TEXT NOT NULL,
        include_assistant INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'pending',
        model TEXT,
        prompt_version TEXT,
        tries INTEGER NOT NULL DEFAULT 0,
        duration_ms INTEGER,
        triples_kept INTEGER,
        triples_dropped INTEGER,
        prompt_tokens INTEGER,
        eval_tokens INTEGER,
        tokens_per_second REAL,
        report TEXT,
        error TEXT,
        job_id TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX extraction_chunks_session ON extraction_chunks(session_id, first_message_id);
      CREATE INDEX extraction_chunks_source ON extraction_chunks(source_id, status);
      CREATE INDEX extraction_chunks_status ON extraction_chunks(status);
      CREATE TABLE extraction_jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        scope TEXT NOT NULL,
        options TEXT NOT NULL,
        chunk_keys TEXT NOT NULL,
        state TEXT NOT NULL,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
];

interface ChunkDbRow {
  key: string;
  source_id: number;
  session_id: number;
  message_ids: string;
  target_ids: string;
  include_assistant: number;
  status: ChunkStatus;
  model: string | null;
  prompt_version: string | null;
  tries: number;
  duration_ms: number | null;
  triples_kept: number | null;
  triples_dropped: number | null;
  prompt_tokens: number | null;
  eval_tokens: number | null;
  tokens_per_second: number | null;
  report: string | null;
  error: string | null;
  updated_at: string;
}

export interface ChunkRecord {
  model: string;
  promptVersion: string | null;
  tries: number;
  durationMs: number;
  triplesKept: number;
  triplesDropped: number;
  promptTokens: number;
  evalTokens: number;
  tokensPerSecond: number;
  report: ChunkReport | null;
  error: string | null;
  jobId: string;
}

export interface JobRow {
  id: string;
  kind: 'extract' | 'embed';
  title: string;
  scope: ExtractionScope | Record<string, unknown>;
  options: Record<string, unknown>;
  chunkKeys: string[];
  state: 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

const now = () => new Date().toISOString();

export class ExtractionState {
  private constructor(private readonly db: Database.Database) {}

  /** The extraction tables of a connection (see memory-db.ts), created or migrated to this build's schema. */
  static migrated(db: Database.Database): ExtractionState {
    migrate(db, 'extraction', MIGRATIONS);
    return new ExtractionState(db);
  }

  /** Over another connection to a migrated file (the graph worker's), without touching the schema. */
  static over(db: Database.Database): ExtractionState {
    return new ExtractionState(db);
  }

  /** After a crash: chunks that were running are pending again; running jobs were interrupted. */
  recoverAfterCrash(): void {
    this.db.transaction(() => {
      this.db.prepare(`UPDATE extraction_chunks SET status = 'pending', job_id = NULL WHERE status = 'running'`).run();
      this.db.prepare(`UPDATE extraction_jobs SET state = 'interrupted', updated_at = ? WHERE state = 'running'`).run(now());
    })();
  }

  /** Message ids already covered by a chunk, per session. */
  coveredMessages(sessionIds: number[]): Map<number, Set<number>> {
    const out = new Map<number, Set<number>>();
    for (const part of slices(sessionIds)) {
      const rows = this.db
        .prepare(`SELECT session_id, message_ids FROM extraction_chunks WHERE session_id IN (${part.map(() => '?').join(',')})`)
        .all(...part) as { session_id: number; message_ids: string }[];
      for (const r of rows) {
        if (!out.has(r.session_id)) out.set(r.session_id, new Set());
        for (const id of JSON.parse(r.message_ids) as number[]) out.get(r.session_id)!.add(id);
      }
    }
    return out;
  }

  insertPlans(plans: ChunkPlan[]): void {
    const stmt = this.db.prepare(
      `INSERT OR IGNORE INTO extraction_chunks (key, source_id, session_id, first_message_id, message_ids, target_ids, include_assistant, status, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    );
    this.db.transaction(() => {
      for (const p of plans) stmt.run(p.key, p.sourceId, p.sessionId, p.messageIds[0], JSON.stringify(p.messageIds), JSON.stringify(p.targetIds), p.includeAssistant ? 1 : 0, now());
    })();
  }

  /** Chunk keys of sessions, in session and message order. */
  chunkKeysOfSessions(sessionIds: number[]): string[] {
    const out: string[] = [];
    for (const part of slices(sessionIds)) {
      out.push(
        ...(this.db
          .prepare(`SELECT key FROM extraction_chunks WHERE session_id IN (${part.map(() => '?').join(',')}) ORDER BY session_id, first_message_id`)
          .pluck()
          .all(...part) as string[]),
      );
    }
    return out;
  }

  /** Chunks containing any of these messages (as target or context). */
  chunkKeysOfMessages(sessionIds: number[], messageIds: ReadonlySet<number>): string[] {
    const keys: string[] = [];
    for (const part of slices(sessionIds)) {
      const rows = this.db
        .prepare(`SELECT key, message_ids FROM extraction_chunks WHERE session_id IN (${part.map(() => '?').join(',')}) ORDER BY session_id, first_message_id`)
        .all(...part) as { key: string; message_ids: string }[];
      for (const r of rows) if ((JSON.parse(r.message_ids) as number[]).some((id) => messageIds.has(id))) keys.push(r.key);
    }
    return keys;
  }

  get(key: string): ChunkInfo | undefined {
    const row = this.db.prepare('SELECT * FROM extraction_chunks WHERE key = ?').get(key) as ChunkDbRow | undefined;
    return row ? toInfo(row, true) : undefined;
  }

  getMany(keys: string[]): ChunkInfo[] {
    const out = new Map<string, ChunkInfo>();
    for (const part of slices(keys)) {
      const rows = this.db.prepare(`SELECT * FROM extraction_chunks WHERE key IN (${part.map(() => '?').join(',')})`).all(...part) as ChunkDbRow[];
      for (const r of rows) out.set(r.key, toInfo(r, false));
    }
    return keys.map((k) => out.get(k)).filter((c): c is ChunkInfo => !!c);
  }

  list(filter: { status?: ChunkStatus; sourceIds?: number[]; sessionIds?: number[]; limit: number; offset: number }): { total: number; chunks: ChunkInfo[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    if (filter.sourceIds) {
      where.push(filter.sourceIds.length ? `source_id IN (${filter.sourceIds.map(() => '?').join(',')})` : '0');
      params.push(...filter.sourceIds);
    }
    if (filter.sessionIds) {
      where.push(filter.sessionIds.length ? `session_id IN (${filter.sessionIds.map(() => '?').join(',')})` : '0');
      params.push(...filter.sessionIds);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = this.db.prepare(`SELECT COUNT(*) FROM extraction_chunks ${w}`).pluck().get(...params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM extraction_chunks ${w} ORDER BY source_id, session_id, first_message_id LIMIT ? OFFSET ?`)
      .all(...params, filter.limit, filter.offset) as ChunkDbRow[];
    return { total, chunks: rows.map((r) => toInfo(r, true)) };
  }

  markRunning(key: string, jobId: string): void {
    this.db.prepare(`UPDATE extraction_chunks SET status = 'running', job_id = ?, updated_at = ? WHERE key = ?`).run(jobId, now(), key);
  }

  markPending(keys: string[]): void {
    const stmt = this.db.prepare(`UPDATE extraction_chunks SET status = 'pending', job_id = NULL, updated_at = ? WHERE key = ? AND status = 'running'`);
    this.db.transaction(() => keys.forEach((k) => stmt.run(now(), k)))();
  }

  /** Records how a chunk ended; the graph worker calls it in the transaction that stores or drops the chunk's graph. */
  recordFinished(key: string, status: 'done' | 'failed', r: ChunkRecord): void {
    this.db
      .prepare(
        `UPDATE extraction_chunks SET status = ?, model = ?, prompt_version = ?, tries = ?, duration_ms = ?, triples_kept = ?,
           triples_dropped = ?, prompt_tokens = ?, eval_tokens = ?, tokens_per_second = ?, report = ?, error = ?, job_id = ?, updated_at = ?
         WHERE key = ?`,
      )
      .run(
        status,
        r.model,
        r.promptVersion,
        r.tries,
        Math.round(r.durationMs),
        r.triplesKept,
        r.triplesDropped,
        r.promptTokens,
        r.evalTokens,
        r.tokensPerSecond,
        r.report ? JSON.stringify(r.report) : null,
        r.error,
        r.jobId,
        now(),
        key,
      );
  }

  /** Forgets chunks; the graph worker calls it in the transaction that drops their graphs. */
  forget(keys: string[]): void {
    for (const part of slices(keys)) this.db.prepare(`DELETE FROM extraction_chunks WHERE key IN (${part.map(() => '?').join(',')})`).run(...part);
  }

  /** Target messages already in a chunk, per source. */
  chunkedTargetsBySource(): Map<number, number> {
    const rows = this.db.prepare(`SELECT source_id AS id, SUM(json_array_length(target_ids)) AS n FROM extraction_chunks GROUP BY source_id`).all() as { id: number; n: number }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** Chunks of sessions that no longer exist in the chat table. */
  orphanKeys(): string[] {
    return this.db.prepare('SELECT key FROM extraction_chunks WHERE session_id NOT IN (SELECT id FROM sessions)').pluck().all() as string[];
  }

  allKeys(): Set<string> {
    return new Set(this.db.prepare('SELECT key FROM extraction_chunks').pluck().all() as string[]);
  }

  counts(groupBy: 'source_id' | 'session_id', ids?: number[]): Map<number, ExtractionCounts> {
    const where = ids ? (ids.length ? `WHERE ${groupBy} IN (${ids.map(() => '?').join(',')})` : 'WHERE 0') : '';
    const rows = this.db
      .prepare(
        `SELECT ${groupBy} AS id, COUNT(*) AS chunks, SUM(status = 'done') AS done, SUM(status = 'failed') AS failed,
           SUM(status = 'pending') AS pending, SUM(status = 'running') AS running, COALESCE(SUM(CASE WHEN status = 'done' THEN triples_kept END), 0) AS triples
         FROM extraction_chunks ${where} GROUP BY ${groupBy}`,
      )
      .all(...(ids ?? [])) as (ExtractionCounts & { id: number })[];
    return new Map(rows.map(({ id, ...c }) => [id, c]));
  }

  /** Done chunks of a session, newest last (for "recently extracted entities"). */
  doneKeysOfSession(sessionId: number, beforeMessageId: number, limit: number): string[] {
    return (
      this.db
        .prepare(`SELECT key FROM extraction_chunks WHERE session_id = ? AND status = 'done' AND first_message_id < ? ORDER BY first_message_id DESC LIMIT ?`)
        .pluck()
        .all(sessionId, beforeMessageId, limit) as string[]
    ).reverse();
  }

  // ---- jobs

  saveJob(j: Omit<JobRow, 'createdAt' | 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO extraction_jobs (id, kind, title, scope, options, chunk_keys, state, error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, error = excluded.error, updated_at = excluded.updated_at`,
      )
      .run(j.id, j.kind, j.title, JSON.stringify(j.scope), JSON.stringify(j.options), JSON.stringify(j.chunkKeys), j.state, j.error, now(), now());
  }

  setJobState(id: string, state: JobRow['state'], error: string | null = null): void {
    this.db.prepare('UPDATE extraction_jobs SET state = ?, error = ?, updated_at = ? WHERE id = ?').run(state, error, now(), id);
  }

  interruptedJobs(): JobRow[] {
    const rows = this.db.prepare(`SELECT * FROM extraction_jobs WHERE state = 'interrupted' ORDER BY created_at`).all() as {
      id: string;
      kind: JobRow['kind'];
      title: string;
      scope: string;
      options: string;
      chunk_keys: string;
      state: JobRow['state'];
      error: string | null;
      created_at: string;
      updated_at: string;
    }[];
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      scope: JSON.parse(r.scope),
      options: JSON.parse(r.options),
      chunkKeys: JSON.parse(r.chunk_keys),
      state: r.state,
      error: r.error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }
}

function toInfo(r: ChunkDbRow, withReport: boolean): ChunkInfo {
  return {
    key: r.key,
    graph: GRAPHS.extraction(r.key),
    sourceId: r.source_id,
    sessionId: r.session_id,
    messageIds: JSON.parse(r.message_ids),
    targetIds: JSON.parse(r.target_ids),
    includeAssistant: r.include_assistant === 1,
    status: r.status,
    model: r.model,
    promptVersion: r.prompt_version,
    tries: r.tries,
    durationMs: r.duration_ms,
    triplesKept: r.triples_kept,
    triplesDropped: r.triples_dropped,
    promptTokens: r.prompt_tokens,
    evalTokens: r.eval_tokens,
    tokensPerSecond: r.tokens_per_second,
    error: r.error,
    updatedAt: r.updated_at,
    ...(withReport && r.report ? { report: JSON.parse(r.report) } : {}),
  };
}

function slices<T>(xs: T[], n = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}
