// @vitest-environment happy-dom
// The combobox: its list over the page (portal), ↓ and Enter take the highlighted hit, and Enter
// pressed before the engine answered for the text takes the fresh best hit, not a stale list's.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/support/dom';
import { Combobox } from './Combobox';

function Field({ suggest, onPick, onEnter, portal }: { suggest(t: string): string[] | Promise<string[]>; onPick(x: string): void; onEnter?(t: string): void; portal?: boolean }) {
  const [text, setText] = useState('');
  return (
    <div className="toolbar" style={{ overflow: 'hidden' }} data-testid="toolbar">
      <Combobox<string> value={text} onChange={setText} suggest={suggest} itemKey={(x) => x} renderItem={(x) => x} onPick={onPick} onEnter={onEnter} testId="field" portal={portal} />
    </div>
  );
}

describe('Combobox', () => {
  it('draws its list in the page body with portal, outside the clipping toolbar', async () => {
    render(<Field suggest={(t) => (t ? ['Pixel', 'Walking Pixel'] : [])} onPick={() => {}} portal />);
    fireEvent.input(screen.getByTestId('field'), { target: { value: 'Pix' } });
    const list = await screen.findByTestId('field-list');
    expect(screen.getByTestId('toolbar').contains(list)).toBe(false);
    expect(list.parentElement).toBe(document.body);
    expect((list as HTMLElement).style.position).toBe('fixed');
  });

  it('↓ then Enter takes the highlighted hit', async () => {
    const onPick = vi.fn();
    render(<Field suggest={(t) => (t ? ['Pixel', 'Walking Pixel', 'Frau Keller looks after Pixel'] : [])} onPick={onPick} />);
    const input = screen.getByTestId('field');
    fireEvent.input(input, { target: { value: 'Pixel' } });
    await screen.findAllByTestId('combobox-option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByTestId('combobox-option')[1].getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('combobox-option')[1].id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Walking Pixel');
  });

  it('Enter before the answer for the text: waits, then takes the best fresh hit', async () => {
    const onPick = vi.fn();
    const onEnter = vi.fn();
    const pending = new Map<string, (r: string[]) => void>();
    const suggest = (t: string) => new Promise<string[]>((resolve) => pending.set(t, resolve));
    render(<Field suggest={suggest} onPick={onPick} onEnter={onEnter} />);
    const input = screen.getByTestId('field');
    fireEvent.input(input, { target: { value: 'Fr' } });
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    await act(async () => pending.get('Fr')!(['Fritz', 'Frau Keller']));
    // Typed on; Enter at once, while the list still shows the answer for "Fr".
    fireEvent.input(input, { target: { value: 'Frau K' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    await act(async () => pending.get('Frau K')!(['Frau Keller', 'Frau Keller looks after Pixel']));
    expect(onPick).toHaveBeenCalledWith('Frau Keller');
    expect(onEnter).not.toHaveBeenCalled();
  });
});
