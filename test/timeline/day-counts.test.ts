// Chains on the calendar columns (and whole hours) counted from messages per session, date and hour (DayCounts) give
// the numbers SQLite gives for the same chain, for every plan of both phrasing corpora and for
// the comparisons SQLite makes with a column's affinity (text bounds on Year, numbers on text
// columns, ranges given high to low); the timeline's extents are the same before and after the
// counts are built.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeChatGptExport } from '../../scripts/bench/foundation-data';
import type { Engine } from '../../electron/node/engine/engine';
import { countableByDay, DAY_COUNTS_SQL, dayCountsOf, extentByDay, type DayCounts, type DayCountRow } from '../../electron/node/engine/stores/chat/day-counts';
import { compileChain } from '../../electron/node/engine/stores/chat/plan-sql';
import type { TimelinePlan } from '../../shared/types';
import { importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

/** Rows per session that the chain keeps (every source), as extentByDay counts them. */
function countBySession(days: DayCounts, plan: TimelinePlan): Map<number, number> {
  const { sessionIds, counts } = extentByDay(days, plan, () => true);
  return new Map(sessionIds.map((id, i) => [id, counts[i]]));
}

const ROOT = path.resolve(import.meta.dirname, '../..');
let engine: Engine;
let now: string;

beforeAll(async () => {
  const dir = tempDir();
  const file = path.join(dir, '..', `${path.basename(dir)}-days.json`);
  await writeChatGptExport(file, 20_000);
  engine = await openEngine(dir, { autoGraph: false });
  await importFiles(engine, file);
  now = withRawSqlite(engine, (db) => db.prepare('SELECT MAX(ts_local) AS t FROM messages').get() as { t: string }).t.slice(0, 19);
}, 120_000);
afterAll(() => engine?.close());

function corpusPlans(): TimelinePlan[] {
  const plans: TimelinePlan[] = [];
  for (const corpus of ['timeline-phrasings.jsonl', 'timeline-phrasings-heldout.jsonl']) {
    for (const line of readFileSync(path.join(ROOT, 'test/fixtures', corpus), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const q = JSON.parse(line) as { question: string; context?: { speaker: string; text: string }[] };
      plans.push(engine.timeline.plan({ question: q.question, context: q.context, now }).plan);
    }
  }
  return plans;
}

const plan = (chain: TimelinePlan['chain']): TimelinePlan => ({ version: 1, now: '2026-01-01T00:00:00', chain, sessionNumbering: 'memory' });

function sqlCounts(p: TimelinePlan): Map<number, number> {
  const { chainWhere, chainParams } = compileChain(p, { ready: [] });
  const rows = withRawSqlite(engine, (db) => db.prepare(`SELECT m.session_id, COUNT(*) FROM messages m WHERE ${chainWhere} GROUP BY m.session_id`).raw().all(...chainParams) as [number, number][]);
  return new Map(rows);
}

describe('DayCounts', () => {
  it('count what SQLite counts, for every calendar plan of the phrasing corpora and for affinity edge cases', () => {
    const [y0, y1] = withRawSqlite(engine, (db) => db.prepare('SELECT MIN(year), MAX(year) FROM messages').raw().get() as [number, number]);
    const sessions = withRawSqlite(engine, (db) => db.prepare('SELECT id, source_id FROM sessions ORDER BY memory_index, id').raw().all() as [number, number][]);
    const places = new Map(sessions.map(([id, sourceId], rank) => [id, { rank, sourceId }]));
    const days = dayCountsOf(withRawSqlite(engine, (db) => db.prepare(DAY_COUNTS_SQL).raw().all() as DayCountRow[]), (id) => places.get(id))!;
    // sessions whose memory order is not their ids' order: the extent lists them in memory order
    const reversed = dayCountsOf(withRawSqlite(engine, (db) => db.prepare(DAY_COUNTS_SQL).raw().all() as DayCountRow[]), (id) => {
      const p = places.get(id);
      return p && { rank: sessions.length - 1 - p.rank, sourceId: p.sourceId };
    })!;
    const year = plan([{ op: 'f_value', column: 'Year', values: [y0] }]);
    const inOrder = extentByDay(days, year, () => true);
    expect(inOrder.sessionIds.length).toBeGreaterThan(10);
    expect(extentByDay(reversed, year, () => true)).toEqual({ rows: inOrder.rows, sessionIds: [...inOrder.sessionIds].reverse(), counts: [...inOrder.counts].reverse() });
    // only the sources allowed
    expect(extentByDay(days, year, () => false)).toEqual({ rows: 0, sessionIds: [], counts: [] });
    // an entry of a session with no place in the order: not counted from DayCounts at all
    expect(dayCountsOf(withRawSqlite(engine, (db) => db.prepare(DAY_COUNTS_SQL).raw().all() as DayCountRow[]), (id) => (id === sessions[5][0] ? undefined : places.get(id)))).toBeNull();
    const month = withRawSqlite(engine, (db) => db.prepare('SELECT month FROM messages LIMIT 1 OFFSET 7000').pluck().get() as string);
    const edges: TimelinePlan[] = [
      plan([{ op: 'f_value', column: 'Year', values: [String(y1)] }]),
      plan([{ op: 'f_value', column: 'Year', values: [` ${y0} `, 'twenty'] }]),
      plan([{ op: 'f_between', column: 'Year', range: [y1, y0] }]),
      plan([{ op: 'f_between', column: 'Year', range: [String(y0), 'zzz'] }]),
      plan([{ op: 'f_between', column: 'Year', range: ['', y0] }]),
      plan([{ op: 'f_between', column: 'Date', range: [`${y1}-12-31`, `${y0}-02-01`] }]),
      plan([{ op: 'f_value', column: 'Month', values: [month, 202301] }]),
      plan([{ op: 'f_value', column: 'Day_Name', values: ['Saturday', 'Sunday', 'saturday'] }]),
      plan([{ op: 'f_between', column: 'Week', range: [`${y0}-W10`, `${y0}-W20`] }, { op: 'f_value', column: 'Day_Name', values: ['Monday'] }]),
      plan([]),
      plan([{ op: 'f_between', column: 'Time', range: ['00:00:00', '12:59:59'] }]),
      plan([{ op: 'f_between', column: 'Time', range: ['23:59:59', '17:00:00'] }, { op: 'f_value', column: 'Day_Name', values: ['Friday'] }]),
      plan([{ op: 'f_between', column: 'Time', range: ['09:00:00', '09:59:59'] }, { op: 'f_between', column: 'Date', range: [`${y0}-01-01`, `${y0}-06-30`] }]),
    ];
    // a Time step that is not whole hours is left to SQL
    expect(countableByDay(plan([{ op: 'f_between', column: 'Time', range: ['18:30:00', '23:59:59'] }]))).toBe(false);
    expect(countableByDay(plan([{ op: 'f_value', column: 'Time', values: ['09:00:00'] }]))).toBe(false);
    const plans = [...corpusPlans().filter(countableByDay), ...edges];
    expect(plans.length).toBeGreaterThan(300);
    let nonEmpty = 0;
    for (const p of plans) {
      const expected = sqlCounts(p);
      if (expected.size) nonEmpty++;
      expect(countBySession(days, p), JSON.stringify(p.chain)).toEqual(expected);
    }
    // the comparisons are not all empty: most plans keep rows of this memory
    expect(nonEmpty).toBeGreaterThan(plans.length / 3);
  });

  it('leave the timeline’s extents as they were once they are built', () => {
    const plans = corpusPlans().filter((p) => countableByDay(p) && p.chain.length);
    const chat = (engine as unknown as { chat: { chainExtent(p: TimelinePlan): unknown } }).chat;
    // the first counts of this version are made in SQL; after a few, from DayCounts
    const before = plans.slice(0, 2).map((p) => chat.chainExtent(p));
    for (const p of plans.slice(2, 6)) chat.chainExtent(p);
    const after = plans.slice(0, 2).map((p) => chat.chainExtent(p));
    expect(after).toEqual(before);
    for (const p of plans) expect(chat.chainExtent(p)).toEqual(sqlExtent(p));
  });
});

/** The extent as SQL alone gives it: sessions in memory order, their counts. */
function sqlExtent(p: TimelinePlan) {
  const counts = sqlCounts(p);
  const order = withRawSqlite(engine, (db) => db.prepare('SELECT id FROM sessions ORDER BY memory_index, id').pluck().all() as number[]);
  const sessionIds = order.filter((id) => counts.has(id));
  const n = sessionIds.map((id) => counts.get(id)!);
  return { rows: n.reduce((a, b) => a + b, 0), sessionIds, counts: n };
}
