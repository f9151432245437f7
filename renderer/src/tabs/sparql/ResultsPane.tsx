// What a query gave: a table (SELECT), Turtle (CONSTRUCT/DESCRIBE), a yes/no (ASK), or the error.
import { MonacoEditor } from '../../editors/MonacoEditor';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
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
  return <ResultsTable vars={result.vars} rows={result.rows} />;
}
