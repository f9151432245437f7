// Bookkeeping of topics (SQLite, owner 'topics'; docs/topics.md):
//   - topic_sources: per source, the topic pass's version and state, and the size of the memory
//     its labels were weighed against (a memory that grew or shrank by more than a tenth since
//     weighs again);
//   - topic_terms: per source, how many of its sessions hold each candidate key (the memory's
//     document frequencies are their sums, so one source's pass needs no other source's text);
//   - session_topics: each session's labels in rank order (the timeline's topic lane, the topic pages);
//   - topic_windows: the model's topic summaries, one row per window of rounds.
import type Database from 'better-sqlite3';
import { migrate } from './migrate';

export interface TopicSourceRecord {
  sourceId: number;
  version: number;
  state: 'running' | 'done';
  sessions: number;
  topics: number;
  /** Sessions in the memory when the labels were weighed. */
  memorySessions: number;
  durationMs: number;
  updatedAt: string;
}

export interface SessionTopicRow {
  sessionId: number;
  sourceId: number;
  rank: number;
  key: string;
  label: string;
  score: number;
  mentions: number;
  /** Message ids that mention it in the session. */
  messageIds: number[];
}

export type WindowStatus = 'done' | 'failed';

export interface TopicWindowRecord {
  key: string;
  sourceId: number;
  /** 0-based index of the window in its source (window k covers rounds 50k … 50k+49). */
  index: number;
  firstMessageId: number;
  lastMessageId: number;
  rounds: number;
  status: WindowStatus;
  model: string;
  promptVersion: string;
  descriptions: number;
  error: string | null;
  updatedAt: string;
}

const now = () => new Date().toISOString();

export class TopicStore {
  /** Bumped whenever session labels change (this module is their only writer; one process holds a memory). */
  revision = 0;

  constructor(private readonly db: Database.Database) {
    migrate(db, 'topics', [
      {
        version: 1,
        name: 'topics per session, document frequencies, model summaries',
        sql: `CREATE TABLE topic_sources (
            source_id INTEGER PRIMARY KEY,
            version INTEGER NOT NULL,
            state TEXT NOT NULL,
            sessions INTEGER NOT NULL DEFAULT 0,
            topics INTEGER NOT NULL DEFAULT 0,
            memory_sessions INTEGER NOT NULL DEFAULT 0,
            duration_ms INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT NOT NULL
          );
          CREATE TABLE topic_terms (
            source_id INTEGER NOT NULL,
            term TEXT NOT NULL,
            sessions INTEGER NOT NULL,
            PRIMARY KEY (source_id, term)
          ) WITHOUT ROWID;
          CREATE INDEX topic_terms_term ON topic_terms (term);
          CREATE TABLE session_topics (
            session_id INTEGER NOT NULL,
            source_id INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            topic_key TEXT NOT NULL,
            label TEXT NOT NULL,
            score REAL NOT NULL,
            mentions INTEGER NOT NULL,
            message_ids TEXT NOT NULL,
            PRIMARY KEY (session_id, rank)
          );
          CREATE INDEX session_topics_source ON session_topics (source_id);
          CREATE INDEX session_topics_key ON session_topics (topic_key);
          CREATE TABLE topic_windows (
            key TEXT PRIMARY KEY,
            source_id INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            first_message_id INTEGER NOT NULL,
            last_message_id INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            status TEXT NOT NULL,
            model TEXT NOT NULL,
            prompt_version TEXT NOT NULL,
            descriptions INTEGER NOT NULL DEFAULT 0,
            error TEXT,
            updated_at TEXT NOT NULL
          );
          CREATE INDEX topic_windows_source ON topic_windows (source_id, idx);`,
      },
    ]);
  }

  // ---- the pass without a model

  sources(): TopicSourceRecord[] {
    const rows = this.db.prepare('SELECT * FROM topic_sources ORDER BY source_id').all() as Record<string, unknown>[];
    return rows.map((r) => ({
      sourceId: r.source_id as number,
      version: r.version as number,
      state: r.state as TopicSourceRecord['state'],
      sessions: r.sessions as number,
      topics: r.topics as number,
      memorySessions: r.memory_sessions as number,
      durationMs: r.duration_ms as number,
      updatedAt: r.updated_at as string,
    }));
  }

  markRunning(sourceId: number, version: number): void {
    this.db
      .prepare(
        `INSERT INTO topic_sources (source_id, version, state, updated_at) VALUES (?, ?, 'running', ?)
         ON CONFLICT (source_id) DO UPDATE SET version = excluded.version, state = 'running', updated_at = excluded.updated_at`,
      )
      .run(sourceId, version, now());
  }

