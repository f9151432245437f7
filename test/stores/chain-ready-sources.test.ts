// A chain reads only the ready sources. Their ids are kept per version of the chat table (and
// every session's place in memory order with them), so a chain binds the list instead of
// re-reading `sources` per query: a source removed, or set back to importing between two
// questions, must not be seen by the next one, whichever connection changed it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelinePlan } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import { importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** A generic JSONL log: `n` lines by `speaker`, two a day from `day` on (weekends among them). */
function log(dir: string, name: string, speaker: string, n: number, day: number): string {
  const file = path.join(dir, name);
  const lines = Array.from({ length: n }, (_, i) => {
    const d = String(day + Math.floor(i / 2)).padStart(2, '0');
    return JSON.stringify({ speaker, role: 'user', text: `${name} line ${i}`, timestamp: `2024-03-${d}T1${i % 2}:00:00Z`, conversation_id: name });
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const NOW = '2024-04-01T00:00:00';
const plan = (chain: TimelinePlan['chain'], sourceIds?: number[]): TimelinePlan => ({ version: 1, now: NOW, sessionNumbering: 'memory', chain, ...(sourceIds ? { sourceIds } : {}) });
const PLANS = [
  plan([]),
  plan([{ op: 'f_value', column: 'Day_Name', values: ['Saturday', 'Sunday'] }]),
  plan([{ op: 'f_between', column: 'Date', range: ['2024-03-01', '2024-03-31'] }]),
  plan([{ op: 'f_between', column: 'Session_Index', range: [1, 99] }]),
];

/** What every chain path gives for a plan: the rows' sources (select, a page) and the extent's. */
async function sourcesSeen(e: Engine, p: TimelinePlan): Promise<{ select: number[]; run: number[]; total: number; sessions: number }> {
  const selected = e.timeline.select(p).rows;
  const run = await e.timeline.run(p, { limit: 1000 });
  return {
    select: [...new Set(selected.map((r) => r.sourceId))].sort(),
    run: [...new Set(run.rows.map((r) => r.sourceId))].sort(),
    total: run.total,
    sessions: run.sessionIds.length,
  };
}

describe('the ready sources of a chain', () => {
  it('a source set back to importing, or removed, between two questions is not read by the next', async () => {
    const dir = tempDir();
    engine = await openEngine(tempDir());
    await importFiles(engine, log(dir, 'a.jsonl', 'Ana', 20, 1), log(dir, 'b.jsonl', 'Ben', 30, 2));
    const ids = Object.fromEntries((await engine.listSources()).map((s) => [s.name, s.id]));
    const [a, b] = [ids['a.jsonl'], ids['b.jsonl']];
    expect(engine.chat.readySourceIds()).toEqual([a, b].sort());

    const both = await Promise.all(PLANS.map((p) => sourcesSeen(engine!, p)));
    for (const seen of both) {
      expect(seen.select).toEqual([a, b].sort());
      expect(seen.run).toEqual([a, b].sort());
    }
    expect(both[0].total).toBe(50);

    // another connection puts b back to importing (as a crashed import leaves it)
    withRawSqlite(engine, (db) => db.prepare(`UPDATE sources SET status = 'importing' WHERE id = ?`).run(b));
    expect(engine.chat.readySourceIds()).toEqual([a]);
    const onlyA = await Promise.all(PLANS.map((p) => sourcesSeen(engine!, p)));
    for (const [i, seen] of onlyA.entries()) {
      expect(seen.select).toEqual([a]);
      expect(seen.run).toEqual([a]);
      expect(seen.total).toBeLessThan(both[i].total);
    }
    expect(onlyA[0].total).toBe(20);
    // a plan naming only b reads nothing while b is not ready
    expect((await engine.timeline.run(plan([{ op: 'f_value', column: 'Day_Name', values: ['Saturday', 'Sunday'] }], [b]))).total).toBe(0);

    withRawSqlite(engine, (db) => db.prepare(`UPDATE sources SET status = 'ready' WHERE id = ?`).run(b));
    expect((await sourcesSeen(engine, PLANS[1])).run).toEqual([a, b].sort());

    // removed through the engine (this connection)
    await engine.deleteSource({ id: a });
    expect(engine.chat.readySourceIds()).toEqual([b]);
    for (const p of PLANS) {
      const seen = await sourcesSeen(engine, p);
      expect(seen.select).toEqual([b]);
      expect(seen.run).toEqual([b]);
    }
    expect((await sourcesSeen(engine, PLANS[0])).total).toBe(30);
  });

  it('a new import is counted and ordered by the next question (the sessions’ order is read again)', async () => {
    const dir = tempDir();
    engine = await openEngine(tempDir());
    await importFiles(engine, log(dir, 'late.jsonl', 'Ana', 10, 20));
    const weekends = PLANS[1];
    const before = await engine.timeline.run(weekends);
    // an earlier source: its sessions come first in memory order, and are renumbered before the others
    await importFiles(engine, log(dir, 'early.jsonl', 'Ben', 10, 1));
    const after = await engine.timeline.run(weekends);
    const everyRow = engine.timeline.select(weekends).rows;
    expect(after.total).toBe(everyRow.length);
    expect(after.total).toBeGreaterThan(before.total);
    expect(after.sessionIds).toEqual([...new Set(everyRow.map((r) => r.sessionId))]);
    expect(after.sessionIds.slice(-before.sessionIds.length)).toEqual(before.sessionIds);
    expect(after.rows.map((r) => r.id)).toEqual(everyRow.map((r) => r.id));
  });
});
