// One process per data folder: the graph lives in memory, so two processes writing the same
// folder would each miss the other's changes.
//
// The lock is an operating-system lock, taken through SQLite on a file of its own
// (`engram.lock.db`): an exclusive transaction held open for the life of the engine. Taking it is
// atomic (fcntl/LockFileEx under SQLite's file locking), and the system drops it when the process
// ends, however it ends: there is no stale lock to judge, so neither a half-written lock file nor
// a dead holder's reused pid can let a second process in or keep a new one out. Who holds it is
// written beside it (`engram.lock.json`) only to say so in the refusal; nothing reads it to decide.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiError } from '../../../../shared/api';

export interface DataLock {
  release(): void;
}

const LOCK_FILE = 'engram.lock.db';
const LOCK_WAIT_MS = 250;
const HOLDER_FILE = 'engram.lock.json';
/** Earlier builds' lock: a file holding a pid, judged stale by whether that pid lived. */
const LEGACY_LOCK_FILE = 'engram.lock';

interface Holder {
  pid: number;
  since: string;
  argv: string;
}

function holderOf(dataDir: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as Holder;
  } catch {
    return null;
  }
}

function isBusy(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Connections holding locks: a connection nothing refers to would be closed (its lock dropped) when garbage-collected. */
const heldLocks = new Set<Database.Database>();

export function lockDataDir(dataDir: string, nativeBinding?: string): DataLock {
  const file = path.join(dataDir, LOCK_FILE);
  // A short wait, not none: starters racing for a free lock can all be refused at once (one holds
  // PENDING while another still holds SHARED, and neither waits), leaving no holder. With a wait,
  // the one SQLite lets through takes it; a lock that is really held is still refused, after it.
  const db = new Database(file, { timeout: LOCK_WAIT_MS, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    db.close();
    if (!isBusy(e)) throw e;
    const holder = holderOf(dataDir);
    const who = holder && holder.pid !== process.pid ? ` (pid ${holder.pid}, since ${holder.since})` : '';
    throw new ApiError('conflict', `${dataDir} is in use by another Engram process${who}; close it or choose another --data folder`);
  }
  const holderFile = path.join(dataDir, HOLDER_FILE);
  const holder: Holder = { pid: process.pid, since: new Date().toISOString(), argv: process.argv.slice(1).join(' ').slice(0, 300) };
  try {
    const tmp = `${holderFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(holder));
    fs.renameSync(tmp, holderFile);
  } catch {
    /* only informative */
  }
  fs.rmSync(path.join(dataDir, LEGACY_LOCK_FILE), { force: true });
  heldLocks.add(db);
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      try {
        if (holderOf(dataDir)?.pid === process.pid) fs.rmSync(holderFile, { force: true });
      } catch {
        /* already gone */
      }
      heldLocks.delete(db);
      try {
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
    },
  };
}
