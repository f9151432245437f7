// A damaged engram.sqlite, checked and salvaged (`engram doctor [--repair]`, with the engine
// closed): SQLite is the record of the messages, so what still reads back is copied, table by
// table and row by row, into a new file; pages that no longer read are stepped over. The damaged
// file is kept beside the new one (engram.sqlite.damaged-<time>), never deleted.
import fs from 'node:fs';
import Database from 'better-sqlite3';

export interface SqliteCheck {
  /** The file opens and SQLite's integrity_check finds nothing. */
  ok: boolean;
  /** What SQLite says is wrong (the first lines), or why the file cannot be opened at all. */
  problems: string[];
  /** The schema cannot be read (e.g. its first page is damaged): nothing can be salvaged. */
  unreadable: boolean;
}

/**
 * Opens the file read-only and runs SQLite's integrity_check on it. Not quick_check: that one
 * does not read index entries against their rows, and a damaged entry of an index that opening
 * reads (the migrations' ledger) left a file the engine refuses while quick_check passed it.
 */
export function checkSqliteFile(file: string, nativeBinding?: string): SqliteCheck {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  } catch (e) {
    return { ok: false, problems: [(e as Error).message], unreadable: true };
  }
  try {
    db.prepare('SELECT COUNT(*) FROM sqlite_master').pluck().get();
  } catch (e) {
    // Part of the schema is lost, or the file is cut short: salvageable if some of it reads back.
    const some = (() => {
      try {
        readOnAfterCut(db);
        return readableSchema(db).some((x) => x.type === 'table');
      } catch {
        return false;
      }
    })();
    db.close();
    return { ok: false, problems: [(e as Error).message], unreadable: !some };
  }
  try {
    const rows = (db.pragma('integrity_check(20)', { simple: false }) as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== 'ok');
    return { ok: rows.length === 0, problems: rows, unreadable: false };
  } catch (e) {
    return { ok: false, problems: [(e as Error).message], unreadable: false };
  } finally {
    db.close();
  }
}

export interface SalvageOutcome {
  /** Where the damaged file now is. */
  keptAs: string;
  tables: { name: string; rows: number; skippedRanges: number }[];
}

/**
 * Copies every row that still reads from `file` into a new file with the same schema, then puts
 * the new file in its place. Throws when the schema itself cannot be read.
 */
export function salvageSqliteFile(file: string, nativeBinding?: string): SalvageOutcome {
  const binding = nativeBinding ? { nativeBinding } : {};
  const from = new Database(file, { readonly: true, fileMustExist: true, ...binding });
  readOnAfterCut(from);
  const tmp = `${file}.salvage`;
  fs.rmSync(tmp, { force: true });
  const to = new Database(tmp, binding);
  const tables: SalvageOutcome['tables'] = [];
  try {
    const schema = readableSchema(from);
    if (!schema.some((x) => x.type === 'table')) throw new Error('no table of its schema reads back');
    to.pragma('foreign_keys = OFF');
    to.pragma('journal_mode = WAL');
    for (const t of schema.filter((x) => x.type === 'table')) to.exec(t.sql);
    for (const t of schema.filter((x) => x.type === 'table')) tables.push(/\bWITHOUT\s+ROWID\s*;?\s*$/i.test(t.sql) ? copyWithoutRowid(from, to, t.name) : copyTable(from, to, t.name));
    try {
      const seqs = from.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[];
      const put = to.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
      for (const s of seqs) put.run(s.name, s.seq);
    } catch {
      /* no AUTOINCREMENT table, or its counters are lost: numbering restarts after the highest row */
    }
    for (const x of schema.filter((y) => y.type !== 'table')) {
      try {
        to.exec(x.sql);
      } catch {
        /* an index over rows that no longer agree: left out, the store's next migration check recreates what it needs */
      }
    }
  } finally {
    from.close();
    to.close();
  }
  const keptAs = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(file, keptAs);
  for (const side of ['-wal', '-shm']) if (fs.existsSync(file + side)) fs.renameSync(file + side, keptAs + side);
  fs.renameSync(tmp, file);
  for (const side of ['-wal', '-shm']) if (fs.existsSync(tmp + side)) fs.renameSync(tmp + side, file + side);
  return { keptAs, tables };
}

