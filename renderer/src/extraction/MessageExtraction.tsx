// In a message's detail: the chunk that holds the message (done with its triples and model,
// failed with the reason, waiting), Re-extract, or Extract this session when nothing is yet.
import { useEffect, useState } from 'react';
import type { ChunkInfo, MessageRow } from '../../../shared/types';
import { api } from '../api/connection';
import { runningJobs, useApp } from '../state/app-store';
import { formatCount, formatDuration, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { countsLine } from './extraction-model';
import { scopeKey, useExtraction, useStarting } from './extraction-store';
import { ProblemLine } from './ProblemLine';
import './extraction.css';

export function MessageExtraction({ message }: { message: MessageRow }) {
  const session = useExtraction((s) => s.status?.sessions.find((x) => x.sessionId === message.sessionId));
  const includeAssistant = useExtraction((s) => s.settings?.includeAssistant ?? false);
  const graphVersion = useApp((s) => s.graphVersion);
  const reextract = useExtraction((s) => s.reextract);
  const extract = useExtraction((s) => s.extract);
  const [chunk, setChunk] = useState<ChunkInfo | null | undefined>(undefined);
  const sessionScope = { kind: 'sessions' as const, sessionIds: [message.sessionId] };
  const startingSession = useStarting(scopeKey(sessionScope));
  const startingChunk = useStarting(chunk?.key ?? '-');
  const reextracting = useApp((s) => !!chunk && runningJobs(s.jobs).some((j) => j.title === `Re-extract chunk ${chunk.key}`));
  const sessionKey = session ? `${session.chunks}:${session.done}:${session.failed}:${session.running}:${session.triples}` : '';

  useEffect(() => {
    let live = true;
    api()
      .listChunks({ sessionIds: [message.sessionId], limit: 5000 })
      .then((r) => live && setChunk(r.chunks.find((c) => c.messageIds.includes(message.id)) ?? null))
      .catch(() => live && setChunk(null));
    return () => {
      live = false;
    };
  }, [message.id, message.sessionId, graphVersion, sessionKey]);

  if (chunk === undefined) return null;
  const target = chunk?.targetIds.includes(message.id) ?? false;
  return (
    <div className="detail-section" data-testid="message-extraction" data-status={chunk?.status ?? 'none'}>
      <h3 className="section-title">Extraction</h3>
      {!chunk ? (
        <div className="row message-extraction-line">
          <span className="state-dot none" />
          <span className="muted" style={{ flex: 1 }}>
            {message.role === 'assistant' && !includeAssistant
              ? 'Not extracted by a model yet. Assistant messages are read as context around yours.'
              : message.role === 'system'
                ? 'System messages are not extracted.'
                : 'Not extracted by a model yet.'}
          </span>
          {message.role !== 'system' && (
            <button className="btn small" onClick={() => void extract(sessionScope)} disabled={startingSession} data-testid="extract-session">
              {startingSession ? <span className="spinner" /> : <Icon name="sparkles" size={13} />}
              Extract session {message.sessionIndex}
            </button>
          )}
        </div>
      ) : (
        <>
          <div className="row message-extraction-line">
            <span className={`state-dot ${chunk.status === 'done' ? 'done' : chunk.status === 'failed' ? 'failed' : chunk.status === 'running' ? 'running' : 'none'}`} />
            <span className="muted tnum" style={{ flex: 1 }} data-testid="message-chunk-status">
              {chunk.status === 'done' && (
                <>
                  Extracted{chunk.model ? ` by ${chunk.model}` : ''} · {plural(chunk.triplesKept ?? 0, 'triple')}
                  {chunk.triplesDropped ? ` (${formatCount(chunk.triplesDropped)} dropped)` : ''}
                  {chunk.durationMs ? ` · ${formatDuration(chunk.durationMs)}` : ''}
                  {chunk.tries > 1 ? ` · ${chunk.tries} tries` : ''}
                </>
              )}
              {chunk.status === 'failed' && 'Extraction failed for the chunk that holds this message'}
              {chunk.status === 'running' && 'Being extracted now…'}
              {chunk.status === 'pending' && 'Waiting to be extracted'}
              {' · '}
              {target ? `one of ${plural(chunk.targetIds.length, 'message')} of its chunk` : 'context for its chunk'}
            </span>
            {(chunk.status === 'done' || chunk.status === 'failed') && (
              <button className="btn small" onClick={() => void reextract(chunk.key)} disabled={startingChunk || reextracting} data-testid="message-reextract" title="Ask the model again for this chunk; its graph is replaced (your own edits stay)">
                {startingChunk || reextracting ? <span className="spinner" /> : <Icon name="refresh" size={13} />}
                Re-extract
              </button>
            )}
            {chunk.status === 'pending' && (
              <button className="btn small" onClick={() => void extract(sessionScope)} disabled={startingSession} data-testid="extract-session">
                {startingSession ? <span className="spinner" /> : <Icon name="sparkles" size={13} />}
                Extract session {message.sessionIndex}
              </button>
            )}
          </div>
          {chunk.status === 'failed' && chunk.error && <ProblemLine line={chunk.error} tone="danger" testId="message-chunk-error" />}
          {session && (
            <div className="faint tnum" style={{ fontSize: 11.5, marginTop: 4 }}>
              Session {message.sessionIndex}: {countsLine(session)}
            </div>
          )}
        </>
      )}
    </div>
  );
}
