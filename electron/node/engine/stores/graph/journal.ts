// The graph's durability: an append-only journal of changes in SQLite, a pointer to the
// snapshot file that already contains every change up to a sequence number, and the undo
// log of the person's edits (kept across compactions, so undo survives restarts).
//
// Every entry carries a CRC-32 of what replaying it depends on (checksum.ts), and so does each
// row of the undo log, which holds a second copy of every edit's payload: a damaged or deleted
// journal row of an edit can be restored from it (graph-load.ts).
import type Database from 'better-sqlite3';
import { migrate } from '../migrate';
import { entryChecksum } from './checksum';

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
  /** CRC-32 of kind, graph and payloads; null for entries written before checksums. */
  crc: number | null;
}

/** Whether an entry reads back as it was written. */
export function entryIntact(e: Pick<JournalEntry, 'kind' | 'graph' | 'removed' | 'added' | 'crc'>): boolean {
  return e.crc === null || entryChecksum(e.kind, e.graph, e.removed ?? '', e.added ?? '') === e.crc;
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
  /** CRC-32 of the payloads (as a 'delta' entry with no graph); null before checksums. */
  crc: number | null;
}

/** Whether an undo-log row's payloads read back as written. */
export function editIntact(e: EditRow): boolean {
  return e.crc === null || entryChecksum('delta', null, e.removed ?? '', e.added ?? '') === e.crc;
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
      {
        version: 3,
        name: 'entry checksums',
        sql: 'ALTER TABLE graph_journal ADD COLUMN crc INTEGER; ALTER TABLE graph_edits ADD COLUMN crc INTEGER;',
      },
    ]);
  }

  /** Appends an entry; the caller holds the transaction (see `commit`). */
  append(kind: JournalKind, fields: { graph?: string; label?: string; removed?: string; added?: string; bytes?: number }): number {
    const removed = fields.removed ?? '';
    const added = fields.added ?? '';
    const graph = fields.graph ?? null;
    const r = this.db
      .prepare('INSERT INTO graph_journal (at, kind, graph, label, removed, added, bytes, crc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(new Date().toISOString(), kind, graph, fields.label ?? null, removed, added, fields.bytes ?? removed.length + added.length, entryChecksum(kind, graph, removed, added));
    return Number(r.lastInsertRowid);
  }

  /** Writes an entry back under its own number (a damaged or deleted one restored from the undo log). */
  restore(seq: number, kind: JournalKind, fields: { graph?: string | null; label?: string; removed?: string; added?: string }): void {
    const removed = fields.removed ?? '';
    const added = fields.added ?? '';
    const graph = fields.graph ?? null;
    this.db
      .prepare('INSERT OR REPLACE INTO graph_journal (seq, at, kind, graph, label, removed, added, bytes, crc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(seq, new Date().toISOString(), kind, graph, fields.label ?? null, removed, added, removed.length + added.length, entryChecksum(kind, graph, removed, added));
  }

  /** Deletes entries (damaged ones, once `engram doctor --repair` has dealt with what they said). */
  discard(seqs: number[]): void {
    const del = this.db.prepare('DELETE FROM graph_journal WHERE seq = ?');
    for (const seq of seqs) del.run(seq);
  }

  /**
   * The highest number ever given to an entry (SQLite's AUTOINCREMENT counter, which deleting
   * rows does not lower): entries after the snapshot must run without a gap up to it.
   */
  sequenceEnd(): number {
    const counter = this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'graph_journal'").pluck().get() as number | undefined;
    return Math.max(counter ?? 0, this.snapshot()?.seq ?? 0);
  }

  /** The lowest entry kept (entries since the previous snapshot are kept as its fallback). */
  firstSeq(): number | null {
    return (this.db.prepare('SELECT MIN(seq) FROM graph_journal').pluck().get() as number | null) ?? null;
  }

  /** All kept entries' numbers and checksums' verdicts, without payloads held at once (for `engram doctor`). */
  *verifyAll(): IterableIterator<{ seq: number; kind: JournalKind; graph: string | null; intact: boolean }> {
    for (const e of this.db.prepare('SELECT seq, kind, graph, removed, added, crc FROM graph_journal ORDER BY seq').iterate() as IterableIterator<JournalEntry>) {
      yield { seq: e.seq, kind: e.kind, graph: e.graph, intact: entryIntact(e) };
    }
  }

  /**
   * Runs `write` (which appends entries, may apply them in memory, and may write the bookkeeping
   * that goes with the change, e.g. an extraction chunk's status) in one IMMEDIATE transaction.
   * Nothing is acknowledged before COMMIT returns.
   */
  commit<T>(write: () => T): T {
    return this.db.transaction(write).immediate();
  }

  /** The numbers of the entries after `seq`, in order (start-up reads each with entryAt: no query stays open while it writes). */
  seqsAfter(seq: number): number[] {
    return this.db.prepare('SELECT seq FROM graph_journal WHERE seq > ? ORDER BY seq').pluck().all(seq) as number[];
  }

  entryAt(seq: number): JournalEntry | undefined {
    return this.db.prepare('SELECT seq, kind, graph, removed, added, crc FROM graph_journal WHERE seq = ?').get(seq) as JournalEntry | undefined;
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

  /**
   * Points at a new snapshot, atomically. The journal up to `forgetUpTo` (the previous
   * snapshot's number) is forgotten; the entries between the previous snapshot and this one are
   * kept, so that the previous snapshot and they can stand in for this one if it is damaged.
   */
  setSnapshot(seq: number, file: string, quads: number, forgetUpTo: number = seq): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO graph_snapshot (id, seq, file, quads, at) VALUES (1, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, file = excluded.file, quads = excluded.quads, at = excluded.at`,
        )
        .run(seq, file, quads, new Date().toISOString());
      this.db.prepare('DELETE FROM graph_journal WHERE seq <= ?').run(Math.min(seq, forgetUpTo));
    }).immediate();
  }

  // ---- the person's edits (undo log)

  recordEdit(seq: number, label: string, removed: string, added: string, sparql: string | null = null): void {
    // A new edit ends the redo chain.
    this.db.prepare('UPDATE graph_edits SET state = 2 WHERE state = 1').run();
    this.db
      .prepare('INSERT INTO graph_edits (seq, at, label, removed, added, state, sparql, crc) VALUES (?, ?, ?, ?, ?, 0, ?, ?)')
      .run(seq, new Date().toISOString(), label, removed, added, sparql, entryChecksum('delta', null, removed, added));
  }

  /** The undo log's row for an entry number, if that entry was one of the person's edits. */
  editAt(seq: number): EditRow | undefined {
    return this.db.prepare('SELECT * FROM graph_edits WHERE seq = ?').get(seq) as EditRow | undefined;
  }

  /** The person's edits still in effect (not undone), oldest first, with their payloads. */
  activeEdits(): EditRow[] {
    return this.db.prepare('SELECT * FROM graph_edits WHERE state = 0 ORDER BY seq').all() as EditRow[];
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
