// The import panel: drop zone / picker, jobs with progress, and the list of sources.
import { useCallback } from 'react';
import { useApp } from '../state/app-store';
import { Dialog } from '../ui/Dialog';
import { DropZone } from './DropZone';
import { JobList } from './JobList';
import { SourceList } from './SourceList';

export function ImportDialog() {
  const setImportOpen = useApp((s) => s.setImportOpen);
  const close = useCallback(() => setImportOpen(false), [setImportOpen]);
  return (
    <Dialog title="Import conversations" onClose={close} label="Import">
      <DropZone />
      <JobList />
      <div>
        <h3 className="section-title">Sources</h3>
        <SourceList />
      </div>
    </Dialog>
  );
}
