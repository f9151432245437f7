// Completion of prefixes, classes and properties known to the store, plus SPARQL keywords,
// functions and the variables already used in the query.
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { SPARQL_FUNCTIONS, SPARQL_KEYWORDS } from './sparql-language';
import { useVocabulary } from './vocabulary';

type M = typeof Monaco;

function splitIri(iri: string, prefixes: Record<string, string>): { prefix: string; local: string } | null {
  let best: { prefix: string; ns: string } | null = null;
  for (const [prefix, ns] of Object.entries(prefixes)) {
    if (iri.startsWith(ns) && (!best || ns.length > best.ns.length)) best = { prefix, ns };
  }
  if (!best) return null;
  const local = iri.slice(best.ns.length);
  return /^[A-Za-z_][\w.-]*$/.test(local) && !local.endsWith('.') ? { prefix: best.prefix, local } : null;
}

export function registerCompletion(monaco: M, languageId: 'sparql' | 'turtle') {
  return monaco.languages.registerCompletionItemProvider(languageId, {
    triggerCharacters: [':', '?', '<'],
    provideCompletionItems(model, position) {
      const { prefixes, classes, properties } = useVocabulary.getState();
      const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const K = monaco.languages.CompletionItemKind;
      const suggestions: Monaco.languages.CompletionItem[] = [];

      // After PREFIX / @prefix: whole declarations.
      if (/(?:^|\s)(?:PREFIX|@prefix)\s+[\w-]*$/i.test(line)) {
        const word = /[\w-]*$/.exec(line)?.[0] ?? '';
        const range = new monaco.Range(position.lineNumber, position.column - word.length, position.lineNumber, position.column);
        for (const [p, ns] of Object.entries(prefixes)) {
          suggestions.push({
            label: `${p}: <${ns}>`,
            kind: K.Module,
            insertText: `${p}: <${ns}>${languageId === 'turtle' && /@prefix/.test(line) ? ' .' : ''}`,
            range,
          });
        }
        return { suggestions };
      }

      const pname = /([A-Za-z][\w-]*)?:([\w.-]*)$/.exec(line);
      if (pname) {
        const range = new monaco.Range(position.lineNumber, position.column - pname[0].length, position.lineNumber, position.column);
        const afterA = /\ba\s+[\w-]*:?[\w.-]*$/.test(line);
        const add = (iri: string, kind: Monaco.languages.CompletionItemKind, detail: string, rank: string) => {
          const split = splitIri(iri, prefixes);
          if (!split) return;
          if (pname[1] && split.prefix !== pname[1]) return;
          const label = `${split.prefix}:${split.local}`;
          suggestions.push({ label, kind, insertText: label, range, detail, documentation: iri, sortText: `${rank}${label}` });
        };
        classes.forEach((c) => add(c, K.Class, 'class', afterA ? '0' : '1'));
        properties.forEach((p) => add(p, K.Property, 'property', afterA ? '1' : '0'));
        return { suggestions };
      }

      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      for (const p of Object.keys(prefixes)) {
        suggestions.push({ label: `${p}:`, kind: K.Module, insertText: `${p}:`, range, detail: prefixes[p], sortText: `2${p}`, command: { id: 'editor.action.triggerSuggest', title: '' } });
      }
      if (languageId === 'sparql') {
        const vars = new Set(model.getValue().match(/[?$][A-Za-z0-9_]+/g) ?? []);
        const varPrefix = /[?$][\w]*$/.exec(line)?.[0];
        if (varPrefix) {
          const vr = new monaco.Range(position.lineNumber, position.column - varPrefix.length, position.lineNumber, position.column);
          for (const v of vars) suggestions.push({ label: v, kind: K.Variable, insertText: v, range: vr, sortText: `0${v}` });
          return { suggestions };
        }
        for (const k of SPARQL_KEYWORDS) suggestions.push({ label: k.toUpperCase(), kind: K.Keyword, insertText: k === 'a' ? 'a' : k.toUpperCase(), range, sortText: `1${k}` });
        for (const f of SPARQL_FUNCTIONS) suggestions.push({ label: `${f.toUpperCase()}()`, kind: K.Function, insertText: `${f.toUpperCase()}($0)`, insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet, range, sortText: `3${f}` });
        suggestions.push({
          label: 'SELECT … WHERE',
          kind: K.Snippet,
          insertText: 'SELECT ${1:?s ?p ?o} WHERE {\n\t${2:?s ?p ?o}\n}\nLIMIT ${3:100}',
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          range,
          sortText: '0select',
        });
      }
      return { suggestions };
    },
  });
}
