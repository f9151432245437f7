// A throwaway memory for a test: a temp data folder, an open engine, cleanup after.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { JobInfo } from '../../shared/types';
import { Engine, type EngineOptions } from '../../electron/node/engine/engine';
import { tempDir } from './temp-dirs';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const fixture = (...parts: string[]) => path.join(FIXTURES, ...parts);

export { tempDir };

/**
 * The clock tests run against unless they pass their own: the day after the demo memory's last
 * session, so the demo is imported with its own dates (import/demo-shift.ts moves it to the present).
 */
export const DEMO_CLOCK = () => new Date('2026-11-06T12:00:00');

export async function openEngine(dataDir = tempDir(), opts: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = await Engine.open({ dataDir, withoutOntology: true, clock: DEMO_CLOCK, ...opts });
  await engine.whenReady();
  return engine;
}

/** Runs a job-starting call and waits for the job to end. */
export async function finished(engine: Engine, start: Promise<JobInfo>): Promise<JobInfo> {
  const job = await start;
  await engine.jobs.idle();
  return engine.jobs.list().find((j) => j.id === job.id)!;
}

export async function importFiles(engine: Engine, ...files: string[]): Promise<JobInfo> {
  return finished(engine, engine.importPaths({ paths: files }));
}

/**
 * Runs `use` with a second connection to the engine's SQLite file, for tests that look under
 * the stores' methods or damage the data on purpose (the engine itself has no raw handle).
 */
export function withRawSqlite<T>(engine: Engine, use: (db: Database.Database) => T): T {
  const db = new Database(path.join(engine.options.dataDir, 'engram.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}
