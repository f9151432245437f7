import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir, finished, withRawSqlite } from '../support/temp-engine';

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
    const table = withRawSqlite(engine, (db) => db.prepare('SELECT Session_Index, Day_Name, Week FROM chat_table ORDER BY Response_Index').all());
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
    ['truncated.json', fs.readFileSync(fixture('chatgpt', 'conversations.json'), 'utf8').slice(0, 500), /^truncated\.json: the file is cut off at byte 500 \(inside conversation 1\)$/],
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
    withRawSqlite(engine, (db) => db.prepare(`UPDATE sources SET status = 'importing'`).run());
    await engine.close();
    engine = await openEngine(dir);
    expect(await count(engine)).toEqual({ sources: 0, conversations: 0, sessions: 0, messages: 0 });
    expect(withRawSqlite(engine, (db) => db.prepare('SELECT COUNT(*) FROM messages').pluck().get())).toBe(0);
    expect(await engine.search.count()).toBe(0);
    expect(await graphCount(engine)).toBe(0);
  });
});

describe('broken conversations, strict mode, every format into the stores', () => {
  const FORMATS = fixture('formats');

  it('skips what cannot be read, imports the rest, and keeps the report with the source', async () => {
    engine = await openEngine();
    const job = await importFiles(engine, path.join(FORMATS, 'chatgpt-broken.json'));
    expect(job.state).toBe('done');
    const [outcome] = (job.result as { sources: Record<string, unknown>[] }).sources;
    expect(outcome).toMatchObject({ status: 'imported', conversations: 3, messages: 7 });
    expect(outcome.skipped).toEqual([{ position: 2, id: 'cg-2', title: 'Broken: no mapping', reason: 'it has no mapping (its messages are missing from the export)' }]);
    expect((outcome.warnings as { position: number }[]).map((w) => w.position)).toEqual([3]);
    const [source] = await engine.listSources();
    expect(source.report?.skipped.map((s) => s.id)).toEqual(['cg-2']);
    expect(source.report?.warnings[0]).toMatchObject({ position: 3, id: 'cg-3', title: 'Dangling current node' });
  });

  it('strict: one conversation that cannot be read refuses the whole file, and nothing is written', async () => {
    engine = await openEngine();
    const job = await finished(engine, engine.importPaths({ paths: [path.join(FORMATS, 'chatgpt-broken.json')], strict: true }));
    expect(job.state).toBe('failed');
    expect(job.error).toBe('chatgpt-broken.json: conversation 2 "Broken: no mapping" (cg-2) cannot be read: it has no mapping (its messages are missing from the export) (strict import: nothing was imported)');
    expect(await count(engine)).toEqual({ sources: 0, conversations: 0, sessions: 0, messages: 0 });
    expect(await engine.search.count()).toBe(0);
    expect(await graphCount(engine)).toBe(0);
  });

  it('a file where no conversation can be read fails in one line', async () => {
    engine = await openEngine();
    const file = path.join(tempDir(), 'bad.csv');
    fs.writeFileSync(file, 'speaker,text\nMaya,hello\n');
    const job = await importFiles(engine, file);
    expect(job.state).toBe('failed');
    expect(job.error).toBe('bad.csv: no conversation could be read: conversation 1 "bad.csv" (bad.csv): row 2: timestamp is missing');
  });

  it('every format imports its fixture; re-importing is a no-op; parts, attachments and approximate times are stored', async () => {
    engine = await openEngine();
    const files = fs.readdirSync(FORMATS).filter((f) => !f.endsWith('.md') || f === 'transcript.md').filter((f) => f !== 'README.md').map((f) => path.join(FORMATS, f));
    const job = await importFiles(engine, ...files);
    expect(job.state).toBe('done');
    const sources = await engine.listSources();
    expect(Object.fromEntries(sources.map((s) => [s.name, [s.format, s.conversations, s.messages]]))).toEqual({
      'MyActivity.html': ['gemini', 1, 2],
      // Gemini days are one conversation per account: 2025-04-29 was opened by the HTML export.
      'MyActivity.json': ['gemini', 1, 4],
      'chatbot-ui.json': ['chatbot-ui', 1, 3],
      'chatgpt-broken.json': ['chatgpt', 3, 7],
      'claude-2025.json': ['claude', 1, 2],
      'deepseek.json': ['deepseek', 1, 2],
      'grok.json': ['grok', 1, 2],
      'librechat-flat.json': ['librechat', 1, 3],
      'openwebui.json': ['openwebui', 1, 2],
      'sillytavern.jsonl': ['sillytavern', 1, 3],
      'transcript.md': ['markdown', 1, 4],
    });
    // chatgpt-single.json and librechat-tree.json hold conversations already imported from the other files.
    const outcomes = (job.result as { sources: { name: string; status: string }[] }).sources;
    expect(outcomes.filter((o) => o.status === 'no new messages').map((o) => o.name).sort()).toEqual(['chatgpt-single.json', 'librechat-tree.json']);
    const before = await count(engine);
    const again = await importFiles(engine, ...files);
    expect((again.result as { sources: { status: string }[] }).sources.every((s) => s.status === 'already imported' || s.status === 'no new messages')).toBe(true);
    expect(await count(engine)).toEqual(before);
    expect(await engine.search.count()).toBe(before.messages);

    // An attachment's extracted text is searchable, though not part of the message's words.
    const [hit] = await engine.searchMessages({ text: 'cedar boards' });
    expect(hit.message.text).toBe('How deep should a raised bed be?');
    const detail = await engine.getMessage({ id: hit.message.id });
    expect(detail!.parts).toEqual([{ kind: 'attachment', ordinal: 1, label: 'bed-plan.txt', url: null, text: 'Bed: 120 x 240 cm, cedar boards' }]);
    const claude = (await engine.searchMessages({ text: '1,210' })).find((h) => h.message.speaker === 'Claude')!;
    expect((await engine.getMessage({ id: claude.message.id }))!.parts.map((p) => p.kind)).toEqual(['thinking', 'tool', 'tool']);
    const { rows } = await engine.listMessages({ filter: { speakers: ['Assistant'] } });
    const haiku = rows.find((r) => r.text.startsWith('Steam curls'))!;
    expect(haiku).toMatchObject({ timeApproximate: true, timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(rows.find((r) => r.text.startsWith('Yes — use it'))!.timeApproximate).toBe(true);
  });

  it('a newer export adds only what is new, for formats with ids', async () => {
    engine = await openEngine();
    const dir = tempDir();
    const write = (name: string, data: unknown) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, JSON.stringify(data));
      return file;
    };
    const claude = JSON.parse(fs.readFileSync(path.join(FORMATS, 'claude-2025.json'), 'utf8'));
    const grok = JSON.parse(fs.readFileSync(path.join(FORMATS, 'grok.json'), 'utf8'));
    const chatbot = JSON.parse(fs.readFileSync(path.join(FORMATS, 'chatbot-ui.json'), 'utf8'));
    await importFiles(engine, write('claude.json', claude), write('grok.json', grok), write('chatbot.json', chatbot));
    const before = await count(engine);
    claude[0].chat_messages.push({ uuid: 'h4', sender: 'human', created_at: '2025-05-01T10:02:00.000000Z', text: 'And June?', content: [{ type: 'text', text: 'And June?' }] });
    grok.conversations[0].responses.push({ response: { _id: 'r3', message: 'Thanks!', sender: 'human', create_time: { $date: { $numberLong: '1736496100000' } } } });
    chatbot.history[0].messages.push({ role: 'assistant', content: 'Bitte!' });
    const job = await importFiles(engine, write('claude-newer.json', claude), write('grok-newer.json', grok), write('chatbot-newer.json', chatbot));
    expect((job.result as { sources: { messages: number }[] }).sources.map((s) => s.messages)).toEqual([1, 1, 1]);
    expect(await count(engine)).toMatchObject({ conversations: before.conversations, messages: before.messages + 3 });
  });
});
