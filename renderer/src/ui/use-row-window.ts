// The window of a long list of fixed-height rows in a scrolling element: which rows to draw.
// With every row the same height it is arithmetic: nothing is measured per row, nothing is
// kept per row (a list of 100,000 costs what one of 20 does), and the first render already
// draws the rows that fit the page's height, before the element has been laid out.
import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First and last index to draw (last < first when there is nothing to draw). */
  first: number;
  last: number;
  /** The height of all rows: the size of the scrolled content. */
  totalHeight: number;
  /** Scrolls just enough for row `index` to be in view. */
  scrollToIndex(index: number): void;
}

interface View {
  top: number;
  height: number;
}

export function useRowWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  // Until the element has a size, the page's height: the list cannot show more than that.
  const [view, setView] = useState<View>(() => ({ top: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight }));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Only a change of the rows drawn re-renders: scrolling within a row does not.
    const update = (next: View) =>
      setView((v) => (rangeOf(v, rowHeight) === rangeOf(next, rowHeight) && v.height === next.height ? v : next));
    const onScroll = () => update({ top: el.scrollTop, height: el.clientHeight });
    const ro = new ResizeObserver(([entry]) => update({ top: el.scrollTop, height: entry.contentRect.height }));
    ro.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [ref, rowHeight]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = ref.current;
      if (!el) return;
      const top = index * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
    },
    [ref, rowHeight],
  );

  const visibleFirst = Math.floor(view.top / rowHeight);
  const visibleLast = Math.ceil((view.top + view.height) / rowHeight) - 1;
  return {
    first: Math.max(0, visibleFirst - overscan),
    last: Math.min(count - 1, visibleLast + overscan),
    totalHeight: count * rowHeight,
    scrollToIndex,
  };
}

function rangeOf(view: View, rowHeight: number): string {
  return `${Math.floor(view.top / rowHeight)}:${Math.ceil((view.top + view.height) / rowHeight)}`;
}
