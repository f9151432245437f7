// An import's search writes run in LanceDB's threads while the import reads and writes the next
// batch to SQLite (one write in flight at most); a write that fails still fails the whole source.
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeChatGptExport } from '../../scripts/bench/foundation-data';
import type { Engine } from '../../electron/node/engine/engine';
import type { SearchRow } from '../../electron/node/engine/stores/search-index';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await engine?.close();
  engine = null;
});

const MESSAGES = 22_000;

async function exportFile(name: string): Promise<string> {
  const dir = tempDir();
  const file = path.join(dir, '..', `${path.basename(dir)}-${name}.json`);
  await writeChatGptExport(file, MESSAGES);
  return file;
}

const rowsWritten = (e: Engine) => withRawSqlite(e, (db) => (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n);

describe('search writes during an import', () => {
  it('overlap the next batch: SQLite rows grow while a search write is in flight, and every message is searchable after', { timeout: 120_000 }, async () => {
    const file = await exportFile('overlap');
    engine = await openEngine(tempDir(), { autoGraph: false });
    const e = engine;
    const add = e.search.add.bind(e.search);
    const seen: { atStart: number; atEnd: number; rows: number }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    vi.spyOn(e.search, 'add').mockImplementation(async (rows: SearchRow[], opts) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      const atStart = rowsWritten(e);
      // a slow disk: the write takes a while
      await new Promise((r) => setTimeout(r, 400));
      await add(rows, opts);
      seen.push({ atStart, atEnd: rowsWritten(e), rows: rows.length });
      inFlight--;
    });
    const end = await e.waitForJob(await e.importPaths({ paths: [file] }));
    expect(end.state).toBe('done');
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(mostInFlight).toBe(1);
    // while the first write was in flight, the import went on writing the next batch to SQLite
    expect(seen[0].atEnd).toBeGreaterThan(seen[0].atStart);
    expect(seen.reduce((n, s) => n + s.rows, 0)).toBe(MESSAGES);
    expect((await e.stats()).messages).toBe(MESSAGES);
    await e.search.settled();
    expect([...(await e.search.countBySource()).values()]).toEqual([MESSAGES]);
  });

  it('the search table an import creates gets its full-text index when the import ends, not over its first rows', async () => {
    const dir = tempDir();
    engine = await openEngine(dir, { autoGraph: false });
    const add = vi.spyOn(engine.search, 'add');
    await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    expect(add.mock.calls.length).toBeGreaterThan(0);
    expect(add.mock.calls.every(([, opts]) => opts?.indexLater === true)).toBe(true);
    await engine.close(); // waits for the refresh the import left
    engine = await openEngine(dir, { autoGraph: false });
    await engine.search.ensureOpen();
    expect(await engine.search.hasTextIndex()).toBe(true);
    expect((await engine.integrityReport()).problems.filter((p) => p.store === 'search')).toEqual([]);
    expect((await engine.search.search('Lisbon')).length).toBeGreaterThan(0);
  });

  it('a search write that fails fails the source, and nothing of it is left in any store', { timeout: 120_000 }, async () => {
    const file = await exportFile('fails');
    engine = await openEngine(tempDir(), { autoGraph: false });
    const e = engine;
    const add = e.search.add.bind(e.search);
    let calls = 0;
    vi.spyOn(e.search, 'add').mockImplementation(async (rows: SearchRow[]) => {
      if (++calls === 2) throw new Error('disk full');
      await add(rows);
    });
    const end = await e.waitForJob(await e.importPaths({ paths: [file] }));
    expect(end.state).toBe('failed');
    expect(end.error).toContain('disk full');
    expect(await e.listSources()).toEqual([]);
    expect(rowsWritten(e)).toBe(0);
    await e.search.settled();
    expect([...(await e.search.countBySource()).values()].reduce((a, b) => a + b, 0)).toBe(0);
  });
});
