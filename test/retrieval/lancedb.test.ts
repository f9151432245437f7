// Retrieval against a real LanceDB table shaped like the engine's messages table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { LanceRetrievalBackend, MESSAGE_FTS_OPTIONS, filterSql } from '../../electron/node/engine/stores/lancedb-backend';
import { retrieve } from '../../electron/node/engine/retrieval/retrieve';
import { fixtureDocs, idOf } from './fixture';

const docs = fixtureDocs(7);
let dir: string;
let backend: LanceRetrievalBackend;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-retrieval-'));
  const db = await lancedb.connect(dir);
  const rows = docs.map((d) => {
    const session = docs.filter((x) => x.sessionId === d.sessionId);
    const context = session
      .filter((x) => Math.abs(x.turnIndex - d.turnIndex) === 1)
      .map((x) => `${x.speaker}: ${x.text}`)
      .join('\n');
    return {
      id: d.id,
      source_id: d.sourceId,
      conversation_id: 1,
      session_id: d.sessionId,
      speaker: d.speaker,
      role: d.role,
      ts_local: d.timestamp,
      text: d.text,
      search_text: `${d.speaker}: ${d.text}`,
      context,
    };
  });
  // A second source that must never leak into results filtered to source 7.
  rows.push({ id: 1000, source_id: 8, conversation_id: 2, session_id: 99, speaker: 'Zed', role: 'other', ts_local: '2023-05-08T10:00:00', text: 'My pottery class made a pottery bowl', search_text: 'Zed: My pottery class made a pottery bowl', context: '' });
  const table = await db.createTable('messages', rows);
  await table.createIndex('search_text', { config: lancedb.Index.fts(MESSAGE_FTS_OPTIONS) });
  await table.createIndex('context', { config: lancedb.Index.fts(MESSAGE_FTS_OPTIONS) });
  backend = await LanceRetrievalBackend.open(table);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('LanceRetrievalBackend', () => {
  it('sees both indexed fields and the speakers of a source', async () => {
    expect(backend.hasField('search_text')).toBe(true);
    expect(backend.hasField('context')).toBe(true);
    expect((await backend.speakers([7])).map((s) => s.name).sort()).toEqual(['Ava', 'Ben']);
  });

  it('searches with BM25 (stemmed) inside the filters', async () => {
    const hits = await backend.fullText({ text: 'climb' }, { limit: 5, sourceIds: [7] });
    expect(hits.slice(0, 2).map((h) => h.id).sort()).toEqual([idOf(docs, 'climbing gym'), idOf(docs, 'climbing is a great')].sort());
    const ben = await backend.fullText({ text: 'pottery' }, { limit: 5, sourceIds: [7], speakers: ['Ava'] });
    expect(ben.map((h) => h.id)).toEqual([idOf(docs, 'Pottery sounds fun')]);
  });

  it('orders session messages and finds sessions by date', async () => {
    const s2 = await backend.sessionDocs([2]);
    expect(s2.map((d) => d.turnIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s2[0].text).toContain('promoted');
    expect(await backend.sessionsInRange('2023-06-01', '2023-06-30', [7])).toEqual([2]);
  });

  it('escapes filter values', () => {
    expect(filterSql({ limit: 1, speakers: ["O'Brien"], to: '2023-06-30' })).toBe("speaker IN ('O''Brien') AND ts_local <= '2023-06-30T23:59:59'");
  });
});

describe('retrieve over LanceDB', () => {
  it('answers from the right source, including answers in replies and dated sessions', async () => {
    const top = async (q: string, k = 3) => (await retrieve(q, backend, { k, sourceIds: [7] })).map((r) => r.id);
    expect((await top('When did Ben start a pottery class?'))[0]).toBe(idOf(docs, 'started a pottery class'));
    expect(await top("What is Ben's new role after the promotion?")).toContain(idOf(docs, 'Team lead'));
    expect(await top('What is the title of the novel Ben read?')).toContain(idOf(docs, 'The Keeper of the Light'));
    expect(await top('What did Ava and Ben talk about on 3 July, 2023?', 6)).toEqual(
      expect.arrayContaining([idOf(docs, 'half marathon')]),
    );
    expect(await top('pottery bowl', 10)).not.toContain(1000);
  });
});
