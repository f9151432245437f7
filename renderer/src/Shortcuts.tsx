// Keyboard shortcuts: the dialog, and the global keys (tabs by number, Escape).
import { useCallback, useEffect } from 'react';
import { useApp } from './state/app-store';
import { TABS } from './state/route';
import { Dialog } from './ui/Dialog';

const mod = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';

const KEYS: [string, string][] = [
  [`${mod} 1 … 6`, 'Switch tab (Graph, Entities, TTL, SPARQL, Ask, Messages)'],
  [`${mod} Enter`, 'Run the SPARQL query · validate Turtle'],
  [`${mod} S`, 'Apply Turtle to the store (TTL tab)'],
  [`${mod} F`, 'Search messages'],
  [`${mod} ,`, 'Settings (Ollama, models, extraction)'],
  ['↑ ↓', 'Move through messages'],
  ['Scroll on the timeline', 'Zoom from years to hours'],
  ['Drag on the timeline', 'Select a time range'],
  ['Esc', 'Close a dialog'],
];

export function ShortcutsDialog() {
  const setOpen = useApp((s) => s.setShortcutsOpen);
  const close = useCallback(() => setOpen(false), [setOpen]);
  return (
    <Dialog title="Keyboard shortcuts" onClose={close} size="small">
      <div className="shortcuts">
        {KEYS.map(([k, what]) => (
          <div key={k} className="row" style={{ justifyContent: 'space-between' }}>
            <span>{what}</span>
            <span className="kbd">{k}</span>
          </div>
        ))}
      </div>
    </Dialog>
  );
}

export function useGlobalKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && /^[1-6]$/.test(e.key)) {
        e.preventDefault();
        useApp.getState().setTab(TABS[Number(e.key) - 1]);
      }
      if ((e.ctrlKey || e.metaKey) && e.key === '/') {
        e.preventDefault();
        useApp.getState().setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
