// The record itself damaged: a message row changed behind SQLite's back is found by its checksum
// and put back from the search index's copy when that copy proves right; a cut-off engram.sqlite
// is salvaged row by row with the damaged file kept; a missing one is never replaced silently.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../electron/node/engine/engine';
import { checkRecord } from '../../electron/node/engine/doctor/offline';
import { checkSqliteFile } from '../../electron/node/engine/stores/sqlite-salvage';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;

/** Runs `use` on a SQLite file of its own (not an engine's). */
function withRawSqliteFile<T>(file: string, use: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return use(db);
  } finally {
    db.close();
  }
}
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** A memory with a few thousand messages (a file large enough that cutting its second half hits data, not schema). */
async function memory(): Promise<{ dir: string; texts: string[] }> {
  const dir = tempDir();
  const e = await openEngine(dir);
  await importFiles(e, fixture('claude', 'conversations.json'));
  const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ speaker: i % 2 ? 'Assistant' : 'User', text: `line ${i} of a long generated conversation about gardens and trains`, timestamp: `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00Z` }));
  const file = path.join(dir, '..', `${path.basename(dir)}-log.jsonl`);
  fs.writeFileSync(file, lines.join('\n'));
  await importFiles(e, file);
  const texts = e.chat.getMessages(e.chat.listMessages({}, 0, 100).map((m) => m.id)).map((m) => m.text);
  await e.close();
  return { dir, texts };
}

