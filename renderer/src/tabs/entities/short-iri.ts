// A short name for an IRI: a prefixed name, or its path inside the memory ("entity/pixel").
import { compactIri, MEMORY_BASE } from '../../../../shared/rdf';

export function shortIri(iri: string, prefixes?: Record<string, string>): string {
  const compact = compactIri(iri, prefixes);
  if (!compact.startsWith('<')) return compact;
  return iri.startsWith(MEMORY_BASE) ? iri.slice(MEMORY_BASE.length) : iri;
}
