// Plans: checking edited plans and compiling them to parameterized SQL.
import { describe, expect, it } from 'vitest';
import { ApiError, parseApiArgs } from '../../shared/api';
import type { TimelinePlan } from '../../shared/types';
import { chainNotation, checkPlan, describeOp } from '../../electron/node/engine/timeline/plan';
import { compileChain } from '../../electron/node/engine/stores/chat/plan-sql';

const base: TimelinePlan = { version: 1, now: '2026-11-18T15:30:00', sessionNumbering: 'memory', chain: [] };

describe('checkPlan', () => {
  it('normalizes values to the column’s stored form', () => {
    const p = checkPlan({
      ...base,
      chain: [
        { op: 'f_between', column: 'Time', range: ['9:00', '12:30'] },
        { op: 'f_value', column: 'Day_Name', values: ['tuesday'] },
        { op: 'f_value', column: 'Session_Index', values: ['3', 4] },
        { op: 'f_value', column: 'Role', values: ['Assistant'] },
      ],
    });
    expect(p.chain).toEqual([
      { op: 'f_between', column: 'Time', range: ['09:00:00', '12:30:59'] },
      { op: 'f_value', column: 'Day_Name', values: ['Tuesday'] },
      { op: 'f_value', column: 'Session_Index', values: [3, 4] },
      { op: 'f_value', column: 'Role', values: ['assistant'] },
    ]);
  });

  it.each([
    [{ op: 'f_value', column: 'Date', values: ['May 8'] }, /Date: 'May 8' is not a date/],
    [{ op: 'f_value', column: 'Week', values: ['2026-47'] }, /not an ISO week/],
    [{ op: 'f_value', column: 'Month', values: ['2026'] }, /not a month/],
    [{ op: 'f_between', column: 'Time', range: ['25:00', '26:00'] }, /not a time/],
    [{ op: 'f_value', column: 'Year', values: ['twenty'] }, /not a whole number/],
    [{ op: 'f_value', column: 'Day_Name', values: ['Caturday'] }, /not a day name/],
    [{ op: 'f_value', column: 'Role', values: ['admin'] }, /not one of user/],
  ])('rejects %o', (op, message) => {
    expect(() => checkPlan({ ...base, chain: [op as never] })).toThrow(message);
    try {
      checkPlan({ ...base, chain: [op as never] });
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).code).toBe('bad_request');
    }
  });

  it("needs exactly one source for 'source' numbering", () => {
    expect(() => checkPlan({ ...base, sessionNumbering: 'source' })).toThrow(/exactly one source/);
    expect(() => checkPlan({ ...base, sessionNumbering: 'source', sourceIds: [3] })).not.toThrow();
  });

  it('the API schema refuses unknown columns, operations and fields', () => {
    const args = (plan: unknown) => () => parseApiArgs('runPlan', { plan });
    expect(args({ ...base, chain: [{ op: 'f_value', column: 'Text', values: ['x'] }] })).toThrow(ApiError);
    expect(args({ ...base, chain: [{ op: 'f_like', column: 'Date', values: ['x'] }] })).toThrow(ApiError);
    expect(args({ ...base, chain: [], extra: 1 })).toThrow(ApiError);
    expect(args({ ...base, chain: [{ op: 'f_value', column: 'Date', values: [] }] })).toThrow(ApiError);
    expect(args({ ...base, chain: [{ op: 'f_between', column: 'Date', range: ['2026-01-01', '2026-02-01'] }] })).not.toThrow();
  });
});

describe('compileChain', () => {
  it('compiles to placeholders only; values travel as parameters', () => {
    const evil = "x' OR 1=1; DROP TABLE messages; --";
    const c = compileChain(
      checkPlan({
        ...base,
        sourceIds: [2, 5],
        chain: [
          { op: 'f_between', column: 'Date', range: ['2026-05-03', '2026-05-10'] },
          { op: 'f_value', column: 'Speaker', values: [evil, 'Ann'] },
        ],
      }),
      { ready: [1, 2, 5] },
    );
    expect(c.where).not.toContain(evil);
    expect(c.where).not.toContain('2026-05-03');
    expect(c.where).toContain('m.source_id IN (?, ?)');
    expect(c.where).toContain('m.date BETWEEN ? AND ?');
    expect(c.where).toContain('m.speaker COLLATE NOCASE IN (?, ?)');
    expect(c.params).toEqual([2, 5, '2026-05-03', '2026-05-10', evil, 'Ann']);
  });

  it('reads Session_Index under the plan’s numbering', () => {
    expect(compileChain({ ...base, chain: [{ op: 'f_value', column: 'Session_Index', values: [3] }] }, { ready: [1] }).where).toContain('s.memory_index = ?');
    expect(compileChain({ ...base, sessionNumbering: 'source', sourceIds: [1], chain: [{ op: 'f_value', column: 'Session_Index', values: [3] }] }, { ready: [1] }).where).toContain('s.source_index = ?');
  });

  it('orders a reversed range', () => {
    expect(compileChain({ ...base, chain: [{ op: 'f_between', column: 'Session_Index', range: [6, 3] }] }, { ready: [] }).params).toEqual([3, 6]);
  });

  it('describes plans for people and in the study’s notation', () => {
    const plan: TimelinePlan = { ...base, chain: [{ op: 'f_between', column: 'Date', range: ['2026-05-03', '2026-05-10'] }, { op: 'f_value', column: 'Speaker', values: ['Ann'] }] };
    expect(chainNotation(plan)).toBe('f_between(Date, [2026-05-03, 2026-05-10]) → f_value(Speaker, [Ann])');
    expect(describeOp(plan.chain[0])).toBe('Date between 2026-05-03 and 2026-05-10');
    expect(describeOp(plan.chain[1])).toBe('Speaker = Ann');
  });
});
