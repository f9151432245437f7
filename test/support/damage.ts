// Ways a file gets damaged, for the tests and the fault-injection suite: cut short, bytes flipped,
// pages zeroed, deleted. Deterministic for a seed, so a failing case can be replayed.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Damage = 'truncate' | 'flip' | 'zero' | 'delete';
export const DAMAGES: Damage[] = ['truncate', 'flip', 'zero', 'delete'];

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Damages a file: `truncate` cuts it at a point in its second half, `flip` inverts a few bytes
 * at random offsets past its first `keepHead` bytes (so the damage lands in the content, as a bad
 * sector would), `zero` overwrites one page (`page` bytes, page-aligned) with zeros, `delete`
 * removes it. Returns what was done, for messages.
 */
export function damageFile(file: string, how: Damage, seed = 1, opts: { page?: number; keepHead?: number; flips?: number } = {}): string {
  const rnd = random(seed);
  const size = fs.statSync(file).size;
  const name = path.basename(file);
  switch (how) {
    case 'delete':
      fs.rmSync(file);
      return `${name} deleted`;
    case 'truncate': {
      const at = Math.floor(size / 2 + rnd() * (size / 2 - 1));
      fs.truncateSync(file, at);
      return `${name} cut at byte ${at} of ${size}`;
    }
    case 'flip': {
      const bytes = fs.readFileSync(file);
      const head = Math.min(opts.keepHead ?? 0, size - 1);
      const offsets: number[] = [];
      for (let i = 0; i < (opts.flips ?? 3); i++) {
        const at = head + Math.floor(rnd() * (size - head));
        bytes[at] ^= 0xff;
        offsets.push(at);
      }
      fs.writeFileSync(file, bytes);
      return `${name}: bytes ${offsets.join(', ')} flipped`;
    }
    case 'zero': {
      const page = opts.page ?? 4096;
      const pages = Math.max(1, Math.floor(size / page));
      // Not the first page (a header is a different case: see flip), unless there is only one;
      // a page that holds something (zeroing a page of zeros damages nothing): the first such
      // one from a random start.
      const fd = fs.openSync(file, 'r+');
      try {
        const start = pages > 1 ? 1 + Math.floor(rnd() * (pages - 1)) : 0;
        const buffer = Buffer.alloc(page);
        let which = start;
        for (let k = 0; k < pages; k++) {
          const candidate = pages > 1 ? 1 + ((start - 1 + k) % (pages - 1)) : 0;
          const n = fs.readSync(fd, buffer, 0, page, candidate * page);
          if (buffer.subarray(0, n).some((b) => b !== 0)) {
            which = candidate;
            break;
          }
        }
        const length = Math.min(page, size - which * page);
        fs.writeSync(fd, Buffer.alloc(length), 0, length, which * page);
        return `${name}: page ${which} (${page} bytes) zeroed`;
      } finally {
        fs.closeSync(fd);
      }
    }
  }
}

/** Every file under a folder, deepest paths included. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/**
 * Damages one row of the graph journal in engram.sqlite (the newest, or the one labelled
 * `label`): its payload cut in half, one character changed, replaced by NULs, or the row deleted.
 * Returns what was done, or null when there is no such row.
 */
export function damageJournalRow(dbFile: string, how: Damage, label?: string): string | null {
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    const row = (label
      ? db.prepare('SELECT seq, added, removed FROM graph_journal WHERE label = ? ORDER BY seq DESC LIMIT 1').get(label)
      : db.prepare("SELECT seq, added, removed FROM graph_journal WHERE length(added) + length(removed) > 0 ORDER BY seq DESC LIMIT 1").get()) as { seq: number; added: string; removed: string } | undefined;
    if (!row) return null;
    const field = row.added ? 'added' : 'removed';
    const text = row[field];
    if (how === 'delete') db.prepare('DELETE FROM graph_journal WHERE seq = ?').run(row.seq);
    else {
      const changed = how === 'truncate' ? text.slice(0, Math.floor(text.length / 2)) : how === 'zero' ? '\u0000'.repeat(text.length) : text.slice(0, Math.floor(text.length / 2)) + (text[Math.floor(text.length / 2)] === 'x' ? 'y' : 'x') + text.slice(Math.floor(text.length / 2) + 1);
      db.prepare(`UPDATE graph_journal SET ${field} = ? WHERE seq = ?`).run(changed, row.seq);
    }
    return `graph journal entry ${row.seq}: ${how === 'delete' ? 'row deleted' : `${field} ${how === 'truncate' ? 'cut in half' : how === 'zero' ? 'replaced by NULs' : 'one character changed'}`}`;
  } finally {
    db.close();
  }
}
