// TTL: a named graph, or one entity's description, as editable Turtle. Validate marks errors
// in place; Apply replaces exactly that graph/description (journaled, undoable); Export saves
// the graph or the whole store as Turtle, N-Quads, TriG, N-Triples or JSON-LD.
import { useCallback, useEffect, useRef } from 'react';
import type { RdfFormat } from '../../../../shared/types';
import { compactIri, MEMORY_BASE } from '../../../../shared/rdf';
import { MonacoEditor } from '../../editors/MonacoEditor';
import { monaco } from '../../editors/monaco';
import { useVocabulary } from '../../editors/vocabulary';
import { useApp } from '../../state/app-store';
import { EmptyState } from '../../ui/EmptyState';
import { formatCount, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { PopoverButton } from '../../ui/Popover';
import { useTtl } from './ttl-store';

const FORMATS: { format: RdfFormat; label: string }[] = [
  { format: 'turtle', label: 'Turtle (.ttl)' },
  { format: 'n-quads', label: 'N-Quads (.nq)' },
  { format: 'json-ld', label: 'JSON-LD (.jsonld)' },
  { format: 'trig', label: 'TriG (.trig)' },
  { format: 'n-triples', label: 'N-Triples (.nt)' },
];

/** The graph list grouped by origin: yours, automatic (no model), a model's, then the rest. */
const GRAPH_GROUPS: [string, string[]][] = [
  ['Yours', ['user', 'owner']],
  ['Automatic (no model)', ['auto']],
  ['Extracted by a model', ['extraction']],
  ['Messages', ['messages']],
  ['Ontology and other', ['ontology', 'other']],
];

export function TtlTab() {
  const appTarget = useApp((s) => s.ttlTarget);
  const openGraph = useApp((s) => s.openGraph);
  const graphVersion = useApp((s) => s.graphVersion);
  const graphs = useTtl((s) => s.graphs);
  const target = useTtl((s) => s.target);
  const text = useTtl((s) => s.text);
  const loadedText = useTtl((s) => s.loadedText);
  const markers = useTtl((s) => s.markers);
  const loading = useTtl((s) => s.loading);
  const error = useTtl((s) => s.error);
  const { loadGraphs, load, setText } = useTtl.getState();
  const loadVocabulary = useVocabulary((s) => s.load);

  useEffect(() => {
    void loadGraphs();
    void loadVocabulary(graphVersion);
  }, [graphVersion, loadGraphs, loadVocabulary]);

  // Follow the app's target (URL, "open entity"); without one, open the first graph.
  useEffect(() => {
    if (appTarget) {
      const cur = useTtl.getState().target;
      if (!cur || cur.kind !== appTarget.kind || cur.iri !== appTarget.iri) void load(appTarget);
    } else if (graphs.length > 0 && !useApp.getState().ttlTarget) {
      // (the store, not this render's value: a target the URL gave since must not be replaced)
      const preferred = graphs.find((g) => g.kind === 'user') ?? graphs[0];
      openGraph(preferred.iri);
    }
  }, [appTarget, graphs, load, openGraph]);

  // Another edit elsewhere (SPARQL update, undo): reload unless there is unsaved work here.
  useEffect(() => {
    const s = useTtl.getState();
    if (s.target && s.text === s.loadedText) void load(s.target);
  }, [graphVersion, load]);

  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onMount = useCallback((editor: monaco.editor.IStandaloneCodeEditor) => {
    editorRef.current = editor;
    editor.addAction({
      id: 'engram.validate-turtle',
      label: 'Validate Turtle',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => void useTtl.getState().validate(),
    });
    editor.addAction({
      id: 'engram.apply-turtle',
      label: 'Apply Turtle to the store',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS],
      run: () => void useTtl.getState().apply(),
    });
  }, []);

  return (
    <div className="tab-panel" data-testid="ttl-tab">
      <TtlToolbar dirty={text !== loadedText} />
      {error && (
        <div style={{ padding: '8px 12px' }}>
          <div className="error-inline" data-testid="ttl-error">
            <Icon name="alert" />
            {error}
          </div>
        </div>
      )}
      {markers.length > 0 && (
        <div className="problems" data-testid="ttl-problems">
          {markers.slice(0, 5).map((m, i) => (
            <button
              key={i}
              className="problem"
              onClick={() => {
                const editor = editorRef.current;
                if (!editor) return;
                editor.revealLineInCenter(m.line);
                editor.setPosition({ lineNumber: m.line, column: m.column });
                editor.focus();
              }}
            >
              <Icon name="alert" size={13} />
              <span className="tnum faint">
                Line {m.line}, column {m.column}
              </span>
              <span className="truncate">{m.message}</span>
            </button>
          ))}
        </div>
      )}
      {!target && graphs.length === 0 && !loading ? (
        <EmptyState icon="code" title="No graphs yet">
          <p>Import conversations and their messages appear here as Turtle, one named graph per source.</p>
        </EmptyState>
      ) : (
        // read-only while a target loads: what was typed into the previous text would be replaced by it
        <div className="pane" style={{ flex: 1 }} aria-busy={loading} data-testid="ttl-pane">
          <MonacoEditor value={text} language="turtle" onChange={setText} onMount={onMount} markers={markers} readOnly={loading} testId="ttl-editor" />
        </div>
      )}
    </div>
  );
}

