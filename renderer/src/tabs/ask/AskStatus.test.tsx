// @vitest-environment happy-dom
// How sure an answer is, on screen: an answer says so and how it was found; related messages are
// named as such (never as the answer) and the evidence is titled "Related messages"; nothing
// found says so; a turn stored before statuses existed reads as it did.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AskTurn } from '../../../../shared/types';
import { fakeEngram } from '../../../../test/support/dom';
import { askTurn, messageRow } from '../../../../test/support/workbench-fixtures';
import { useApp } from '../../state/app-store';
import { AskTurnView } from './AskTurnView';
import { useAsk } from './ask-store';

vi.mock('./AskSparql', () => ({ AskSparql: () => null }));
fakeEngram();

const related: AskTurn = {
  ...askTurn(),
  answer: {
    text: 'Your memory does not say this directly. The messages below share words with the question, but none of them answers it.',
    status: 'related',
    how: 'Related messages, not an answer.',
    route: 'none',
    source: 'none',
    citations: [],
  },
  evidence: { messages: [{ ref: 'm1', message: messageRow(1, { text: 'The concert last night was incredible.' }), route: 'search', score: 1, why: 'words: concert' }], triples: [] },
};

describe('AskStatus in a turn', () => {
  beforeEach(() => {
    useApp.setState({ tab: 'ask', selection: null, entity: null });
    useAsk.setState({ turns: [], rerunning: {} });
  });

  it('an answer: says it is one and how it was found', () => {
    render(<AskTurnView turn={askTurn()} latest={false} />);
    expect(screen.getByTestId('ask-status').dataset.status).toBe('answered');
    expect(screen.getByTestId('ask-status').textContent).toBe('Answer');
    expect(screen.getByTestId('ask-how').textContent).toBe('Computed from your knowledge graph.');
    expect(screen.getByTestId('ask-evidence-messages-title').textContent).toBe('Messages');
  });

  it('related messages: named as such, never quoted as the answer', () => {
    render(<AskTurnView turn={related} latest={false} />);
    expect(screen.getByTestId('ask-status').textContent).toBe('Related messages');
    expect(screen.getByTestId('ask-answer').textContent).not.toContain('concert last night');
    expect(screen.getByTestId('ask-answer').textContent).toContain('does not say this directly');
    expect(screen.getByTestId('ask-evidence-messages-title').textContent).toBe('Related messages');
    expect(screen.getByTestId('evidence-message').textContent).toContain('concert last night');
    expect(screen.queryByTestId('ask-route')?.textContent).toBe('Nothing found');
  });

  it('nothing found: says so', () => {
    const none: AskTurn = { ...related, answer: { ...related.answer, status: 'not_found', text: 'Nothing in your memory answers this question.', how: 'Nothing in the memory matched the question.' }, evidence: { messages: [], triples: [] } };
    render(<AskTurnView turn={none} latest={false} />);
    expect(screen.getByTestId('ask-status').textContent).toBe('Not found');
    expect(screen.getByTestId('ask-how').textContent).toBe('Nothing in the memory matched the question.');
  });

  it('a turn stored before answers had a status reads as answered (or not found when nothing answered)', () => {
    const old = askTurn();
    const { status: _s, how: _h, ...answer } = old.answer;
    render(<AskTurnView turn={{ ...old, answer: answer as AskTurn['answer'] }} latest={false} />);
    expect(screen.getByTestId('ask-status').dataset.status).toBe('answered');
  });
});
