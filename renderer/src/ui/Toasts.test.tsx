// @vitest-environment happy-dom
// Notices: at most one with an action (Undo, Redo) at a time, the newest; plain notices stack.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../test/support/dom';
import { useApp } from '../state/app-store';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  beforeEach(() => useApp.setState({ notices: [] }));

  it('keeps one undo toast, the newest; its button runs the newest action', () => {
    const undos = [vi.fn(), vi.fn(), vi.fn()];
    render(<Toasts />);
    act(() => {
      useApp.getState().notify({ tone: 'info', text: 'Imported 1 source' });
      undos.forEach((run, i) => useApp.getState().notify({ tone: 'success', text: `Renamed ${i + 1}`, action: { label: 'Undo', run } }));
    });
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    expect(screen.getByText('Renamed 3')).toBeTruthy();
    expect(screen.queryByText('Renamed 1')).toBeNull();
    expect(screen.getByText('Imported 1 source')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undos[2]).toHaveBeenCalledOnce();
    expect(undos[0]).not.toHaveBeenCalled();
    expect(screen.queryByText('Renamed 3')).toBeNull();
  });
});
