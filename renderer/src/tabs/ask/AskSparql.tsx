// "Generated SPARQL — edit and re-run": the turn's query in Monaco; Run re-runs it in place of
// the generated one (rerunAskSparql: results, evidence and answer are updated); "Back to
// generated" returns to the template's / model's query; "Open in SPARQL tab" takes it along.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskTurn } from '../../../../shared/types';
import { MonacoEditor, type EditorMarker } from '../../editors/MonacoEditor';
import { monaco } from '../../editors/monaco';
import { checkSparql, engineErrorMarker } from '../../editors/sparql-check';
import { useApp } from '../../state/app-store';
import { Icon } from '../../ui/icons';
import { sparqlEditState } from './ask-model';
import { useAsk } from './ask-store';
import { AskResults } from './AskResults';
import { Section } from './Section';
import { useSparql } from '../sparql/sparql-store';

const LINE_H = 20;

export function AskSparql({ turn, defaultOpen }: { turn: AskTurn; defaultOpen: boolean }) {
  const plan = turn.plan.sparql!;
  const results = turn.results.sparql;
  const rows = results ? (results.kind === 'boolean' ? 'yes/no' : `${results.rows.length} ${results.rows.length === 1 ? 'row' : 'rows'}`) : null;
  const who = plan.origin === 'person' ? 'your edit' : plan.origin === 'llm' ? 'written by the model' : plan.template ? `template ${plan.template}` : 'template';
  return (
    <Section title="SPARQL" summary={[who, results?.error ? 'failed' : rows].filter(Boolean).join(' · ')} defaultOpen={defaultOpen} testId="ask-sparql">
      <SparqlEditor turn={turn} />
    </Section>
  );
}

function SparqlEditor({ turn }: { turn: AskTurn }) {
  const plan = turn.plan.sparql!;
  const results = turn.results.sparql;
  const rerunning = useAsk((s) => !!s.rerunning[turn.id]);
  const rerunError = useAsk((s) => s.rerunError[turn.id] ?? null);
  const [text, setText] = useState(plan.query);
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  // The query that ran changes after a re-run: the editor follows.
  useEffect(() => {
    setText(plan.query);
    setMarkers([]);
  }, [plan.query]);

  const state = sparqlEditState(turn, text);
  const textRef = useRef(text);
  textRef.current = text;

  const run = useCallback(
    (query?: string) => {
      const q = (query ?? textRef.current).trim();
      if (!q) return;
      const check = checkSparql(q);
      setMarkers(check.error ? [check.error] : []);
      void useAsk.getState().rerunSparql(turn.id, q);
    },
    [turn.id],
  );
  const runRef = useRef(run);
  runRef.current = run;

  // Errors the engine found come back with a position ("error at 3:7"): marked in place.
  const error = rerunError ?? results?.error ?? null;
  useEffect(() => {
    if (!error) return;
    const marker = engineErrorMarker(error);
    if (marker) setMarkers([marker]);
  }, [error]);

  const onMount = useCallback((editor: monaco.editor.IStandaloneCodeEditor) => {
    editor.addAction({
      id: 'engram.ask.rerun',
      label: 'Run this query for the answer',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => runRef.current(),
    });
  }, []);

  const openInSparqlTab = () => {
    useSparql.getState().setQuery(text);
    useApp.getState().setTab('sparql');
  };

  const lines = text.split('\n').length;
  const height = Math.max(120, Math.min(360, lines * LINE_H + 24));
  return (
    <div className="ask-sparql">
      {plan.explanation.length > 0 && (
        <ul className="ask-why">
          {plan.explanation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      <div className="ask-editor" style={{ height }}>
        <MonacoEditor value={text} language="sparql" onChange={setText} onMount={onMount} markers={markers} testId="ask-sparql-editor" />
      </div>
      <div className="ask-sparql-actions">
        <button className="btn primary small" onClick={() => run()} disabled={rerunning || !text.trim()} data-testid="ask-sparql-run" title="Run this query for the answer (Ctrl/Cmd+Enter)">
          {rerunning ? <span className="spinner on-accent" /> : <Icon name="play" size={12} />}
          Run
        </button>
        {state.generated !== null && state.edited && (
          <button
            className="btn small"
            onClick={() => {
              const generated = state.generated!;
              setText(generated);
              // The query that ran is the person's: run the generated one again for its answer.
              if (plan.origin === 'person') run(generated);
            }}
            disabled={rerunning}
            data-testid="ask-sparql-back"
            title="Back to the generated query (and its answer)"
          >
            <Icon name="undo" size={12} /> Back to generated
          </button>
        )}
        <button className="btn ghost small" onClick={openInSparqlTab} data-testid="ask-sparql-open" title="Open this query in the SPARQL tab">
          <Icon name="braces" size={12} /> Open in SPARQL tab
        </button>
        <span className="spacer" />
        {state.dirty && !rerunning && <span className="faint">edited — Run to update the answer</span>}
        {plan.origin === 'person' && !state.dirty && <span className="badge plan-edited">your query</span>}
        {results && !results.error && (
          <span className="faint tnum" data-testid="ask-sparql-status">
            {results.kind === 'boolean' ? 'yes/no' : `${results.rows.length} ${results.rows.length === 1 ? 'row' : 'rows'}`}
            {results.truncated ? ' (truncated)' : ''} · {Math.round(results.elapsedMs)} ms
          </span>
        )}
      </div>
      {error && (
        <div className="error-inline" data-testid="ask-sparql-error">
          <Icon name="alert" />
          <span>{error}</span>
        </div>
      )}
      {results && !results.error && <AskResults results={results} />}
    </div>
  );
}
