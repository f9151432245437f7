// Imported sources with their counts and a Delete that asks once.
import { useState } from 'react';
import type { SourceInfo } from '../../../shared/types';
import { api } from '../api/connection';
import { SourceExtraction } from '../extraction/ExtractButtons';
import { refreshMemory } from '../state/memory';
import { useApp } from '../state/app-store';
import { errorMessage, formatCount, formatDateTime, formatRange, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { conversationLabel } from './JobList';

export function SourceList() {
  const sources = useApp((s) => s.sources);
  if (sources.length === 0) return <div className="muted">No sources yet: import a file or the demo memory.</div>;
  return (
    <div className="source-list" data-testid="source-list">
      {sources.map((s) => (
        <SourceRow key={s.id} source={s} />
      ))}
    </div>
  );
}

function SourceRow({ source }: { source: SourceInfo }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useApp((s) => s.notify);
  const remove = async () => {
    setBusy(true);
    try {
      await api().deleteSource({ id: source.id });
      notify({ tone: 'success', text: `Deleted ${source.name}` });
      await refreshMemory();
    } catch (err) {
      notify({ tone: 'error', text: `${source.name}: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="source-row" data-testid="source">
      <div className="source-icon">
        <Icon name="file" size={15} />
      </div>
      <div style={{ minWidth: 0, flex: 1 }}>
        <div className="row" style={{ gap: 6 }}>
          <span className="truncate" style={{ fontWeight: 500 }} title={source.path ?? source.name}>
            {source.name}
          </span>
          <span className="badge">{source.format}</span>
          {source.report?.skipped.length ? (
            <span className="badge" title={source.report.skipped.map((k) => `${conversationLabel(k)}: ${k.reason}`).join('\n')} data-testid="source-skipped">
              {source.report.skipped.length} skipped
            </span>
          ) : null}
        </div>
        <div className="faint tnum" style={{ fontSize: 11.5 }}>
          {plural(source.messages, 'message')} · {plural(source.sessions, 'session')} · {plural(source.conversations, 'conversation')} ·{' '}
          {formatRange(source.firstAt, source.lastAt)} · imported {formatDateTime(source.importedAt.slice(0, 19))}
        </div>
        <SourceExtraction source={source} />
      </div>
      {confirming ? (
        <div className="row" style={{ gap: 6 }}>
          <span className="muted" style={{ fontSize: 12 }}>
            Delete its messages and graph?
          </span>
          <button className="btn small danger solid" onClick={remove} disabled={busy} data-testid="confirm-delete-source">
            {busy ? <span className="spinner" /> : null}Delete
          </button>
          <button className="btn small" onClick={() => setConfirming(false)} disabled={busy}>
            Keep
          </button>
        </div>
      ) : (
        <button className="icon-btn" onClick={() => setConfirming(true)} aria-label={`Delete ${source.name}`} title="Delete this source">
          <Icon name="trash" size={15} />
        </button>
      )}
    </div>
  );
}
