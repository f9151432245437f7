// The places extraction starts from: a source in the sources list, the timeline selection (next
// to its chip), and the Messages tab (the selected message or every message of the query).
// Each shows where its scope stands when that helps.
import { useMemo } from 'react';
import type { ExtractionScope, SourceInfo } from '../../../shared/types';
import { api } from '../api/connection';
import { useApp } from '../state/app-store';
import { useMessages } from '../tabs/messages/messages-store';
import { errorMessage, formatCount } from '../ui/format';
import { Icon } from '../ui/icons';
import { PopoverButton } from '../ui/Popover';
import { countsLine, countsState, MAX_SCOPE_IDS, scopeOfFilter } from './extraction-model';
import { scopeKey, useExtraction, useStarting } from './extraction-store';
import './extraction.css';

/** A source's extraction status and its Extract button (sources list). */
export function SourceExtraction({ source }: { source: SourceInfo }) {
  const counts = useExtraction((s) => s.status?.sources.find((x) => x.sourceId === source.id));
  const extract = useExtraction((s) => s.extract);
  const setFailedOpen = useExtraction((s) => s.setFailedOpen);
  const scope: ExtractionScope = useMemo(() => ({ kind: 'source', sourceIds: [source.id] }), [source.id]);
  const starting = useStarting(scopeKey(scope));
  const state = countsState(counts, counts?.unchunkedMessages ?? 0);
  const done = state === 'done';
  return (
    <div className={`source-extraction ${state}`} data-testid="source-extraction" data-state={state}>
      <StateDot state={state} />
      <span className="tnum" data-testid="source-extraction-counts">
        {countsLine(counts, counts?.unchunkedMessages ?? 0)}
      </span>
      {counts && counts.failed > 0 && (
        <button className="link danger-text" onClick={() => setFailedOpen({ sourceIds: [source.id] })} data-testid="source-failed-chunks">
          Show failed
        </button>
      )}
      <button
        className="link"
        onClick={() => void extract(scope)}
        disabled={starting || state === 'running'}
        data-testid="extract-source"
        title={done ? 'Every chunk is done; new messages would be extracted' : 'Extract this source; chunks already done are skipped'}
      >
        {starting ? 'Checking Ollama…' : state === 'running' ? 'Extracting…' : done ? 'Extract again' : counts && counts.done > 0 ? 'Continue' : 'Extract'}
      </button>
    </div>
  );
}

function StateDot({ state }: { state: ReturnType<typeof countsState> }) {
  if (state === 'running') return <span className="spinner" style={{ width: 10, height: 10, borderWidth: 1.5 }} />;
  return <span className={`state-dot ${state}`} />;
}

/** Extract the timeline selection: a session, or the brushed range. */
export function ExtractSelectionButton() {
  const selection = useApp((s) => s.selection);
  const session = useExtraction((s) => (selection?.kind === 'session' ? s.status?.sessions.find((x) => x.sessionId === selection.sessionId) : undefined));
  const extract = useExtraction((s) => s.extract);
  const scope: ExtractionScope | null = useMemo(() => {
    if (!selection) return null;
    return selection.kind === 'session' ? { kind: 'sessions', sessionIds: [selection.sessionId] } : { kind: 'range', from: selection.from, to: selection.to };
  }, [selection]);
  const starting = useStarting(scope ? scopeKey(scope) : '');
  if (!scope) return null;
  const state = countsState(session);
  return (
    <button
      className="btn ghost small extract-selection"
      onClick={() => void extract(scope)}
      disabled={starting}
      data-testid="extract-selection"
      data-state={state}
      title={session ? `This session: ${countsLine(session)}. Extract it (chunks already done are skipped).` : 'Extract the knowledge graph from the selected time (chunks already done are skipped)'}
    >
      {starting ? <span className="spinner" /> : state === 'done' ? <Icon name="check" size={13} style={{ color: 'var(--success)' }} /> : <Icon name="sparkles" size={13} />}
      {state === 'done' ? 'Extracted' : 'Extract'}
    </button>
  );
}

/** Messages tab: extract the selected message or every message the query shows. */
export function ExtractMessagesButton() {
  const selectedId = useMessages((s) => s.selectedId);
  const total = useMessages((s) => s.total);
  const sources = useApp((s) => s.sources);
  const extract = useExtraction((s) => s.extract);
  const notify = useApp((s) => s.notify);
  const busy = useExtraction((s) => s.starting.length > 0);

  const extractShown = async () => {
    const query = useMessages.getState().query;
    if (!query) return;
    const scope = scopeOfFilter(query, sources.map((s) => s.id));
    if (scope !== 'ids') return void extract(scope);
    const n = useMessages.getState().total ?? 0;
    if (n > MAX_SCOPE_IDS) {
      notify({ tone: 'error', text: `${formatCount(n)} messages are more than one extraction takes (${formatCount(MAX_SCOPE_IDS)}): narrow the filter, or extract whole sources.` });
      return;
    }
    try {
      const ids: number[] = [];
      for (let offset = 0; offset < n; offset += 5000) {
        const page = await api().listMessages({ filter: query, offset, limit: 5000 });
        ids.push(...page.rows.map((r) => r.id));
        if (page.rows.length === 0) break;
      }
      if (ids.length) await extract({ kind: 'messages', messageIds: ids });
    } catch (err) {
      notify({ tone: 'error', text: errorMessage(err) });
    }
  };

  return (
    <PopoverButton
      align="right"
      width={320}
      button={(open, toggle) => (
        <button className={`btn small extraction-trigger ${open ? 'active' : ''}`} onClick={toggle} data-testid="extract-messages" title="Extract the knowledge graph from these messages">
          {busy ? <span className="spinner" /> : <Icon name="sparkles" size={13} />}
          Extract
          <Icon name="chevronDown" size={12} />
        </button>
      )}
    >
      {(close) => (
        <div>
          <button
            className="menu-item"
            disabled={selectedId === null}
            onClick={() => {
              close();
              if (selectedId !== null) void extract({ kind: 'messages', messageIds: [selectedId] });
            }}
            data-testid="extract-selected-message"
          >
            <Icon name="cursor" size={14} />
            <span style={{ flex: 1 }}>The selected message</span>
          </button>
          <button
            className="menu-item"
            disabled={!total}
            onClick={() => {
              close();
              void extractShown();
            }}
            data-testid="extract-shown-messages"
          >
            <Icon name="filter" size={14} />
            <span style={{ flex: 1 }}>
              {total === null ? 'The messages shown' : total === 1 ? 'The 1 message shown' : `All ${formatCount(total)} messages shown`}
            </span>
          </button>
          <div className="menu-item faint" style={{ cursor: 'default', fontSize: 11.5, whiteSpace: 'normal' }}>
            The model reads messages in chunks of a few of yours, with the replies between them as context: the chunks that hold these messages are extracted; chunks already done are skipped.
          </div>
        </div>
      )}
    </PopoverButton>
  );
}
