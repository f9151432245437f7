// @vitest-environment happy-dom
// The window of fixed-height rows: drawn from the first render (before any layout), moved by
// scrolling, and scrolled just enough to show a row.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { giveLayout } from '../../../test/support/dom';
import { useRowWindow } from './use-row-window';

function List({ count }: { count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const w = useRowWindow(ref, count, 50, 2);
  return (
    <div ref={ref} data-testid="list" data-first={w.first} data-last={w.last} data-total={w.totalHeight} onClick={() => w.scrollToIndex(30)} />
  );
}
const attrs = () => {
  const el = screen.getByTestId('list');
  return { first: Number(el.dataset.first), last: Number(el.dataset.last), total: Number(el.dataset.total), el };
};

let undo: (() => void) | null = null;
afterEach(() => {
  undo?.();
  undo = null;
});

describe('useRowWindow', () => {
  it('draws the rows that fit the page from the first render on, before anything is measured', () => {
    render(<List count={10_000} />);
    const { first, last, total } = attrs();
    expect(first).toBe(0);
    expect(last).toBe(Math.ceil(window.innerHeight / 50) - 1 + 2);
    expect(total).toBe(500_000);
  });

  it('follows the measured height and the scroll position', () => {
    undo = giveLayout({ width: 800, height: 200 });
    render(<List count={10_000} />);
    expect(attrs().last).toBe(3 + 2);
    const { el } = attrs();
    el.scrollTop = 1000;
    act(() => void fireEvent.scroll(el));
    expect(attrs().first).toBe(20 - 2);
    expect(attrs().last).toBe(23 + 2);
  });

  it('never goes past the last row, and has nothing to draw for no rows', () => {
    render(<List count={3} />);
    expect(attrs().last).toBe(2);
    render(<List count={0} />);
    expect(Number(screen.getAllByTestId('list')[1].dataset.last)).toBeLessThan(0);
  });

  it('scrolls just enough to show a row', () => {
    undo = giveLayout({ width: 800, height: 200 });
    render(<List count={100} />);
    const { el } = attrs();
    fireEvent.click(el); // row 30: 1500–1550 px, below a view of 0–200
    expect(el.scrollTop).toBe(1550 - 200);
    el.scrollTop = 1600; // now above the view
    fireEvent.click(el);
    expect(el.scrollTop).toBe(1500);
  });
});
