// The timeline through the engine facade: real SQLite and search index, the project's own
// small temporal-memory style logs (test/timeline/fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, parseApiArgs } from '../../shared/api';
import type { Engine } from '../../electron/node/engine/engine';
import { resolveNow } from '../../electron/node/engine/timeline/timeline';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';
import { GARDEN_LOG, NOW, TRAVEL_LOG } from './fixtures';

let engine: Engine;
let garden: number;
const dir = tempDir('engram-timeline-');
const gardenFile = path.join(dir, 'garden.json');
const travelFile = path.join(dir, 'travel.json');

beforeAll(async () => {
  fs.writeFileSync(gardenFile, JSON.stringify(GARDEN_LOG));
  fs.writeFileSync(travelFile, JSON.stringify(TRAVEL_LOG));
  engine = await openEngine(path.join(dir, 'data'));
  const job = await importFiles(engine, gardenFile);
  expect(job.state).toBe('done');
  garden = engine.chat.listSources()[0].id;
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const texts = (rows: { text: string }[]) => rows.map((r) => r.text);

describe('timeline API', () => {
  it('numbers sessions memory-wide, and re-plans after an import changes the numbering', async () => {
    const question = { question: 'What did we discuss in our first session?', now: NOW };
    let r = await engine.askTimeline(question);
    expect(texts(r.run.rows)[0]).toMatch(/tulip bulbs/);
    // the batch path: the same chain (Session_Index = 1) before and after, its rows read again
    const before = await engine.timeline.retrieve(question);
    const job = await importFiles(engine, travelFile);
    expect(job.state).toBe('done');
    r = await engine.askTimeline(question);
    expect(texts(r.run.rows)[0]).toMatch(/train to Lisbon/);
    expect(r.planned.plan.sessionNumbering).toBe('memory');
    const after = await engine.timeline.retrieve(question);
    expect(after.planned.plan.chain).toEqual(before.planned.plan.chain);
    expect(after.rows.map((x) => x.id)).toEqual(r.run.rows.map((x) => x.id));
    expect(after.rows.map((x) => x.id)).not.toEqual(before.rows.map((x) => x.id));
  });

  it('numbers the sessions of one source when the question is restricted to it', async () => {
    const r = await engine.askTimeline({ question: 'What did we discuss in our second session?', now: NOW, sourceIds: [garden] });
    expect(r.planned.plan).toMatchObject({ sessionNumbering: 'source', sourceIds: [garden], chain: [{ op: 'f_value', column: 'Session_Index', values: [2] }] });
    expect(r.run.total).toBe(4);
    expect(texts(r.run.rows)[0]).toMatch(/violin/);
    expect(r.run.sessionIds).toHaveLength(1);
    expect(r.run.sql).toContain('s.source_index = ?');
    expect(r.run.params).toEqual([garden, 2]);
  });

  it('counts "last time" back from now', async () => {
    const r = await engine.askTimeline({ question: 'Tell me what we discussed last time.', now: NOW, sourceIds: [garden] });
    expect(texts(r.run.rows)).toEqual(['Pepper dug up half of the tulip bed this morning.', 'Oh no, the garden! Can the bulbs be saved?']);
    const earlier = await engine.askTimeline({ question: 'Tell me what we discussed last time.', now: '2026-11-17T12:00:00', sourceIds: [garden] });
    expect(texts(earlier.run.rows)[0]).toMatch(/recital/);
  });

  it('ranks time + content questions and keeps only the best rows', async () => {
    const r = await engine.askTimeline({ question: 'What kind of dog did Ann say she adopted on November 2nd?', now: NOW });
    expect(r.planned.classification).toBe('both');
    expect(r.run.ranked).toBe(true);
    expect(texts(r.run.rows)[0]).toBe('We adopted a rescue dog called Pepper.');
    expect(r.run.rows.length).toBeLessThanOrEqual(r.planned.plan.rank!.limit);
    const recital = await engine.askTimeline({ question: 'What did Ben say about the recital last Monday?', now: NOW });
    expect(texts(recital.run.rows)).toEqual(['The violin recital is next Friday.']);
  });

  it('rewrites follow-ups from the dialogue before them', async () => {
    const r = await engine.askTimeline({
      question: 'Can you summarize what we discussed?',
      context: [
        { speaker: 'Ann', text: 'I see in my calendar that we talked 2 days ago.' },
        { speaker: 'Ben', text: 'Yes! We did talk then.' },
      ],
      now: NOW,
    });
    expect(r.planned.rewrite).toBe('What did we discuss 2 days ago?');
    expect(texts(r.run.rows)).toEqual(['The violin recital is next Friday.', 'I will come and listen, good luck!']);
  });

  it('runs an edited plan, and refuses a broken one', async () => {
    const planned = await engine.planQuestion({ question: 'What did we talk about in October?', now: NOW });
    expect(planned.plan.chain).toEqual([{ op: 'f_value', column: 'Month', values: ['2026-10'], why: 'in October' }]);
    const edited = { ...planned.plan, chain: [{ op: 'f_value' as const, column: 'Month' as const, values: ['2026-09'] }] };
    const run = await engine.runPlan(parseApiArgs('runPlan', { plan: edited }));
    expect(texts(run.rows)).toEqual(['Booked the train to Lisbon for October.', 'Great, Lisbon is beautiful in autumn.']);
    await expect(engine.runPlan({ plan: { ...planned.plan, chain: [{ op: 'f_value', column: 'Date', values: ['yesterday'] }] } })).rejects.toThrow(ApiError);
    expect(() => parseApiArgs('runPlan', { plan: { ...planned.plan, chain: [{ op: 'f_value', column: 'Text', values: ['x'] }] } })).toThrow(/runPlan: plan.chain.0.column/);
  });

  it('pages through long results and lists every session', async () => {
    const planned = await engine.planQuestion({ question: 'What did we talk about this year?', now: NOW });
    const page = await engine.runPlan({ plan: planned.plan, offset: 2, limit: 3 });
    expect(page.total).toBe(18);
    expect(page.rows).toHaveLength(3);
    expect(page.offset).toBe(2);
    expect(page.sessionIds).toHaveLength(7);
    expect(page.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('reads numeric dates by the locale setting, and refuses a locale that is not a tag', async () => {
    const us = await engine.askTimeline(parseApiArgs('askTimeline', { question: 'what did we talk about on 2/11', now: NOW, sourceIds: [garden] }));
    expect(us.planned.plan.chain).toEqual([{ op: 'f_value', column: 'Date', values: ['2026-02-11'], why: 'on 2/11' }]);
    const gb = await engine.askTimeline(parseApiArgs('askTimeline', { question: 'what did we talk about on 2/11', now: NOW, sourceIds: [garden], locale: 'en-GB' }));
    expect(texts(gb.run.rows)[0]).toMatch(/rescue dog/);
    expect(gb.planned.explanation[0]).toBe("I read 'on 2/11' (on November 2) as Mon Nov 2, 2026");
    expect(() => parseApiArgs('planQuestion', { question: 'x', locale: 'en GB!' })).toThrow(/planQuestion: locale/);
  });

  it('finds a position inside a session from the session’s own response numbers', async () => {
    const r = await engine.askTimeline({ question: 'What was the last message of our 2nd chat?', now: NOW, sourceIds: [garden] });
    expect(texts(r.run.rows)).toEqual(['Keep practising every evening!']);
    const first = await engine.askTimeline({ question: 'what was the first msg in our last convo', now: NOW, sourceIds: [garden] });
    expect(texts(first.run.rows)).toEqual(['Pepper dug up half of the tulip bed this morning.']);
  });

  it('reads "now" with an offset in this machine’s zone, without one as wall clock', () => {
    // vitest pins TZ=UTC
    expect(resolveNow('2026-11-18T15:30:00+01:00')).toBe('2026-11-18T14:30:00');
    expect(resolveNow('2026-11-18T15:30:00Z')).toBe('2026-11-18T15:30:00');
    expect(resolveNow('2026-11-18T15:30')).toBe('2026-11-18T15:30:00');
    expect(resolveNow('2026-11-18')).toBe('2026-11-18T00:00:00');
    expect(() => resolveNow('next Tuesday')).toThrow(ApiError);
    expect(resolveNow()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});
