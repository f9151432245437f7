// Monarch grammar of SPARQL 1.1 (query and update), with IRIs, prefixed names and variables
// as their own tokens so that the theme can tell them apart.
import type { languages } from 'monaco-editor/editor/editor.api';
import { rdfEditingConfiguration } from './turtle-language';

export const SPARQL_KEYWORDS = [
  'select', 'construct', 'describe', 'ask', 'where', 'from', 'named', 'prefix', 'base', 'distinct',
  'reduced', 'optional', 'union', 'minus', 'graph', 'service', 'silent', 'filter', 'bind', 'as',
  'values', 'group', 'by', 'having', 'order', 'asc', 'desc', 'limit', 'offset', 'not', 'exists', 'in',
  'insert', 'delete', 'data', 'with', 'using', 'default', 'all', 'load', 'clear', 'drop', 'create',
  'add', 'move', 'copy', 'into', 'to', 'undef', 'true', 'false', 'a',
];

export const SPARQL_FUNCTIONS = [
  'str', 'lang', 'langmatches', 'datatype', 'bound', 'iri', 'uri', 'bnode', 'rand', 'abs', 'ceil',
  'floor', 'round', 'concat', 'strlen', 'ucase', 'lcase', 'encode_for_uri', 'contains', 'strstarts',
  'strends', 'strbefore', 'strafter', 'year', 'month', 'day', 'hours', 'minutes', 'seconds',
  'timezone', 'tz', 'now', 'uuid', 'struuid', 'md5', 'sha1', 'sha256', 'sha384', 'sha512', 'coalesce',
  'if', 'strlang', 'strdt', 'sameterm', 'isiri', 'isuri', 'isblank', 'isliteral', 'isnumeric', 'regex',
  'substr', 'replace', 'count', 'sum', 'min', 'max', 'avg', 'sample', 'group_concat', 'separator',
];

export const sparqlConfiguration: languages.LanguageConfiguration = {
  ...rdfEditingConfiguration,
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
    { open: '<', close: '>' },
  ],
  wordPattern: /(-?\d*\.\d\w*)|([?$]?[^\s`~!@#%^&*()=+[{\]}\\|;,.'"<>/]+)/,
};

export const sparqlLanguage: languages.IMonarchLanguage = {
  ignoreCase: true,
  defaultToken: '',
  keywords: SPARQL_KEYWORDS,
  functions: SPARQL_FUNCTIONS,
  tokenizer: {
    root: [
      [/#.*$/, 'comment'],
      [/<[^<>"{}|^`\\\s]*>/, 'iri'],
      [/[?$][A-Za-z0-9_\u00B7\u00C0-\uFFFF]+/, 'variable'],
      [/_:[A-Za-z0-9_][\w.-]*/, 'bnode'],
      [/(?:[A-Za-z][\w-]*)?:(?:[\w%-]|\.(?=[\w%-]))*/, 'pname'],
      [/[@][a-zA-Z]+(?:-[a-zA-Z0-9]+)*/, 'langtag'],
      [/\^\^/, 'delimiter'],
      [/[A-Za-z_][\w]*/, { cases: { '@keywords': 'keyword', '@functions': 'predefined', '@default': 'identifier' } }],
      [/"""/, 'string', '@longDouble'],
      [/'''/, 'string', '@longSingle'],
      [/"(?:[^"\\\n]|\\.)*"/, 'string'],
      [/'(?:[^'\\\n]|\\.)*'/, 'string'],
      [/"(?:[^"\\\n]|\\.)*$/, 'string.invalid'],
      [/[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/, 'number'],
      [/[{}()[\]]/, '@brackets'],
      [/[;,.]/, 'delimiter'],
      [/[=<>!&|*/+\-]+/, 'operator'],
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
