// Timeline plans in the workbench: read as steps, edited as a draft, back to a plan the engine runs.
import { describe, expect, it } from 'vitest';
import { timelinePlanSchema } from '../../../shared/api';
import type { TimelinePlan } from '../../../shared/types';
import {
  addStep,
  describeOp,
  describeRun,
  formatNow,
  fromDraft,
  humanValue,
  newStep,
  parseValue,
  planToJson,
  removeStep,
  samePlan,
  setRank,
  splitValues,
  summarizePlan,
  toDraft,
  updateStep,
} from './plan-model';
import { parsePlanJson } from './plan-json';

const lastWeek: TimelinePlan = {
  version: 1,
  now: '2026-11-06T12:00:00',
  sessionNumbering: 'memory',
  chain: [{ op: 'f_value', column: 'Week', values: ['2026-W44'], why: 'last week' }],
};

const ranked: TimelinePlan = {
  version: 1,
  now: '2026-11-06T12:00:00',
  sourceIds: [1],
  sessionNumbering: 'source',
  chain: [
    { op: 'f_between', column: 'Date', range: ['2026-10-01', '2026-10-31'], why: 'in October' },
    { op: 'f_value', column: 'Session_Index', values: [3, 5] },
  ],
  rank: { query: 'porto', speakers: ['Lena'], limit: 4 },
};