/**
 * A file cut short says (in its header) it has more pages than it holds, which SQLite refuses
 * outright; with writable_schema (allowed once better-sqlite3's defensive mode is off, on this
 * read-only connection) it reads on, and only the pages that are gone fail.
 */
function readOnAfterCut(db: Database.Database): void {
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
}

/** The schema's entries that read back (row by row: a damaged page of it loses only what it held). */
function readableSchema(db: Database.Database): { type: string; name: string; sql: string }[] {
  const out: { type: string; name: string; sql: string }[] = [];
  const scan = db.prepare('SELECT rowid, type, name, sql FROM sqlite_master WHERE rowid > ? ORDER BY rowid').raw();
  let after = 0;
  for (let failures = 0; failures < 64; ) {
    try {
      for (const [rowid, type, name, sql] of scan.iterate(after) as IterableIterator<[number, string, string, string | null]>) {
        after = rowid;
        if (sql && !name.startsWith('sqlite_')) out.push({ type, name, sql });
      }
      break;
    } catch {
      failures++;
      after++;
    }
  }
  return out;
}

/** Copies a table's rows in rowid order, stepping over ranges whose pages cannot be read. */
function copyTable(from: Database.Database, to: Database.Database, name: string): SalvageOutcome['tables'][number] {
  const q = `"${name.replace(/"/g, '""')}"`;
  const columns = (to.pragma(`table_info(${q})`) as { name: string }[]).map((c) => `"${c.name.replace(/"/g, '""')}"`);
  const insert = to.prepare(`INSERT OR IGNORE INTO ${q} (rowid, ${columns.join(', ')}) VALUES (${['?', ...columns.map(() => '?')].join(', ')})`);
  const scan = from.prepare(`SELECT rowid, ${columns.join(', ')} FROM ${q} WHERE rowid > ? ORDER BY rowid`).raw();
  let rows = 0;
  let skippedRanges = 0;
  let after = Number.MIN_SAFE_INTEGER;
  let step = 1;
  let pending: unknown[][] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    to.transaction(() => {
      for (const r of batch) insert.run(...r);
    })();
    rows += batch.length;
  };
  for (let failures = 0; failures <= 60; ) {
    let last = after;
    try {
      for (const r of scan.iterate(after) as IterableIterator<unknown[]>) {
        pending.push(r);
        last = Number(r[0]);
        step = 1;
        if (pending.length >= 1000) flush();
      }
      flush();
      break;
    } catch {
      // A page that does not read: keep what came before it, step over it (further each time).
      flush();
      failures++;
      skippedRanges++;
      after = (last === Number.MIN_SAFE_INTEGER ? 0 : last) + step;
      step *= 2;
    }
  }
  return { name, rows, skippedRanges };
}

/**
 * A WITHOUT ROWID table (keyed by its primary key; no rowid to step over damage with): its rows
 * in key order until the first page that does not read, the rest counted as one skipped range.
 */
function copyWithoutRowid(from: Database.Database, to: Database.Database, name: string): SalvageOutcome['tables'][number] {
  const q = `"${name.replace(/"/g, '""')}"`;
  const columns = (to.pragma(`table_info(${q})`) as { name: string }[]).map((c) => `"${c.name.replace(/"/g, '""')}"`);
  const insert = to.prepare(`INSERT OR IGNORE INTO ${q} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  let rows = 0;
  let skippedRanges = 0;
  const batch: unknown[][] = [];
  try {
    for (const r of from.prepare(`SELECT ${columns.join(', ')} FROM ${q}`).raw().iterate() as IterableIterator<unknown[]>) batch.push(r);
  } catch {
    skippedRanges = 1;
  }
  to.transaction(() => {
    for (const r of batch) insert.run(...r);
  })();
  rows = batch.length;
  return { name, rows, skippedRanges };
}
