// Mounted once by the App: keeps the extraction state in step with the engine, opens the
// settings with Ctrl/Cmd+, and shows the extraction dialogs (settings, failed chunks, and
// "Ollama is needed" when a job could not start).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { Icon } from '../ui/icons';
import { startExtractionSync, useExtraction } from './extraction-store';
import { FailedChunksDialog } from './FailedChunksDialog';
import { ProblemLine } from './ProblemLine';
import './extraction.css';

// The settings dialog (its form checks drafts with the API's schemas) loads when first opened.
const SettingsDialog = lazy(() => import('../settings/SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

export function ExtractionRoot() {
  const settingsOpen = useExtraction((s) => s.settingsOpen);
  const failedOpen = useExtraction((s) => s.failedOpen);
  const needs = useExtraction((s) => s.needs);
  useEffect(() => startExtractionSync(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key === ',') {
        e.preventDefault();
        useExtraction.getState().setSettingsOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {failedOpen && <FailedChunksDialog filter={failedOpen} />}
      {needs && !settingsOpen && <OllamaNeededDialog />}
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog />
        </Suspense>
      )}
    </>
  );
}

/** Why a job could not start, and exactly what to run; Check again starts it once Ollama is there. */
function OllamaNeededDialog() {
  const needs = useExtraction((s) => s.needs)!;
  const setNeeds = useExtraction((s) => s.setNeeds);
  const setSettingsOpen = useExtraction((s) => s.setSettingsOpen);
  const close = useCallback(() => setNeeds(null), [setNeeds]);
  const [checking, setChecking] = useState(false);
  const down = needs.problems.some((p) => /not running|did not answer|answered unexpectedly/i.test(p));
  const title = needs.kind === 'embed' ? 'Search vectors need Ollama' : 'Extraction needs Ollama';
  const again = async () => {
    setChecking(true);
    try {
      await needs.retry();
    } finally {
      setChecking(false);
    }
  };
  return (
    <Dialog
      title={title}
      onClose={close}
      label={title}
      footer={
        <>
          <button className="btn ghost" onClick={() => setSettingsOpen(true)} data-testid="needs-open-settings">
            Settings…
          </button>
          <span className="spacer" />
          <button className="btn" onClick={close}>
            Close
          </button>
          <button className="btn primary" onClick={() => void again()} disabled={checking} data-testid="needs-check-again">
            {checking ? <span className="spinner" /> : <Icon name="refresh" size={14} />}
            Check again
          </button>
        </>
      }
    >
      <div className="ollama-needed" data-testid="ollama-needed">
        <p style={{ margin: 0 }}>
          {needs.kind === 'embed' ? 'Search vectors are computed' : `To extract ${needs.what}, Engram reads your messages`} with a local model through Ollama at{' '}
          <span className="mono">{needs.host}</span>. Nothing leaves this computer.
        </p>
        <div className="needs-problems">
          <div className="muted">{down ? 'Ollama does not answer. Run this in a terminal:' : 'The model is not there yet. Run this in a terminal:'}</div>
          {needs.problems.map((p) => (
            <ProblemLine key={p} line={p} />
          ))}
        </div>
        <p className="faint" style={{ margin: 0, fontSize: 12 }}>
          Then choose Check again: the {needs.kind === 'embed' ? 'job' : 'extraction'} starts as soon as Ollama answers.
          {down ? ' If Ollama runs on another computer or port, set its address in Settings.' : ' A model is downloaded once (a 7B model is about 4.7 GB).'}
        </p>
      </div>
    </Dialog>
  );
}
