// Undo, redo and the edit history (each entry with the SPARQL UPDATE it ran), for the Entities
// and Graph tabs; Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) while the tab is on screen.
import { useEffect, useState } from 'react';
import type { EditRecord } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import type { TabId } from '../../state/route';
import { errorMessage } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { PopoverButton } from '../../ui/Popover';
import { redo, undo } from './edits';

export function EditBar({ tab }: { tab: TabId }) {
  useUndoKeys(tab);
  return (
    <div className="toolbar-group">
      <button className="icon-btn" onClick={() => void undo()} title="Undo the last edit (Ctrl/Cmd+Z)" aria-label="Undo" data-testid={`${tab}-undo`}>
        <Icon name="undo" size={15} />
      </button>
      <button className="icon-btn" onClick={() => void redo()} title="Redo (Ctrl/Cmd+Shift+Z)" aria-label="Redo" data-testid={`${tab}-redo`}>
        <Icon name="redo" size={15} />
      </button>
      <PopoverButton
        align="right"
        width={460}
        button={(open, toggle) => (
          <button className={`icon-btn ${open ? 'active' : ''}`} onClick={toggle} title="Edit history" aria-label="Edit history" data-testid={`${tab}-history`}>
            <Icon name="history" size={15} />
          </button>
        )}
      >
        {() => <History />}
      </PopoverButton>
    </div>
  );
}

function History() {
  const [records, setRecords] = useState<EditRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const version = useApp((s) => s.graphVersion);
  useEffect(() => {
    api()
      .editHistory({})
      .then((r) => setRecords([...r].reverse()))
      .catch((err) => setError(errorMessage(err)));
  }, [version]);
  if (error) return <div className="error-inline">{error}</div>;
  if (!records) return <div className="empty-state" style={{ padding: 16 }}><span className="spinner" /></div>;
  return (
    <div className="edit-history" data-testid="edit-history">
      <div className="menu-label">Edits, newest first</div>
      {records.length === 0 && <div className="faint" style={{ padding: '4px 8px 8px' }}>No edits yet.</div>}
      {records.slice(0, 100).map((r) => (
        <div key={r.seq} className={`history-item ${r.undone ? 'undone' : ''}`}>
          <button className="menu-item" onClick={() => setOpen(open === r.seq ? null : r.seq)} disabled={!r.sparql}>
            <Icon name={open === r.seq ? 'chevronDown' : 'chevronRight'} size={12} />
            <span className="truncate" style={{ flex: 1 }}>{r.label}</span>
            {r.undone && <span className="badge">undone</span>}
            <span className="faint tnum" style={{ fontSize: 11 }}>{whenEdited(r.at)}</span>
          </button>
          {open === r.seq && r.sparql && <pre className="history-sparql mono">{r.sparql}</pre>}
        </div>
      ))}
    </div>
  );
}

function useUndoKeys(tab: TabId) {
  const active = useApp((s) => s.tab === tab);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target as HTMLElement | null;
      // Text fields keep their own undo.
      if (target && (target.closest('input, textarea, select, [contenteditable="true"], .monaco-editor') || document.querySelector('.modal-overlay'))) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        void undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        void redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

/** An edit's time in the person's own clock: the time today, else the date and time. */
function whenEdited(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === new Date().toDateString() ? time : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${time}`;
}
