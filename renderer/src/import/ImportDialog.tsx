// The import panel: drop zone / picker, jobs with progress, and the list of sources.
import { useCallback } from 'react';
import { useApp } from '../state/app-store';
import { Dialog } from '../ui/Dialog';
import { DropZone } from './DropZone';
import { JobList } from './JobList';
import { SourceList } from './SourceList';
import { useImport } from './import-store';

/** The all-or-nothing switch: by default a file's readable conversations are imported and the others listed. */
function StrictToggle() {
  const strict = useImport((s) => s.strict);
  const setStrict = useImport((s) => s.setStrict);
  return (
    <label className="row muted" style={{ gap: 6, fontSize: 12.5 }}>
      <input type="checkbox" checked={strict} onChange={(e) => setStrict(e.target.checked)} data-testid="import-strict" />
      All or nothing: refuse a file if any conversation in it cannot be read
    </label>
  );
}

export function ImportDialog() {
  const setImportOpen = useApp((s) => s.setImportOpen);
  const close = useCallback(() => setImportOpen(false), [setImportOpen]);
  return (
    <Dialog title="Import conversations" onClose={close} label="Import">
      <DropZone />
      <StrictToggle />
      <JobList />
      <div>
        <h3 className="section-title">Sources</h3>
        <SourceList />
      </div>
    </Dialog>
  );
}
