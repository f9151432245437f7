// The Entities and Graph tabs' edits, each compiled to ONE SPARQL UPDATE. The graph store
// runs it with the person's semantics (removals recorded, additions in the person's graph),
// journals it and can undo it; the edit history shows the update text.
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../../shared/api';
import { MEMORY_BASE, PREFIXES, entitySlug } from '../../../../shared/rdf';
import type { RdfTerm, TripleInput } from '../../../../shared/types';

const RDF_TYPE = `${PREFIXES.rdf}type`;
const RDFS_LABEL = `${PREFIXES.rdfs}label`;

/** An IRI in SPARQL; refuses characters that would end or break the IRI. */
export function iriRef(iri: string): string {
  if (!/^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]*$/i.test(iri)) throw new ApiError('bad_request', `not a valid IRI: ${iri}`);
  return `<${iri}>`;
}

export function literalRef(value: string, datatype?: string, lang?: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  if (lang) {
    if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i.test(lang)) throw new ApiError('bad_request', `not a language tag: ${lang}`);
    return `"${escaped}"@${lang}`;
  }
  if (datatype && datatype !== `${PREFIXES.xsd}string`) return `"${escaped}"^^${iriRef(datatype)}`;
  return `"${escaped}"`;
}

export function termRef(t: RdfTerm): string {
  switch (t.type) {
    case 'uri':
      return iriRef(t.value);
    case 'literal':
      return literalRef(t.value, t.datatype, t.lang);
    default:
      throw new ApiError('bad_request', `a ${t.type} cannot be written in an edit; use an IRI or a literal`);
  }
}

const tripleRef = (t: TripleInput) => `${iriRef(t.s)} ${iriRef(t.p)} ${termRef(t.o)} .`;

/** Removes and adds statements (edit a literal, add/remove a value, change a type, rename, draw an edge). */
export function editTriplesUpdate(remove: TripleInput[], add: TripleInput[]): string {
  if (!remove.length && !add.length) throw new ApiError('bad_request', 'the edit changes nothing');
  const parts: string[] = [];
  if (remove.length) parts.push(`DELETE DATA {\n  ${remove.map(tripleRef).join('\n  ')}\n}`);
  if (add.length) parts.push(`INSERT DATA {\n  ${add.map(tripleRef).join('\n  ')}\n}`);
  return parts.join(' ;\n');
}

/** A readable, unique IRI for a new entity in the memory's namespace. */
export function newEntityIri(label: string): string {
  return `${MEMORY_BASE}entity/${entitySlug(label)}-${randomUUID().slice(0, 8)}`;
}

export function createEntityUpdate(iri: string, label: string, classIri: string): string {
  return editTriplesUpdate([], [
    { s: iri, p: RDF_TYPE, o: { type: 'uri', value: classIri } },
    { s: iri, p: RDFS_LABEL, o: { type: 'literal', value: label } },
  ]);
}

/** Deletes an entity: every statement about it and every statement pointing at it. */
export function deleteEntityUpdate(iri: string): string {
  const x = iriRef(iri);
  return `DELETE WHERE { ${x} ?p ?o } ;\nDELETE WHERE { ?s ?p ${x} }`;
}

/**
 * Merges `merge` into `keep`: every statement is rewritten onto `keep` (as subject and as
 * object), and `keep pcm:mergedFrom merge` keeps the trace.
 */
export function mergeEntitiesUpdate(keep: string, merge: string): string {
  if (keep === merge) throw new ApiError('bad_request', 'an entity cannot be merged into itself');
  const k = iriRef(keep);
  const m = iriRef(merge);
  return [
    `DELETE { ${m} ?p ?o } INSERT { ${k} ?p ?o } WHERE { ${m} ?p ?o FILTER(?p != <${PREFIXES.pcm}mergedFrom> || ?o != ${k}) }`,
    `DELETE { ?s ?p ${m} } INSERT { ?s ?p ${k} } WHERE { ?s ?p ${m} FILTER(?s != ${k} || ?p != <${PREFIXES.pcm}mergedFrom>) }`,
    `INSERT DATA { ${k} <${PREFIXES.pcm}mergedFrom> ${m} }`,
  ].join(' ;\n');
}