describe('reading a plan', () => {
  it('says each step with its column, values and the words it came from', () => {
    expect(describeOp(lastWeek.chain[0])).toEqual({ column: 'Week', verb: 'is', values: ['2026-W44'], human: 'Oct 26 – Nov 1, 2026', why: 'last week' });
    expect(describeOp(ranked.chain[0])).toMatchObject({ column: 'Date', verb: 'is between', values: ['2026-10-01', '2026-10-31'], human: 'Thu Oct 1, 2026 – Sat Oct 31, 2026' });
    expect(describeOp(ranked.chain[1])).toMatchObject({ column: 'Session number', verb: 'is one of', values: ['3', '5'], human: 'session 3, session 5', why: null });
  });

  it('reads values as people say them, and leaves bad ones alone', () => {
    expect(humanValue('Date', '2026-10-12')).toBe('Mon Oct 12, 2026');
    expect(humanValue('Date', '2026-02-30')).toBeNull();
    expect(humanValue('Date', 'May 8')).toBeNull();
    expect(humanValue('Week', '2026-W01')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(humanValue('Week', '2026-W60')).toBeNull();
    expect(humanValue('Month', '2026-10')).toBe('October 2026');
    expect(humanValue('Time', '09:30:00')).toBe('09:30');
    expect(humanValue('Response_Index', 0)).toBe('message 1 of its conversation');
    expect(humanValue('Speaker', 'Lena')).toBeNull();
  });

  it('reads an ISO week across a year boundary, and no week a year does not have', () => {
    expect(humanValue('Week', '2020-W53')).toBe('Dec 28, 2020 – Jan 3, 2021');
    expect(humanValue('Week', '2021-W01')).toBe('Jan 4 – Jan 10, 2021');
    expect(humanValue('Week', '2021-W53')).toBeNull();
  });

  it('sums a plan up in one line', () => {
    expect(summarizePlan(lastWeek)).toBe('Week is 2026-W44');
    expect(summarizePlan(ranked)).toBe('Date is between 2026-10-01 and 2026-10-31 · Session number is one of 3, 5 · ranked by “porto”');
    expect(summarizePlan({ ...lastWeek, chain: [] })).toBe('every message');
  });

  it('says how many rows a run found', () => {
    expect(describeRun(33, 3)).toBe('33 messages in 3 sessions');
    expect(describeRun(1, 1)).toBe('1 message in 1 session');
    expect(describeRun(0, 0)).toBe('No messages');
    expect(formatNow('2026-11-06T12:00:00')).toBe('Nov 6, 2026 12:00');
  });
});

describe('editing a plan', () => {
  it('round-trips a plan through a draft unchanged', () => {
    for (const plan of [lastWeek, ranked]) {
      const back = fromDraft(toDraft(plan));
      expect(back).toEqual({ ok: true, plan });
      expect(samePlan(back.ok ? back.plan : null, plan)).toBe(true);
    }
  });

  it('changes values, typed per column', () => {
    const draft = toDraft(ranked);
    const edited = updateStep(draft, draft.steps[1].key, { valuesText: '2, 4 ,7,' });
    const r = fromDraft(edited);
    expect(r.ok && r.plan.chain[1]).toEqual({ op: 'f_value', column: 'Session_Index', values: [2, 4, 7] });
    expect(parseValue('Year', '2026')).toBe(2026);
    expect(parseValue('Year', 'twenty')).toBe('twenty');
    expect(parseValue('Date', '2026-10-12')).toBe('2026-10-12');
    expect(splitValues('a,\n b,, c ')).toEqual(['a', 'b', 'c']);
  });

  it('removes a step, adds one from the column picker', () => {
    let draft = toDraft(lastWeek);
    draft = addStep(draft, newStep('Speaker', 'f_value', 'Lena'));
    let r = fromDraft(draft);
    expect(r.ok && r.plan.chain).toEqual([lastWeek.chain[0], { op: 'f_value', column: 'Speaker', values: ['Lena'] }]);
    draft = removeStep(draft, draft.steps[0].key);
    r = fromDraft(draft);
    expect(r.ok && r.plan.chain).toEqual([{ op: 'f_value', column: 'Speaker', values: ['Lena'] }]);
    expect(samePlan(r.ok ? r.plan : null, lastWeek)).toBe(false);
  });

  it('carries values over when a step switches between "one of" and "between"', () => {
    const draft = toDraft({ ...lastWeek, chain: [{ op: 'f_value', column: 'Date', values: ['2026-10-01', '2026-10-05', '2026-10-09'] }] });
    const between = updateStep(draft, draft.steps[0].key, { kind: 'f_between' });
    expect(between.steps[0]).toMatchObject({ fromText: '2026-10-01', toText: '2026-10-09' });
    const back = updateStep(between, draft.steps[0].key, { kind: 'f_value' });
    expect(back.steps[0].valuesText).toBe('2026-10-01, 2026-10-09');
  });

  it('refuses only what the engine could not read, in words', () => {
    const draft = toDraft(lastWeek);
    expect(fromDraft(updateStep(draft, draft.steps[0].key, { valuesText: ' , ' }))).toEqual({ ok: false, error: 'Step 1 (Week): give at least one value (ISO week, YYYY-Www).' });
    const between = updateStep(draft, draft.steps[0].key, { kind: 'f_between', toText: '' });
    expect(fromDraft(between)).toMatchObject({ ok: false, error: expect.stringContaining('both ends') });
    // A wrong value is the engine's to judge ("Week: 'May 8' is not an ISO week").
    expect(fromDraft(updateStep(draft, draft.steps[0].key, { valuesText: 'May 8' }))).toMatchObject({ ok: true });
    expect(fromDraft(setRank(draft, { query: ' ', speakersText: '', limitText: '4' }))).toMatchObject({ ok: false, error: expect.stringContaining('words to rank by') });
    expect(fromDraft(setRank(draft, { query: 'porto', speakersText: '', limitText: '0' }))).toMatchObject({ ok: false, error: expect.stringContaining('between 1 and 1000') });
  });

  it('adds and removes the ranking', () => {
    const draft = setRank(toDraft(lastWeek), { query: 'knee', speakersText: 'Maya, Lena', limitText: '5' });
    const r = fromDraft(draft);
    expect(r.ok && r.plan.rank).toEqual({ query: 'knee', speakers: ['Maya', 'Lena'], limit: 5 });
    const none = fromDraft(setRank(toDraft(ranked), null));
    expect(none.ok && 'rank' in none.plan).toBe(false);
  });

  it('every draft it accepts is a plan the API accepts', () => {
    let draft = toDraft(ranked);
    draft = addStep(draft, newStep('Year', 'f_value', '2026'));
    draft = addStep(draft, newStep('Time', 'f_between'));
    draft = updateStep(draft, draft.steps[3].key, { fromText: '08:00:00', toText: '10:59:59' });
    const r = fromDraft(draft);
    expect(r.ok).toBe(true);
    expect(timelinePlanSchema.safeParse(r.ok ? r.plan : null).success).toBe(true);
  });
});

describe('the plan as JSON', () => {
  it('round-trips', () => {
    expect(parsePlanJson(planToJson(ranked))).toEqual({ ok: true, plan: ranked });
  });

  it('says what is wrong with edited JSON', () => {
    expect(parsePlanJson('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^Not JSON/) });
    const bad = JSON.parse(planToJson(lastWeek));
    bad.chain[0].column = 'Weekday';
    expect(parsePlanJson(JSON.stringify(bad))).toMatchObject({ ok: false, error: expect.stringMatching(/^chain\.0\.column: /) });
    delete bad.now;
    expect(parsePlanJson(JSON.stringify({ ...lastWeek, now: '2026-11-06' }))).toMatchObject({ ok: false, error: expect.stringMatching(/^now: /) });
  });
});
