// The graph worker's extraction operations: a chunk's graph and its row change in one
// transaction, so neither is ever written without the other.
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import type { ChunkRecord } from '../../electron/node/engine/stores/extraction-state';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const EX = 'http://example.org/';

const record = (over: Partial<ChunkRecord> = {}): ChunkRecord => ({
  model: 'test-model', promptVersion: 'extract-turtle@1', tries: 1, durationMs: 12.4, triplesKept: 1, triplesDropped: 0,
  promptTokens: 100, evalTokens: 50, tokensPerSecond: 10, report: null, error: null, jobId: 'job-1', ...over,
});

async function withChunks(dir = tempDir()): Promise<{ e: Engine; keys: string[] }> {
  const e = await openEngine(dir);
  await importFiles(e, fixture('locomo', 'mini.json'));
  const [source] = e.chat.listSources();
  const keys = await e.extraction.plan({ scope: { kind: 'source', sourceIds: [source.id] } });
  expect(keys.length).toBeGreaterThan(0);
  return { e, keys };
}

async function triplesIn(e: Engine, key: string): Promise<string[]> {
  const data = (await e.exportGraph({ graph: GRAPHS.extraction(key), format: 'n-triples' })).data.trim();
  return data ? data.split('\n').sort() : [];
}

/** Makes every write to extraction_chunks of `kind` fail, as a full disk or a lock would. */
const breakWrites = (e: Engine, kind: 'UPDATE' | 'DELETE') =>
  withRawSqlite(e, (db) => db.exec(`CREATE TRIGGER refuse_${kind.toLowerCase()} BEFORE ${kind} ON extraction_chunks BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`));
const mendWrites = (e: Engine, kind: 'UPDATE' | 'DELETE') => withRawSqlite(e, (db) => db.exec(`DROP TRIGGER refuse_${kind.toLowerCase()}`));

describe('extraction chunks in the graph worker', () => {
  it('a finished chunk has its triples and its record, or neither', async () => {
    const dir = tempDir();
    const { e, keys } = await withChunks(dir);
    engine = e;
    const [key] = keys;
    const first = `<${EX}a> <${EX}b> "first" .\n`;
    await e.graph.request({ op: 'finishChunk', key, outcome: 'done', ntriples: first, record: record() });
    expect(await triplesIn(e, key)).toEqual([first.trim()]);
    expect(e.extraction.state.get(key)).toMatchObject({ status: 'done', model: 'test-model', durationMs: 12, triplesKept: 1, error: null });

    // The row cannot be written: the new triples must not stay either.
    breakWrites(e, 'UPDATE');
    const second = `<${EX}a> <${EX}b> "second" .\n`;
    await expect(e.graph.request({ op: 'finishChunk', key, outcome: 'done', ntriples: second, record: record({ model: 'other' }) })).rejects.toThrow(/refused for the test/);
    expect(await triplesIn(e, key)).toEqual([first.trim()]);
    expect(e.extraction.state.get(key)).toMatchObject({ status: 'done', model: 'test-model' });
    mendWrites(e, 'UPDATE');

    // Nothing of the refused change comes back after a restart (journal replay).
    await e.close();
    engine = await openEngine(dir);
    expect(await triplesIn(engine, key)).toEqual([first.trim()]);
  });

  it('a failed chunk keeps no triples and records why', async () => {
    const { e, keys } = await withChunks();
    engine = e;
    const [key] = keys;
    await e.graph.request({ op: 'finishChunk', key, outcome: 'done', ntriples: `<${EX}a> <${EX}b> "x" .\n`, record: record() });
    await e.graph.request({ op: 'finishChunk', key, outcome: 'failed', record: record({ error: 'no usable answer (after 3 tries)', triplesKept: 0 }) });
    expect(await triplesIn(e, key)).toEqual([]);
    expect(e.extraction.state.get(key)).toMatchObject({ status: 'failed', error: 'no usable answer (after 3 tries)' });
  });

  it('forgotten chunks lose their graphs and rows together', async () => {
    const { e, keys } = await withChunks();
    engine = e;
    for (const key of keys) await e.graph.request({ op: 'finishChunk', key, outcome: 'done', ntriples: `<${EX}${key}> <${EX}b> "x" .\n`, record: record() });

    breakWrites(e, 'DELETE');
    await expect(e.graph.request({ op: 'forgetChunks', keys })).rejects.toThrow(/refused for the test/);
    for (const key of keys) {
      expect(await triplesIn(e, key)).toHaveLength(1);
      expect(e.extraction.state.get(key)).toBeDefined();
    }
    mendWrites(e, 'DELETE');

    await e.graph.request({ op: 'forgetChunks', keys });
    for (const key of keys) {
      expect(await triplesIn(e, key)).toEqual([]);
      expect(e.extraction.state.get(key)).toBeUndefined();
    }
  });
});
