// The ontology as the editors need it: classes (with labels, parents, categories and counts,
// from classTree) and properties (label, kind, domain, range, from the ontology graph plus the
// properties in use). Drives completion of properties and classes, the literal editor's
// datatype, and which entities fit a link. Reloaded when the graph changes.
import { create } from 'zustand';
import { compactIri, GRAPHS, localName, PREFIXES } from '../../../../shared/rdf';
import type { ClassNode } from '../../../../shared/types';
import { api } from '../../api/connection';

const { owl, rdf, rdfs, xsd } = PREFIXES;

export type PropertyKind = 'object' | 'datatype' | 'annotation' | 'unknown';

export interface PropertyInfo {
  iri: string;
  label: string;
  comment: string | null;
  kind: PropertyKind;
  domains: string[];
  ranges: string[];
  inOntology: boolean;
}

interface OntologyState {
  version: number | null;
  classes: ClassNode[];
  classByIri: Map<string, ClassNode>;
  properties: PropertyInfo[];
  propertyByIri: Map<string, PropertyInfo>;
  error: string | null;
  load(version: number, force?: boolean): Promise<void>;
}

const KINDS: Record<string, PropertyKind> = {
  [`${owl}ObjectProperty`]: 'object',
  [`${owl}DatatypeProperty`]: 'datatype',
  [`${owl}AnnotationProperty`]: 'annotation',
  [`${rdf}Property`]: 'unknown',
};

/** Built-in properties every memory uses, described even without an ontology. */
const BUILT_IN: PropertyInfo[] = [
  { iri: `${rdfs}label`, label: 'label', comment: 'The name shown for this thing.', kind: 'annotation', domains: [], ranges: [`${xsd}string`], inOntology: true },
  { iri: `${rdfs}comment`, label: 'comment', comment: 'A note about this thing.', kind: 'annotation', domains: [], ranges: [`${xsd}string`], inOntology: true },
];

let loading: Promise<void> | null = null;

export const useOntology = create<OntologyState>()((set, get) => ({
  version: null,
  classes: [],
  classByIri: new Map(),
  properties: [],
  propertyByIri: new Map(),
  error: null,
  async load(version, force = false) {
    if (!force && get().version === version) return;
    if (loading) await loading;
    if (!force && get().version === version) return;
    set({ version });
    loading = (async () => {
      try {
        const [classes, rows, vocab] = await Promise.all([
          api().classTree({}),
          api().sparqlQuery({
            query: `SELECT ?p ?k (SAMPLE(?l) AS ?label) (SAMPLE(?c) AS ?comment)
              (GROUP_CONCAT(DISTINCT STR(?d); separator=" ") AS ?domains) (GROUP_CONCAT(DISTINCT STR(?r); separator=" ") AS ?ranges)
              WHERE { GRAPH <${GRAPHS.ontology}> {
                ?p a ?k VALUES ?k { <${owl}ObjectProperty> <${owl}DatatypeProperty> <${owl}AnnotationProperty> <${rdf}Property> }
                OPTIONAL { ?p <${rdfs}label> ?l } OPTIONAL { ?p <${rdfs}comment> ?c }
                OPTIONAL { ?p <${rdfs}domain> ?d } OPTIONAL { ?p <${rdfs}range> ?r } } } GROUP BY ?p ?k`,
          }),
          api().vocabulary({}),
        ]);
        const byIri = new Map<string, PropertyInfo>(BUILT_IN.map((p) => [p.iri, p]));
        if (rows.kind === 'select') {
          for (const r of rows.rows) {
            const iri = r.p.value;
            const prev = byIri.get(iri);
            const kind = KINDS[r.k.value] ?? 'unknown';
            byIri.set(iri, {
              iri,
              label: r.label?.value ?? prev?.label ?? localName(iri),
              comment: r.comment?.value ?? prev?.comment ?? null,
              kind: prev && prev.kind !== 'unknown' ? prev.kind : kind,
              domains: r.domains?.value ? r.domains.value.split(' ') : (prev?.domains ?? []),
              ranges: r.ranges?.value ? r.ranges.value.split(' ') : (prev?.ranges ?? []),
              inOntology: true,
            });
          }
        }
        for (const iri of vocab.properties) {
          if (!byIri.has(iri)) byIri.set(iri, { iri, label: localName(iri), comment: null, kind: 'unknown', domains: [], ranges: [], inOntology: false });
        }
        const properties = [...byIri.values()].sort((a, b) => a.label.localeCompare(b.label));
        set({ classes, classByIri: new Map(classes.map((c) => [c.iri, c])), properties, propertyByIri: byIri, error: null });
      } catch (err) {
        set({ error: err instanceof Error ? err.message : String(err), version: null });
      }
    })();
    await loading;
    loading = null;
  },
}));

/** The class and every asserted ancestor. */
export function ancestorsOf(classIri: string, classByIri: Map<string, ClassNode>): Set<string> {
  const seen = new Set([classIri]);
  const stack = [classIri];
  while (stack.length) {
    for (const p of classByIri.get(stack.pop()!)?.parents ?? []) if (!seen.has(p)) seen.add(p), stack.push(p);
  }
  return seen;
}

/** Does a thing with these types fit one of the ranges (or is there no range to fit)? */
export function fitsClasses(types: string[], classes: string[], classByIri: Map<string, ClassNode>): boolean {
  if (!classes.length) return true;
  const wanted = new Set(classes);
  return types.some((t) => [...ancestorsOf(t, classByIri)].some((a) => wanted.has(a)));
}

/** Is a property's value a link to another entity (rather than a literal)? */
export function isLinkProperty(p: PropertyInfo | undefined): boolean {
  if (!p) return false;
  if (p.kind === 'object') return true;
  if (p.kind === 'datatype' || p.kind === 'annotation') return false;
  return p.ranges.some((r) => !r.startsWith(xsd) && r !== `${rdfs}Literal`);
}

/** The datatype a property's range asks for (xsd:string when none). */
export function datatypeOf(p: PropertyInfo | undefined): string {
  const r = p?.ranges.find((x) => x.startsWith(xsd));
  return r ?? `${xsd}string`;
}

/** Text to match a property or class against: label, prefixed name, comment. */
export function termText(t: { iri: string; label: string; comment?: string | null }): string {
  return `${t.label} ${compactIri(t.iri)} ${t.comment ?? ''}`.toLowerCase();
}

/** Ranks terms for typed text: label prefix, then word prefix, then anywhere. */
export function rankTerms<T extends { iri: string; label: string; comment?: string | null }>(terms: T[], text: string, limit = 40, boost?: (t: T) => number): T[] {
  const q = text.trim().toLowerCase();
  const scored: [number, T][] = [];
  for (const t of terms) {
    const label = t.label.toLowerCase();
    const compact = compactIri(t.iri).toLowerCase();
    let score = -1;
    if (!q) score = 1;
    else if (label.startsWith(q) || compact.split(':')[1]?.startsWith(q)) score = 4;
    else if (compact.startsWith(q)) score = 3.5;
    else if (label.split(/[\s()/-]+/).some((w) => w.startsWith(q))) score = 3;
    else if (label.includes(q) || compact.includes(q)) score = 2;
    else if (termText(t).includes(q)) score = 1;
    if (score >= 0) scored.push([score + (boost?.(t) ?? 0), t]);
  }
  return scored.sort((a, b) => b[0] - a[0] || a[1].label.localeCompare(b[1].label)).slice(0, limit).map(([, t]) => t);
}
