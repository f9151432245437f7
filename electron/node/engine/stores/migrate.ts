// Versioned schema migrations, one ledger per owning module so that several modules can
// keep their own tables in the same SQLite file without sharing a version counter.
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** A step SQL cannot express (run after `sql`, in the same transaction). */
  run?: (db: Database.Database) => void;
}

export function migrate(db: Database.Database, owner: string, migrations: Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    owner TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL,
    PRIMARY KEY (owner, version))`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations WHERE owner = ?').pluck().all(owner) as number[],
  );
  const newest = Math.max(0, ...applied);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  if (newest > known) {
    throw new Error(`the data folder was written by a newer Engram (${owner} schema ${newest}, this build knows ${known})`);
  }
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.run?.(db);
      db.prepare('INSERT INTO schema_migrations (owner, version, name, applied_at) VALUES (?, ?, ?, ?)').run(
        owner,
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
  }
}
