// A plan whose chain keeps more rows than are scored one by one (or than a page shows): Timeline
// reads only what it needs (the sessions the search index found; the page's rows, with the
// count and sessions from SQL). The answers must be exactly those of reading every row.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelinePlan } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import { writeChatGptExport } from '../../scripts/bench/foundation-data';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';

let engine: Engine;
const dir = tempDir('engram-large-chain-');
const NOW = '2024-01-01T00:00:00';

beforeAll(async () => {
  const file = path.join(dir, 'conversations.json');
  // 12,000 messages: a chain on one role keeps 6,000, more than the 5,000 scored one by one.
  await writeChatGptExport(file, 12_000);
  engine = await openEngine(path.join(dir, 'data'));
  expect((await importFiles(engine, file)).state).toBe('done');
}, 120_000);

afterAll(async () => {
  await engine?.close();
});

const plan = (chain: TimelinePlan['chain'], rank?: TimelinePlan['rank']): TimelinePlan => ({ version: 1, now: NOW, sessionNumbering: 'memory', chain, ...(rank ? { rank } : {}) });
const byRole = (role: string): TimelinePlan['chain'] => [{ op: 'f_value', column: 'Role', values: [role] }];

describe('large chains', () => {
  it('ranked: the rows of the sessions the search found give what ranking every row gives', async () => {
    const cases = [
      plan(byRole('user'), { query: 'budget deadline', limit: 5 }),
      plan(byRole('assistant'), { query: 'garden', limit: 20 }),
      plan(byRole('user'), { query: 'meeting', limit: 3, speakers: ['User'] }),
      // nothing matches: every row of the chain, unscored
      plan(byRole('user'), { query: 'zzzqqq', limit: 5 }),
    ];
    for (const p of cases) {
      const everyRow = engine.timeline.select(p).rows;
      expect(everyRow.length).toBeGreaterThan(5000);
      const expected = await engine.timeline.rank(p, everyRow);
      const got = await engine.timeline.execute(p);
      expect(got.rows).toEqual(expected);
      expect(got.sql).toBe(engine.timeline.select(p).sql);
    }
    expect((await engine.timeline.execute(cases[0])).rows.length).toBeGreaterThan(0);
    expect((await engine.timeline.execute(cases[3])).rows.length).toBe(engine.timeline.select(cases[3]).rows.length);
    // a person's run of both: the page of what execute keeps, with its count and sessions
    for (const p of [cases[0], cases[3]]) {
      const kept = await engine.timeline.execute(p);
      const run = await engine.timeline.run(p, { offset: 7, limit: 40 });
      expect(run.total).toBe(kept.rows.length);
      expect(run.ranked).toBe(kept.ranked);
      expect(run.sessionIds).toEqual([...new Set(kept.rows.map((r) => r.sessionId))]);
      expect(run.rows.map((r) => r.id)).toEqual(kept.rows.slice(7, 47).map((r) => r.id));
      expect(run.sql).toBe(kept.sql);
    }
  });

  it('ranked over (nearly) every session: the search names the sessions left out, or none, and finds what naming every session finds', async () => {
    const sessionsOf = (p: TimelinePlan) => [...new Set(engine.timeline.select(p).rows.map((r) => r.sessionId))];
    const sessionRange = (from: number, to: number): TimelinePlan['chain'] => [{ op: 'f_between', column: 'Session_Index', range: [from, to] }];
    const all = sessionsOf(plan([]));
    const leftOut = (p: TimelinePlan) => all.filter((id) => !sessionsOf(p).includes(id));
    const cases: { p: TimelinePlan; scope: () => object }[] = [
      // every session of the memory: no filter
      { p: plan(sessionRange(1, 100_000), { query: 'budget deadline', limit: 5 }), scope: () => ({}) },
      // one role: the sessions without a turn of it are left out
      { p: plan(byRole('user'), { query: 'budget deadline', limit: 5 }), scope: () => ({ excludeSessionIds: leftOut(plan(byRole('user'))) }) },
      // all sessions but the first: that one is left out
      { p: plan(sessionRange(2, 100_000), { query: 'garden', limit: 8 }), scope: () => ({ excludeSessionIds: [all[0]] }) },
      // fewer than half the sessions (still more rows than are scored one by one): named
      { p: plan(sessionRange(1, 700), { query: 'garden', limit: 8 }), scope: () => ({ sessionIds: sessionsOf(plan(sessionRange(1, 700))) }) },
    ];
    expect(leftOut(plan(byRole('user'))).length).toBeGreaterThan(0);
    const search = engine.search;
    const real = search.search.bind(search);
    for (const { p, scope } of cases) {
      const scopes: object[] = [];
      search.search = (q, s, limit) => (scopes.push(s ?? {}), real(q, s, limit));
      try {
        await engine.timeline.execute(p);
      } finally {
        search.search = real;
      }
      expect(scopes[0]).toEqual(scope());
      const named = await real(p.rank!.query, { sessionIds: sessionsOf(p) }, 5000);
      expect(named.length).toBeGreaterThan(0);
      expect(await real(p.rank!.query, scopes[0], 5000)).toEqual(named);
    }
  });

  it('unranked: a page of rows with the whole chain’s count and sessions, in time order', async () => {
    const plans = [
      plan(byRole('user')),
      plan([]),
      plan([{ op: 'f_between', column: 'Date', range: ['2023-02-01', '2023-03-15'] }]),
      // counted from the column's index (with each row's session), several index ranges, and sessions
      plan([{ op: 'f_value', column: 'Year', values: [2023] }]),
      plan([{ op: 'f_value', column: 'Day_Name', values: ['Saturday', 'Sunday'] }, { op: 'f_value', column: 'Role', values: ['user'] }]),
      plan([{ op: 'f_between', column: 'Response_Index', range: [3, 4] }]),
      plan([{ op: 'f_between', column: 'Session_Index', range: [40, 90] }, { op: 'f_value', column: 'Role', values: ['assistant'] }]),
      { ...plan([{ op: 'f_value', column: 'Year', values: [2023] }]), sourceIds: [1] },
      // a list counted one value at a time (a value named twice counts once), a range of times
      plan([{ op: 'f_value', column: 'Day_Name', values: ['Sunday', 'Saturday', 'Sunday'] }]),
      plan([{ op: 'f_value', column: 'Month', values: ['2023-03', '2023-01'] }, { op: 'f_between', column: 'Time', range: ['09:00:00', '17:59:59'] }]),
      plan([{ op: 'f_between', column: 'Time', range: ['00:00:00', '11:59:59'] }]),
    ];
    for (const p of plans) {
      const everyRow = engine.timeline.select(p).rows;
      expect(everyRow.length).toBeGreaterThan(60);
      // pages that start and end inside sessions, one row, past the end
      for (const page of [{}, { offset: 120, limit: 50 }, { offset: 37, limit: 23 }, { offset: 5, limit: 1 }, { offset: everyRow.length - 10, limit: 50 }, { offset: everyRow.length + 5, limit: 10 }]) {
        const run = await engine.timeline.run(p, page);
        const offset = page.offset ?? 0;
        expect(run.total).toBe(everyRow.length);
        expect(run.sessionIds).toEqual([...new Set(everyRow.map((r) => r.sessionId))]);
        expect(run.rows.map((r) => r.id)).toEqual(everyRow.slice(offset, offset + (page.limit ?? 500)).map((r) => r.id));
        // the page's full rows are the messages' own (read with the page, not again by id)
        expect(run.rows).toEqual(engine.chat.getMessages(run.rows.map((r) => r.id)));
        expect(run.ranked).toBe(false);
      }
    }
  });
});
