// The doctor's work on the record itself, before any engine opens the folder: engram.sqlite
// missing or damaged. Nothing here deletes data: a damaged file is kept beside its salvaged copy,
// and stores that can no longer be matched to a record are moved aside, not removed.
import fs from 'node:fs';
import path from 'node:path';
import type { IntegrityProblem } from '../../../../shared/types';
import { lockDataDir } from '../stores/data-lock';
import { checkSqliteFile, salvageSqliteFile } from '../stores/sqlite-salvage';
import { REPAIR_COMMAND } from '../stores/graph/graph-load';

/** The folders derived from engram.sqlite (and the graph built on it). */
const DERIVED = ['graph', 'search', 'vectors'];

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Moves the derived stores into `set-aside-<time>/`; returns that folder (relative), or null if there was nothing. */
function setAsideDerived(dataDir: string): string | null {
  const present = DERIVED.filter((d) => fs.existsSync(path.join(dataDir, d)));
  if (!present.length) return null;
  const aside = `set-aside-${stamp()}`;
  fs.mkdirSync(path.join(dataDir, aside));
  for (const d of present) fs.renameSync(path.join(dataDir, d), path.join(dataDir, aside, d));
  return aside;
}

/**
 * Checks engram.sqlite with the folder locked (and salvages it, with `repair`). Returns what it
 * found; the engine can open the folder afterwards unless a problem is left unrepaired.
 */
export function checkRecord(dataDir: string, repair: boolean, nativeBinding?: string): IntegrityProblem[] {
  const dbFile = path.join(dataDir, 'engram.sqlite');
  if (!fs.existsSync(dataDir)) return [];
  const lock = lockDataDir(dataDir, nativeBinding);
  try {
    if (!fs.existsSync(dbFile)) {
      const derived = DERIVED.filter((d) => fs.existsSync(path.join(dataDir, d)) && fs.readdirSync(path.join(dataDir, d)).length);
      if (!derived.length) return [];
      const problem = `missing, while ${derived.join(', ')} made from it ${derived.length === 1 ? 'is' : 'are'} still there`;
      if (!repair) return [{ store: 'chat', where: 'engram.sqlite', problem, repaired: false, action: `restore it from a backup, or ${REPAIR_COMMAND} sets the rest aside and starts an empty memory` }];
      const aside = setAsideDerived(dataDir);
      return [{ store: 'chat', where: 'engram.sqlite', problem, repaired: true, action: `${aside}/ holds what was there; an empty memory starts` }];
    }
    const check = checkSqliteFile(dbFile, nativeBinding);
    if (check.ok) return [];
    const what = check.problems[0] + (check.problems.length > 1 ? ` (and ${check.problems.length - 1} more)` : '');
    if (check.unreadable) {
      const problem = `cannot be read at all (${what})`;
      if (!repair) return [{ store: 'chat', where: 'engram.sqlite', problem, repaired: false, action: `restore it from a backup, or ${REPAIR_COMMAND} keeps it aside and starts an empty memory` }];
      const keptAs = `engram.sqlite.damaged-${stamp()}`;
      fs.renameSync(dbFile, path.join(dataDir, keptAs));
      for (const side of ['-wal', '-shm']) if (fs.existsSync(dbFile + side)) fs.renameSync(dbFile + side, path.join(dataDir, keptAs + side));
      const aside = setAsideDerived(dataDir);
      return [{ store: 'chat', where: 'engram.sqlite', problem, repaired: true, action: `kept as ${keptAs}${aside ? `, the stores made from it in ${aside}/` : ''}; an empty memory starts` }];
    }
    const problem = `SQLite finds the file damaged (${what})`;
    if (!repair) return [{ store: 'chat', where: 'engram.sqlite', problem, repaired: false, action: `${REPAIR_COMMAND} copies every row that reads back into a new file` }];
    const out = salvageSqliteFile(dbFile, nativeBinding);
    const rows = out.tables.reduce((n, t) => n + t.rows, 0);
    const skipped = out.tables.reduce((n, t) => n + t.skippedRanges, 0);
    return [
      {
        store: 'chat',
        where: 'engram.sqlite',
        problem,
        repaired: true,
        action: `${rows} rows copied into a new file${skipped ? ` (${skipped} unreadable ranges stepped over)` : ''}; the damaged one is kept as ${path.basename(out.keptAs)}; the search index and graph are checked against it next`,
      },
    ];
  } finally {
    lock.release();
  }
}
