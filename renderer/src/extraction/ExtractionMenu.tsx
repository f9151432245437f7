// The header's extraction menu: is Ollama ready (and if not, what to run), how much of the
// memory is extracted, running extraction jobs, failed chunks, interrupted jobs to resume,
// search vectors, and the settings.
import { useMemo } from 'react';
import { useApp } from '../state/app-store';
import { formatCount } from '../ui/format';
import { Icon } from '../ui/icons';
import { PopoverButton } from '../ui/Popover';
import { blockingProblems, countsLine, jobTitle, ollamaTone, unchunkedTotal } from './extraction-model';
import { useExtraction, useStarting } from './extraction-store';
import { ExtractionJobRow } from './ExtractionJobRow';
import { ProblemLine } from './ProblemLine';
import './extraction.css';

const mod = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function ExtractionMenu() {
  const ollama = useExtraction((s) => s.ollama);
  const status = useExtraction((s) => s.status);
  const failed = status?.totals.failed ?? 0;
  const interrupted = status?.interruptedJobs.length ?? 0;
  const tone = ollamaTone(ollama);
  return (
    <PopoverButton
      align="right"
      width={400}
      button={(open, toggle) => (
        <button
          className={`btn ghost extraction-trigger ${open ? 'active' : ''}`}
          onClick={() => {
            if (!open) void useExtraction.getState().check();
            toggle();
          }}
          data-testid="extraction-menu"
          title={ollama ? (ollama.reachable ? `Ollama ${ollama.version ?? ''} at ${ollama.host}` : `Ollama is not running at ${ollama.host}`) : 'Extraction'}
        >
          <span className={`ollama-dot ${tone}`} data-tone={tone} />
          Extraction
          {failed > 0 && <span className="badge danger">{formatCount(failed)} failed</span>}
          {interrupted > 0 && <span className="badge warning">Resume</span>}
          <Icon name="chevronDown" size={13} />
        </button>
      )}
    >
      {(close) => <MenuBody close={close} />}
    </PopoverButton>
  );
}

