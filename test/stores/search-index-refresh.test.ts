// After an import the search index makes its full-text index whole without compacting the
// import's fragments, and searching it gives the same hits and scores as the same rows compacted
// into one fragment; many small fragments are compacted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndex, type SearchRow } from '../../electron/node/engine/stores/search-index';

const dirs: string[] = [];
const opened: SearchIndex[] = [];
afterEach(async () => {
  for (const i of opened.splice(0)) await i.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function openIndex(): Promise<{ index: SearchIndex; dir: string }> {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'engram-search-refresh-')), 'search');
  dirs.push(path.dirname(dir));
  const index = await SearchIndex.open(dir);
  opened.push(index);
  return { index, dir };
}

async function withTable<T>(dir: string, use: (t: lancedb.Table) => Promise<T>): Promise<T> {
  const db = await lancedb.connect(dir);
  const table = await db.openTable('messages');
  try {
    return await use(table);
  } finally {
    table.close();
    db.close();
  }
}

const fragments = (dir: string) => withTable(dir, async (t) => (await t.stats()).fragmentStats.numFragments);
const unindexed = (dir: string) =>
  withTable(dir, async (t) => {
    const ix = (await t.listIndices()).find((i) => i.columns.includes('search_text'))!;
    return (await t.indexStats(ix.name))!.numUnindexedRows;
  });

// Deterministic varied texts: words drawn with different frequencies, so BM25 scores differ.
const WORDS = ['garden', 'tomato', 'bicycle', 'repair', 'chain', 'harbour', 'ferry', 'ticket', 'recipe', 'lentil', 'soup', 'violin', 'lesson', 'rent', 'invoice', 'mountain', 'trail', 'rain'];
function textOf(id: number): string {
  let x = id * 2654435761;
  const out: string[] = [];
  const n = 3 + (id % 9);
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[(x >>> 8) % (1 + ((x >>> 4) % WORDS.length))]);
  }
  return out.join(' ');
}
const row = (id: number): SearchRow => ({
  id,
  source_id: 1 + (id % 2),
  conversation_id: 10 + (id % 5),
  session_id: 100 + (id % 40),
  speaker: id % 2 ? 'Ana' : 'Bo',
  role: id % 2 ? 'user' : 'assistant',
  ts_local: '2024-05-01T10:00:00',
  text: textOf(id),
  search_text: `${id % 2 ? 'Ana' : 'Bo'}: ${textOf(id)}`,
});
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => row(from + i));

const QUERIES = ['tomato', 'bicycle repair', 'ferry ticket', 'lentil soup recipe', 'violin', 'mountain trail rain', 'Bo invoice'];
async function hits(index: SearchIndex): Promise<string[][]> {
  const out: string[][] = [];
  for (const q of QUERIES) {
    for (const scope of [{}, { sourceIds: [2] }]) {
      // every match (the limit is above the row count), so ties at a cut-off cannot differ
      const found = await index.search(q, scope, 5_000);
      out.push(found.map((h) => `${h.id}:${h.score.toFixed(4)}`).sort());
    }
  }
  return out;
}

