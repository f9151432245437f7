// The person's edits to the graph, as the Entities and Graph tabs make them. Each is ONE call
// to the engine, which runs it as one journaled, undoable SPARQL UPDATE (additions in the
// person's graph, removals of machine triples recorded). A notice confirms each edit with Undo.
import { MEMORY_BASE, PREFIXES, entitySlug } from '../../../../shared/rdf';
import type { EditRecord, RdfTerm, TripleInput } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { errorMessage } from '../../ui/format';

const { rdf, rdfs } = PREFIXES;
export const RDF_TYPE = `${rdf}type`;
export const RDFS_LABEL = `${rdfs}label`;

/** Listeners told after every edit, undo and redo (views reload at once, without waiting for the event stream). */
const listeners = new Set<() => void>();
export function onEdited(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function edited() {
  for (const l of listeners) l();
}

async function run<T>(what: string, call: () => Promise<T>, opts: { quiet?: boolean } = {}): Promise<T | null> {
  const app = useApp.getState();
  try {
    const result = await call();
    edited();
    if (!opts.quiet) app.notify({ tone: 'success', text: what, action: { label: 'Undo', run: () => void undo() } });
    return result;
  } catch (err) {
    app.notify({ tone: 'error', text: `${what.replace(/\.$/, '')} failed: ${errorMessage(err)}` });
    return null;
  }
}

export function editTriples(label: string, remove: TripleInput[], add: TripleInput[]): Promise<EditRecord | null> {
  // Blank nodes never reach here (the engine refuses them in one line if they did).
  type Triples = Parameters<ReturnType<typeof api>['editTriples']>[0]['add'];
  return run(label, () => api().editTriples({ label, remove: remove as Triples, add: add as Triples }));
}

export function setLiteral(s: string, p: string, old: RdfTerm | null, next: RdfTerm, label: string) {
  return editTriples(label, old ? [{ s, p, o: old }] : [], [{ s, p, o: next }]);
}

export function removeValue(s: string, p: string, o: RdfTerm, label: string) {
  return editTriples(label, [{ s, p, o }], []);
}

/** Renames: every current label goes, the new one comes (one edit). */
export function rename(iri: string, labels: RdfTerm[], next: string) {
  return editTriples(`Renamed to “${next}”`, labels.map((o) => ({ s: iri, p: RDFS_LABEL, o })), [
    { s: iri, p: RDFS_LABEL, o: { type: 'literal', value: next } },
  ]);
}

export async function createEntity(label: string, classIri: string): Promise<string | null> {
  const r = await run(`Created “${label}”`, () => api().createEntity({ label, classIri }));
  return r?.iri ?? null;
}

/** A new entity's IRI minted here, for edits that create and link it in one step. */
export function mintIri(label: string): string {
  const rand = crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, '0');
  return `${MEMORY_BASE}entity/${entitySlug(label)}-${rand}`;
}

/** Links s —p→ a new entity (typed, labelled), as one edit. */
export function linkToNewEntity(s: string, p: string, label: string, classIri: string, what: string) {
  const iri = mintIri(label);
  return editTriples(what, [], [
    { s: iri, p: RDF_TYPE, o: { type: 'uri', value: classIri } },
    { s: iri, p: RDFS_LABEL, o: { type: 'literal', value: label } },
    { s, p, o: { type: 'uri', value: iri } },
  ]);
}

export function deleteEntity(iri: string, label: string) {
  return run(`Deleted “${label}”`, () => api().deleteEntity({ iri }));
}

export function mergeEntities(keep: string, merge: string, keepLabel: string, mergeLabel: string) {
  return run(`Merged “${mergeLabel}” into “${keepLabel}”`, () => api().mergeEntities({ keep, merge }));
}

export async function undo(): Promise<void> {
  const app = useApp.getState();
  try {
    const r = await api().undo({});
    edited();
    app.notify(r ? { tone: 'info', text: `Undone: ${r.label}`, action: { label: 'Redo', run: () => void redo() } } : { tone: 'info', text: 'Nothing to undo.' });
  } catch (err) {
    app.notify({ tone: 'error', text: `Undo failed: ${errorMessage(err)}` });
  }
}

export async function redo(): Promise<void> {
  const app = useApp.getState();
  try {
    const r = await api().redo({});
    edited();
    app.notify(r ? { tone: 'info', text: `Redone: ${r.label}` } : { tone: 'info', text: 'Nothing to redo.' });
  } catch (err) {
    app.notify({ tone: 'error', text: `Redo failed: ${errorMessage(err)}` });
  }
}
