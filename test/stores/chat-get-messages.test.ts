// Messages by id are read in one of two ways: without a filter (a page of a plan, Ask's
// evidence) as one JSON array with the ready sources bound as a list; with a filter through
// the filter's SQL. Both must give the same rows, cell for cell, in the order of the ids asked.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const AWKWARD = ['plain', 'quotes "here" and \\ backslash', 'line\nbreak\ttab', 'emoji 🎉 and ünïcödé', '{"looks":"like json"}', '', 'null'];

function log(dir: string, name: string, n: number): string {
  const file = path.join(dir, name);
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ speaker: i % 2 ? 'Bé "B"' : 'Ana', role: i % 2 ? 'assistant' : 'user', text: `${AWKWARD[i % AWKWARD.length]} ${i}`, timestamp: `2024-03-0${1 + (i % 9)}T10:0${i % 10}:00${i % 3 ? 'Z' : ''}`, conversation_id: name }),
  );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('messages by id', () => {
  it('the unfiltered read gives the filtered read’s rows, in the order asked, only of ready sources', async () => {
    const dir = tempDir();
    engine = await openEngine(tempDir());
    await importFiles(engine, log(dir, 'a.jsonl', 14), log(dir, 'b.jsonl', 9));
    const all = withRawSqlite(engine, (db) => db.prepare('SELECT id FROM messages ORDER BY id').pluck().all() as number[]);
    expect(all.length).toBe(23);
    const asked = [...all].reverse().concat(all[3], 999_999);
    const plain = engine.chat.getMessages(asked);
    expect(plain.map((m) => m.id)).toEqual([...all].reverse().concat(all[3]));
    expect(plain).toEqual(engine.chat.getMessages(asked, { ids: asked }));
    for (const text of AWKWARD.filter(Boolean)) expect(plain.some((m) => m.text.startsWith(`${text} `))).toBe(true);
    expect(plain.some((m) => m.tzOffsetMin === null)).toBe(true);

    const b = (await engine.listSources()).find((s) => s.name === 'b.jsonl')!;
    withRawSqlite(engine, (db) => db.prepare(`UPDATE sources SET status = 'importing' WHERE id = ?`).run(b.id));
    const onlyA = engine.chat.getMessages(asked);
    expect(onlyA.length).toBe(15);
    expect(onlyA.every((m) => m.sourceId !== b.id)).toBe(true);
    expect(onlyA).toEqual(engine.chat.getMessages(asked, { ids: asked }));
  });
});
