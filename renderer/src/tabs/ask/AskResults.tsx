// A turn's SPARQL rows: the SPARQL tab's cells (TermView: IRIs open the entity, literals with
// their datatype) in a compact table, most relevant rows first, sortable by any column.
import { useMemo, useState } from 'react';
import type { AskSparqlResults } from '../../../../shared/types';
import { Icon } from '../../ui/icons';
import { sortRows, type SortState } from '../sparql/sparql-store';
import { TermView } from '../sparql/TermView';
import { rankedRows } from './ask-model';
import { plural } from '../../ui/format';

const FIRST_ROWS = 12;

export function AskResults({ results }: { results: AskSparqlResults }) {
  const [sort, setSort] = useState<SortState>(null);
  const [all, setAll] = useState(false);
  const ordered = useMemo(() => {
    const ranked = rankedRows(results);
    if (!sort) return ranked;
    const byRow = new Map(ranked.map((r) => [r.row, r.index]));
    return sortRows(
      ranked.map((r) => r.row),
      sort,
    ).map((row) => ({ row, index: byRow.get(row)! }));
  }, [results, sort]);

  if (results.kind === 'boolean') {
    const yes = results.rows[0]?.value?.value === 'true';
    return (
      <div className="ask-results-empty">
        <span className={`badge ${yes ? 'success' : 'danger'}`}>{yes ? 'true' : 'false'}</span>
      </div>
    );
  }
  if (results.rows.length === 0) {
    return (
      <div className="ask-results-empty faint" data-testid="ask-results-empty">
        The query ran and matched nothing.
      </div>
    );
  }
  const toggle = (column: string) => {
    if (!sort || sort.column !== column) setSort({ column, dir: 'asc' });
    else if (sort.dir === 'asc') setSort({ column, dir: 'desc' });
    else setSort(null);
  };
  const shown = all ? ordered : ordered.slice(0, FIRST_ROWS);
  const columns = `40px repeat(${results.vars.length}, minmax(140px, 1fr))`;
  return (
    <div className="ask-results" data-testid="ask-results">
      <div className="ask-results-scroll">
        <div className="results-grid" style={{ minWidth: 40 + results.vars.length * 140 }}>
          <div className="results-header" style={{ gridTemplateColumns: columns }} role="row">
            <div className="results-cell index" title="Relevance rank">#</div>
            {results.vars.map((v) => {
              const active = sort?.column === v;
              return (
                <button
                  key={v}
                  className={`results-cell head ${active ? 'active' : ''}`}
                  onClick={() => toggle(v)}
                  aria-sort={active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  title="Sort by this column"
                >
                  <span className="truncate">?{v}</span>
                  {active && <Icon name={sort!.dir === 'asc' ? 'chevronUp' : 'chevronDown'} size={13} />}
                </button>
              );
            })}
          </div>
          {shown.map(({ row, index }, i) => (
            <div key={index} className="results-row" role="row" data-testid="ask-result-row" style={{ gridTemplateColumns: columns }}>
              <div className="results-cell index tnum" title={`Row ${index + 1} of the query`}>
                {i + 1}
              </div>
              {results.vars.map((v) => (
                <div key={v} className="results-cell truncate" data-var={v}>
                  <TermView term={row[v]} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      {ordered.length > FIRST_ROWS && (
        <button className="btn ghost small ask-more" onClick={() => setAll(!all)}>
          {all ? 'Show fewer rows' : `Show all ${plural(ordered.length, 'row')}`}
        </button>
      )}
    </div>
  );
}