  /** A source's document frequencies, replaced in one transaction. */
  setTerms(sourceId: number, df: Map<string, number>): void {
    const del = this.db.prepare('DELETE FROM topic_terms WHERE source_id = ?');
    const ins = this.db.prepare('INSERT INTO topic_terms (source_id, term, sessions) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      del.run(sourceId);
      for (const [term, n] of df) ins.run(sourceId, term, n);
    })();
  }

  /** The memory's document frequency of each key: sessions of every source that hold it. */
  memoryFrequencies(keys: Iterable<string>): Map<string, number> {
    const wanted = [...new Set(keys)];
    const out = new Map<string, number>();
    const q = this.db.prepare('SELECT SUM(sessions) FROM topic_terms WHERE term = ?').pluck();
    for (const k of wanted) out.set(k, (q.get(k) as number | null) ?? 0);
    return out;
  }

  /** A source's session labels and its record, in one transaction (the record says done only with its labels). */
  finish(sourceId: number, version: number, rows: SessionTopicRow[], stats: { sessions: number; topics: number; memorySessions: number; durationMs: number }): void {
    const del = this.db.prepare('DELETE FROM session_topics WHERE source_id = ?');
    const ins = this.db.prepare('INSERT INTO session_topics (session_id, source_id, rank, topic_key, label, score, mentions, message_ids) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      del.run(sourceId);
      this.revision++;
      for (const r of rows) ins.run(r.sessionId, r.sourceId, r.rank, r.key, r.label, r.score, r.mentions, JSON.stringify(r.messageIds));
      this.db
        .prepare(
          `INSERT INTO topic_sources (source_id, version, state, sessions, topics, memory_sessions, duration_ms, updated_at)
           VALUES (?, ?, 'done', ?, ?, ?, ?, ?)
           ON CONFLICT (source_id) DO UPDATE SET version = excluded.version, state = 'done', sessions = excluded.sessions, topics = excluded.topics,
             memory_sessions = excluded.memory_sessions, duration_ms = excluded.duration_ms, updated_at = excluded.updated_at`,
        )
        .run(sourceId, version, stats.sessions, stats.topics, stats.memorySessions, Math.round(stats.durationMs), now());
    })();
  }

  /**
   * How many topics label a session of a ready source: the topics the workbench's lane has rows
   * for (TopicService.topics over the same sessions), counted without reading the labels.
   */
  countTopics(): number {
    return this.db
      .prepare(
        `SELECT COUNT(DISTINCT t.topic_key) FROM session_topics t
         JOIN sessions x ON x.id = t.session_id JOIN sources s ON s.id = x.source_id
         WHERE s.status = 'ready'`,
      )
      .pluck()
      .get() as number;
  }

  /** Session labels, of some sources (all when none given), by session then rank. */
  sessionTopics(sourceIds?: number[]): SessionTopicRow[] {
    const where = sourceIds?.length ? `WHERE source_id IN (${sourceIds.map(() => '?').join(',')})` : '';
    const rows = this.db.prepare(`SELECT * FROM session_topics ${where} ORDER BY session_id, rank`).all(...(sourceIds ?? [])) as Record<string, unknown>[];
    return rows.map(toRow);
  }

  /** The labels of some sessions, best first (json_each: any number of ids in one statement). */
  sessionLabels(sessionIds: number[]): { sessionId: number; label: string }[] {
    if (!sessionIds.length) return [];
    return this.db
      .prepare('SELECT session_id AS sessionId, label FROM session_topics WHERE session_id IN (SELECT value FROM json_each(?)) ORDER BY session_id, rank')
      .all(JSON.stringify(sessionIds)) as { sessionId: number; label: string }[];
  }

  /** The rows of one topic key, by session. */
  topicRows(key: string): SessionTopicRow[] {
    return (this.db.prepare('SELECT * FROM session_topics WHERE topic_key = ? ORDER BY session_id').all(key) as Record<string, unknown>[]).map(toRow);
  }

  /** Sources that need the pass: never run, another version, interrupted, or weighed against a memory that changed by more than a tenth. */
  due(sourceIds: number[], version: number, memorySessions: number): number[] {
    const byId = new Map(this.sources().map((r) => [r.sourceId, r]));
    return sourceIds.filter((id) => {
      const r = byId.get(id);
      if (!r || r.version !== version || r.state !== 'done') return true;
      return memorySessions > r.memorySessions * 1.1 || memorySessions < r.memorySessions * 0.9;
    });
  }

  forget(sourceIds: number[]): void {
    const stmts = ['topic_sources', 'topic_terms', 'session_topics', 'topic_windows'].map((t) => this.db.prepare(`DELETE FROM ${t} WHERE source_id = ?`));
    this.db.transaction(() => {
      this.revision++;
      for (const id of sourceIds) for (const s of stmts) s.run(id);
    })();
  }

  // ---- the model's topic summaries

  windows(sourceId?: number): TopicWindowRecord[] {
    const rows = (sourceId === undefined
      ? this.db.prepare('SELECT * FROM topic_windows ORDER BY source_id, idx').all()
      : this.db.prepare('SELECT * FROM topic_windows WHERE source_id = ? ORDER BY idx').all(sourceId)) as Record<string, unknown>[];
    return rows.map((r) => ({
      key: r.key as string,
      sourceId: r.source_id as number,
      index: r.idx as number,
      firstMessageId: r.first_message_id as number,
      lastMessageId: r.last_message_id as number,
      rounds: r.rounds as number,
      status: r.status as WindowStatus,
      model: r.model as string,
      promptVersion: r.prompt_version as string,
      descriptions: r.descriptions as number,
      error: (r.error as string | null) ?? null,
      updatedAt: r.updated_at as string,
    }));
  }

  saveWindow(w: Omit<TopicWindowRecord, 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO topic_windows (key, source_id, idx, first_message_id, last_message_id, rounds, status, model, prompt_version, descriptions, error, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET status = excluded.status, model = excluded.model, prompt_version = excluded.prompt_version,
           descriptions = excluded.descriptions, error = excluded.error, updated_at = excluded.updated_at`,
      )
      .run(w.key, w.sourceId, w.index, w.firstMessageId, w.lastMessageId, w.rounds, w.status, w.model, w.promptVersion, w.descriptions, w.error, now());
  }
}

function toRow(r: Record<string, unknown>): SessionTopicRow {
  return {
    sessionId: r.session_id as number,
    sourceId: r.source_id as number,
    rank: r.rank as number,
    key: r.topic_key as string,
    label: r.label as string,
    score: r.score as number,
    mentions: r.mentions as number,
    messageIds: JSON.parse(r.message_ids as string) as number[],
  };
}
