// @vitest-environment happy-dom
// The plan card edits a timeline plan the way a person would: change a step's values, remove
// a step, add one on another column, switch to JSON and back; Run hands the edited plan to its
// owner, a plan the engine cannot read is refused here in one line, and a refusal of the
// owner's is shown.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TimelinePlan } from '../../../shared/types';
import '../../../test/support/dom';
import { PlanCard } from './PlanCard';

const planned: TimelinePlan = {
  version: 1,
  now: '2026-11-06T12:00:00',
  sessionNumbering: 'memory',
  chain: [
    { op: 'f_between', column: 'Date', range: ['2026-10-01', '2026-10-31'], why: 'in October' },
    { op: 'f_value', column: 'Session_Index', values: [3, 5] },
  ],
  rank: { query: 'porto', limit: 4 },
};

function renderCard(onRun = vi.fn(async (_plan: TimelinePlan) => {})) {
  render(<PlanCard plan={planned} explanation={["'in October' → Date between 2026-10-01 and 2026-10-31"]} result={{ total: 12, sessions: 2 }} onRun={onRun} />);
  return onRun;
}
const steps = () => screen.getAllByTestId('plan-step');
const run = () => fireEvent.click(screen.getByTestId('plan-run'));

describe('PlanCard', () => {
  it('shows the chain as steps with the words they come from and what the values mean', () => {
    renderCard();
    expect(steps().map((s) => s.dataset.column)).toEqual(['Date', 'Session_Index']);
    expect(within(steps()[0]).getByTestId('plan-step-why').textContent).toBe('“in October”');
    expect(steps()[0].textContent).toContain('Thu Oct 1, 2026 – Sat Oct 31, 2026');
    expect((within(steps()[1]).getByTestId('plan-step-values') as HTMLInputElement).value).toBe('3, 5');
    expect((screen.getByTestId('plan-rank-query') as HTMLInputElement).value).toBe('porto');
    expect(screen.getByTestId('plan-result').textContent).toMatch(/12 messages in 2 sessions/);
    // Nothing edited yet: nothing to reset.
    expect(screen.queryByTestId('plan-reset')).toBeNull();
  });

  it('runs the plan as edited: new values, a removed step, a step added on another column', async () => {
    const onRun = renderCard();
    fireEvent.input(within(steps()[1]).getByTestId('plan-step-values'), { target: { value: '3, 7' } });
    expect(screen.getByTestId('plan-reset')).toBeTruthy();
    fireEvent.click(within(steps()[0]).getByTestId('plan-step-remove'));
    fireEvent.change(screen.getByTestId('plan-add-column'), { target: { value: 'Speaker' } });
    expect(steps().map((s) => s.dataset.column)).toEqual(['Session_Index', 'Speaker']);
    fireEvent.input(within(steps()[1]).getByTestId('plan-step-values'), { target: { value: 'Lena' } });
    run();
    await vi.waitFor(() => expect(onRun).toHaveBeenCalledTimes(1));
    expect(onRun.mock.calls[0][0]).toEqual({
      ...planned,
      chain: [
        { op: 'f_value', column: 'Session_Index', values: [3, 7] },
        { op: 'f_value', column: 'Speaker', values: ['Lena'] },
      ],
    });
  });

  it('refuses a step without values in one line, without running', () => {
    const onRun = renderCard();
    fireEvent.input(within(steps()[1]).getByTestId('plan-step-values'), { target: { value: ' , ' } });
    run();
    expect(screen.getByTestId('plan-error').textContent).toMatch(/^Step 2 \(.+\): give at least one value/);
    expect(onRun).not.toHaveBeenCalled();
  });

  it('Reset brings back the plan as planned', () => {
    renderCard();
    fireEvent.click(within(steps()[0]).getByTestId('plan-step-remove'));
    expect(steps()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('plan-reset'));
    expect(steps().map((s) => s.dataset.column)).toEqual(['Date', 'Session_Index']);
  });

  it('edits the plan as JSON and back, refusing JSON the engine would not read', async () => {
    const onRun = renderCard();
    fireEvent.click(screen.getByTestId('plan-mode-json'));
    const json = screen.getByTestId('plan-json') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(planned);
    fireEvent.input(json, { target: { value: '{ "version": 1, ' } });
    run();
    expect(screen.getByTestId('plan-error').textContent).toMatch(/^Not JSON/);
    fireEvent.input(json, { target: { value: JSON.stringify({ ...planned, rank: undefined, chain: [{ op: 'f_value', column: 'Week', values: ['2026-W44'] }] }) } });
    fireEvent.click(screen.getByTestId('plan-mode-steps'));
    expect(steps().map((s) => s.dataset.column)).toEqual(['Week']);
    expect(screen.queryByTestId('plan-rank')).toBeNull();
    run();
    await vi.waitFor(() => expect(onRun).toHaveBeenCalledTimes(1));
    expect(onRun.mock.calls[0][0].chain).toEqual([{ op: 'f_value', column: 'Week', values: ['2026-W44'] }]);
  });

  it('says which words it read and which it did not understand as a time', () => {
    const explanation = ["I read 'last wk' (last week) as the week of Mon Nov 16, 2026 (2026-W47)", "Not understood as a time: 'a while ago' (neither a filter nor searched for)"];
    render(<PlanCard plan={planned} explanation={explanation} notUnderstood={['a while ago']} onRun={vi.fn(async () => {})} />);
    expect(screen.getByTestId('plan-explanation').textContent).toContain("I read 'last wk' (last week) as the week of Mon Nov 16, 2026");
    const unread = screen.getByTestId('plan-not-understood');
    expect(within(unread).getAllByTestId('plan-not-understood-words').map((q) => q.textContent)).toEqual(['a while ago']);
    expect(unread.textContent).toMatch(/Neither a filter nor searched for/);
  });

  it('shows no warning when every time word was read', () => {
    renderCard();
    expect(screen.queryByTestId('plan-not-understood')).toBeNull();
  });

  it("shows the owner's refusal", async () => {
    renderCard(vi.fn(async () => {
      throw new Error('Step 1: 2026-13-01 is not a date');
    }));
    run();
    expect((await screen.findByTestId('plan-error')).textContent).toBe('Step 1: 2026-13-01 is not a date');
  });
});