function TtlToolbar({ dirty }: { dirty: boolean }) {
  const graphs = useTtl((s) => s.graphs);
  const target = useTtl((s) => s.target);
  const triples = useTtl((s) => s.triples);
  const loading = useTtl((s) => s.loading);
  const busy = useTtl((s) => s.busy);
  const validation = useTtl((s) => s.validation);
  const openGraph = useApp((s) => s.openGraph);
  const prefixes = useVocabulary((s) => s.prefixes);
  const { validate, apply, undo, redo, exportAs } = useTtl.getState();
  const entity = target?.kind === 'entity' ? target.iri : null;

  return (
    <div className="toolbar">
      <select
        className="select"
        style={{ maxWidth: 360 }}
        value={target?.kind === 'graph' ? target.iri : entity ? '__entity' : ''}
        onChange={(e) => e.target.value && e.target.value !== '__entity' && openGraph(e.target.value)}
        aria-label="Graph"
        data-testid="ttl-target"
      >
        {entity && <option value="__entity">Entity · {entityLabel(entity, prefixes)}</option>}
        {!target && <option value="">Choose a graph…</option>}
        {GRAPH_GROUPS.map(([label, kinds]) => {
          const inGroup = graphs.filter((g) => kinds.includes(g.kind));
          return inGroup.length ? (
            <optgroup key={label} label={label}>
              {inGroup.map((g) => (
                <option key={g.iri} value={g.iri}>
                  {g.label} · {plural(g.triples, 'triple')}
                </option>
              ))}
            </optgroup>
          ) : null;
        })}
      </select>
      {loading && <span className="spinner" />}
      <div className="toolbar-sep" />
      <button className="btn" onClick={() => void validate()} disabled={!target || busy !== null} data-testid="ttl-validate" title="Validate (Ctrl/Cmd+Enter)">
        {busy === 'validate' ? <span className="spinner" /> : <Icon name="validate" size={13} />} Validate
      </button>
      <button className="btn primary" onClick={() => void apply()} disabled={!target || !dirty || busy !== null} data-testid="ttl-apply" title="Replace this graph/description in the store (Ctrl/Cmd+S)">
        {busy === 'apply' ? <span className="spinner" /> : <Icon name="save" size={13} />} Apply
      </button>
      <button className="icon-btn" onClick={() => void undo()} disabled={busy !== null} title="Undo the last edit to the store" aria-label="Undo" data-testid="ttl-undo">
        <Icon name="undo" size={15} />
      </button>
      <button className="icon-btn" onClick={() => void redo()} disabled={busy !== null} title="Redo" aria-label="Redo">
        <Icon name="redo" size={15} />
      </button>
      <div className="toolbar-sep" />
      <PopoverButton
        width={260}
        button={(_open, toggle) => (
          <button className="btn" onClick={toggle} disabled={busy === 'export'} data-testid="ttl-export">
            {busy === 'export' ? <span className="spinner" /> : <Icon name="download" size={13} />} Export
            <Icon name="chevronDown" size={12} />
          </button>
        )}
      >
        {(close) => (
          <div data-testid="export-menu">
            {target?.kind === 'graph' && (
              <>
                <div className="menu-label">This graph</div>
                {FORMATS.map((f) => (
                  <button key={f.format} className="menu-item" onClick={() => { close(); void exportAs(f.format, 'target'); }} data-testid={`export-graph-${f.format}`}>
                    <Icon name="file" size={13} /> {f.label}
                  </button>
                ))}
              </>
            )}
            <div className="menu-label">Whole store</div>
            {FORMATS.map((f) => (
              <button key={f.format} className="menu-item" onClick={() => { close(); void exportAs(f.format, 'store'); }} data-testid={`export-store-${f.format}`}>
                <Icon name="database" size={13} /> {f.label}
              </button>
            ))}
          </div>
        )}
      </PopoverButton>
      <span className="spacer" />
      <span className="toolbar-status tnum" data-testid="ttl-status">
        {dirty && <span className="badge accent">edited</span>}
        {validation && (validation.ok ? <span className="badge success" data-testid="ttl-valid"><Icon name="check" size={11} /> valid · {plural(validation.triples, 'triple')}</span> : <span className="badge danger" data-testid="ttl-invalid"><Icon name="alert" size={11} /> {plural(validation.errors, 'error')}</span>)}
        {triples !== null && !validation && <span className="faint">{plural(triples, 'triple')}</span>}
      </span>
    </div>
  );
}

/** A short name for an entity IRI: a prefixed name, or its path inside the memory. */
function entityLabel(iri: string, prefixes: Record<string, string>): string {
  const compact = compactIri(iri, prefixes);
  if (!compact.startsWith('<')) return compact;
  return iri.startsWith(MEMORY_BASE) ? iri.slice(MEMORY_BASE.length) : iri;
}
