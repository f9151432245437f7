// The graph's durability: an append-only journal of changes in SQLite, a pointer to the
// snapshot file that already contains every change up to a sequence number, and the undo
// log of the person's edits (kept across compactions, so undo survives restarts).
import type Database from 'better-sqlite3';
import { migrate } from '../migrate';

/**
 * delta: quads removed/added; replace: a graph's new content; drop: a graph removed;
 * source: a source's messages graph, rebuilt from the chat table (no payload: the rows are
 * the source of truth, so replay rebuilds the same graph).
 */
export type JournalKind = 'delta' | 'replace' | 'drop' | 'source';

export interface JournalEntry {
  seq: number;
  kind: JournalKind;
  /** replace/drop: the named graph. */
  graph: string | null;
  /** delta: quads removed (N-Quads). */
  removed: string;
  /** delta: quads added (N-Quads); replace: the graph's new content (N-Triples). */
  added: string;
}

export interface EditRow {
  seq: number;
  at: string;
  label: string;
  removed: string;
  added: string;
  /** 0 active, 1 undone (redo possible), 2 undone and superseded by a newer edit. */
  state: number;
  sparql: string | null;
}

export class GraphJournal {
  constructor(private readonly db: Database.Database) {
    migrate(db, 'graph', [
      {
        version: 1,
        name: 'graph journal',
        sql: `
          CREATE TABLE graph_journal (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            kind TEXT NOT NULL,
            graph TEXT,
            label TEXT,
            removed TEXT NOT NULL DEFAULT '',
            added TEXT NOT NULL DEFAULT '',
            -- size of the change, kept so deciding when to compact reads no payload
            bytes INTEGER NOT NULL DEFAULT 0
          );
          CREATE TABLE graph_snapshot (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            seq INTEGER NOT NULL,
            file TEXT NOT NULL,
            quads INTEGER NOT NULL,
            at TEXT NOT NULL
          );
          CREATE TABLE graph_edits (
            seq INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            label TEXT NOT NULL,
            removed TEXT NOT NULL,
            added TEXT NOT NULL,
            state INTEGER NOT NULL DEFAULT 0
          );
        `,
      },
      { version: 2, name: 'edit sparql', sql: 'ALTER TABLE graph_edits ADD COLUMN sparql TEXT' },
    ]);
  }

  /** Appends an entry; the caller holds the transaction (see `commit`). */
  append(kind: JournalKind, fields: { graph?: string; label?: string; removed?: string; added?: string; bytes?: number }): number {
    const removed = fields.removed ?? '';
    const added = fields.added ?? '';
    const r = this.db
      .prepare('INSERT INTO graph_journal (at, kind, graph, label, removed, added, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(new Date().toISOString(), kind, fields.graph ?? null, fields.label ?? null, removed, added, fields.bytes ?? removed.length + added.length);
    return Number(r.lastInsertRowid);
  }

  /**
   * Runs `write` (which appends entries, may apply them in memory, and may write the bookkeeping
   * that goes with the change, e.g. an extraction chunk's status) in one IMMEDIATE transaction.
   * Nothing is acknowledged before COMMIT returns.
   */
  commit<T>(write: () => T): T {
    return this.db.transaction(write).immediate();
  }

  entriesAfter(seq: number): IterableIterator<JournalEntry> {
    return this.db
      .prepare('SELECT seq, kind, graph, removed, added FROM graph_journal WHERE seq > ? ORDER BY seq')
      .iterate(seq) as IterableIterator<JournalEntry>;
  }

  lastSeq(): number {
    return (this.db.prepare('SELECT COALESCE(MAX(seq), 0) FROM graph_journal').pluck().get() as number) || this.snapshot()?.seq || 0;
  }

  /** Bytes of journal not yet folded into the snapshot, to decide when to compact. */
  pendingBytes(): number {
    const snap = this.snapshot()?.seq ?? 0;
    return this.db
      .prepare('SELECT COALESCE(SUM(bytes), 0) FROM graph_journal WHERE seq > ?')
      .pluck()
      .get(snap) as number;
  }

  pendingEntries(): number {
    const snap = this.snapshot()?.seq ?? 0;
    return this.db.prepare('SELECT COUNT(*) FROM graph_journal WHERE seq > ?').pluck().get(snap) as number;
  }

  /** Entries not yet in the snapshot that rebuild a messages graph from the chat table (costly to replay). */
  pendingSourceEntries(): number {
    const snap = this.snapshot()?.seq ?? 0;
    return this.db.prepare(`SELECT COUNT(*) FROM graph_journal WHERE seq > ? AND kind = 'source'`).pluck().get(snap) as number;
  }

  /** When the oldest entry not yet in the snapshot was written (ms since the epoch; now when none). */
  oldestPendingAt(): number {
    const snap = this.snapshot()?.seq ?? 0;
    const at = this.db.prepare('SELECT at FROM graph_journal WHERE seq > ? ORDER BY seq LIMIT 1').pluck().get(snap) as string | undefined;
    return at ? Date.parse(at) : Date.now();
  }

  snapshot(): { seq: number; file: string; quads: number } | undefined {
    return this.db.prepare('SELECT seq, file, quads FROM graph_snapshot WHERE id = 1').get() as
      | { seq: number; file: string; quads: number }
      | undefined;
  }

  /** Points at a new snapshot and forgets the journal it contains, atomically. */
  setSnapshot(seq: number, file: string, quads: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO graph_snapshot (id, seq, file, quads, at) VALUES (1, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, file = excluded.file, quads = excluded.quads, at = excluded.at`,
        )
        .run(seq, file, quads, new Date().toISOString());
      this.db.prepare('DELETE FROM graph_journal WHERE seq <= ?').run(seq);
    }).immediate();
  }

  // ---- the person's edits (undo log)

  recordEdit(seq: number, label: string, removed: string, added: string, sparql: string | null = null): void {
    // A new edit ends the redo chain.
    this.db.prepare('UPDATE graph_edits SET state = 2 WHERE state = 1').run();
    this.db
      .prepare('INSERT INTO graph_edits (seq, at, label, removed, added, state, sparql) VALUES (?, ?, ?, ?, ?, 0, ?)')
      .run(seq, new Date().toISOString(), label, removed, added, sparql);
  }

  lastActiveEdit(): EditRow | undefined {
    return this.db.prepare('SELECT * FROM graph_edits WHERE state = 0 ORDER BY seq DESC LIMIT 1').get() as EditRow | undefined;
  }

  /** The most recently undone edit that can still be redone. */
  nextRedo(): EditRow | undefined {
    return this.db
      .prepare(
        `SELECT * FROM graph_edits WHERE state = 1
         AND seq > COALESCE((SELECT MAX(seq) FROM graph_edits WHERE state = 0), 0)
         ORDER BY seq ASC LIMIT 1`,
      )
      .get() as EditRow | undefined;
  }

  setEditState(seq: number, state: number): void {
    this.db.prepare('UPDATE graph_edits SET state = ? WHERE seq = ?').run(state, seq);
  }

  edits(limit = 200): EditRow[] {
    return this.db.prepare('SELECT * FROM graph_edits ORDER BY seq DESC LIMIT ?').all(limit) as EditRow[];
  }
}
