// The phrasing corpus (test/fixtures/timeline-phrasings.jsonl): its shape, the harness that scores
// it (scripts/bench/phrasings-score.ts), and the planner held to the committed baseline
// (test/fixtures/timeline-phrasings.baseline.json), so the figures per kind can only go up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimelinePlan } from '../../shared/types';
import {
  buildMemory,
  chainRows,
  expectedRows,
  loadCorpus,
  PHRASING_NOW,
  readBaseline,
  scoreCorpus,
  scorePhrasing,
  type Phrasing,
} from '../../scripts/bench/phrasings-score';

const memory = buildMemory();
const corpus = loadCorpus();
const sessionsOf = (rows: { session: number }[]) => [...new Set(rows.map((r) => r.session))];
const plan = (chain: TimelinePlan['chain'], rank?: TimelinePlan['rank']): TimelinePlan => ({ version: 1, now: PHRASING_NOW, sessionNumbering: 'memory', chain, ...(rank ? { rank } : {}) });

describe('the fixed memory', () => {
  it('has 40 sessions over 14 months, two speakers, gaps and two days with two sessions', () => {
    const s = memory.planner.sessions;
    expect(s).toHaveLength(40);
    expect(memory.past).toBe(40);
    expect(s[0].start.slice(0, 7)).toBe('2025-09');
    expect(s[39].start.slice(0, 10)).toBe(PHRASING_NOW.slice(0, 10));
    const perDay = new Map<string, number>();
    for (const x of s) perDay.set(x.start.slice(0, 10), (perDay.get(x.start.slice(0, 10)) ?? 0) + 1);
    expect([...perDay].filter(([, n]) => n === 2).map(([d]) => d)).toEqual(['2026-01-14', '2026-11-24']);
    expect(s.some((x) => x.start.startsWith('2026-06'))).toBe(false);
    expect(new Set(memory.rows.map((r) => r.Speaker))).toEqual(new Set(['Nora', 'ChatGPT']));
    expect(memory.rows.map((r) => r.Response_Index)).toEqual(memory.rows.map((_, i) => i));
  });

  it('computes the calendar columns independently of the planner (ISO weeks, day names)', () => {
    const s37 = memory.rows.find((r) => r.session === 37)!;
    expect([s37.Date, s37.Day_Name, s37.Week]).toEqual(['2026-11-22', 'Sunday', '2026-W47']);
    const s8 = memory.rows.find((r) => r.session === 8)!;
    expect([s8.Date, s8.Day_Name, s8.Week]).toEqual(['2025-12-31', 'Wednesday', '2026-W01']);
  });
});

