// SPARQL: the editor (highlighting, completion from the store's vocabulary, errors marked),
// Run with elapsed time and row count, results, history and saved queries. Updates ask first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MonacoEditor } from '../../editors/MonacoEditor';
import { monaco } from '../../editors/monaco';
import { checkSparql } from '../../editors/sparql-check';
import { useVocabulary } from '../../editors/vocabulary';
import { useApp } from '../../state/app-store';
import { Dialog } from '../../ui/Dialog';
import { formatCount, formatDuration, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { VerticalSplit } from '../../ui/VerticalSplit';
import { QueryLibrary } from './QueryLibrary';
import { ResultsPane } from './ResultsPane';
import { useSparql } from './sparql-store';

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

export function SparqlTab() {
  const query = useSparql((s) => s.query);
  const setQuery = useSparql((s) => s.setQuery);
  const markers = useSparql((s) => s.markers);
  const graphVersion = useApp((s) => s.graphVersion);
  const loadVocabulary = useVocabulary((s) => s.load);
  useEffect(() => void loadVocabulary(graphVersion), [graphVersion, loadVocabulary]);

  // Syntax errors appear while typing (a moment after the last key), not only on Run.
  const [liveMarkers, setLiveMarkers] = useState(markers);
  useEffect(() => setLiveMarkers(markers), [markers]);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChange = useCallback(
    (value: string) => {
      setQuery(value);
      if (typing.current) clearTimeout(typing.current);
      typing.current = setTimeout(() => {
        const check = checkSparql(value);
        setLiveMarkers(check.error ? [check.error] : []);
      }, 500);
    },
    [setQuery],
  );

  // Running a query closes the completion list (it would otherwise stay open, empty, over the results).
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const runQuery = useCallback(() => {
    editorRef.current?.trigger('engram', 'hideSuggestWidget', null);
    void useSparql.getState().run();
  }, []);
  const onMount = useCallback(
    (editor: monaco.editor.IStandaloneCodeEditor) => {
      editorRef.current = editor;
      editor.addAction({
        id: 'engram.run-query',
        label: 'Run query',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: runQuery,
      });
      editor.focus();
    },
    [runQuery],
  );

  return (
    <div className="tab-panel" data-testid="sparql-tab">
      <SparqlToolbar onRun={runQuery} />
      <div className="split">
        <VerticalSplit
          id="sparql"
          top={<MonacoEditor value={query} language="sparql" onChange={onChange} onMount={onMount} markers={liveMarkers} testId="sparql-editor" />}
          bottom={<ResultsPane />}
        />
        <QueryLibrary />
      </div>
      <UpdateConfirm />
    </div>
  );
}

function SparqlToolbar({ onRun }: { onRun: () => void }) {
  const running = useSparql((s) => s.running);
  const result = useSparql((s) => s.result);
  const roundTripMs = useSparql((s) => s.roundTripMs);
  const insertPrefixes = useSparql((s) => s.insertPrefixes);
  const saveQuery = useSparql((s) => s.saveQuery);
  const [naming, setNaming] = useState<string | null>(null);
  const truncated = result && result.kind !== 'boolean' && result.truncated;
  const count =
    result?.kind === 'select' ? plural(result.rows.length, 'row') : result?.kind === 'graph' ? plural(result.triples, 'triple') : result ? '1 answer' : null;
  return (
    <div className="toolbar">
      <button className="btn primary" onClick={onRun} disabled={running} data-testid="sparql-run" title="Run (Ctrl/Cmd+Enter)">
        {running ? <span className="spinner" style={{ borderColor: 'rgba(255,255,255,.3)', borderTopColor: '#fff' }} /> : <Icon name="play" size={13} />}
        Run
        <span className="kbd">{isMac ? '⌘' : 'Ctrl'}↵</span>
      </button>
      <button className="btn" onClick={insertPrefixes} data-testid="insert-prefixes" title="Declare the prefixes the query uses">
        <Icon name="plus" size={13} /> Insert prefixes
      </button>
      {naming === null ? (
        <button className="btn" onClick={() => setNaming('')} data-testid="save-query">
          <Icon name="bookmark" size={13} /> Save
        </button>
      ) : (
        <form
          className="row"
          style={{ gap: 4 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (naming.trim()) saveQuery(naming.trim());
            setNaming(null);
          }}
        >
          <input className="text-input" autoFocus placeholder="Name this query" value={naming} onChange={(e) => setNaming(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setNaming(null)} data-testid="save-query-name" />
          <button className="btn" type="submit">
            Save
          </button>
        </form>
      )}
      <span className="spacer" />
      <span className="toolbar-status tnum" data-testid="sparql-status">
        {count && <span data-testid="sparql-row-count">{count}</span>}
        {truncated && <span className="badge">truncated</span>}
        {result && (
          <span className="faint" data-testid="sparql-elapsed" title={roundTripMs !== null ? `Round trip ${formatDuration(roundTripMs)}` : undefined}>
            {formatDuration(result.elapsedMs)}
          </span>
        )}
      </span>
    </div>
  );
}

function UpdateConfirm() {
  const pending = useSparql((s) => s.pendingUpdate);
  const confirm = useSparql((s) => s.confirmUpdate);
  const cancel = useSparql((s) => s.cancelUpdate);
  if (!pending) return null;
  return (
    <Dialog
      title="Run this SPARQL UPDATE?"
      onClose={cancel}
      size="small"
      label="Confirm update"
      footer={
        <>
          <button className="btn" onClick={cancel}>
            Cancel
          </button>
          <button className="btn danger solid" onClick={() => void confirm()} data-testid="confirm-update" data-autofocus>
            Run update
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>It changes the graph. The change is journaled as one edit and can be undone.</p>
      <pre className="turtle-view" style={{ maxHeight: 200 }}>
        {pending.length > 1200 ? `${pending.slice(0, 1200)}…` : pending}
      </pre>
    </Dialog>
  );
}
