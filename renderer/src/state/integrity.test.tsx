// @vitest-environment happy-dom
// The start-up report in the workbench: repaired problems said once, the rest in a notice that
// stays, with a Repair action calling the engine's repairMemory.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntegrityReport } from '../../../shared/types';
import { fakeEngram } from '../../../test/support/dom';
import { Toasts } from '../ui/Toasts';
import { useApp } from './app-store';
import { showIntegrity } from './integrity';

const damaged: IntegrityReport = {
  checkedAt: '2026-11-24T10:00:00Z',
  unrepaired: 1,
  problems: [
    { store: 'search', where: 'search/', problem: 'the search index could not be read', repaired: true, action: 'rebuilt from engram.sqlite' },
    { store: 'graph', where: 'graph journal entry 131 (replace)', problem: 'the entry does not match its checksum', repaired: false, action: 'skipped; engram doctor --repair' },
  ],
};

describe('the integrity notices', () => {
  it('says what was repaired, keeps what was not on screen, and Repair calls the engine', async () => {
    const engram = fakeEngram({ repairMemory: () => ({ ...damaged, unrepaired: 0, problems: damaged.problems.map((p) => ({ ...p, repaired: true })) }) });
    useApp.setState({ notices: [] });
    render(<Toasts />);
    act(() => void showIntegrity(damaged));
    expect(screen.getByText(/Engram repaired 1 problem when it opened this memory \(search\/: the search index could not be read; rebuilt from engram\.sqlite\)/)).toBeTruthy();
    const waiting = screen.getByText(/1 problem in this memory waits for a repair: graph journal entry 131 \(replace\): the entry does not match its checksum/);
    expect(useApp.getState().notices.find((n) => n.tone === 'error')?.sticky).toBe(true);
    // Four more notices do not push it out.
    act(() => ['a', 'b', 'c', 'd'].forEach((t) => useApp.getState().notify({ tone: 'info', text: t })));
    expect(screen.getByText(waiting.textContent!)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Repair' }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(engram.calls.map((c) => c.method)).toEqual(['repairMemory']);
    expect(screen.getByText('Repaired: 2 problems dealt with.')).toBeTruthy();
    expect(screen.queryByText(waiting.textContent!)).toBeNull();
  });
});
