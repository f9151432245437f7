// Bookkeeping of the automatic extraction (SQLite, owner 'auto-graph'): per source, the
// extractor version that last ran over it and what it found; and per source, which speaker is
// the memory's owner (owner 'owner'). A source without a row, with an older version or left
// 'running' by a crash is extracted (again) at the next start.
import type Database from 'better-sqlite3';
import { migrate } from './migrate';

export interface AutoGraphRecord {
  sourceId: number;
  version: number;
  state: 'running' | 'done';
  read: number;
  skipped: Record<string, number>;
  triples: number;
  superseded: number;
  durationMs: number;
  updatedAt: string;
}

export interface SourceOwnerRecord {
  sourceId: number;
  /** The speaker who is the owner; null: the owner is not a speaker of this source. */
  speaker: string | null;
  /** 'guess' (Engram chose at import) or 'person' (set in Settings or with `engram owner`). */
  chosenBy: 'guess' | 'person';
}

const now = () => new Date().toISOString();

export class AutoGraphStore {
  constructor(private readonly db: Database.Database) {
    migrate(db, 'auto-graph', [
      {
        version: 1,
        name: 'automatic extraction per source',
        sql: `CREATE TABLE auto_graph_sources (
          source_id INTEGER PRIMARY KEY,
          version INTEGER NOT NULL,
          state TEXT NOT NULL,
          messages_read INTEGER NOT NULL DEFAULT 0,
          skipped TEXT NOT NULL DEFAULT '{}',
          triples INTEGER NOT NULL DEFAULT 0,
          superseded INTEGER NOT NULL DEFAULT 0,
          duration_ms INTEGER NOT NULL DEFAULT 0,
          updated_at TEXT NOT NULL
        )`,
      },
    ]);
    migrate(db, 'owner', [
      {
        version: 1,
        name: 'owner speaker per source',
        sql: `CREATE TABLE source_owners (
          source_id INTEGER PRIMARY KEY,
          speaker TEXT,
          chosen_by TEXT NOT NULL,
          updated_at TEXT NOT NULL
        )`,
      },
    ]);
  }

  // ---- automatic extraction

  get(sourceId: number): AutoGraphRecord | undefined {
    return this.all().find((r) => r.sourceId === sourceId);
  }

  all(): AutoGraphRecord[] {
    const rows = this.db.prepare('SELECT * FROM auto_graph_sources ORDER BY source_id').all() as Record<string, unknown>[];
    return rows.map((r) => ({
      sourceId: r.source_id as number,
      version: r.version as number,
      state: r.state as AutoGraphRecord['state'],
      read: r.messages_read as number,
      skipped: JSON.parse(r.skipped as string),
      triples: r.triples as number,
      superseded: r.superseded as number,
      durationMs: r.duration_ms as number,
      updatedAt: r.updated_at as string,
    }));
  }

  markRunning(sourceId: number, version: number): void {
    this.db
      .prepare(
        `INSERT INTO auto_graph_sources (source_id, version, state, updated_at) VALUES (?, ?, 'running', ?)
         ON CONFLICT (source_id) DO UPDATE SET version = excluded.version, state = 'running', updated_at = excluded.updated_at`,
      )
      .run(sourceId, version, now());
  }

  markDone(r: Omit<AutoGraphRecord, 'state' | 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO auto_graph_sources (source_id, version, state, messages_read, skipped, triples, superseded, duration_ms, updated_at)
         VALUES (?, ?, 'done', ?, ?, ?, ?, ?, ?)
         ON CONFLICT (source_id) DO UPDATE SET version = excluded.version, state = 'done', messages_read = excluded.messages_read,
           skipped = excluded.skipped, triples = excluded.triples, superseded = excluded.superseded, duration_ms = excluded.duration_ms,
           updated_at = excluded.updated_at`,
      )
      .run(r.sourceId, r.version, r.read, JSON.stringify(r.skipped), r.triples, r.superseded, Math.round(r.durationMs), now());
  }

  setSuperseded(sourceId: number, superseded: number, triples: number): void {
    this.db.prepare('UPDATE auto_graph_sources SET superseded = ?, triples = ?, updated_at = ? WHERE source_id = ?').run(superseded, triples, now(), sourceId);
  }

  /** Sources that need the (current) extractor: never run, an older version, or interrupted. */
  due(sourceIds: number[], version: number): number[] {
    const byId = new Map(this.all().map((r) => [r.sourceId, r]));
    return sourceIds.filter((id) => {
      const r = byId.get(id);
      return !r || r.version !== version || r.state !== 'done';
    });
  }

  forget(sourceIds: number[]): void {
    const del = this.db.prepare('DELETE FROM auto_graph_sources WHERE source_id = ?');
    const delOwner = this.db.prepare('DELETE FROM source_owners WHERE source_id = ?');
    this.db.transaction(() => {
      for (const id of sourceIds) del.run(id), delOwner.run(id);
    })();
  }

  // ---- owners

  owners(): SourceOwnerRecord[] {
    const rows = this.db.prepare('SELECT source_id, speaker, chosen_by FROM source_owners ORDER BY source_id').all() as { source_id: number; speaker: string | null; chosen_by: string }[];
    return rows.map((r) => ({ sourceId: r.source_id, speaker: r.speaker, chosenBy: r.chosen_by as SourceOwnerRecord['chosenBy'] }));
  }

  setOwner(sourceId: number, speaker: string | null, chosenBy: SourceOwnerRecord['chosenBy']): void {
    this.db
      .prepare(
        `INSERT INTO source_owners (source_id, speaker, chosen_by, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (source_id) DO UPDATE SET speaker = excluded.speaker, chosen_by = excluded.chosen_by, updated_at = excluded.updated_at`,
      )
      .run(sourceId, speaker, chosenBy, now());
  }
}
