// Import (and later extraction) jobs: progress with counts, elapsed time and Cancel; failures
// inline with the file name and the reason.
import type { ImportWarning, JobInfo, SkippedConversation } from '../../../shared/types';
import { api } from '../api/connection';
import { ExtractionJobRow } from '../extraction/ExtractionJobRow';
import { useApp } from '../state/app-store';
import { errorMessage, formatCount, formatDuration } from '../ui/format';
import { Icon } from '../ui/icons';
import { useTicker } from '../ui/use-elapsed';
import { useImport } from './import-store';

export function JobList(props: { limit?: number }) {
  const jobs = useApp((s) => s.jobs);
  const errors = useImport((s) => s.errors);
  const dismissError = useImport((s) => s.dismissError);
  const list = Object.values(jobs)
    .sort((a, b) => (a.state === 'running' ? 0 : 1) - (b.state === 'running' ? 0 : 1) || b.startedAt.localeCompare(a.startedAt))
    .slice(0, props.limit ?? 8);
  if (list.length === 0 && errors.length === 0) return null;
  return (
    <div className="job-list" data-testid="job-list">
      {errors.map((e) => (
        <div key={e.name} className="error-inline" data-testid="import-error">
          <Icon name="alert" />
          <span style={{ flex: 1 }}>
            <b>{e.name}</b>: {e.reason}
          </span>
          <button className="icon-btn small" onClick={() => dismissError(e.name)} aria-label="Dismiss">
            <Icon name="x" size={13} />
          </button>
        </div>
      ))}
      {list.map((job) => (job.kind === 'import' ? <JobRow key={job.id} job={job} /> : <ExtractionJobRow key={job.id} job={job} />))}
    </div>
  );
}

function JobRow({ job }: { job: JobInfo }) {
  const running = job.state === 'running';
  const now = useTicker(running, 200);
  const notify = useApp((s) => s.notify);
  const started = Date.parse(job.startedAt);
  const elapsed = running && Number.isFinite(started) ? Math.max(job.elapsedMs, now - started) : job.elapsedMs;
  const pct = job.total ? Math.min(100, (job.done / job.total) * 100) : null;
  const cancel = async () => {
    try {
      await api().cancelJob({ jobId: job.id });
    } catch (err) {
      notify({ tone: 'error', text: errorMessage(err) });
    }
  };
  return (
    <div className={`job ${job.state}`} data-testid="job" data-state={job.state}>
      <div className="row">
        <JobStateIcon state={job.state} />
        <span className="truncate" style={{ fontWeight: 500, flex: 1 }} title={job.title}>
          {job.title}
        </span>
        <span className="faint tnum" data-testid="job-elapsed">
          {formatDuration(elapsed)}
        </span>
        {running && (
          <button className="btn small" onClick={cancel} data-testid="job-cancel">
            Cancel
          </button>
        )}
      </div>
      {running && (
        <div className={`progress ${pct === null ? 'indeterminate' : ''}`} role="progressbar" aria-valuenow={pct ?? undefined} aria-valuemin={0} aria-valuemax={100}>
          <div style={{ width: `${pct ?? 0}%` }} />
        </div>
      )}
      <div className="job-detail">
        {job.state === 'failed' ? (
          <span className="danger-text" data-testid="job-error">
            <b>{jobFileName(job)}</b>: {jobFailureReason(job)}
          </span>
        ) : (
          <span className="muted tnum" data-testid="job-counts">
            {running && job.done === 0 && job.total === null ? `${job.message ?? 'Reading the file'}…` : formatCount(job.done)}
            {running && job.done === 0 && job.total === null ? '' : `${job.total !== null ? ` / ${formatCount(job.total)}` : ''} ${job.unit}`}
            {job.message && running && (job.done > 0 || job.total !== null) ? ` · ${job.message}` : ''}
            {job.state === 'cancelled' ? ' · cancelled' : ''}
            {job.state === 'done' ? ' · done' : ''}
          </span>
        )}
      </div>
      {job.state === 'done' && <ImportReportList job={job} />}
    </div>
  );
}

/** What a finished import skipped and decided, per file: position, title or id, and why. */
function ImportReportList({ job }: { job: JobInfo }) {
  const sources = ((job.result?.sources ?? []) as { name: string; skipped?: SkippedConversation[]; warnings?: ImportWarning[] }[]).filter(
    (s) => s.skipped?.length || s.warnings?.length,
  );
  if (!sources.length) return null;
  return (
    <div className="job-detail" data-testid="import-report">
      {sources.map((s) => (
        <div key={s.name}>
          {s.skipped?.length ? (
            <div className="danger-text">
              {s.name}: {s.skipped.length} conversation{s.skipped.length === 1 ? '' : 's'} skipped, the rest imported
            </div>
          ) : null}
          <ul style={{ margin: '2px 0 0 16px', padding: 0 }}>
            {s.skipped?.map((k) => (
              <li key={`s${k.position}`} data-testid="import-skipped">
                {conversationLabel(k)}: {k.reason}
              </li>
            ))}
            {s.warnings?.map((w, i) => (
              <li key={`w${i}`} className="muted" data-testid="import-warning">
                {conversationLabel(w)}: {w.message}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function conversationLabel(c: { position: number; id?: string; title?: string }): string {
  return `Conversation ${c.position}${c.title ? ` “${c.title}”` : ''}${c.id ? ` (${c.id})` : ''}`;
}

function JobStateIcon({ state }: { state: JobInfo['state'] }) {
  if (state === 'running') return <span className="spinner" />;
  if (state === 'done') return <Icon name="check" size={15} style={{ color: 'var(--success)' }} />;
  if (state === 'failed') return <Icon name="alert" size={15} style={{ color: 'var(--danger)' }} />;
  return <Icon name="x" size={15} style={{ color: 'var(--text-faint)' }} />;
}

/** The file a job is about ("Import conversations.json" → "conversations.json"). */
export function jobFileName(job: JobInfo): string {
  return job.title.replace(/^Import(ing)?\s+/i, '');
}

/** Why a job failed, without repeating the file name the engine may have put in front. */
export function jobFailureReason(job: JobInfo): string {
  const reason = job.error ?? 'failed';
  const name = jobFileName(job);
  return reason.startsWith(`${name}: `) ? reason.slice(name.length + 2) : reason;
}
