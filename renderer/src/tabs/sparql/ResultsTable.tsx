// SELECT results: a virtualized table, sortable by any column (click a header).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { RdfTerm } from '../../../../shared/types';
import { Icon } from '../../ui/icons';
import { sortRows, useSparql } from './sparql-store';
import { TermView } from './TermView';

const ROW_H = 30;

export function ResultsTable({ vars, rows }: { vars: string[]; rows: Record<string, RdfTerm>[] }) {
  const sort = useSparql((s) => s.sort);
  const toggleSort = useSparql((s) => s.toggleSort);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: sorted.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_H, overscan: 20 });
  const columns = `56px repeat(${vars.length}, minmax(200px, 1fr))`;
  const minWidth = 56 + vars.length * 200;

  return (
    <div ref={scrollRef} className="results-scroll" data-testid="results-table">
      <div className="results-grid" style={{ minWidth }}>
        <div className="results-header" style={{ gridTemplateColumns: columns }} role="row">
          <div className="results-cell index">#</div>
          {vars.map((v) => {
            const active = sort?.column === v;
            return (
              <button
                key={v}
                className={`results-cell head ${active ? 'active' : ''}`}
                onClick={() => toggleSort(v)}
                data-testid="result-column"
                aria-sort={active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                title="Sort by this column"
              >
                <span className="truncate">?{v}</span>
                {active && <Icon name={sort!.dir === 'asc' ? 'chevronUp' : 'chevronDown'} size={13} />}
              </button>
            );
          })}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = sorted[item.index];
            return (
              <div
                key={item.key}
                className="results-row"
                role="row"
                data-testid="result-row"
                style={{ gridTemplateColumns: columns, transform: `translateY(${item.start}px)`, height: ROW_H }}
              >
                <div className="results-cell index tnum">{item.index + 1}</div>
                {vars.map((v) => (
                  <div key={v} className="results-cell truncate" data-var={v}>
                    <TermView term={row[v]} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
