// SPARQL tab state: the query, its result, sorting, history and saved queries.
// Updates wait for an explicit confirmation and go through sparqlUpdate (journaled, undoable).
import { create } from 'zustand';
import type { EditRecord, RdfTerm, SparqlResult } from '../../../../shared/types';
import { ApiError } from '../../../../shared/api-names';
import { api } from '../../api/connection';
import { checkSparql, engineErrorMarker } from '../../editors/sparql-check';
import type { EditorMarker } from '../../editors/MonacoEditor';
import { useVocabulary } from '../../editors/vocabulary';
import { useApp } from '../../state/app-store';
import { errorMessage } from '../../ui/format';
import { GRAPHS } from '../../../../shared/rdf';
import { loadJson, saveJson } from '../../ui/persist';

/** The first default query (it counted the ontology's classes too): replaced where it was kept unchanged. */
const OLD_DEFAULT_QUERY = `PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>

# What kinds of things does the memory hold?
SELECT ?type (COUNT(?s) AS ?count)
WHERE {
  ?s rdf:type ?type .
}
GROUP BY ?type
ORDER BY DESC(?count)
LIMIT 100
`;

export const DEFAULT_QUERY = `PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>

# What kinds of things does the memory hold? Your data only: the graphs of your
# sources, the automatic and extracted graphs, and your own edits (not the ontology).
SELECT ?type (COUNT(DISTINCT ?s) AS ?count)
WHERE {
  GRAPH ?g { ?s rdf:type ?type }
  FILTER(STRSTARTS(STR(?g), "${GRAPHS.source('')}")
      || STRSTARTS(STR(?g), "${GRAPHS.auto('')}")
      || STRSTARTS(STR(?g), "${GRAPHS.extraction('')}")
      || ?g IN (<${GRAPHS.user}>, <${GRAPHS.owner}>))
}
GROUP BY ?type
ORDER BY DESC(?count)
LIMIT 100
`;

export const RESULT_LIMIT = 10_000;

export interface HistoryEntry {
  query: string;
  at: string;
  ok: boolean;
  rows?: number;
  elapsedMs?: number;
}

export interface SavedQuery {
  name: string;
  query: string;
}

export type SortState = { column: string; dir: 'asc' | 'desc' } | null;

interface SparqlState {
  query: string;
  running: boolean;
  result: SparqlResult | null;
  roundTripMs: number | null;
  error: string | null;
  markers: EditorMarker[];
  sort: SortState;
  /** SELECT results as a table or as a chart. */
  resultView: 'table' | 'chart';
  history: HistoryEntry[];
  saved: SavedQuery[];
  pendingUpdate: string | null;
  lastEdit: EditRecord | null;

  setQuery(query: string): void;
  run(): Promise<void>;
  confirmUpdate(): Promise<void>;
  cancelUpdate(): void;
  toggleSort(column: string): void;
  setResultView(view: 'table' | 'chart'): void;
  saveQuery(name: string): void;
  deleteSaved(name: string): void;
  insertPrefixes(): void;
}

const QUERY_KEY = 'engram.sparql.query';
const HISTORY_KEY = 'engram.sparql.history';
const SAVED_KEY = 'engram.sparql.saved';

