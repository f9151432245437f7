import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir, finished } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const count = async (e: Engine) => {
  const s = await e.stats();
  return { sources: s.sources, conversations: s.conversations, sessions: s.sessions, messages: s.messages };
};

const graphCount = async (e: Engine) => {
  const r = await e.sparqlQuery({ query: 'SELECT (COUNT(*) AS ?n) WHERE { ?p a <http://rdfs.org/sioc/ns#Post> }' });
  return r.kind === 'select' ? Number(r.rows[0].n.value) : -1;
};

describe('importing into the three stores', () => {
  it('imports every fixture format, sessionizing where the source has no sessions', async () => {
    engine = await openEngine();
    const job = await importFiles(
      engine,
      fixture('chatgpt', 'conversations.json'),
      fixture('claude', 'conversations.json'),
      fixture('locomo', 'mini.json'),
      fixture('temporal-memory', 'mini.json'),
      fixture('longmemeval', 'instances.json'),
      fixture('generic', 'messages.jsonl'),
    );
    expect(job.state).toBe('done');
    const sources = await engine.listSources();
    expect(sources.map((s) => s.format)).toEqual(['chatgpt', 'claude', 'locomo', 'temporal-memory', 'longmemeval', 'longmemeval', 'generic-jsonl']);
    const byFormat = Object.fromEntries(sources.map((s) => [s.format, s]));
    // ChatGPT: the Lisbon chat has a 2-hour pause, so two sessions; Sourdough one.
    expect(byFormat.chatgpt).toMatchObject({ conversations: 2, sessions: 3, messages: 8 });
    expect(byFormat.claude).toMatchObject({ conversations: 2, sessions: 3, messages: 6 });
    expect(byFormat.locomo).toMatchObject({ sessions: 3, messages: 6 });
    const total = sources.reduce((n, s) => n + s.messages, 0);
    expect(await engine.search.count()).toBe(total);
    expect(await graphCount(engine)).toBe(total);
  });

  it('keeps the chain-of-table columns and the source ids', async () => {
    engine = await openEngine();
    await importFiles(engine, fixture('temporal-memory', 'mini.json'));
    const { rows } = await engine.listMessages({ filter: {} });
    expect(rows.map((r) => [r.responseIndex, r.sessionIndex, r.turnIndex, r.externalId])).toEqual([
      [0, 1, 0, 'D1:1'],
      [1, 1, 1, 'D1:2'],
      [2, 2, 0, 'D2:1'],
      [3, 2, 1, 'D2:2'],
      [4, 2, 2, 'D2:3'],
    ]);
    expect(rows[0]).toMatchObject({ dayName: 'Monday', week: '2023-W19', date: '2023-05-08', time: '13:56:04', speaker: 'Ana' });
    expect(rows[2]).toMatchObject({ dayName: 'Tuesday', date: '2023-06-27' });
    // A source is found by its id, file name, key or path.
    const [source] = await engine.listSources();
    for (const name of [String(source.id), 'mini.json', source.key, source.path!]) expect(engine.chat.sourceIdsByName(name)).toEqual([source.id]);
    expect(engine.chat.sourceIdsByName('other.json')).toEqual([]);
    const table = engine.chat.db.prepare('SELECT Session_Index, Day_Name, Week FROM chat_table ORDER BY Response_Index').all();
    expect(table[4]).toEqual({ Session_Index: 2, Day_Name: 'Tuesday', Week: '2023-W26' });
  });

  it('re-importing the same file changes nothing', async () => {
    engine = await openEngine();
    await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    const before = await count(engine);
    const job = await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    expect(job.result).toMatchObject({ sources: [{ status: 'already imported' }] });
    expect(await count(engine)).toEqual(before);
    expect(await engine.search.count()).toBe(before.messages);
  });

  it('a newer export of the same account adds only the new messages, continuing sessions', async () => {
    engine = await openEngine();
    await importFiles(engine, fixture('chatgpt', 'conversations.json'));
    const job = await importFiles(engine, fixture('chatgpt', 'conversations-newer.json'));
    expect(job.result).toMatchObject({ sources: [{ status: 'imported', messages: 4 }] });
    expect(await count(engine)).toEqual({ sources: 2, conversations: 3, sessions: 4, messages: 12 });
    const lisbon = (await engine.listConversations({})).find((c) => c.title === 'Lisbon trip')!;
    const { rows } = await engine.listMessages({ filter: { conversationIds: [lisbon.id] } });
    expect(rows.map((r) => r.responseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The airport question came 10 minutes after the last stored message: same session.
    expect(new Set(rows.slice(4).map((r) => r.sessionId)).size).toBe(1);
    expect(await graphCount(engine)).toBe(12);
    expect(await engine.search.count()).toBe(12);
  });

  it('reads the ChatGPT export .zip', async () => {
    engine = await openEngine();
    const dir = tempDir();
    const zip = path.join(dir, 'chatgpt-export.zip');
    fs.writeFileSync(
      zip,
      zipSync({
        'chat.html': strToU8('<html></html>'),
        'conversations.json': fs.readFileSync(fixture('chatgpt', 'conversations.json')),
        'file-abc.png': new Uint8Array([137, 80, 78, 71]),
      }),
    );
    const job = await importFiles(engine, zip);
    expect(job.result).toMatchObject({ sources: [{ status: 'imported', messages: 8 }] });
  });

  it('imports uploaded bytes (browser path) like files', async () => {
    engine = await openEngine();
    const bytes = new Uint8Array(fs.readFileSync(fixture('claude', 'conversations.json')));
    const job = await finished(engine, engine.importUpload({ name: 'claude.json', bytes }));
    expect(job.result).toMatchObject({ sources: [{ status: 'imported', messages: 6 }] });
  });

  it('deleting a source removes its rows, index entries and graph', async () => {
    engine = await openEngine();
    await importFiles(engine, fixture('claude', 'conversations.json'), fixture('locomo', 'mini.json'));
    const [claude] = await engine.listSources();
    expect(await engine.deleteSource({ id: claude.id })).toEqual({ deleted: true });
    expect(await count(engine)).toEqual({ sources: 1, conversations: 1, sessions: 3, messages: 6 });
    expect(await engine.search.count()).toBe(6);
    expect(await graphCount(engine)).toBe(6);
    expect((await engine.listGraphs()).filter((g) => g.kind === 'messages')).toHaveLength(1);
  });

  it('an import started the moment the memory opens keeps its graph (start-up reconciliation waits for nothing of it)', async () => {
    const { Engine } = await import('../../electron/node/engine/engine');
    engine = await Engine.open({ dataDir: tempDir(), withoutOntology: false });
    const job = await engine.importPaths({ paths: [fixture('locomo', 'mini.json')] });
    expect(job.state).toBe('running');
    await engine.jobs.idle();
    await engine.whenReady();
    expect(engine.jobs.list()[0].state).toBe('done');
    expect(await graphCount(engine)).toBe(6);
    // the messages graph and the ontology, with the owner graph and the automatic graph (no model) that follow an import
    const kinds = (await engine.listGraphs()).map((g) => g.kind);
    expect(kinds).toEqual(expect.arrayContaining(['messages', 'ontology']));
    expect(kinds.every((k) => ['messages', 'ontology', 'owner', 'auto'].includes(k))).toBe(true);
  });

  it('keeps everything after a restart', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    await engine.close();
    engine = await openEngine(dir);
    expect(await count(engine)).toEqual({ sources: 1, conversations: 1, sessions: 3, messages: 6 });
    expect(await graphCount(engine)).toBe(6);
    expect((await engine.searchMessages({ text: 'pottery' })).map((h) => h.message.externalId)).toEqual(['D1:1']);
  });
});

describe('bad input writes nothing', () => {
  const badFiles = (dir: string): [string, string | Uint8Array | null, RegExp][] => [
    ['empty.json', '', /^empty\.json: the file is empty \(0 bytes\)$/],
    ['truncated.json', fs.readFileSync(fixture('chatgpt', 'conversations.json'), 'utf8').slice(0, 500), /^truncated\.json: not valid JSON \(the file ends in the middle/],
    ['latin1.csv', new Uint8Array([...Buffer.from('speaker,text,timestamp\nZo'), 0xeb, ...Buffer.from(',caf\u00e9,2024-01-01\n')]), /^latin1\.csv: not UTF-8 text \(invalid byte 0xeb at offset 25\)/],
    ['no-conversations.zip', zipSync({ 'readme.txt': strToU8('hello') }), /^no-conversations\.zip: the zip archive holds no conversations file/],
    ['broken.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /^broken\.zip: the zip archive is damaged/],
    ['a-folder', null, new RegExp(`^a-folder: is a directory`)],
    ['missing.json', undefined as unknown as null, new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/missing\\.json: no such file`)],
  ];

  it('reports each bad file in one line and leaves the stores empty', async () => {
    engine = await openEngine();
    const dir = tempDir();
    for (const [name, content, expected] of badFiles(dir)) {
      const file = path.join(dir, name);
      if (content === null) fs.mkdirSync(file);
      else if (content !== undefined) fs.writeFileSync(file, content);
      const job = await importFiles(engine, file);
      expect(job.state, name).toBe('failed');
      expect(job.error, name).toMatch(expected);
      expect(job.error!.includes('\n'), name).toBe(false);
    }
    expect(await count(engine)).toEqual({ sources: 0, conversations: 0, sessions: 0, messages: 0 });
    expect(await engine.search.count()).toBe(0);
    expect(await graphCount(engine)).toBe(0);
  });

  it('an import cancelled before it ends leaves no trace', async () => {
    engine = await openEngine();
    const job = await engine.importPaths({ paths: [fixture('chatgpt', 'conversations.json')] });
    await engine.cancelJob({ jobId: job.id });
    await engine.jobs.idle();
    expect(engine.jobs.list()[0].state).toBe('cancelled');
    expect(await count(engine)).toEqual({ sources: 0, conversations: 0, sessions: 0, messages: 0 });
    expect(await engine.search.count()).toBe(0);
  });

  it('a source the process died in the middle of importing is removed at the next start', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    // Simulate a crash after the rows were written but before the source was marked ready.
    engine.chat.db.prepare(`UPDATE sources SET status = 'importing'`).run();
    await engine.close();
    engine = await openEngine(dir);
    expect(await count(engine)).toEqual({ sources: 0, conversations: 0, sessions: 0, messages: 0 });
    expect(engine.chat.db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(0);
    expect(await engine.search.count()).toBe(0);
    expect(await graphCount(engine)).toBe(0);
  });
});
