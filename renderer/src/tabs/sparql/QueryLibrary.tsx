// Saved queries and recent history, beside the editor.
import { formatDuration, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useSparql } from './sparql-store';

function firstLine(query: string): string {
  const body = query
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(PREFIX|BASE)\b/i.test(l) && !l.startsWith('#'));
  return body.join(' ').slice(0, 120) || query.slice(0, 120);
}

export function QueryLibrary() {
  const saved = useSparql((s) => s.saved);
  const history = useSparql((s) => s.history);
  const setQuery = useSparql((s) => s.setQuery);
  const deleteSaved = useSparql((s) => s.deleteSaved);
  return (
    <div className="pane side-pane query-library" style={{ width: 280, flex: 'none' }} data-testid="query-library">
      <div className="pane-header">
        <Icon name="bookmark" size={13} /> Saved
      </div>
      <div className="library-list" style={{ maxHeight: '40%' }}>
        {saved.length === 0 && <div className="library-empty faint">Save a query to keep it here.</div>}
        {saved.map((s) => (
          <div key={s.name} className="library-item" onClick={() => setQuery(s.query)} title={s.query}>
            <div className="row" style={{ gap: 6 }}>
              <span className="truncate" style={{ fontWeight: 500, flex: 1 }}>
                {s.name}
              </span>
              <button
                className="icon-btn small"
                onClick={(e) => {
                  e.stopPropagation();
                  deleteSaved(s.name);
                }}
                aria-label={`Delete ${s.name}`}
              >
                <Icon name="trash" size={12} />
              </button>
            </div>
            <div className="faint mono truncate" style={{ fontSize: 11 }}>
              {firstLine(s.query)}
            </div>
          </div>
        ))}
      </div>
      <div className="pane-header" style={{ borderTop: '1px solid var(--border)' }}>
        <Icon name="history" size={13} /> History
      </div>
      <div className="library-list" style={{ flex: 1 }} data-testid="query-history">
        {history.length === 0 && <div className="library-empty faint">Queries you run appear here.</div>}
        {history.map((h) => (
          <div key={h.at + h.query} className="library-item" onClick={() => setQuery(h.query)} title={h.query}>
            <div className="mono truncate" style={{ fontSize: 11.5 }}>
              {firstLine(h.query)}
            </div>
            <div className="faint tnum" style={{ fontSize: 11 }}>
              {h.ok ? <Icon name="check" size={11} style={{ color: 'var(--success)', verticalAlign: -1 }} /> : <Icon name="alert" size={11} style={{ color: 'var(--danger)', verticalAlign: -1 }} />}{' '}
              {new Date(h.at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}
              {h.rows !== undefined && ` · ${plural(h.rows, 'row')}`}
              {h.elapsedMs !== undefined && ` · ${formatDuration(h.elapsedMs)}`}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
