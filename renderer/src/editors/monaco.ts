// Monaco, bundled locally (no CDN): the editor core, the contributions a query editor needs,
// its worker through Vite's `?worker`, our SPARQL and Turtle grammars, and themes that match
// the workbench in light and dark.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/contrib/placeholderText/browser/placeholderText.contribution';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { registerCompletion } from './completion';
import { sparqlConfiguration, sparqlLanguage } from './sparql-language';
import { turtleConfiguration, turtleLanguage } from './turtle-language';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

monaco.languages.register({ id: 'sparql', aliases: ['SPARQL'], extensions: ['.rq', '.sparql'] });
monaco.languages.setLanguageConfiguration('sparql', sparqlConfiguration);
monaco.languages.setMonarchTokensProvider('sparql', sparqlLanguage);
monaco.languages.register({ id: 'turtle', aliases: ['Turtle'], extensions: ['.ttl'] });
monaco.languages.setLanguageConfiguration('turtle', turtleConfiguration);
monaco.languages.setMonarchTokensProvider('turtle', turtleLanguage);
registerCompletion(monaco, 'sparql');
registerCompletion(monaco, 'turtle');

monaco.editor.defineTheme('engram-light', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'iri', foreground: '0f7b6c' },
    { token: 'pname', foreground: '2f5fd0' },
    { token: 'bnode', foreground: '7a6f00' },
    { token: 'variable', foreground: '9a3fbf' },
    { token: 'keyword', foreground: '5151cf', fontStyle: 'bold' },
    { token: 'predefined', foreground: '0a7ea4' },
    { token: 'string', foreground: 'a34e00' },
    { token: 'string.invalid', foreground: 'd3343b' },
    { token: 'number', foreground: '0b8a3a' },
    { token: 'langtag', foreground: '7a6f00' },
    { token: 'comment', foreground: '8a8a96', fontStyle: 'italic' },
    { token: 'delimiter', foreground: '6b6b76' },
    { token: 'operator', foreground: '6b6b76' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editorGutter.background': '#ffffff',
    'editor.lineHighlightBackground': '#f5f5f9',
    'editor.lineHighlightBorder': '#00000000',
    'editorLineNumber.foreground': '#b4b4be',
    'editorLineNumber.activeForeground': '#5f5f6b',
    'editorIndentGuide.background1': '#ececf1',
    'editor.selectionBackground': '#5b5bd633',
    'editorWidget.background': '#ffffff',
    'editorWidget.border': '#e6e6eb',
    'editorSuggestWidget.selectedBackground': '#5b5bd61f',
    'editorSuggestWidget.selectedForeground': '#1b1b22',
    'editorSuggestWidget.focusHighlightForeground': '#4848c4',
    'editorSuggestWidget.highlightForeground': '#4848c4',
    'list.activeSelectionForeground': '#1b1b22',
    'scrollbarSlider.background': '#d6d6de88',
  },
});

monaco.editor.defineTheme('engram-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'iri', foreground: '4fd1b5' },
    { token: 'pname', foreground: '86b4ff' },
    { token: 'bnode', foreground: 'd6c86b' },
    { token: 'variable', foreground: 'd99cf5' },
    { token: 'keyword', foreground: 'a9a9ff', fontStyle: 'bold' },
    { token: 'predefined', foreground: '5ccbee' },
    { token: 'string', foreground: 'f2ac6f' },
    { token: 'string.invalid', foreground: 'f06a6f' },
    { token: 'number', foreground: '8fd88f' },
    { token: 'langtag', foreground: 'd6c86b' },
    { token: 'comment', foreground: '6c6d78', fontStyle: 'italic' },
    { token: 'delimiter', foreground: '9a9aa6' },
    { token: 'operator', foreground: '9a9aa6' },
  ],
  colors: {
    'editor.background': '#16171a',
    'editorGutter.background': '#16171a',
    'editor.lineHighlightBackground': '#1e1f24',
    'editor.lineHighlightBorder': '#00000000',
    'editorLineNumber.foreground': '#4a4b55',
    'editorLineNumber.activeForeground': '#a3a3ad',
    'editorIndentGuide.background1': '#24252b',
    'editor.selectionBackground': '#7b7bf040',
    'editorWidget.background': '#202126',
    'editorWidget.border': '#2a2b31',
    'editorSuggestWidget.selectedBackground': '#7b7bf02e',
    'editorSuggestWidget.selectedForeground': '#e7e7ea',
    'editorSuggestWidget.focusHighlightForeground': '#a5a5ff',
    'editorSuggestWidget.highlightForeground': '#a5a5ff',
    'list.activeSelectionForeground': '#e7e7ea',
    'scrollbarSlider.background': '#383a4288',
  },
});

export { monaco };