function MenuBody({ close }: { close: () => void }) {
  const ollama = useExtraction((s) => s.ollama);
  const checking = useExtraction((s) => s.checking);
  const status = useExtraction((s) => s.status);
  const settings = useExtraction((s) => s.settings);
  const sources = useApp((s) => s.sources);
  const jobs = useApp((s) => s.jobs);
  const { extract, buildVectors, resume, setFailedOpen, setSettingsOpen, check } = useExtraction.getState();
  const allSources = useMemo(() => sources.map((s) => s.id), [sources]);
  const extractingAll = useStarting(JSON.stringify({ kind: 'source', sourceIds: allSources }));
  const embedding = useStarting('embed');
  const resuming = useStarting('resume');
  const active = Object.values(jobs)
    .filter((j) => j.kind !== 'import' && j.state === 'running')
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const totals = status?.totals;
  const unchunked = unchunkedTotal(status);
  const allDone = !!totals && totals.chunks > 0 && totals.done === totals.chunks && unchunked === 0;
  const extractProblems = ollama ? blockingProblems(ollama, 'extract') : [];
  const embedProblems = ollama?.reachable ? blockingProblems(ollama, 'embed') : [];
  const vectors = status?.vectors;

  return (
    <div className="extraction-menu" data-testid="extraction-panel">
      <div className="menu-label row">
        <span>Ollama</span>
        <span className="spacer" />
        <button className="icon-btn small" onClick={() => void check()} disabled={checking} title="Check again" aria-label="Check Ollama again">
          {checking ? <span className="spinner" /> : <Icon name="refresh" size={12} />}
        </button>
      </div>
      <div className="menu-block" data-testid="extraction-ollama">
        {!ollama ? (
          <span className="muted">{checking ? 'Checking…' : 'Not checked yet'}</span>
        ) : extractProblems.length === 0 ? (
          <div className="row" style={{ gap: 6 }}>
            <Icon name="check" size={14} style={{ color: 'var(--success)' }} />
            <span>
              Ollama {ollama.version} · <span className="mono">{ollama.model}</span>
            </span>
          </div>
        ) : (
          extractProblems.map((p) => <ProblemLine key={p} line={p} />)
        )}
      </div>

      <div className="menu-label">Knowledge graph</div>
      <div className="menu-block">
        <div className="muted tnum" data-testid="extraction-totals">
          {sources.length === 0 ? 'Import conversations first.' : countsLine(totals, unchunked)}
        </div>
        {totals && totals.chunks > 0 && (
          <div className="progress" style={{ marginTop: 6 }}>
            <div style={{ width: `${Math.min(100, (totals.done / Math.max(1, totals.chunks)) * 100)}%` }} />
          </div>
        )}
        <div className="row" style={{ gap: 6, marginTop: 8, flexWrap: 'wrap' }}>
          <button
            className="btn small primary"
            disabled={sources.length === 0 || extractingAll}
            onClick={() => void extract({ kind: 'source', sourceIds: allSources })}
            data-testid="extract-everything"
            title="Extract every source; chunks already done are skipped"
          >
            {extractingAll ? <span className="spinner" /> : <Icon name="sparkles" size={13} />}
            {allDone ? 'Extract new messages' : totals && totals.done > 0 ? 'Continue extraction' : 'Extract everything'}
          </button>
          {(totals?.failed ?? 0) > 0 && (
            <button
              className="btn small"
              onClick={() => {
                close();
                setFailedOpen({});
              }}
              data-testid="open-failed-chunks"
            >
              <Icon name="alert" size={13} style={{ color: 'var(--danger)' }} />
              {formatCount(totals!.failed)} failed {totals!.failed === 1 ? 'chunk' : 'chunks'}
            </button>
          )}
        </div>
        <div className="faint" style={{ fontSize: 11.5, marginTop: 6 }}>
          Or extract a source (Import › Sources), the timeline selection, or messages (Messages › Extract).
        </div>
      </div>

      {(status?.interruptedJobs.length ?? 0) > 0 && (
        <div className="menu-block interrupted" data-testid="interrupted-jobs">
          <div className="row" style={{ gap: 6, alignItems: 'flex-start' }}>
            <Icon name="history" size={14} style={{ color: 'var(--warning)', marginTop: 2 }} />
            <div style={{ flex: 1, minWidth: 0 }}>
              {status!.interruptedJobs.map((j) => (
                <div key={j.id} className="truncate" title={j.title}>
                  {jobTitle(j, sources)}
                </div>
              ))}
              <div className="faint" style={{ fontSize: 11.5 }}>
                Stopped when Engram closed. Finished chunks are kept; Resume does the rest.
              </div>
            </div>
            <button className="btn small" onClick={() => void resume()} disabled={resuming} data-testid="resume-jobs">
              {resuming ? <span className="spinner" /> : <Icon name="play" size={12} />}
              Resume
            </button>
          </div>
        </div>
      )}

      {active.length > 0 && (
        <div className="menu-block" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          {active.slice(0, 3).map((j) => (
            <ExtractionJobRow key={j.id} job={j} compact />
          ))}
        </div>
      )}

      <div className="menu-label">Search vectors</div>
      <div className="menu-block">
        <div className="muted tnum" data-testid="vector-status">
          {vectors && vectors.messages + vectors.entities > 0
            ? `${formatCount(vectors.messages)} message and ${formatCount(vectors.entities)} entity vectors${vectors.model ? ` (${vectors.model})` : ''} · hybrid search is on`
            : 'None yet. Vectors let search find messages by meaning, not only by their words.'}
        </div>
        {ollama?.embedModelReady ? (
          <button className="btn small" style={{ marginTop: 8 }} onClick={() => void buildVectors()} disabled={embedding} data-testid="build-vectors">
            {embedding ? <span className="spinner" /> : <Icon name="layers" size={13} />}
            {vectors && vectors.messages > 0 ? 'Update search vectors' : 'Build search vectors'}
          </button>
        ) : embedProblems.length > 0 ? (
          <div style={{ marginTop: 6 }}>
            {embedProblems.map((p) => (
              <ProblemLine key={p} line={p} tone="plain" />
            ))}
          </div>
        ) : null}
      </div>

      <div style={{ height: 1, background: 'var(--border)', margin: '4px 0' }} />
      <button
        className="menu-item"
        onClick={() => {
          close();
          setSettingsOpen(true);
        }}
        data-testid="menu-open-settings"
      >
        <GearIcon size={14} /> Settings…
        <span className="spacer" />
        <span className="kbd">{mod} ,</span>
      </button>
      {settings && (
        <div className="menu-item faint" style={{ cursor: 'default', fontSize: 11.5 }}>
          {settings.host} · chunks of {settings.chunkSize} · {settings.concurrency} at a time
        </div>
      )}
    </div>
  );
}

/** The settings button of the header. */
export function SettingsButton() {
  const setSettingsOpen = useExtraction((s) => s.setSettingsOpen);
  return (
    <button className="icon-btn" onClick={() => setSettingsOpen(true)} title={`Settings (${mod} ,)`} aria-label="Settings" data-testid="open-settings">
      <GearIcon size={16} />
    </button>
  );
}

export function GearIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
