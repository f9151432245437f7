// A compact indicator of running jobs in the header; a click opens the import panel.
import { useMemo } from 'react';
import { jobTitle, parseJobMessage } from '../extraction/extraction-model';
import { runningJobs, useApp } from '../state/app-store';
import { formatCount } from '../ui/format';

export function JobIndicator() {
  const allJobs = useApp((s) => s.jobs);
  const jobs = useMemo(() => runningJobs(allJobs), [allJobs]);
  const setImportOpen = useApp((s) => s.setImportOpen);
  const sources = useApp((s) => s.sources);
  if (jobs.length === 0) return null;
  const job = jobs[0];
  const pct = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : null;
  return (
    <button className="btn ghost" onClick={() => setImportOpen(true)} data-testid="job-indicator" title={job.title}>
      <span className="spinner" />
      <span className="truncate" style={{ maxWidth: 220 }}>
        {jobTitle(job, sources).replace(/ \(\d+ chunks?\)$/, '')}
      </span>
      {parseJobMessage(job.message)?.kind === 'paused' && <span className="badge warning" data-testid="job-indicator-paused">Paused</span>}
      {(pct !== null || job.done > 0) && <span className="faint tnum">{pct !== null ? `${pct}%` : formatCount(job.done)}</span>}
      {jobs.length > 1 && <span className="badge">+{jobs.length - 1}</span>}
    </button>
  );
}