describe('targets and plans as rows', () => {
  it('reads targets as conditions that all hold', () => {
    expect(sessionsOf(expectedRows({ week: '2026-W47' }, memory))).toEqual([33, 34, 35, 36, 37]);
    expect(sessionsOf(expectedRows({ ago: [1, 2] }, memory))).toEqual([39, 40]);
    expect(sessionsOf(expectedRows({ weekdays: ['Saturday'], time: ['00:00', '12:00'] }, memory))).toEqual([3, 16, 25, 32, 36]);
    expect(sessionsOf(expectedRows({ between: [null, '2025-12-25'] }, memory))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(expectedRows({ sessions: [12], turnInSession: -1 }, memory)).toHaveLength(1);
    expect(expectedRows({ none: true }, memory)).toHaveLength(memory.rows.length);
    expect(expectedRows({ none: true, role: 'user' }, memory).every((r) => r.Role === 'user')).toBe(true);
  });

  it('applies a chain like its SQL: operations ANDed, ranges inclusive and in either order', () => {
    const rows = chainRows(plan([{ op: 'f_between', column: 'Date', range: ['2026-11-24', '2026-11-21'] }, { op: 'f_value', column: 'Speaker', values: ['nora'] }]), memory);
    expect(sessionsOf(rows)).toEqual([36, 37, 38, 39, 40]);
    expect(rows.every((r) => r.Speaker === 'Nora')).toBe(true);
    expect(sessionsOf(chainRows(plan([{ op: 'f_between', column: 'Time', range: ['14:00', '15:00'] }, { op: 'f_value', column: 'Date', values: ['2026-11-24'] }]), memory))).toEqual([40]);
  });

  const item = (over: Partial<Phrasing>): Phrasing => ({ id: 'x', kind: 'k', question: 'What did we talk about last week?', expect: { week: '2026-W47' }, content: false, tags: [], ...over });

  it('scores the planner’s rows: a question it reads is perfect, one it misreads is a failure', () => {
    const good = scorePhrasing(item({}), memory);
    expect([good.recall, good.f2, good.failed]).toEqual([1, 1, false]);
    const bad = scorePhrasing(item({ question: 'What did we talk about last week?', expect: { week: '2026-W46' } }), memory);
    expect(bad.recall).toBe(0);
    expect(bad.symptom).toBe('wrong selection');
  });

  it('counts a ranked answer to a time-only question as cut to the rank limit (best case)', () => {
    // a question the corpus calls time-only but whose plan ranks (here by "car") keeps at most 4 rows
    const r = scorePhrasing(item({ question: 'What did we say about the car last week?' }), memory);
    expect(r.retrieved).toBeLessThanOrEqual(4);
    expect(r.recall).toBeCloseTo(4 / 40, 5);
    expect(r.symptom).toBe('ranked: time-only answer cut short');
  });

  it('checks that a topic remains for time + content questions', () => {
    const r = scorePhrasing(item({ question: 'What did we say about the car last week?', content: true, topic: ['car'] }), memory);
    expect(r.failed).toBe(false);
    const missing = scorePhrasing(item({ question: 'What did we say about the car last week?', content: true, topic: ['bike'] }), memory);
    expect([missing.failed, missing.symptom]).toEqual([true, 'content words missing']);
  });

  it('rejects a bad corpus line with the file, line and field', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'engram-phrasings-')), 'bad.jsonl');
    fs.writeFileSync(file, `${JSON.stringify({ id: 'a-1', kind: 'a', question: 'q', expect: { week: '2026-47' }, content: false })}\n`);
    expect(() => loadCorpus(file)).toThrow(/bad\.jsonl:1: expect\.week: an ISO week YYYY-Www/);
    fs.writeFileSync(file, `${JSON.stringify({ id: 'a-1', kind: 'a', question: 'q', expect: { weeks: ['2026-W47'] }, content: false })}\n`);
    expect(() => loadCorpus(file)).toThrow(/bad\.jsonl:1: expect: Unrecognized key/);
  });
});

describe('the corpus', () => {
  const kinds = new Map<string, Phrasing[]>();
  for (const c of corpus) kinds.set(c.kind, [...(kinds.get(c.kind) ?? []), c]);

  it('holds at least 500 questions, at least 20 per kind and 40 that are not about time', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(500);
    for (const [kind, items] of kinds) expect(items.length, kind).toBeGreaterThanOrEqual(20);
    const notTime = corpus.filter((c) => c.expect.none);
    expect(kinds.get('not-time')!.length).toBeGreaterThanOrEqual(40);
    expect(notTime.every((c) => c.content)).toBe(true);
  });

  it('means something in the memory for every time question', () => {
    for (const c of corpus) if (!c.expect.none) expect(expectedRows(c.expect, memory).length, c.id).toBeGreaterThan(0);
  });

  it('words questions in many ways, not from a few templates', () => {
    const openings = new Set(corpus.map((c) => c.question.toLowerCase().split(/\s+/).slice(0, 3).join(' ')));
    expect(openings.size).toBeGreaterThan(200);
    expect(corpus.filter((c) => c.context?.length).length).toBeGreaterThanOrEqual(50);
  });
});

describe('the planner on the corpus', () => {
  const score = scoreCorpus(corpus, memory);
  const baseline = readBaseline();

  it('has a baseline for every kind', () => {
    expect(Object.keys(baseline.kinds).sort()).toEqual(score.kinds.map((k) => k.name).sort());
  });

  it.each(score.kinds.map((k) => [k.name, k] as const))('%s: recall, F2 and failures no worse than the baseline', (name, k) => {
    const b = baseline.kinds[name];
    expect(k.recall, `recall of ${name}`).toBeGreaterThanOrEqual(b.recall);
    expect(k.f2, `F2 of ${name}`).toBeGreaterThanOrEqual(b.f2);
    expect(k.failures, `failures of ${name}`).toBeLessThanOrEqual(b.failures);
  });

  it('all questions: no worse than the baseline', () => {
    expect(score.all.recall).toBeGreaterThanOrEqual(baseline.all.recall);
    expect(score.all.f2).toBeGreaterThanOrEqual(baseline.all.f2);
    expect(score.all.failures).toBeLessThanOrEqual(baseline.all.failures);
  });
});
