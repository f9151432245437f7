// The search index keeps every text exactly as it was written, and writes a large set of rows
// (a whole source rebuilt after a crash) a bounded write at a time, each row counted once.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import * as arrow from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import { lanceLibraries, SEARCH_WRITE_ROWS, SearchIndex, toArrow, type SearchRow } from '../../electron/node/engine/stores/search-index';

const dirs: string[] = [];
let index: SearchIndex | null = null;
afterEach(async () => {
  await index?.close();
  index = null;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

let searchDir = '';
async function openIndex(): Promise<SearchIndex> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-search-rows-'));
  dirs.push(dir);
  searchDir = path.join(dir, 'search');
  index = await SearchIndex.open(searchDir);
  return index;
}

/** The fragments of the messages table: one per LanceDB write. */
async function fragments(): Promise<number> {
  const db = await lancedb.connect(searchDir);
  const table = await db.openTable('messages');
  const n = (await table.stats()).fragmentStats.numFragments;
  table.close();
  db.close();
  return n;
}

const row = (id: number, text: string, speaker = 'Ana'): SearchRow => ({
  id,
  source_id: 1 + (id % 3),
  conversation_id: 10 + (id % 7),
  session_id: 100 + id,
  speaker,
  role: 'user',
  ts_local: `2024-05-0${1 + (id % 9)}T10:00:00`,
  text,
  search_text: `${speaker}: ${text}`,
});

describe('search index rows', () => {
  it('keeps every text exactly: accents, CJK, emoji, combining marks, code, empty', async () => {
    const texts = ['', 'café au lait', '東京で会いましょう', 'rocket 🚀 launch 👩‍🚀', 'e\u0301te\u0301 (combining)', 'const x = `a\\n${b}`;\n\ttab', 'x'.repeat(70_000)];
    const rows = texts.map((t, i) => row(i + 1, t, i === 2 ? 'Zoë' : 'Ana'));
    const idx = await openIndex();
    await idx.add(rows);
    const back = (await idx.rowsByIds(rows.map((r) => r.id))).sort((a, b) => a.id - b.id);
    expect(back).toEqual(rows);
    expect((await idx.search('rocket')).map((h) => h.id)).toEqual([4]);
    expect((await idx.search('café')).map((h) => h.id)).toEqual([2]);
  });

  it('builds its tables with the Apache Arrow LanceDB itself loads (one copy of the library, not two)', async () => {
    const { arrow: used } = await lanceLibraries();
    const lances = createRequire(createRequire(import.meta.url).resolve('@lancedb/lancedb'))('apache-arrow') as typeof arrow;
    expect(used.Table).toBe(lances.Table);
  });

  it('writes the same Arrow columns as Arrow’s own builders', () => {
    const texts = ['', 'café au lait', '東京で会いましょう', 'rocket 🚀 launch 👩‍🚀', 'broken \ud83d pair', 'x'.repeat(5_000)];
    const rows = texts.map((t, i) => row(i + 1, t, i === 2 ? 'Zoë' : 'Ana'));
    const schema = new arrow.Schema([
      new arrow.Field('id', new arrow.Int32(), false),
      new arrow.Field('speaker', new arrow.Utf8(), false),
      new arrow.Field('text', new arrow.Utf8(), false),
    ]);
    const ours = toArrow(arrow, schema, rows);
    for (const f of schema.fields) {
      const built = arrow.vectorFromArray(rows.map((r) => r[f.name as keyof SearchRow]), f.type);
      const col = ours.getChild(f.name)!;
      expect(col.type.toString()).toBe(built.type.toString());
      expect(col.nullCount).toBe(0);
      expect(col.toArray()).toEqual(built.toArray());
      if (arrow.DataType.isUtf8(f.type)) expect(col.data[0].values).toEqual(built.data[0].values.subarray(0, col.data[0].values.length));
    }
  });

  it('a lone surrogate is stored as U+FFFD, as Arrow itself would encode it', async () => {
    const idx = await openIndex();
    await idx.add([row(1, 'broken \ud83d pair')]);
    expect((await idx.rowsByIds([1]))[0].text).toBe('broken \ufffd pair');
  });

  it('more rows than one write takes are written in bounded writes, all of them, each counted once', async () => {
    const n = SEARCH_WRITE_ROWS + 1_234;
    const rows = Array.from({ length: n }, (_, i) => row(i + 1, i === n - 1 ? 'the very last zebra' : `message number ${i}`));
    const idx = await openIndex();
    await idx.add(rows);
    expect(await idx.count()).toBe(n);
    expect(await fragments()).toBe(2);
    const bySource = await idx.countBySource();
    expect([...bySource.values()].reduce((a, b) => a + b, 0)).toBe(n);
    expect((await idx.search('zebra')).map((h) => h.id)).toEqual([n]);
  });
});

describe('a search scope with an id that is not a number', () => {
  it('is refused naming the field, instead of LanceDB saying "No field named NaN"', async () => {
    const idx = await openIndex();
    await idx.add([row(1, 'a note about the garden'), row(2, 'the garden again')]);
    await expect(idx.search('garden', { sourceIds: [undefined as unknown as number] }, 5)).rejects.toThrow(/sourceIds holds undefined, not a number/);
    await expect(idx.search('garden', { sessionIds: [Number.NaN] }, 5)).rejects.toThrow(/sessionIds holds NaN, not a number/);
    expect((await idx.search('garden', { sourceIds: [2, 3] }, 5)).map((h) => h.id).sort()).toEqual([1, 2]);
  });
});
