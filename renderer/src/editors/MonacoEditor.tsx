// A Monaco editor as a React component: one model per editor, value pushed in when it changes
// from outside, markers (syntax errors) shown in place, theme following the OS.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useColorScheme } from '../ui/use-color-scheme';
import { monaco } from './monaco';

export interface EditorMarker {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export function MonacoEditor(props: {
  value: string;
  language: 'sparql' | 'turtle';
  onChange?: (value: string) => void;
  onMount?: (editor: monaco.editor.IStandaloneCodeEditor) => void;
  markers?: EditorMarker[];
  readOnly?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const scheme = useColorScheme();

  useEffect(() => {
    const model = monaco.editor.createModel(props.value, props.language);
    const editor = monaco.editor.create(host.current!, {
      model,
      theme: scheme === 'dark' ? 'engram-dark' : 'engram-light',
      automaticLayout: true,
      minimap: { enabled: false },
      fontFamily: "ui-monospace, 'SF Mono', 'Cascadia Code', 'JetBrains Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
      fontSize: 13,
      lineHeight: 20,
      scrollBeyondLastLine: false,
      renderLineHighlight: 'line',
      tabSize: 2,
      readOnly: props.readOnly,
      wordWrap: 'off',
      padding: { top: 10, bottom: 10 },
      lineNumbersMinChars: 3,
      glyphMargin: false,
      folding: true,
      fixedOverflowWidgets: true,
      placeholder: props.placeholder,
      scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10, useShadows: false },
      overviewRulerBorder: false,
      hideCursorInOverviewRuler: true,
      suggest: { showWords: false },
    });
    editorRef.current = editor;
    const sub = model.onDidChangeContent(() => onChange.current?.(model.getValue()));
    props.onMount?.(editor);
    return () => {
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    monaco.editor.setTheme(scheme === 'dark' ? 'engram-dark' : 'engram-light');
  }, [scheme]);

  // A layout effect: it runs as the render commits, before the next keystroke can change the model.
  // A passive effect may run a keystroke later (Preact runs them after paint), find the model ahead
  // of this render's value and write the older text back, which the editor reports again.
  useLayoutEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.getValue() !== props.value) {
      // Replace as one edit so that Undo in the editor can go back to what was there.
      model.pushStackElement();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: props.value }], () => null);
      model.pushStackElement();
    }
  }, [props.value]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly });
  }, [props.readOnly]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      'engram',
      (props.markers ?? []).map((m) => {
        const line = Math.max(1, Math.min(m.line, model.getLineCount()));
        const maxCol = model.getLineMaxColumn(line);
        const column = Math.max(1, Math.min(m.column, maxCol));
        // Without an end, mark the word at the error (or the rest of the line).
        let endColumn = m.endColumn ?? 0;
        const endLine = m.endLine ?? line;
        if (!m.endColumn) {
          const word = model.getWordAtPosition({ lineNumber: line, column });
          endColumn = word && word.endColumn > column ? word.endColumn : Math.max(column + 1, maxCol);
        }
        return { severity: monaco.MarkerSeverity.Error, message: m.message, startLineNumber: line, startColumn: column, endLineNumber: endLine, endColumn };
      }),
    );
  }, [props.markers]);

  return <div ref={host} className="monaco-host" data-testid={props.testId} />;
}
