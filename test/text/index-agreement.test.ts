// The text toolkit against a real full-text index configured as the search index is
// (stores/search-index.ts: stem, English, stop words, ASCII folding): words the toolkit gives one
// stem are the words the index matches with each other, and the index drops exactly the words
// isIndexStopWord says it drops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { stem } from '../../shared/text/stem';
import { INDEX_STOP_WORDS, isIndexStopWord } from '../../shared/text/stop-words';

// Inflections (regular and not), Porter2's special cases (y → i, -ly, -ies, doubled consonants,
// the exception list) and words the old hand-written stemmer got wrong.
const VOCABULARY = (
  'run runs running runner ran city cities happy happiness happily generous generously generate generation ' +
  'connect connected connecting connection connections organize organization organ dying die dies skies sky ' +
  'news early earlier only onli agree agreed agreement feed feeding hope hoping hoped hop hopping hopped ' +
  'fly flies flying flight raise raised raising fundraising shoe shoes party parties partying bought buy buying ' +
  'collect collection collector postcard postcards charity charities charitable travel travelled traveling ' +
  'swim swimming swam cook cooking cooked cookies book booked booking bouldering boulder gym gyms ' +
  'national nationality rational relational conditional possible possibly possibility ability able ' +
  'running shoes marathon marathons knee knees physio physiotherapy'
).split(' ');
const STOP_PROBES = ['having', 'does', 'only', 'very', 'because', 'ourselves', 'doing', 'once', 'why', 'any', 'during'];

let dir: string;
let table: lancedb.Table;
const docs = [...new Set([...VOCABULARY, ...STOP_PROBES, ...INDEX_STOP_WORDS])];

/** The words of the vocabulary the index finds for a query word. */
async function found(word: string): Promise<string[]> {
  const rows = (await table.query().fullTextSearch(new lancedb.MatchQuery(word, 'text')).select(['id', '_score']).limit(500).toArray()) as { id: number }[];
  return rows.map((r) => docs[Number(r.id)]).sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-text-'));
  const db = await lancedb.connect(dir);
  table = await db.createTable('words', docs.map((text, id) => ({ id, text })));
  await table.createIndex('text', {
    config: lancedb.Index.fts({ stem: true, removeStopWords: true, language: 'English', asciiFolding: true, lowercase: true, withPosition: false }),
  });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the text toolkit and the full-text index', () => {
  it('"running" finds "runs" and "run" (and not "ran": no stemmer relates irregular forms)', async () => {
    expect(await found('running')).toEqual(['run', 'runner', 'running', 'runs'].filter((w) => stem(w) === 'run').sort());
    expect(await found('running')).toContain('runs');
    expect(await found('running')).not.toContain('ran');
  });

  it('puts words in the same stem classes as the index', async () => {
    const words = VOCABULARY.filter((w) => !isIndexStopWord(w));
    for (const w of words) {
      const expected = docs.filter((d) => !isIndexStopWord(d) && stem(d) === stem(w)).sort();
      expect(await found(w), w).toEqual(expected);
    }
  });

  it('knows which words the index drops: those whose stem is on its list', async () => {
    for (const w of [...INDEX_STOP_WORDS, ...STOP_PROBES]) {
      const hits = await found(w);
      expect(hits.length === 0, `${w} (stem ${stem(w)})`).toBe(isIndexStopWord(w));
    }
    // the stem decides: "having" → "have" is dropped, "does" → "doe" and "only" → "onli" are kept
    expect(isIndexStopWord('having')).toBe(true);
    expect(isIndexStopWord('does')).toBe(false);
    expect(isIndexStopWord('only')).toBe(false);
  });
});
