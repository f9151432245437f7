// The retrieval backend over the engine's own stores (search index + SQLite): what the
// retrieval pipeline needs of it, and that retrieval runs through it end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { EngineRetrievalBackend, docText } from '../../electron/node/engine/retrieval/engine-backend';
import { retrieve } from '../../electron/node/engine/retrieval/retrieve';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine;
let backend: EngineRetrievalBackend;
let mini: number;
let generic: number;
const ext = (id: number) => engine.chat.getMessages([id])[0]?.externalId;

beforeAll(async () => {
  engine = await openEngine(tempDir('engram-ask-backend-'));
  await importFiles(engine, fixture('locomo', 'mini.json'), fixture('generic', 'messages.json'));
  const sources = engine.chat.listSources();
  mini = sources.find((s) => s.name === 'mini.json')!.id;
  generic = sources.find((s) => s.name === 'messages.json')!.id;
  backend = new EngineRetrievalBackend(engine.chat, engine.search);
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

describe('EngineRetrievalBackend', () => {
  it('indexes search_text only (no context field)', () => {
    expect(backend.hasField('search_text')).toBe(true);
    expect(backend.hasField('context')).toBe(false);
  });

  it('speakers of a scope, with their roles', async () => {
    expect((await backend.speakers([mini])).map((s) => s.name).sort()).toEqual(['Ana', 'Ben']);
    const all = await backend.speakers();
    expect(all.length).toBeGreaterThan(2);
  });

  it('documents carry the image caption, the real turn order and the wall clock', async () => {
    const [session] = engine.chat.listSessions([mini]);
    const docs = await backend.sessionDocs([session.id]);
    expect(docs.map((d) => d.turnIndex)).toEqual([0, 1, 2]);
    expect(docs[2].text).toBe('A wobbly bowl. Look! [image: a photo of a ceramic bowl on a table]');
    expect(docs[0].timestamp).toBe('2023-05-08T13:56:00');
    expect(docText('x', null)).toBe('x');
    expect(docText('x', '{"image_description":"a cat"}')).toBe('x [image: a cat]');
    expect(docText('x', '{"image_description":7}')).toBe('x');
    expect(docText('x', 'image_description, not JSON')).toBe('x');
  });

  it('full text within sources, speakers and time bounds', async () => {
    const hits = await backend.fullText({ text: 'dog Pixel' }, { limit: 10, sourceIds: [mini] });
    expect(hits.map((h) => ext(h.id))).toContain('D2:1');
    expect(await backend.fullText({ text: 'dog Pixel' }, { limit: 10, sourceIds: [generic] })).toEqual([]);
    const bySpeaker = await backend.fullText({ text: 'Pixel' }, { limit: 10, sourceIds: [mini], speakers: ['Ana'] });
    expect(bySpeaker.map((h) => ext(h.id))).toEqual(['D3:1']);
    const inJuly = await backend.fullText({ text: 'Pixel' }, { limit: 10, sourceIds: [mini], from: '2023-07-01', to: '2023-07-31' });
    expect(inJuly.map((h) => ext(h.id))).toEqual(['D3:1']);
    expect(await backend.fullText({ text: 'Pixel', field: 'context' }, { limit: 10 })).toEqual([]);
  });

  it('sessions of a date window', async () => {
    const june = await backend.sessionsInRange('2023-06-01', '2023-06-30', [mini]);
    expect(june).toHaveLength(1);
    expect(engine.chat.sessionMessages(june[0])[0].externalId).toBe('D2:1');
  });

  it('retrieval runs through it: the answer in a reply, the image caption, a named date', async () => {
    const bowl = await retrieve('What did Ana make in her pottery class?', backend, { k: 3, sourceIds: [mini], explain: true });
    expect(bowl.map((r) => ext(r.id))).toContain('D1:3');
    expect(bowl[0].why).toMatch(/match/);
    const july = await retrieve('What happened on 6 July, 2023?', backend, { k: 2, sourceIds: [mini] });
    expect(ext(july[0].id)).toBe('D3:1');
  });
});
