// Engine settings and bookkeeping values (JSON per key) in SQLite.
import type Database from 'better-sqlite3';
import { migrate } from './migrate';

export class SettingsStore {
  constructor(private readonly db: Database.Database) {
    migrate(db, 'settings', [
      { version: 1, name: 'settings', sql: 'CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)' },
    ]);
  }

  get<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined;
    return row === undefined ? undefined : (JSON.parse(row) as T);
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, JSON.stringify(value));
  }
}
