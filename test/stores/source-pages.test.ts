// The passes after an import (automatic graph, topics) read a source in pages so that memory
// stays bounded: the pages must hold exactly the source's messages, in order, and the topic
// ranking over sealed sessions must equal the ranking over everything held at once.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { nameSet } from '../../electron/node/engine/topics/phrases';
import { documentFrequency, TermCollector, topicsOfSession } from '../../electron/node/engine/topics/rank';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';

const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close().catch(() => undefined);
});

const TOPICS = ['garden', 'budget', 'piano', 'tennis', 'recipe', 'camera'];

/** Two sources; the second appends to a conversation of the first (its messages join an older session). */
function writeSources(dir: string): [string, string] {
  const conv = (i: number, from: number, n: number) => ({
    id: `c${i}`,
    title: `Chat ${i}`,
    messages: Array.from({ length: n }, (_, k) => ({
      id: `c${i}-${from + k}`,
      speaker: k % 2 ? 'Assistant' : 'Ana',
      role: k % 2 ? 'assistant' : 'user',
      text: `My ${TOPICS[(i + k) % TOPICS.length]} plan and the ${TOPICS[(i * 3 + k) % TOPICS.length]} list, again the ${TOPICS[(i + k) % TOPICS.length]} plan.`,
      // three sessions per conversation: a day apart every 7 messages
      timestamp: `2024-03-${String(1 + i * 3 + Math.floor((from + k) / 7)).padStart(2, '0')}T10:${String((from + k) % 60).padStart(2, '0')}:00+00:00`,
    })),
  });
  const a = path.join(dir, 'a.json');
  const b = path.join(dir, 'b.json');
  fs.writeFileSync(a, JSON.stringify({ title: 'A', conversations: Array.from({ length: 6 }, (_, i) => conv(i, 0, 21)) }));
  fs.writeFileSync(b, JSON.stringify({ title: 'B', conversations: [conv(2, 21, 5), conv(9, 0, 14)] }));
  return [a, b];
}

describe('paged reading of a source', () => {
  it('pages hold every message of the source once, in conversation order or session by session', async () => {
    const dir = tempDir();
    const engine = await openEngine(path.join(dir, 'data'), { autoGraph: false });
    engines.push(engine);
    const [a, b] = writeSources(dir);
    await importFiles(engine, a);
    await importFiles(engine, b);
    for (const s of engine.chat.listSources()) {
      const all = [...engine.chat.iterateSourceMessages(s.id)];
      expect(all.length).toBeGreaterThan(10);
      for (const size of [1, 4, 7, 1000]) {
        const pages = [...engine.chat.sourceMessagePages(s.id, size)];
        expect(pages.every((p) => p.length <= size && p.length > 0)).toBe(true);
        const flat = pages.flat();
        expect(flat.map((m) => m.id)).toEqual(all.map((m) => m.id));
        expect(flat.map((m) => [m.iri, m.text, m.timestamp, m.sessionIriKey])).toEqual(all.map((m) => [m.iri, m.text, m.timestamp, m.sessionIriKey]));
      }
      for (const per of [1, 2, 50]) {
        const pages = [...engine.chat.sourceSessionPages(s.id, per)];
        const flat = pages.flat();
        expect(flat.map((m) => m.id).sort((x, y) => x - y)).toEqual(all.map((m) => m.id).sort((x, y) => x - y));
        // a session never spans two pages, and comes in turn order
        const pageOf = new Map<number, number>();
        pages.forEach((p, i) =>
          p.forEach((m) => {
            expect(pageOf.get(m.sessionId) ?? i).toBe(i);
            pageOf.set(m.sessionId, i);
          }),
        );
        for (const p of pages) expect(new Set(p.map((m) => m.sessionId)).size).toBeLessThanOrEqual(per);
        const turns = new Map(all.map((m) => [m.id, m.turnIndex]));
        for (let i = 1; i < flat.length; i++) if (flat[i].sessionId === flat[i - 1].sessionId) expect(turns.get(flat[i].id)!).toBeGreaterThan(turns.get(flat[i - 1].id)!);
      }
    }
  });

  it('the speakers of a source are read once per version of the chat table, and follow its changes', async () => {
    const dir = tempDir();
    const engine = await openEngine(path.join(dir, 'data'), { autoGraph: false });
    engines.push(engine);
    const [a, b] = writeSources(dir);
    await importFiles(engine, a);
    const id = engine.chat.listSources()[0].id;
    const first = engine.chat.sourceSpeakers(id);
    expect(first.map((s) => [s.speaker, s.role])).toEqual([['Ana', 'user'], ['Assistant', 'assistant']]);
    // a copy each time: what a caller changes is not what the next caller reads
    first[0].speaker = 'changed';
    expect(engine.chat.sourceSpeakers(id)[0].speaker).toBe('Ana');
    // the memory changes (an import, a deletion): the answer follows
    const before = engine.chat.sourceSpeakers(id)[0].messages;
    await importFiles(engine, b);
    const second = engine.chat.listSources().find((s) => s.id !== id)!.id;
    expect(engine.chat.sourceSpeakers(second).map((s) => [s.speaker, s.messages])).toEqual([['Ana', 10], ['Assistant', 9]]);
    expect(engine.chat.sourceSpeakers(id)[0].messages).toBe(before);
    await engine.deleteSource({ id });
    expect(engine.chat.sourceSpeakers(id)).toEqual([]);
  });

  it('sealed sessions rank exactly as sessions held whole, and a sealed session cannot be read again', async () => {
    const dir = tempDir();
    const engine = await openEngine(path.join(dir, 'data'), { autoGraph: false });
    engines.push(engine);
    const [a] = writeSources(dir);
    await importFiles(engine, a);
    const source = engine.chat.listSources()[0];
    const names = nameSet(new Set(['Ana', 'Assistant']));
    const whole = new TermCollector(names);
    const sealed = new TermCollector(names);
    for (const page of engine.chat.sourceSessionPages(source.id, 2)) {
      for (const m of page) {
        whole.add(m);
        sealed.add(m);
      }
      for (const id of new Set(page.map((m) => m.sessionId))) sealed.seal(id);
    }
    const df = documentFrequency(whole.sessions());
    expect(sealed.frequencies()).toEqual(df);
    const memory = { sessions: whole.sessions().length, df: (k: string) => df.get(k) ?? 0 };
    const ranked = (c: TermCollector) => c.sessions().map((s) => topicsOfSession(s, memory));
    expect(ranked(whole).flat().length).toBeGreaterThan(0);
    expect(ranked(sealed)).toEqual(ranked(whole));
    // terms said once are dropped when sealed
    expect(sealed.sessions().reduce((n, s) => n + s.terms.size, 0)).toBeLessThan(whole.sessions().reduce((n, s) => n + s.terms.size, 0));
    const m = [...engine.chat.sourceMessagePages(source.id)][0][0];
    expect(() => sealed.add(m)).toThrow(/sealed/);
  });
});
