// The search index is derived from the chat table: a missing full-text index (a crash between
// creating the table and building it) or a missing data file is found when the memory opens and
// rebuilt from SQLite, and said so; nothing waits for a person to notice slow or failing searches.
import fs from 'node:fs';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { filesUnder } from '../support/damage';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

async function textIndexes(dir: string): Promise<number> {
  const db = await lancedb.connect(path.join(dir, 'search'));
  const table = await db.openTable('messages');
  const n = (await table.listIndices()).filter((i) => i.columns.includes('search_text')).length;
  table.close();
  db.close();
  return n;
}

describe('the search index, damaged', () => {
  it('a table without its full-text index gets it back at start, and the report says so', async () => {
    const dir = tempDir();
    let e = await openEngine(dir);
    await importFiles(e, fixture('claude', 'conversations.json'));
    await e.close();
    // What a kill between createEmptyTable and createIndex leaves.
    const db = await lancedb.connect(path.join(dir, 'search'));
    const table = await db.openTable('messages');
    for (const ix of await table.listIndices()) await table.dropIndex(ix.name);
    table.close();
    db.close();
    expect(await textIndexes(dir)).toBe(0);

    e = engine = await openEngine(dir);
    // The index is opened (and repaired) when first used; the report opens every store.
    expect((await e.integrityReport()).problems).toEqual([expect.objectContaining({ store: 'search', problem: expect.stringMatching(/full-text index was missing/), repaired: true })]);
    expect(await textIndexes(dir)).toBe(1);
    expect((await e.searchMessages({ text: 'marathon' })).length).toBeGreaterThan(0);
  });

  it('a missing data file: the memory opens, the index is rebuilt from SQLite and answers as before', async () => {
    const dir = tempDir();
    let e = await openEngine(dir);
    await importFiles(e, fixture('claude', 'conversations.json'));
    const before = (await e.searchMessages({ text: 'marathon' })).map((h) => h.message.id);
    expect(before.length).toBeGreaterThan(0);
    await e.close();
    const data = filesUnder(path.join(dir, 'search')).filter((f) => f.includes(`${path.sep}data${path.sep}`));
    expect(data.length).toBeGreaterThan(0);
    for (const f of data) fs.rmSync(f);

    e = engine = await openEngine(dir);
    expect((await e.searchMessages({ text: 'marathon' })).map((h) => h.message.id)).toEqual(before);
    expect((await e.integrityReport()).problems).toEqual([expect.objectContaining({ store: 'search', where: 'search/', repaired: true, action: 'rebuilt from engram.sqlite' })]);
    expect((await e.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
  });

  it('rebuilt from SQLite source by source: the rows written after the first get the full-text index too, in the background', async () => {
    const dir = tempDir();
    let e = await openEngine(dir);
    await importFiles(e, fixture('claude', 'conversations.json'), fixture('chatgpt', 'conversations.json'));
    expect(e.chat.listSources().length).toBe(2);
    await e.close();
    for (const f of filesUnder(path.join(dir, 'search')).filter((f) => f.includes(`${path.sep}data${path.sep}`))) fs.rmSync(f);

    e = engine = await openEngine(dir);
    expect((await e.searchMessages({ text: 'marathon' })).length).toBeGreaterThan(0);
    await e.search.settled();
    const db = await lancedb.connect(path.join(dir, 'search'));
    const table = await db.openTable('messages');
    const index = (await table.listIndices()).find((i) => i.columns.includes('search_text'))!;
    expect((await table.indexStats(index.name))!.numUnindexedRows).toBe(0);
    expect(await table.countRows()).toBe(e.chat.listSources().reduce((n, s) => n + s.messages, 0));
    table.close();
    db.close();
  });

  it('rows that differ from the messages they copy are found by the doctor and rebuilt by the repair', async () => {
    const dir = tempDir();
    const e = await openEngine(dir);
    await importFiles(e, fixture('claude', 'conversations.json'));
    const [row] = e.chat.listSources();
    await e.close();
    // Rows' text changed behind the engine's back (as a flipped byte inside a data page would).
    const db = await lancedb.connect(path.join(dir, 'search'));
    const table = await db.openTable('messages');
    await table.update({ where: `source_id = ${row.id}`, values: { text: 'changed' } });
    table.close();
    db.close();
    engine = await openEngine(dir);
    const found = (await engine.checkMemory()).filter((p) => !p.repaired);
    expect(found).toEqual([expect.objectContaining({ store: 'search', where: `search index, source ${row.id}`, problem: 'rows differ from the messages they copy' })]);
    expect((await engine.repairMemory()).unrepaired).toBe(0);
    expect((await engine.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
  });
});
