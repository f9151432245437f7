// Settings: who "you" are (OwnerSettings), and extraction: the Ollama host and models, temperature, context length, chunking and
// concurrency, with a live check of the server (version, installed models, and the exact
// command to run for each problem). Values are checked as typed; Save sends what changed.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ExtractionSettings, OllamaStatus } from '../../../shared/types';
import { api } from '../api/connection';
import { useExtraction } from '../extraction/extraction-store';
import { CommandText, ProblemLine } from '../extraction/ProblemLine';
import { useApp } from '../state/app-store';
import { Dialog } from '../ui/Dialog';
import { errorMessage } from '../ui/format';
import { Icon } from '../ui/icons';
import { OwnerSettings } from './OwnerSettings';
import { changedFields, checkDraft, draftHints, toDraft, type SettingsDraft, type SettingsField } from './settings-form';
import '../extraction/extraction.css';

export function SettingsDialog() {
  const setOpen = useExtraction((s) => s.setSettingsOpen);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const [saved, setSaved] = useState<ExtractionSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api()
      .extractionSettings({})
      .then((s) => live && setSaved(s))
      .catch((err) => live && setLoadError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, []);

  if (saved) return <SettingsForm saved={saved} onDone={close} />;
  return (
    <Dialog title="Settings" onClose={close} label="Settings" footer={<button className="btn" onClick={close}>Close</button>}>
      {loadError ? (
        <div className="error-inline">
          <Icon name="alert" />
          {loadError}
        </div>
      ) : (
        <div className="row" style={{ justifyContent: 'center', padding: 24 }}>
          <span className="spinner" />
        </div>
      )}
    </Dialog>
  );
}

type CheckState = { state: 'idle' } | { state: 'checking'; host: string } | { state: 'done'; result: OllamaStatus } | { state: 'error'; message: string };

