// The chat table's upkeep: the planner's statistics are gathered after an import (ANALYZE), and
// per-memory facts asked for every question (the primary speaker) are kept per version of the
// table, so a new import changes them.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** A generic JSONL log in which `speaker` says `n` things. */
function log(dir: string, name: string, speaker: string, n: number): string {
  const file = path.join(dir, name);
  const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ speaker, role: 'user', text: `${name} line ${i}`, timestamp: `2024-03-0${1 + (i % 9)}T10:0${i % 10}:00Z`, conversation_id: name }));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('chat table upkeep', () => {
  it('an import leaves the planner statistics of the messages table', async () => {
    engine = await openEngine(tempDir());
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const stats = withRawSqlite(engine, (db) => db.prepare(`SELECT idx FROM sqlite_stat1 WHERE tbl = 'messages'`).pluck().all() as string[]);
    expect(stats).toEqual(expect.arrayContaining(['messages_date', 'messages_session', 'messages_source']));
  });

  it('the primary speaker follows the memory: kept per version, asked again after an import', async () => {
    const dir = tempDir();
    engine = await openEngine(tempDir());
    await importFiles(engine, log(dir, 'a.jsonl', 'Ana', 3));
    expect(engine.chat.primarySpeaker()).toBe('Ana');
    expect(engine.chat.primarySpeaker()).toBe('Ana');
    await importFiles(engine, log(dir, 'b.jsonl', 'Ben', 5));
    expect(engine.chat.primarySpeaker()).toBe('Ben');
    const [a] = (await engine.listSources()).filter((s) => s.name === 'a.jsonl');
    expect(engine.chat.primarySpeaker([a.id])).toBe('Ana');
  });
});
