// An extraction or embedding job in the job list: chunks done / failed, triples, tokens/s and
// ETA while it runs; the pause line (with the command to run) while Ollama is away; the summary,
// the failed chunks or the reason (with what to run) once it ends. Cancel while it runs.
import type { JobInfo } from '../../../shared/types';
import { api } from '../api/connection';
import { useApp } from '../state/app-store';
import { errorMessage, formatCount, formatDuration, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { useTicker } from '../ui/use-elapsed';
import { extractResultOf, jobTitle, parseJobMessage, summarizeResult } from './extraction-model';
import { useExtraction } from './extraction-store';
import { ProblemLine } from './ProblemLine';
import './extraction.css';

export function ExtractionJobRow({ job, compact }: { job: JobInfo; compact?: boolean }) {
  const running = job.state === 'running';
  const now = useTicker(running, 500);
  const notify = useApp((s) => s.notify);
  const sources = useApp((s) => s.sources);
  const setFailedOpen = useExtraction((s) => s.setFailedOpen);
  const setSettingsOpen = useExtraction((s) => s.setSettingsOpen);
  const started = Date.parse(job.startedAt);
  const elapsed = running && Number.isFinite(started) ? Math.max(job.elapsedMs, now - started) : job.elapsedMs;
  const progress = running ? parseJobMessage(job.message) : null;
  const paused = progress?.kind === 'paused';
  const pct = job.total ? Math.min(100, (job.done / job.total) * 100) : null;
  const result = job.kind === 'extract' && job.state === 'done' ? extractResultOf(job) : null;
  const cancel = async () => {
    try {
      await api().cancelJob({ jobId: job.id });
    } catch (err) {
      notify({ tone: 'error', text: errorMessage(err) });
    }
  };
  const aboutOllama = /ollama|model .* is not installed|contextLength/i.test(job.error ?? '');

  return (
    <div className={`job extraction-job ${job.state} ${paused ? 'paused' : ''} ${compact ? 'compact' : ''}`} data-testid="job" data-kind={job.kind} data-state={job.state} data-paused={paused ? 'true' : 'false'}>
      <div className="row">
        {paused ? <Icon name="clock" size={15} className="paused-icon" /> : <StateIcon state={job.state} />}
        <span className="truncate" style={{ fontWeight: 500, flex: 1 }} title={job.title}>
          {jobTitle(job, sources)}
        </span>
        {paused && <span className="badge warning">Paused</span>}
        <span className="faint tnum" data-testid="job-elapsed">
          {formatDuration(elapsed)}
        </span>
        {running && (
          <button className="btn small" onClick={cancel} data-testid="job-cancel" title="Stop after the chunk in flight; finished chunks are kept">
            Cancel
          </button>
        )}
      </div>
      {running && (
        <div className={`progress ${pct === null ? 'indeterminate' : ''} ${paused ? 'paused' : ''}`} role="progressbar" aria-valuenow={pct ?? undefined} aria-valuemin={0} aria-valuemax={100}>
          <div style={{ width: `${pct ?? 0}%` }} />
        </div>
      )}
      <div className="job-detail">
        {running && progress?.kind === 'paused' && (
          <div data-testid="job-paused" className="job-paused">
            <ProblemLine line={progress.line} tone="warning" />
            <div className="faint">The job goes on by itself as soon as Ollama answers. Cancel keeps the chunks already done.</div>
          </div>
        )}
        {running && progress?.kind === 'progress' && (
          <span className="muted tnum job-stats" data-testid="job-counts">
            <b>{formatCount(progress.done)}</b>/{plural(progress.total, 'chunk')}
            {' · '}
            {progress.failed > 0 ? (
              <button className="link danger-text" onClick={() => setFailedOpen({})} data-testid="job-failed-link">
                {formatCount(progress.failed)} failed
              </button>
            ) : (
              '0 failed'
            )}
            {' · '}
            {plural(progress.triples, 'triple')} · {progress.tokensPerSecond.toFixed(1)} tok/s
            {progress.eta ? ` · ETA ${progress.eta}` : ''}
            {progress.note ? ` · ${progress.note}` : ''}
          </span>
        )}
        {running && (progress?.kind === 'text' || !progress) && (
          <span className="muted tnum" data-testid="job-counts">
            {job.kind === 'embed' && job.total !== null ? `${formatCount(job.done)}/${formatCount(job.total)} ${job.unit}` : ''}
            {job.kind === 'embed' && job.total !== null && progress ? ' · ' : ''}
            {progress?.kind === 'text' ? progress.text : job.total === null ? 'Starting…' : ''}
          </span>
        )}
        {job.state === 'done' && (
          <span className="muted tnum" data-testid="job-summary">
            {result ? summarizeResult(result) : job.kind === 'embed' ? `${formatCount(job.done)} ${job.unit} · search vectors ready` : `${formatCount(job.done)} ${job.unit} · done`}
            {result && result.failed > 0 && (
              <>
                {' · '}
                <button className="link danger-text" onClick={() => setFailedOpen({})} data-testid="job-failed-link">
                  Show the {result.failed === 1 ? 'failed chunk' : `${formatCount(result.failed)} failed chunks`}
                </button>
              </>
            )}
          </span>
        )}
        {job.state === 'failed' && (
          <div data-testid="job-error" className="job-error">
            <ProblemLine line={job.error ?? 'failed'} tone="danger" />
            {aboutOllama && (
              <button className="link" onClick={() => setSettingsOpen(true)} data-testid="job-open-settings">
                Open settings
              </button>
            )}
          </div>
        )}
        {job.state === 'cancelled' && (
          <span className="muted" data-testid="job-counts">
            Cancelled · {job.kind === 'extract' ? 'finished chunks are kept; start it again to continue' : 'vectors built so far are kept'}
          </span>
        )}
      </div>
    </div>
  );
}

function StateIcon({ state }: { state: JobInfo['state'] }) {
  if (state === 'running') return <span className="spinner" />;
  if (state === 'done') return <Icon name="check" size={15} style={{ color: 'var(--success)' }} />;
  if (state === 'failed') return <Icon name="alert" size={15} style={{ color: 'var(--danger)' }} />;
  return <Icon name="x" size={15} style={{ color: 'var(--text-faint)' }} />;
}
