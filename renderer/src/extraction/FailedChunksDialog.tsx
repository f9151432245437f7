// The chunks extraction could not turn into valid Turtle, each with its reason, the messages it
// holds, and Re-extract (one chunk) or Retry all. A failed chunk holds no triples.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChunkInfo, MessageRow } from '../../../shared/types';
import { api } from '../api/connection';
import { runningJobs, useApp } from '../state/app-store';
import { Dialog } from '../ui/Dialog';
import { EmptyState } from '../ui/EmptyState';
import { errorMessage, formatCount, formatDateTime, formatRange, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { useExtraction, useStarting } from './extraction-store';
import { ProblemLine } from './ProblemLine';
import './extraction.css';

const LIMIT = 200;

export function FailedChunksDialog({ filter }: { filter: { sourceIds?: number[] } }) {
  const setFailedOpen = useExtraction((s) => s.setFailedOpen);
  const close = useCallback(() => setFailedOpen(null), [setFailedOpen]);
  const failedCount = useExtraction((s) => s.status?.totals.failed ?? 0);
  const extract = useExtraction((s) => s.extract);
  const sources = useApp((s) => s.sources);
  const [list, setList] = useState<{ total: number; chunks: ChunkInfo[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sourceKey = filter.sourceIds?.join(',') ?? '';

  // Loaded on open and whenever the number of failures moves (a re-extraction ended).
  useEffect(() => {
    let live = true;
    api()
      .listChunks({ status: 'failed', ...(filter.sourceIds ? { sourceIds: filter.sourceIds } : {}), limit: LIMIT })
      .then((r) => live && (setList(r), setError(null)))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [sourceKey, failedCount]); // eslint-disable-line react-hooks/exhaustive-deps

  const targets = useMemo(() => [...new Set((list?.chunks ?? []).flatMap((c) => c.targetIds))], [list]);
  const retryAllKey = JSON.stringify({ kind: 'messages', messageIds: targets });
  const retryingAll = useStarting(retryAllKey);
  const sourceNames = filter.sourceIds?.map((id) => sources.find((s) => s.id === id)?.name ?? `source ${id}`).join(', ');

  const footer = (
    <>
      <span className="faint" style={{ fontSize: 12 }}>
        Re-extracting asks the model again, up to 3 answers per chunk.
      </span>
      <span className="spacer" />
      <button className="btn" onClick={close}>
        Close
      </button>
      <button
        className="btn primary"
        disabled={targets.length === 0 || retryingAll}
        onClick={() => void extract({ kind: 'messages', messageIds: targets })}
        data-testid="retry-all-failed"
        title="Extract every failed chunk again (chunks already done are left alone)"
      >
        {retryingAll ? <span className="spinner" /> : <Icon name="refresh" size={14} />}
        Retry all
      </button>
    </>
  );

  return (
    <Dialog title={sourceNames ? `Failed chunks · ${sourceNames}` : 'Failed chunks'} onClose={close} label="Failed chunks" footer={footer}>
      <div data-testid="failed-chunks">
        {error ? (
          <div className="error-inline">
            <Icon name="alert" />
            {error}
          </div>
        ) : !list ? (
          <div className="row" style={{ justifyContent: 'center', padding: 24 }}>
            <span className="spinner" />
          </div>
        ) : list.chunks.length === 0 ? (
          <EmptyState icon="check" title="No failed chunks" testId="no-failed-chunks">
            <p>Every chunk extracted so far gave valid Turtle.</p>
          </EmptyState>
        ) : (
          <>
            <p className="muted" style={{ margin: '0 0 10px' }}>
              {plural(list.total, 'chunk')} could not be extracted. A failed chunk adds nothing to the graph; its messages stay as they are.
              {list.total > list.chunks.length ? ` The first ${formatCount(list.chunks.length)} are listed.` : ''}
            </p>
            <div className="failed-list">
              {list.chunks.map((c) => (
                <FailedChunkRow key={c.key} chunk={c} />
              ))}
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function FailedChunkRow({ chunk }: { chunk: ChunkInfo }) {
  const session = useApp((s) => s.sessions.find((x) => x.id === chunk.sessionId));
  const reextract = useExtraction((s) => s.reextract);
  const starting = useStarting(chunk.key);
  const running = useApp((s) => runningJobs(s.jobs).some((j) => j.title === `Re-extract chunk ${chunk.key}`));
  const [messages, setMessages] = useState<MessageRow[] | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = async () => {
    setOpen((o) => !o);
    if (!messages) {
      try {
        const full = await api().getChunk({ key: chunk.key });
        setMessages(full?.messages ?? []);
      } catch {
        setMessages([]);
      }
    }
  };
  const targets = new Set(chunk.targetIds);
  return (
    <div className="failed-chunk" data-testid="failed-chunk" data-key={chunk.key}>
      <div className="row" style={{ gap: 8 }}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="truncate" style={{ fontWeight: 500 }}>
            {session ? `Session ${session.index} · ${session.conversationTitle}` : `Session #${chunk.sessionId}`}
          </div>
          <div className="faint tnum" style={{ fontSize: 11.5 }}>
            {session ? formatRange(session.start, session.end) : ''} · {formatCount(chunk.targetIds.length)} of your messages · {chunk.tries === 1 ? '1 try' : `${chunk.tries} tries`}
            {chunk.model ? ` · ${chunk.model}` : ''} · {formatDateTime(chunk.updatedAt.slice(0, 19))}
          </div>
        </div>
        <button className="btn small ghost" onClick={() => void toggle()} data-testid="failed-chunk-messages" aria-expanded={open}>
          <Icon name={open ? 'chevronUp' : 'chevronDown'} size={13} /> Messages
        </button>
        <button className="btn small" onClick={() => void reextract(chunk.key)} disabled={starting || running} data-testid="reextract-chunk">
          {starting || running ? <span className="spinner" /> : <Icon name="refresh" size={13} />}
          {running ? 'Re-extracting…' : 'Re-extract'}
        </button>
      </div>
      <ProblemLine line={chunk.error ?? 'failed'} tone="danger" testId="failed-chunk-reason" />
      {open && (
        <div className="chunk-messages">
          {!messages ? (
            <span className="spinner" />
          ) : (
            messages.map((m) => (
              <div key={m.id} className={`chunk-message ${targets.has(m.id) ? 'target' : 'context'}`}>
                <span className={`speaker role-${m.role}`}>{m.speaker}</span>
                <span className="faint tnum">{m.time.slice(0, 5)}</span>
                <span className="chunk-text">{m.text.length > 240 ? `${m.text.slice(0, 240)}…` : m.text}</span>
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
