// What a query gave: a table or a chart (SELECT), downloadable as CSV or JSON; Turtle
// (CONSTRUCT/DESCRIBE), a yes/no (ASK), or the error.
import { useMemo } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { RdfTerm } from '../../../../shared/types';
import { MonacoEditor } from '../../editors/MonacoEditor';
import { useVocabulary } from '../../editors/vocabulary';
import { downloadText } from '../../ui/download';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { chartOf } from './chart-model';
import { ResultsChart } from './ResultsChart';
import { resultsCsv, resultsJson } from './results-export';
import { ResultsTable } from './ResultsTable';
import { useSparql } from './sparql-store';

export function ResultsPane() {
  const result = useSparql((s) => s.result);
  const error = useSparql((s) => s.error);
  const running = useSparql((s) => s.running);
  const lastEdit = useSparql((s) => s.lastEdit);

  if (error) {
    return (
      <div style={{ padding: 12 }} data-testid="sparql-error">
        <div className="error-inline">
          <Icon name="alert" />
          <span>{error}</span>
        </div>
      </div>
    );
  }
  if (!result) {
    if (running) return <div className="empty-state"><span className="spinner" /></div>;
    return (
      <EmptyState icon="braces" title={lastEdit ? `Update applied (edit #${lastEdit.seq})` : 'Run a query to see results'}>
        <p>
          <span className="kbd">Ctrl</span> <span className="kbd">Enter</span> runs the query. IRIs in the results open the entity; columns sort
          on click.
        </p>
      </EmptyState>
    );
  }
  if (result.kind === 'boolean') {
    return (
      <div className="empty-state" data-testid="sparql-boolean">
        <div className={`badge ${result.value ? 'success' : 'danger'}`} style={{ fontSize: 16, height: 32, padding: '0 16px' }}>
          {result.value ? 'true' : 'false'}
        </div>
      </div>
    );
  }
  if (result.kind === 'graph') {
    return (
      <div className="pane" style={{ flex: 1 }} data-testid="sparql-graph-result">
        <MonacoEditor value={result.turtle} language="turtle" readOnly />
      </div>
    );
  }
  if (result.rows.length === 0) {
    return (
      <EmptyState icon="search" title="No results">
        <p>The query ran but matched nothing.</p>
      </EmptyState>
    );
  }
  return <SelectResults vars={result.vars} rows={result.rows} />;
}

function SelectResults({ vars, rows }: { vars: string[]; rows: Record<string, RdfTerm>[] }) {
  const view = useSparql((s) => s.resultView);
  const setView = useSparql((s) => s.setResultView);
  const prefixes = useVocabulary((s) => s.prefixes);
  const spec = useMemo(() => chartOf(vars, rows, (iri) => compactIri(iri, prefixes)), [vars, rows, prefixes]);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const showChart = view === 'chart' && spec;
  return (
    <div className="pane" style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <div className="results-bar">
        <div className="segmented" role="group" aria-label="Show the results as">
          <button aria-pressed={!showChart} onClick={() => setView('table')} data-testid="results-view-table">
            Table
          </button>
          <button
            aria-pressed={!!showChart}
            onClick={() => setView('chart')}
            disabled={!spec}
            data-testid="results-view-chart"
            title={spec ? `A ${spec.kind} chart of ${spec.values.map((v) => `?${v}`).join(', ')} by ?${spec.label}` : 'A chart needs a column of labels and a numeric column (a grouped query with COUNT, SUM…)'}
          >
            Chart
          </button>
        </div>
        <span className="spacer" />
        <button className="btn small" onClick={() => downloadText(resultsCsv(vars, rows), `engram-sparql-${stamp}.csv`, 'text/csv')} data-testid="results-download-csv">
          <Icon name="download" size={12} /> CSV
        </button>
        <button
          className="btn small"
          onClick={() => downloadText(resultsJson(vars, rows), `engram-sparql-${stamp}.json`, 'application/sparql-results+json')}
          data-testid="results-download-json"
        >
          <Icon name="download" size={12} /> JSON
        </button>
      </div>
      {showChart ? <ResultsChart spec={spec} /> : <ResultsTable vars={vars} rows={rows} />}
    </div>
  );
}