export const useSparql = create<SparqlState>()((set, get) => ({
  query: ((q: string) => (q === OLD_DEFAULT_QUERY ? DEFAULT_QUERY : q))(loadJson(QUERY_KEY, DEFAULT_QUERY)),
  running: false,
  result: null,
  roundTripMs: null,
  error: null,
  markers: [],
  sort: null,
  resultView: 'table',
  history: loadJson<HistoryEntry[]>(HISTORY_KEY, []),
  saved: loadJson<SavedQuery[]>(SAVED_KEY, []),
  pendingUpdate: null,
  lastEdit: null,

  setQuery(query) {
    set({ query });
    saveJson(QUERY_KEY, query);
  },

  async run() {
    const query = get().query;
    if (!query.trim() || get().running) return;
    const check = checkSparql(query);
    if (check.kind === 'update') {
      if (check.error) {
        set({ markers: [check.error], error: check.error.message });
        return;
      }
      set({ pendingUpdate: query, markers: [] });
      return;
    }
    set({ running: true, error: null, markers: check.error ? [check.error] : [] });
    const started = performance.now();
    try {
      const result = await api().sparqlQuery({ query, limit: RESULT_LIMIT });
      const rows = result.kind === 'select' ? result.rows.length : result.kind === 'graph' ? result.triples : 1;
      set({ result, running: false, roundTripMs: performance.now() - started, markers: [], sort: null });
      pushHistory({ query, at: new Date().toISOString(), ok: true, rows, elapsedMs: result.elapsedMs });
    } catch (err) {
      const message = errorMessage(err);
      const marker = check.error ?? engineErrorMarker(message);
      set({ running: false, error: message, markers: marker ? [marker] : [], result: null });
      pushHistory({ query, at: new Date().toISOString(), ok: false });
    }
  },

  async confirmUpdate() {
    const update = get().pendingUpdate;
    if (!update) return;
    set({ pendingUpdate: null, running: true, error: null });
    try {
      const edit = await api().sparqlUpdate({ update, label: 'SPARQL update' });
      set({ running: false, lastEdit: edit, result: null });
      pushHistory({ query: update, at: new Date().toISOString(), ok: true });
      useApp.getState().notify({
        tone: 'success',
        text: `Update applied as edit #${edit.seq}.`,
        action: { label: 'Undo', run: () => void undoLastEdit() },
      });
    } catch (err) {
      const message = errorMessage(err);
      const marker = engineErrorMarker(message);
      set({ running: false, error: message, markers: marker ? [marker] : [] });
      pushHistory({ query: update, at: new Date().toISOString(), ok: false });
    }
  },

  cancelUpdate: () => set({ pendingUpdate: null }),

  setResultView(resultView) {
    set({ resultView });
  },
  toggleSort(column) {
    const sort = get().sort;
    if (!sort || sort.column !== column) set({ sort: { column, dir: 'asc' } });
    else if (sort.dir === 'asc') set({ sort: { column, dir: 'desc' } });
    else set({ sort: null });
  },

  saveQuery(name) {
    const saved = [...get().saved.filter((s) => s.name !== name), { name, query: get().query }].sort((a, b) => a.name.localeCompare(b.name));
    set({ saved });
    saveJson(SAVED_KEY, saved);
  },

  deleteSaved(name) {
    const saved = get().saved.filter((s) => s.name !== name);
    set({ saved });
    saveJson(SAVED_KEY, saved);
  },

  insertPrefixes() {
    get().setQuery(withPrefixes(get().query, useVocabulary.getState().prefixes));
  },
}));

function pushHistory(entry: HistoryEntry) {
  const history = [entry, ...useSparql.getState().history.filter((h) => h.query !== entry.query)].slice(0, 50);
  useSparql.setState({ history });
  saveJson(HISTORY_KEY, history);
}

export async function undoLastEdit() {
  try {
    const undone = await api().undo({});
    useApp.getState().notify({ tone: 'info', text: undone ? `Undid “${undone.label}”.` : 'Nothing to undo.' });
  } catch (err) {
    useApp.getState().notify({ tone: 'error', text: err instanceof ApiError ? err.message : String(err) });
  }
}

/**
 * Adds PREFIX lines for the prefixes the query uses but does not declare; when nothing is
 * missing, for every known prefix not yet declared.
 */
export function withPrefixes(query: string, prefixes: Record<string, string>): string {
  const declared = new Set([...query.matchAll(/PREFIX\s+([\w-]*):/gi)].map((m) => m[1]));
  const scrubbed = query.replace(/<[^>\s]*>/g, '').replace(/"(?:[^"\\]|\\.)*"/g, '').replace(/#[^\n]*/g, '');
  const used = new Set([...scrubbed.matchAll(/(?:^|[^\w?$:-])([A-Za-z][\w-]*):/g)].map((m) => m[1]));
  let wanted = [...used].filter((p) => !declared.has(p) && prefixes[p]);
  if (wanted.length === 0) wanted = Object.keys(prefixes).filter((p) => !declared.has(p));
  if (wanted.length === 0) return query;
  const lines = wanted.map((p) => `PREFIX ${p}: <${prefixes[p]}>`).join('\n');
  return `${lines}\n${query}`;
}

const NUMERIC = /#(integer|decimal|double|float|long|int|short|byte|nonNegativeInteger|positiveInteger|negativeInteger|nonPositiveInteger|unsignedLong|unsignedInt)$/;

export function compareTerms(a: RdfTerm | undefined, b: RdfTerm | undefined): number {
  if (!a && !b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  if (a.type === 'literal' && b.type === 'literal' && NUMERIC.test(a.datatype ?? '') && NUMERIC.test(b.datatype ?? '')) {
    return Number(a.value) - Number(b.value);
  }
  return a.value.localeCompare(b.value, undefined, { numeric: true });
}

export function sortRows(rows: Record<string, RdfTerm>[], sort: SortState): Record<string, RdfTerm>[] {
  if (!sort) return rows;
  const dir = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x[sort.column];
    const b = y[sort.column];
    if (!a || !b) return compareTerms(a, b); // unbound values stay last either way
    return dir * compareTerms(a, b);
  });
}
