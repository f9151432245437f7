// @vitest-environment happy-dom
// One Ask turn on screen: the answer with its citations (a citation the evidence lacks is not a
// link), the route that answered and the ones tried, the evidence with what the answer cites
// marked and links into Messages and Entities, and, for a timeline answer, the plan that can be
// edited and run again for this turn.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AskTurn, MessageRow, TimelinePlan } from '../../../../shared/types';
import { fakeEngram } from '../../../../test/support/dom';
import { askTurn, messageRow, TEMPLATE_QUERY } from '../../../../test/support/workbench-fixtures';
import { useApp } from '../../state/app-store';
import { AskTurnView } from './AskTurnView';
import { useAsk } from './ask-store';

// The SPARQL part is a Monaco editor (the e2e suite drives it); here it only has to be there.
vi.mock('./AskSparql', () => ({
  AskSparql: ({ turn }: { turn: AskTurn }) => <pre data-testid="ask-sparql">{turn.plan.sparql?.query}</pre>,
}));

const engine = fakeEngram();

// Sessions 31 and 32 hold the evidence's messages.
const message = (id: number, over: Partial<MessageRow> = {}) => messageRow(id, { sessionId: 30 + id, text: `I signed up for the Spree Charity 10K (message ${id})`, ...over });

const graphTurn = askTurn({
  evidence: {
    ...askTurn().evidence,
    messages: [
      { ref: 'm1', message: message(1), route: 'graph', score: 3, why: "source of 'Spree Charity 10K'" },
      { ref: 'm2', message: message(2, { speaker: 'Assistant', role: 'assistant' }), route: 'search', score: 1, why: 'words: charity, run' },
    ],
  },
  warnings: ['The graph has no extraction for 2 sessions yet.'],
});

const lastWeek: TimelinePlan = { version: 1, now: '2026-11-22T09:30:21', sessionNumbering: 'memory', chain: [{ op: 'f_value', column: 'Week', values: ['2026-W46'], why: 'last week' }] };
const timelineTurn: AskTurn = {
  ...graphTurn,
  id: 8,
  seq: 2,
  question: 'and the week before?',
  rewrite: 'What did we discuss the week before last week?',
  rewritten: true,
  classification: { intent: 'list', timeline: 'meta', routes: ['timeline'], why: ["'the week before' → one week earlier"] },
  plan: { timeline: { plan: lastWeek, explanation: ["'last week' → Week = 2026-W46"] } },
  results: { timeline: { total: 9, sessionIds: [31, 32], sql: 'SELECT …' } },
  answer: { text: '9 messages in 2 sessions [m1]', status: 'answered', how: "Counted from the timeline's messages.", route: 'timeline', source: 'evidence', citations: ['m1'] },
  evidence: { messages: [{ ref: 'm1', message: message(1), route: 'timeline', score: 1, why: 'in 2026-W46' }], triples: [] },
  warnings: [],
};

describe('AskTurnView', () => {
  beforeEach(() => {
    useApp.setState({ tab: 'ask', selection: null, entity: null });
    useAsk.setState({ turns: [graphTurn, timelineTurn], rerunning: {} });
    engine.calls.length = 0;
  });

  it('shows the answer with its citations, the route that answered and the ones tried', () => {
    render(<AskTurnView turn={graphTurn} latest={false} />);
    expect(screen.getByTestId('ask-question').textContent).toBe('When is the charity run I signed up for?');
    expect(screen.queryByTestId('ask-rewrite')).toBeNull();
    const answer = screen.getByTestId('ask-answer');
    expect(answer.textContent).toBe('Sunday, October 11, 2026 t1t2');
    const [t1, t2] = within(answer).getAllByTestId('ask-citation') as HTMLButtonElement[];
    expect([t1.disabled, t2.disabled]).toEqual([false, true]);
    expect(t2.title).toBe('t2 is not in the evidence');
    expect(screen.getByTestId('ask-computation').textContent).toContain("the date of 'Spree Charity 10K'");
    expect(screen.getByTestId('ask-route').textContent).toBe('Graph');
    expect(screen.getAllByTestId('ask-route-tried').map((c) => c.textContent)).toEqual(['Message search · 25 hits']);
    expect(screen.getByTestId('ask-warnings').textContent).toContain('no extraction for 2 sessions');
    expect(screen.getByTestId('ask-sparql').textContent).toBe(TEMPLATE_QUERY);
  });

  it('lists the evidence, marks what the answer cites, and opens it in Messages or Entities', () => {
    render(<AskTurnView turn={graphTurn} latest={false} />);
    const messages = screen.getAllByTestId('evidence-message');
    expect(messages.map((m) => m.dataset.ref)).toEqual(['m1', 'm2']);
    expect(messages[1].textContent).toContain('Message search · words: charity, run');
    const [triple] = screen.getAllByTestId('evidence-triple');
    expect(triple.className).toContain('cited');
    expect(messages[0].className).not.toContain('cited');
    expect(triple.textContent).toContain('start date');

    fireEvent.click(messages[0]);
    expect(useApp.getState()).toMatchObject({ tab: 'messages', selection: { kind: 'session', sessionId: 31 } });
    fireEvent.click(within(triple).getByTestId('evidence-entity'));
    expect(useApp.getState()).toMatchObject({ tab: 'entities', entity: 'https://engram.local/memory/entity/spree-charity-10k' });
  });

  it('for a timeline answer: shows the rewrite and the plan, and runs the edited plan for this turn', async () => {
    const rerun: AskTurn = { ...timelineTurn, plan: { timeline: { plan: { ...lastWeek, chain: [{ op: 'f_value', column: 'Week', values: ['2026-W45'] }] }, explanation: [], edited: true, generated: lastWeek } }, results: { timeline: { total: 4, sessionIds: [33], sql: '' } } };
    engine.handlers.rerunAskPlan = () => rerun;
    render(<AskTurnView turn={timelineTurn} latest />);
    expect(screen.getByTestId('ask-rewrite').textContent).toContain('the week before last week');
    const section = screen.getByTestId('ask-timeline-plan');
    expect(within(section).getByRole('button', { expanded: true }).textContent).toContain('9 messages in 2 sessions');
    const values = within(section).getByTestId('plan-step-values') as HTMLInputElement;
    expect(values.value).toBe('2026-W46');
    fireEvent.input(values, { target: { value: '2026-W45' } });
    fireEvent.click(within(section).getByTestId('plan-run'));
    await vi.waitFor(() => expect(engine.calls.map((c) => c.method)).toContain('rerunAskPlan'));
    expect(engine.calls.find((c) => c.method === 'rerunAskPlan')!.args).toEqual({ turnId: 8, plan: { ...lastWeek, chain: [{ op: 'f_value', column: 'Week', values: ['2026-W45'], why: 'last week' }] } });
    // The turn in the store is replaced by the re-run one.
    await vi.waitFor(() => expect(useAsk.getState().turns.find((t) => t.id === 8)?.results.timeline?.total).toBe(4));
  });
});