function SettingsForm({ saved, onDone }: { saved: ExtractionSettings; onDone: () => void }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(saved));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [touched, setTouched] = useState<Set<SettingsField>>(new Set());
  const { values, errors } = useMemo(() => checkDraft(draft), [draft]);
  const hints = useMemo(() => draftHints(values), [values]);
  const patch = useMemo(() => (values ? changedFields(saved, values) : {}), [saved, values]);
  const dirty = Object.keys(patch).length > 0;
  const saveSettings = useExtraction((s) => s.saveSettings);
  const notify = useApp((s) => s.notify);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  };
  const shownError = (f: SettingsField) => (touched.has(f) ? errors[f] : undefined);

  // ---- the live check, with what is typed (before saving)
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const seq = useRef(0);
  const runCheck = useCallback(async (host: string, model: string, embedModel: string) => {
    const id = ++seq.current;
    setCheck({ state: 'checking', host });
    try {
      const result = await api().checkOllama({ host, model, embedModel });
      if (seq.current === id) setCheck({ state: 'done', result });
    } catch (err) {
      if (seq.current === id) setCheck({ state: 'error', message: errorMessage(err) });
    }
  }, []);
  const hostValue = errors.host ? null : draft.host.trim().replace(/\/+$/, '');
  const modelValue = draft.model.trim();
  const embedValue = draft.embedModel.trim();
  const checkNow = () => {
    if (hostValue && modelValue && embedValue) void runCheck(hostValue, modelValue, embedValue);
  };
  // Checked on open, and again a moment after the host or a model changes.
  const first = useRef(true);
  useEffect(() => {
    if (!hostValue || !modelValue || !embedValue) return;
    const t = setTimeout(() => void runCheck(hostValue, modelValue, embedValue), first.current ? 0 : 700);
    first.current = false;
    return () => clearTimeout(t);
  }, [hostValue, modelValue, embedValue, runCheck]);

  const result = check.state === 'done' ? check.result : null;
  const installed = result?.models ?? [];

  const save = async () => {
    if (!values) {
      setTouched(new Set(Object.keys(draft) as SettingsField[]));
      return;
    }
    if (!dirty) return onDone();
    setSaving(true);
    setSaveError(null);
    try {
      await saveSettings(patch);
      notify({ tone: 'success', text: 'Settings saved' });
      onDone();
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <>
      <span className="faint settings-summary" data-testid="settings-summary">
        {values ? (dirty ? `${Object.keys(patch).length} changed` : 'No changes') : 'Fix the fields marked in red to save'}
      </span>
      <span className="spacer" />
      <button type="button" className="btn" onClick={onDone}>
        Cancel
      </button>
      <button type="submit" form="settings-form" className="btn primary" disabled={saving || !values} data-testid="settings-save">
        {saving && <span className="spinner" />}
        Save
      </button>
    </>
  );

  return (
    <Dialog title="Settings" onClose={onDone} label="Settings" footer={footer}>
    <form
      id="settings-form"
      className="settings-form"
      data-testid="settings-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <OwnerSettings />

      <section className="settings-section">
        <h3 className="section-title">Ollama</h3>
        <Field label="Host" error={shownError('host')} help="Where Ollama answers. Ollama on this computer: http://127.0.0.1:11434.">
          <div className="row" style={{ gap: 8 }}>
            <input
              className="text-input"
              style={{ flex: 1 }}
              value={draft.host}
              onChange={(e) => set('host', e.target.value)}
              placeholder="http://127.0.0.1:11434"
              spellCheck={false}
              aria-label="Ollama host"
              data-testid="settings-host"
              data-autofocus
            />
            <button type="button" className="btn" onClick={checkNow} disabled={!hostValue || check.state === 'checking'} data-testid="settings-check">
              {check.state === 'checking' ? <span className="spinner" /> : <Icon name="refresh" size={14} />}
              Check
            </button>
          </div>
        </Field>
        <CheckPanel check={check} />
      </section>

      <section className="settings-section">
        <h3 className="section-title">Models</h3>
        <div className="settings-grid">
          <Field label="Extraction model" error={shownError('model')} status={modelStatus(result, 'model', modelValue)} help="Reads your messages and writes the knowledge graph.">
            <input
              className="text-input"
              value={draft.model}
              onChange={(e) => set('model', e.target.value)}
              list="settings-installed-models"
              spellCheck={false}
              aria-label="Extraction model"
              data-testid="settings-model"
            />
          </Field>
          <Field label="Embedding model" error={shownError('embedModel')} status={modelStatus(result, 'embedModel', embedValue)} help="Builds the search vectors that turn on hybrid search.">
            <input
              className="text-input"
              value={draft.embedModel}
              onChange={(e) => set('embedModel', e.target.value)}
              list="settings-installed-models"
              spellCheck={false}
              aria-label="Embedding model"
              data-testid="settings-embed-model"
            />
          </Field>
        </div>
        <datalist id="settings-installed-models">
          {installed.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </section>

      <section className="settings-section">
        <h3 className="section-title">Extraction</h3>
        <div className="settings-grid three">
          <Field label="Temperature" error={shownError('temperature')} hint={hints.temperature} help="0 gives the same graph for the same messages.">
            <input className="text-input" inputMode="decimal" value={draft.temperature} onChange={(e) => set('temperature', e.target.value)} aria-label="Temperature" data-testid="settings-temperature" />
          </Field>
          <Field label="Context length" unit="tokens" error={shownError('contextLength')} hint={hints.contextLength} help="Ollama's num_ctx; the prompt alone is about 10,000.">
            <input className="text-input" inputMode="numeric" value={draft.contextLength} onChange={(e) => set('contextLength', e.target.value)} list="settings-context-lengths" aria-label="Context length" data-testid="settings-context" />
            <datalist id="settings-context-lengths">
              {[16384, 24576, 32768, 65536].map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </Field>
          <Field label="Timeout" unit="seconds" error={shownError('timeoutSeconds')} help="Longest wait for one model call.">
            <input className="text-input" inputMode="decimal" value={draft.timeoutSeconds} onChange={(e) => set('timeoutSeconds', e.target.value)} aria-label="Timeout" data-testid="settings-timeout" />
          </Field>
          <Field label="Chunk size" unit="messages" error={shownError('chunkSize')} hint={hints.chunkSize} help="Your messages per model call, for chunks made from now on.">
            <input className="text-input" inputMode="numeric" value={draft.chunkSize} onChange={(e) => set('chunkSize', e.target.value)} aria-label="Chunk size" data-testid="settings-chunk-size" />
          </Field>
          <Field label="Concurrency" unit="chunks at a time" error={shownError('concurrency')} hint={hints.concurrency} help="Chunks extracted at the same time.">
            <input className="text-input" inputMode="numeric" value={draft.concurrency} onChange={(e) => set('concurrency', e.target.value)} aria-label="Concurrency" data-testid="settings-concurrency" />
          </Field>
          <label className="settings-check">
            <input type="checkbox" checked={draft.includeAssistant} onChange={(e) => set('includeAssistant', e.target.checked)} data-testid="settings-include-assistant" />
            <span>
              <span className="settings-label">Include assistant messages</span>
              <span className="faint">Extract from the assistant's answers too, not only read them as context. For chunks made from now on.</span>
            </span>
          </label>
        </div>
      </section>

      {saveError && (
        <div className="error-inline" data-testid="settings-save-error">
          <Icon name="alert" />
          {saveError}
        </div>
      )}
    </form>
    </Dialog>
  );
}

function modelStatus(result: OllamaStatus | null, which: 'model' | 'embedModel', name: string): ReactNode {
  if (!result || !result.reachable || !name) return null;
  // The result answers for the names it was asked about; a name typed since waits for the next check.
  if ((which === 'model' ? result.model : result.embedModel) !== name) return null;
  const ready = which === 'model' ? result.modelReady : result.embedModelReady;
  return ready ? (
    <span className="model-status ok" data-testid={`${which}-installed`}>
      <Icon name="check" size={12} /> installed
    </span>
  ) : (
    <span className="model-status missing" data-testid={`${which}-missing`}>
      not installed
    </span>
  );
}

function CheckPanel({ check }: { check: CheckState }) {
  if (check.state === 'idle') return null;
  if (check.state === 'checking') {
    return (
      <div className="check-panel" data-testid="ollama-check" data-state="checking">
        <div className="row" style={{ gap: 8 }}>
          <span className="spinner" />
          <span className="muted">Checking {check.host}…</span>
        </div>
      </div>
    );
  }
  if (check.state === 'error') {
    return (
      <div className="check-panel" data-testid="ollama-check" data-state="error">
        <ProblemLine line={check.message} tone="danger" />
      </div>
    );
  }
  const r = check.result;
  return (
    <div className={`check-panel ${r.problems.length ? 'has-problems' : 'ok'}`} data-testid="ollama-check" data-state={r.reachable ? (r.problems.length ? 'problems' : 'ok') : 'down'}>
      {r.reachable ? (
        <div className="check-head ok" data-testid="ollama-version">
          <Icon name="check" size={14} />
          <span>
            Ollama {r.version ? <b>{r.version}</b> : null} is running at <span className="mono">{r.host}</span>
          </span>
        </div>
      ) : (
        <div className="check-head down">
          <span className="check-dot" />
          <span>
            No answer from <span className="mono">{r.host}</span>
          </span>
        </div>
      )}
      {r.reachable && (
        <div className="check-models" data-testid="ollama-models">
          <span className="faint">{r.models.length === 0 ? 'No models installed yet.' : `Installed (${r.models.length}):`}</span>
          {r.models.map((m) => (
            <span key={m} className={`badge ${sameModel(m, r.model) || sameModel(m, r.embedModel) ? 'accent' : ''}`}>
              {m}
            </span>
          ))}
        </div>
      )}
      {r.problems.length > 0 && (
        <div className="check-problems">
          <div className="muted">{r.reachable ? 'To use these models, run in a terminal, then Check again:' : 'Extraction runs a local model through Ollama. Start it in a terminal, then Check again:'}</div>
          {r.problems.map((p) => (
            <ProblemLine key={p} line={p} />
          ))}
          {!r.reachable && (
            <div className="faint" style={{ fontSize: 12 }}>
              Not installed? Get Ollama from ollama.com. If it runs on another computer, put its address in Host.
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** 'nomic-embed-text' is 'nomic-embed-text:latest'. */
function sameModel(a: string, b: string): boolean {
  const tag = (n: string) => (n.toLowerCase().split('/').pop()!.includes(':') ? n.toLowerCase() : `${n.toLowerCase()}:latest`);
  return tag(a) === tag(b);
}

function Field(props: { label: string; unit?: string; error?: string; hint?: string; help?: string; status?: ReactNode; children: ReactNode }) {
  return (
    <div className={`settings-field ${props.error ? 'invalid' : ''}`}>
      <div className="settings-label-row">
        <span className="settings-label">{props.label}</span>
        {props.unit && <span className="faint">{props.unit}</span>}
        <span className="spacer" />
        {props.status}
      </div>
      {props.children}
      {props.error ? (
        <div className="field-error" role="alert">
          {props.error}
        </div>
      ) : props.hint ? (
        <div className="field-hint">
          <CommandText text={props.hint} />
        </div>
      ) : props.help ? (
        <div className="field-help">{props.help}</div>
      ) : null}
    </div>
  );
}
