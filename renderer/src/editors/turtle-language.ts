// Monarch grammar of Turtle (and TriG's braces), sharing token names with SPARQL.
import type { languages } from 'monaco-editor/editor/editor.api';

/** Comments, brackets and auto-closing shared by Turtle and SPARQL. */
export const rdfEditingConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: '#' },
  brackets: [
    ['[', ']'],
    ['(', ')'],
    ['{', '}'],
  ],
  autoClosingPairs: [
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '{', close: '}' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: '<', close: '>', notIn: ['string'] },
  ],
};

export const turtleConfiguration: languages.LanguageConfiguration = {
  ...rdfEditingConfiguration,
  wordPattern: /(-?\d*\.\d\w*)|([^\s`~!@#%^&*()=+[{\]}\\|;,.'"<>/]+)/,
};

export const turtleLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  tokenizer: {
    root: [
      [/#.*$/, 'comment'],
      [/[@](?:prefix|base)\b/, 'keyword'],
      [/\b(?:PREFIX|BASE|prefix|base|GRAPH|graph)\b/, 'keyword'],
      [/<[^<>"{}|^`\\\s]*>/, 'iri'],
      [/_:[A-Za-z0-9_][\w.-]*/, 'bnode'],
      [/(?:[A-Za-z][\w-]*)?:(?:[\w%-]|\.(?=[\w%-]))*/, 'pname'],
      [/\b(?:a|true|false)\b/, 'keyword'],
      [/[@][a-zA-Z]+(?:-[a-zA-Z0-9]+)*/, 'langtag'],
      [/\^\^/, 'delimiter'],
      [/"""/, 'string', '@longDouble'],
      [/'''/, 'string', '@longSingle'],
      [/"(?:[^"\\\n]|\\.)*"/, 'string'],
      [/'(?:[^'\\\n]|\\.)*'/, 'string'],
      [/"(?:[^"\\\n]|\\.)*$/, 'string.invalid'],
      [/[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/, 'number'],
      [/[{}()[\]]/, '@brackets'],
      [/[;,.]/, 'delimiter'],
      [/\s+/, 'white'],
    ],
    longDouble: [
      [/"""/, 'string', '@pop'],
      [/[^"]+/, 'string'],
      [/"/, 'string'],
    ],
    longSingle: [
      [/'''/, 'string', '@pop'],
      [/[^']+/, 'string'],
      [/'/, 'string'],
    ],
  },
};
