// The chat table's upkeep: the planner's statistics are gathered after an import (ANALYZE), and
// per-memory facts asked for every question (the primary speaker) are kept per version of the
// table, so a new import changes them.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { TIMELINE_INDEXES } from '../../electron/node/engine/stores/chat/chat-store';
import { finished, fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

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

/** The messages table's indexes, as SQLite has them. */
const messageIndexes = (e: Engine) =>
  withRawSqlite(e, (db) => db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' AND sql IS NOT NULL ORDER BY name`).all());

/** Records what each import's dropTimelineIndexesWhenEmpty answered. */
function watchDeferral(e: Engine): boolean[] {
  const answers: boolean[] = [];
  const drop = e.chat.dropTimelineIndexesWhenEmpty.bind(e.chat);
  e.chat.dropTimelineIndexesWhenEmpty = () => {
    const dropped = drop();
    answers.push(dropped);
    return dropped;
  };
  return answers;
}

describe('chat table upkeep', () => {
  it('an import into an empty memory builds the timeline indexes after its rows: the migrations\' indexes again, used by the timeline', async () => {
    const dir = tempDir();
    engine = await openEngine(tempDir());
    const migrated = messageIndexes(engine);
    for (const [name, on] of Object.entries(TIMELINE_INDEXES)) expect(migrated).toContainEqual({ name, sql: `CREATE INDEX ${name} ON ${on}` });
    const deferred = watchDeferral(engine);
    await importFiles(engine, log(dir, 'a.jsonl', 'Ana', 30));
    await importFiles(engine, log(dir, 'b.jsonl', 'Ben', 30));
    // the first import found the memory empty; the second did not, and kept them
    expect(deferred).toEqual([true, false]);
    expect(messageIndexes(engine)).toEqual(migrated);
    const plan = withRawSqlite(engine, (db) => db.prepare(`EXPLAIN QUERY PLAN SELECT COUNT(*) FROM messages WHERE date = '2024-03-02'`).all() as { detail: string }[]);
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/messages_date/);
  });

  it('an import into an empty memory that fails leaves the timeline indexes built', async () => {
    engine = await openEngine(tempDir());
    const migrated = messageIndexes(engine);
    const deferred = watchDeferral(engine);
    const job = await finished(engine, engine.importPaths({ paths: [fixture('formats', 'chatgpt-broken.json')], strict: true }));
    expect(job.state).toBe('failed');
    expect(deferred).toEqual([true]);
    expect(messageIndexes(engine)).toEqual(migrated);
  });

  it('a memory whose import was killed with its timeline indexes dropped gets them back when opened', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, log(tempDir(), 'a.jsonl', 'Ana', 30));
    const built = messageIndexes(engine);
    await engine.close();
    withRawSqlite(engine, (db) => {
      db.exec('DROP INDEX messages_date');
      db.exec('DROP INDEX messages_role');
    });
    engine = await openEngine(dir);
    expect(messageIndexes(engine)).toEqual(built);
  });

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
