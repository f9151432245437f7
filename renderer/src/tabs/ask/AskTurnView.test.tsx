// @vitest-environment happy-dom
// One Ask turn on screen: the answer with its citations (a citation the evidence lacks is not a
// link), the route that answered and the ones tried, the evidence with what the answer cites
// marked and links into Messages and Entities, and, for a timeline answer, the plan that can be
// edited and run again for this turn.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AskTurn, MessageRow, TimelinePlan } from '../../../../shared/types';
import { fakeEngram } from '../../../../test/support/dom';
import { useApp } from '../../state/app-store';
import { AskTurnView } from './AskTurnView';
import { useAsk } from './ask-store';

// The SPARQL part is a Monaco editor (the e2e suite drives it); here it only has to be there.
vi.mock('./AskSparql', () => ({
  AskSparql: ({ turn }: { turn: AskTurn }) => <pre data-testid="ask-sparql">{turn.plan.sparql?.query}</pre>,
}));

const engine = fakeEngram();

const message = (id: number, over: Partial<MessageRow> = {}): MessageRow => ({
  id,
  sourceId: 1,
  conversationId: 1,
  sessionId: 30 + id,
  sessionIndex: 13,
  responseIndex: id,
  turnIndex: 0,
  speaker: 'Maya',
  role: 'user',
  text: `I signed up for the Spree Charity 10K (message ${id})`,
  timestamp: '2026-10-12T08:20:00',
  tzOffsetMin: 120,
  dayName: 'Monday',
  week: '2026-W42',
  date: '2026-10-12',
  time: '08:20:00',
  externalId: null,
  conversationTitle: 'Training',
  iri: `https://engram.local/memory/post/${id}`,
  ...over,
});

const graphTurn: AskTurn = {
  id: 7,
  conversationId: 2,
  seq: 1,
  question: 'When is the charity run I signed up for?',
  rewrite: 'When is the charity run I signed up for?',
  rewritten: false,
  now: '2026-11-22T09:30:21',
  classification: { intent: 'date', timeline: 'content', routes: ['graph', 'search'], why: ["'when' → the date of an event"] },
  plan: {
    search: { query: 'charity run', k: 25, hybrid: false },
    sparql: { query: 'SELECT ?e ?d WHERE { ?e schema:startDate ?d }', origin: 'template', template: 'event-date', explanation: ['events with dates'] },
  },
  results: {
    search: { total: 25 },
    sparql: { kind: 'select', vars: ['e', 'd'], rows: [], ranked: [], truncated: false, elapsedMs: 12 },
  },
  answer: {
    text: 'Sunday, October 11, 2026 [t1, t2]',
    route: 'graph',
    source: 'computed',
    citations: ['t1', 't2'],
    computation: { kind: 'date', value: 'Sunday, October 11, 2026', detail: "the date of 'Spree Charity 10K'", refs: ['t1'] },
  },
  evidence: {
    messages: [
      { ref: 'm1', message: message(1), route: 'graph', score: 3, why: "source of 'Spree Charity 10K'" },
      { ref: 'm2', message: message(2, { speaker: 'Assistant', role: 'assistant' }), route: 'search', score: 1, why: 'words: charity, run' },
    ],
    triples: [
      {
        ref: 't1',
        s: { iri: 'https://engram.local/memory/entity/spree-charity-10k', label: 'Spree Charity 10K' },
        p: { iri: 'https://schema.org/startDate', label: 'start date' },
        o: { type: 'literal', value: '2026-10-11', datatype: 'http://www.w3.org/2001/XMLSchema#date' },
        origins: ['extraction'],
      },
    ],
  },
  warnings: ['The graph has no extraction for 2 sessions yet.'],
  timings: { plan: 15, search: 50, sparql: 12, evidence: 4, answer: 0, total: 81 },
  createdAt: '2026-11-22T09:30:21.510Z',
  updatedAt: '2026-11-22T09:30:21.510Z',
};

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
  answer: { text: '9 messages in 2 sessions [m1]', route: 'timeline', source: 'evidence', citations: ['m1'] },
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
    expect(screen.getByTestId('ask-sparql').textContent).toContain('schema:startDate');
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
    fireEvent.change(values, { target: { value: '2026-W45' } });
    fireEvent.click(within(section).getByTestId('plan-run'));
    await vi.waitFor(() => expect(engine.calls.map((c) => c.method)).toContain('rerunAskPlan'));
    expect(engine.calls.find((c) => c.method === 'rerunAskPlan')!.args).toEqual({ turnId: 8, plan: { ...lastWeek, chain: [{ op: 'f_value', column: 'Week', values: ['2026-W45'], why: 'last week' }] } });
    // The turn in the store is replaced by the re-run one.
    await vi.waitFor(() => expect(useAsk.getState().turns.find((t) => t.id === 8)?.results.timeline?.total).toBe(4));
  });
});