describe('search index refresh after writes', () => {
  it('indexes an import written in several fragments without compacting: the hits and scores of one build over all rows, the hits of the compacted table', async () => {
    const split = await openIndex();
    for (let i = 0; i < 4; i++) await split.index.add(rows(1 + i * 600, 600));
    expect(await unindexed(split.dir)).toBe(1_800); // the index was built after the first write
    expect(await split.index.refresh()).toBe('indexed');
    expect(await fragments(split.dir)).toBe(4);
    expect(await unindexed(split.dir)).toBe(0);
    expect(await split.index.refresh()).toBe('unchanged');

    // the same rows written at once: one fragment, its index built over all of them
    const once = await openIndex();
    await once.index.add(rows(1, 2_400));
    expect(await fragments(once.dir)).toBe(1);
    const found = await hits(split.index);
    expect(found.flat().length).toBeGreaterThan(1_000);
    expect(found).toEqual(await hits(once.index));

    // and what LanceDB's optimize (compaction + index update) finds: the same messages (its
    // index keeps the first write's part apart, so its scores differ slightly from one build's)
    const compacted = await openIndex();
    for (let i = 0; i < 4; i++) await compacted.index.add(rows(1 + i * 600, 600));
    await withTable(compacted.dir, (t) => t.optimize());
    expect(await fragments(compacted.dir)).toBeLessThan(4);
    expect(await unindexed(compacted.dir)).toBe(0);
    const ids = (h: string[][]) => h.map((list) => list.map((x) => x.split(':')[0]).sort());
    expect(ids(found)).toEqual(ids(await hits(compacted.index)));
  });

  it('rows written with indexLater make a table without its full-text index (searched unindexed, same messages) until the refresh builds it', async () => {
    const textIndexes = (dir: string) => withTable(dir, async (t) => (await t.listIndices()).filter((i) => i.columns.includes('search_text')).length);
    const later = await openIndex();
    for (let i = 0; i < 4; i++) await later.index.add(rows(1 + i * 600, 600), { indexLater: true });
    expect(await textIndexes(later.dir)).toBe(0);
    const ids = (h: string[][]) => h.map((list) => list.map((x) => x.split(':')[0]).sort());
    const unindexedHits = await hits(later.index);
    expect(unindexedHits.flat().length).toBeGreaterThan(1_000);
    expect(await later.index.refresh()).toBe('indexed');
    expect(await textIndexes(later.dir)).toBe(1);
    expect(await unindexed(later.dir)).toBe(0);
    // built over all rows at once: the hits and scores of a table written in one go
    const once = await openIndex();
    await once.index.add(rows(1, 2_400));
    expect(await hits(later.index)).toEqual(await hits(once.index));
    expect(ids(unindexedHits)).toEqual(ids(await hits(once.index)));

    // without it, the first write builds the index over its rows, as before
    const now = await openIndex();
    await now.index.add(rows(1, 600));
    expect(await textIndexes(now.dir)).toBe(1);
  });

  it('rows outside the full-text index: a search still gives its best hits, not the first matches, best first', async () => {
    // LanceDB reads unindexed rows in row order and stops at the query's limit
    const best = async (index: SearchIndex) => {
      const out: string[][] = [];
      for (const q of QUERIES) for (const limit of [3, 10]) out.push((await index.search(q, {}, limit)).map((h) => `${h.id}:${h.score.toFixed(4)}`));
      return out;
    };
    const later = await openIndex();
    for (let i = 0; i < 4; i++) await later.index.add(rows(1 + i * 600, 600), { indexLater: true });
    const before = await best(later.index);
    expect(await later.index.refresh()).toBe('indexed');
    const after = await best(later.index);
    // appended after the index was built: outside it until the next refresh
    await later.index.add(rows(2_401, 600));
    expect(await unindexed(later.dir)).toBe(600);
    const appended = await best(later.index);
    // (the index's rows and the others are scored from different statistics, so the ranking is
    // that of every match as scored now, not yet the one after the next refresh)
    const everyMatch: string[][] = [];
    for (const q of QUERIES) for (const limit of [3, 10]) everyMatch.push((await later.index.search(q, {}, 100_000)).slice(0, limit).map((h) => `${h.id}:${h.score.toFixed(4)}`));
    expect(await later.index.refresh()).toBe('indexed');
    const all = await best(later.index);
    for (const found of [...before, ...after, ...appended, ...all]) {
      const scores = found.map((h) => Number(h.split(':')[1]));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    // the same hits up to which of equal scores make the cut (the index's own choice): as many,
    // and the same messages above the last one's score (unindexed rows score a little
    // differently: the statistics BM25 reads are not the index's)
    const same = (got: string[][], want: string[][]) => {
      const parsed = (h: string[][]) => h.map((list) => list.map((x) => ({ id: x.split(':')[0], score: Number(x.split(':')[1]) })));
      const above = (h: string[][]) => parsed(h).map((l) => l.filter((x) => x.score > l[l.length - 1].score).map((x) => x.id).sort());
      expect(got.map((l) => l.length)).toEqual(want.map((l) => l.length));
      expect(above(got)).toEqual(above(want));
    };
    same(before, after);
    same(appended, everyMatch);
    expect(all.flat().length).toBe(after.flat().length);
    // the first matches are not the best: a search that stopped at them would differ
    const firstMatch = rows(1, 2_400).findIndex((r) => r.text.includes('violin'));
    expect(before[QUERIES.indexOf('violin') * 2][0].split(':')[0]).not.toBe(String(firstMatch + 1));
  });

  it('a fragmented table without its full-text index gets it when compacted', async () => {
    const { index, dir } = await openIndex();
    for (let i = 0; i < 20; i++) await index.add(rows(1 + i * 10, 10), { indexLater: true });
    expect(await index.refresh()).toBe('compacted');
    expect(await unindexed(dir)).toBe(0);
  });

  it('compacts a table of many small fragments (many small imports)', async () => {
    const { index, dir } = await openIndex();
    for (let i = 0; i < 20; i++) await index.add(rows(1 + i * 10, 10));
    expect(await fragments(dir)).toBe(20);
    expect(await index.refresh()).toBe('compacted');
    expect(await fragments(dir)).toBeLessThanOrEqual(2);
    expect(await unindexed(dir)).toBe(0);
    expect((await index.search('violin', {}, 5_000)).length).toBe(rows(1, 200).filter((r) => r.text.includes('violin')).length);
  });
});