describe('the chat table damaged', () => {
  it('a message whose text changed is named, and put back from the search index copy that matches its checksum', async () => {
    const { dir, texts } = await memory();
    const probe = await openEngine(dir);
    const [first] = probe.chat.listMessages({}, 0, 1);
    await probe.close();
    withRawSqlite(probe, (db) => db.prepare("UPDATE messages SET text = 'tampered' WHERE id = ?").run(first.id));

    engine = await openEngine(dir);
    const found = (await engine.checkMemory()).filter((p) => !p.repaired);
    expect(found).toContainEqual(expect.objectContaining({ store: 'chat', where: `engram.sqlite, message ${first.id}`, problem: 'the row does not match its checksum' }));
    const repaired = await engine.repairMemory();
    expect(repaired.unrepaired).toBe(0);
    expect(engine.chat.getMessages(engine.chat.listMessages({}, 0, 100).map((m) => m.id)).map((m) => m.text)).toEqual(texts);
    expect((await engine.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
  });

  it('start-up names a changed row by itself (the background row check), without waiting for engram doctor', async () => {
    const { dir } = await memory();
    const probe = await openEngine(dir);
    const rows = probe.chat.listMessages({}, 0, 3000);
    await probe.close();
    // The newest row: the check reads every row, not only the first ones.
    const late = rows[rows.length - 1];
    withRawSqlite(probe, (db) => db.prepare("UPDATE messages SET speaker = 'Somebody else' WHERE id = ?").run(late.id));

    engine = await openEngine(dir);
    const startup = (await engine.integrityReport()).problems;
    expect(startup).toContainEqual(expect.objectContaining({ store: 'chat', where: `engram.sqlite, message ${late.id}`, repaired: false, action: expect.stringContaining('engram doctor --repair') }));
  });

  it('the start-up row check reads the rows there were at open, not the rows this run imports (checksummed as they were written)', async () => {
    const { dir } = await memory();
    engine = await openEngine(dir);
    const atOpen = engine.chat.lastMessageId();
    const read: { after: number; last: number | null }[] = [];
    const page = engine.chat.damagedMessageRowsAfter.bind(engine.chat);
    engine.chat.damagedMessageRowsAfter = (after, limit, upTo) => {
      const out = page(after, limit, upTo);
      read.push({ after, last: out.last });
      return out;
    };
    await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    expect(engine.chat.lastMessageId()).toBeGreaterThan(atOpen);
    await engine.integrityReport();
    // every row up to the last id at open was read, and none after it
    expect(Math.max(...read.map((r) => r.last ?? 0))).toBe(atOpen);
    expect(read.at(-1)).toEqual({ after: atOpen, last: null });
  });

  it('the offline check reads index entries against their rows (an index that disagrees with its table is named, though quick_check passes it)', () => {
    const file = path.join(tempDir(), 'some.sqlite');
    withRawSqliteFile(file, (db) => {
      db.exec('CREATE TABLE t (a TEXT, b TEXT); CREATE INDEX t_a ON t(a);');
      const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
      for (let i = 0; i < 50; i++) insert.run(`a${i}`, `b${i}`);
      db.pragma('journal_mode = DELETE');
    });
    // One index entry's text changed in the file ('a17' to 'a1z'): well formed, but no row has it.
    const root = withRawSqliteFile(file, (db) => db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 't_a'").pluck().get() as number);
    const bytes = fs.readFileSync(file);
    const page = bytes.subarray((root - 1) * 4096, root * 4096);
    const at = page.indexOf('a17');
    expect(at).toBeGreaterThan(0);
    page.write('a1z', at);
    fs.writeFileSync(file, bytes);
    expect(withRawSqliteFile(file, (db) => db.pragma('quick_check', { simple: true }))).toBe('ok');
    const check = checkSqliteFile(file);
    expect(check).toEqual(expect.objectContaining({ ok: false, unreadable: false }));
    expect(check.problems[0]).toMatch(/index t_a/);
  });

  it('a cut-off engram.sqlite is salvaged into a new file, the damaged one kept beside it', async () => {
    const { dir } = await memory();
    const file = path.join(dir, 'engram.sqlite');
    // At a page boundary: a cut inside a page zeroes the cells at its end, which then read as
    // rows whose checksums fail (named by the doctor; the damage matrix of npm run test:faults has those).
    fs.truncateSync(file, Math.floor((fs.statSync(file).size * 0.7) / 4096) * 4096);
    const named = checkRecord(dir, false);
    expect(named).toEqual([expect.objectContaining({ where: 'engram.sqlite', repaired: false, action: expect.stringContaining('engram doctor --repair') })]);
    const salvaged = checkRecord(dir, true);
    expect(salvaged).toEqual([expect.objectContaining({ where: 'engram.sqlite', repaired: true, action: expect.stringMatching(/rows copied into a new file.*kept as engram\.sqlite\.damaged-/) })]);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('engram.sqlite.damaged-'))).toBe(true);
    expect(checkRecord(dir, false)).toEqual([]);
    engine = await openEngine(dir);
    await engine.repairMemory();
    expect((await engine.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
  });

  it('a zeroed page of message rows: the doctor names engram.sqlite and its salvage instead of failing, and rebuilds nothing from it', async () => {
    const { dir } = await memory();
    const file = path.join(dir, 'engram.sqlite');
    // A page of the messages table in the file's second half (the generated log's rows).
    const page = Math.floor((fs.statSync(file).size * 0.6) / 4096);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096), 0, 4096, page * 4096);
    fs.closeSync(fd);

    engine = await openEngine(dir);
    const found = (await engine.checkMemory()).filter((p) => !p.repaired);
    expect(found).toContainEqual(expect.objectContaining({ store: 'chat', where: 'engram.sqlite', action: expect.stringMatching(/^close Engram, then engram doctor --repair/) }));
    // The repair in the app does not rebuild the search index or graphs from the damaged record.
    const repaired = await engine.repairMemory();
    expect(repaired.problems).toContainEqual(expect.objectContaining({ where: 'engram.sqlite', repaired: false }));
    expect(repaired.problems.filter((p) => p.store !== 'chat')).toEqual([]);
    await engine.close();
    engine = null;

    // Closed, the offline doctor salvages the rows that read back; then everything else mends.
    expect(checkRecord(dir, true)).toEqual([expect.objectContaining({ where: 'engram.sqlite', repaired: true })]);
    engine = await openEngine(dir);
    await engine.repairMemory();
    expect((await engine.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
  });

  it('a deleted engram.sqlite: the engine refuses to start an empty memory over the stores made from it', async () => {
    const { dir } = await memory();
    fs.rmSync(path.join(dir, 'engram.sqlite'));
    await expect(Engine.open({ dataDir: dir, withoutOntology: true })).rejects.toThrow(/engram\.sqlite is missing, but the (graph|search index) made from it is still in .*engram doctor --repair/);
    // The refusal left nothing open: the folder is free.
    const repaired = checkRecord(dir, true);
    expect(repaired[0]).toMatchObject({ repaired: true, action: expect.stringMatching(/^set-aside-.*\/ holds what was there/) });
    engine = await openEngine(dir);
    expect((await engine.stats()).messages).toBe(0);
  });
});
