// The bottom line: connection, graph state, and keyboard help.
import { connection } from './api/connection';
import { runningJobs, useApp } from './state/app-store';
import { formatCount, plural } from './ui/format';
import { Icon } from './ui/icons';

export function StatusBar() {
  const stats = useApp((s) => s.stats);
  const busy = useApp((s) => runningJobs(s.jobs).length > 0);
  const error = useApp((s) => s.memoryError);
  const setShortcutsOpen = useApp((s) => s.setShortcutsOpen);
  const transport = connection().transport;
  return (
    <footer className="statusbar">
      <span className="row" style={{ gap: 6 }}>
        <span className={`dot ${busy ? 'busy' : ''}`} style={error ? { background: 'var(--danger)' } : undefined} />
        {error ? error : transport === 'desktop' ? 'Desktop' : `Browser · ${window.location.host}`}
      </span>
      {stats && (
        <>
          <span>{plural(stats.sources, 'source')}</span>
          <span>{plural(stats.conversations, 'conversation')}</span>
          <span>{stats.graphReady ? `${plural(stats.graphs, 'graph')} · ${plural(stats.triples, 'triple')}` : 'Graph loading…'}</span>
        </>
      )}
      <span className="spacer" />
      <button className="btn ghost small" style={{ height: 20 }} onClick={() => setShortcutsOpen(true)}>
        <Icon name="keyboard" size={13} /> Shortcuts
      </button>
    </footer>
  );
}
