// Sessions by visible range: what the workbench's timeline asks for instead of every session
// (listSessions with a span, ids and a limit; timelineMarks with messages per day when a span
// holds too many sessions), through the engine facade on the project's small logs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiArgs } from '../../shared/api';
import type { SessionInfo } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';
import { GARDEN_LOG, TRAVEL_LOG } from './fixtures';

let engine: Engine;
let all: SessionInfo[];
const dir = tempDir('engram-timeline-marks-');

beforeAll(async () => {
  engine = await openEngine(path.join(dir, 'data'));
  for (const [name, log] of [
    ['garden.json', GARDEN_LOG],
    ['travel.json', TRAVEL_LOG],
  ] as const) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(log));
    expect((await importFiles(engine, file)).state).toBe('done');
  }
  all = await engine.listSessions({});
  expect(all.length).toBeGreaterThanOrEqual(6);
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Sessions overlapping [from, to], as the timeline would draw them. */
const overlapping = (from: string, to: string) => all.filter((s) => s.end >= from && s.start <= to);
const ids = (list: { id: number }[]) => list.map((s) => s.id);

describe('sessions by visible range', () => {
  it('lists the sessions overlapping a span, in memory order, with their speakers', async () => {
    const from = all[1].start;
    const to = all[3].end;
    const listed = await engine.listSessions(parseApiArgs('listSessions', { from, to }));
    expect(ids(listed)).toEqual(ids(overlapping(from, to)));
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed.length).toBeLessThan(all.length);
    // The same rows as the whole listing, speakers included.
    for (const s of listed) expect(s).toEqual(all.find((x) => x.id === s.id));
  });

  it('counts a bare end date as its whole day, and finds sessions by id and within a limit', async () => {
    const day = all[2].start.slice(0, 10);
    const ofDay = await engine.listSessions({ from: `${day}T00:00:00`, to: day });
    expect(ids(ofDay)).toEqual(ids(overlapping(`${day}T00:00:00`, `${day}T23:59:59`)));
    expect(ids(ofDay)).toContain(all[2].id);

    const picked = [all[4].id, all[0].id];
    expect(ids(await engine.listSessions({ ids: picked }))).toEqual([all[0].id, all[4].id]);
    expect(await engine.listSessions({ ids: [] })).toEqual([]);
    expect(ids(await engine.listSessions({ limit: 2 }))).toEqual(ids(all.slice(0, 2)));
  });

  it('gives the timeline a span session by session while they fit', async () => {
    const from = all[0].start;
    const to = all[all.length - 1].end;
    const marks = await engine.timelineMarks(parseApiArgs('timelineMarks', { from, to, limit: 100 }));
    expect(marks.truncated).toBe(false);
    expect(marks.total).toBe(all.length);
    expect(ids(marks.sessions)).toEqual(ids(all));
    expect(marks.days).toEqual([]);
    // Speakers are left out (the hover card asks for a session's lines).
    expect(marks.sessions.every((s) => s.speakers.length === 0)).toBe(true);
  });

  it('gives the span by day, with the true total, when it holds more sessions than the limit', async () => {
    const from = all[0].start;
    const to = all[all.length - 1].end;
    const marks = await engine.timelineMarks({ from, to, limit: 3 });
    expect(marks.truncated).toBe(true);
    expect(marks.total).toBe(all.length);
    expect(ids(marks.sessions)).toEqual(ids(all.slice(0, 3)));
    // Messages per day add up to the memory's messages (every one lies inside the span).
    const stats = await engine.stats();
    expect(marks.days.reduce((n, [, c]) => n + c, 0)).toBe(stats.messages);
    const dates = marks.days.map(([d]) => d);
    expect(dates).toEqual([...dates].sort());
    for (const s of all) expect(dates).toContain(s.start.slice(0, 10));
  });

  it('gives the memory\'s periods of activity: sessions merged across pauses up to the gap asked', async () => {
    const first = all.reduce((a, s) => (s.start < a ? s.start : a), all[0].start);
    const last = all.reduce((a, s) => (s.end > a ? s.end : a), all[0].end);
    expect(await engine.timelinePeriods(parseApiArgs('timelinePeriods', { minGapDays: 3650 }))).toEqual([[first, last]]);
    const minGapDays = 1;
    const periods = await engine.timelinePeriods({ minGapDays });
    expect(periods.length).toBeGreaterThan(1);
    expect(periods[0][0]).toBe(first);
    expect(periods[periods.length - 1][1]).toBe(last);
    for (let i = 1; i < periods.length; i++) {
      // In order, and apart by more than the gap.
      expect(Date.parse(`${periods[i][0]}Z`) - Date.parse(`${periods[i - 1][1]}Z`)).toBeGreaterThan(minGapDays * 86_400_000);
    }
    // Every session lies within one period.
    for (const s of all) expect(periods.filter(([a, b]) => s.start >= a && s.end <= b)).toHaveLength(1);
  });

  it('refuses a span that is not a wall clock, naming the field', () => {
    expect(() => parseApiArgs('timelineMarks', { from: 'yesterday' })).toThrow(/timelineMarks: from: expected YYYY-MM-DD/);
    expect(() => parseApiArgs('listSessions', { to: '2026-13' })).toThrow(/listSessions: to:/);
    expect(() => parseApiArgs('timelinePeriods', { minGapDays: 0 })).toThrow(/timelinePeriods: minGapDays:/);
  });
});
