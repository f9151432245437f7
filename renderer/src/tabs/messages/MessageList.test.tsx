// @vitest-environment happy-dom
// The Messages list: a virtualized window of rows, fetched by page, with the search words
// marked, a click selecting a message and the arrow keys moving the selection.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveLayout } from '../../../../test/support/dom';
import { messageRow } from '../../../../test/support/workbench-fixtures';
import { MessageList } from './MessageList';
import { useMessages } from './messages-store';

const undoLayout = giveLayout({ width: 900, height: 400 });
afterAll(undoLayout);

const row = (id: number) =>
  messageRow(id, {
    sessionId: 1 + Math.floor(id / 100),
    sessionIndex: 1 + Math.floor(id / 100),
    speaker: id % 2 ? 'Maya' : 'Assistant',
    role: id % 2 ? 'user' : 'assistant',
    text: `Message number ${id} about the sourdough starter`,
    conversationTitle: 'Baking',
  });

describe('MessageList', () => {
  const ensureRows = vi.fn();
  const selectMessage = vi.fn(async (id: number | null) => useMessages.setState({ selectedId: id }));
  beforeEach(() => {
    ensureRows.mockClear();
    selectMessage.mockClear();
    // 1,000 messages; only the first page is loaded.
    useMessages.setState({ total: 1000, pages: { 0: Array.from({ length: 200 }, (_, i) => row(i)) }, queryId: 1, highlight: ['sourdough'], selectedId: null, ensureRows, selectMessage });
  });

  it('renders only the rows that fit (and a few more), with speaker, session and marked words', () => {
    render(<MessageList />);
    const rows = screen.getAllByTestId('message-row');
    // 400 px of 74 px rows, plus the overscan: far fewer than the 1,000 messages.
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    const first = rows[0];
    expect(first.dataset.messageId).toBe('0');
    expect(within(first).getByText('Assistant')).toBeTruthy();
    expect(within(first).getByText('S1')).toBeTruthy();
    expect(within(first).getByText('sourdough').tagName).toBe('MARK');
    expect(screen.getByTestId('message-list').textContent).toContain('Message number 1 about');
  });

  it('asks for the rows on screen once scrolling pauses', async () => {
    render(<MessageList />);
    await vi.waitFor(() => expect(ensureRows).toHaveBeenCalled());
    const [first, last] = ensureRows.mock.calls.at(-1)!;
    expect(first).toBe(0);
    expect(last).toBeGreaterThan(5);
    expect(last).toBeLessThan(40);
  });

  it('marks a text the page cut (a preview) with an ellipsis, and a whole short one without', () => {
    const rows = Array.from({ length: 200 }, (_, i) => row(i));
    rows[0] = { ...rows[0], text: 'The preview of a long answer about the sourdough', textCut: true };
    useMessages.setState({ pages: { 0: rows } });
    render(<MessageList />);
    const [cut, whole] = screen.getAllByTestId('message-row');
    expect(cut.querySelector('.message-text')!.textContent).toBe('The preview of a long answer about the sourdough…');
    expect(whole.querySelector('.message-text')!.textContent).toBe('Message number 1 about the sourdough starter');
  });

  it('shows placeholders for rows not fetched yet', () => {
    useMessages.setState({ pages: {} });
    render(<MessageList />);
    expect(screen.queryAllByTestId('message-row')).toHaveLength(0);
    expect(document.querySelectorAll('.message-row.placeholder').length).toBeGreaterThan(5);
  });

  it('selects a row on click, and moves the selection with the arrow keys', async () => {
    render(<MessageList />);
    fireEvent.click(screen.getAllByTestId('message-row')[2]);
    expect(selectMessage).toHaveBeenLastCalledWith(2);
    await vi.waitFor(() => expect(screen.getAllByTestId('message-row')[2].getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(screen.getByTestId('message-list'), { key: 'ArrowDown' });
    expect(selectMessage).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(screen.getByTestId('message-list'), { key: 'ArrowUp' });
    expect(selectMessage).toHaveBeenLastCalledWith(2);
  });
});
