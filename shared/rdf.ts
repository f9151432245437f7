// Namespaces used across the engine and the workbench.

/** Base namespace of the person's memory: every IRI Engram mints starts here. */
export const MEMORY_BASE = 'https://engram.local/memory/';

export const PREFIXES: Record<string, string> = {
  mem: MEMORY_BASE,
  pcm: 'https://w3id.org/pcm#',
  schema: 'https://schema.org/',
  ob: 'https://w3id.org/ontobio#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  prov: 'http://www.w3.org/ns/prov#',
  sioc: 'http://rdfs.org/sioc/ns#',
  sioct: 'http://rdfs.org/sioc/types#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  bio: 'http://purl.org/vocab/bio/0.1/',
  rel: 'http://purl.org/vocab/relationship/',
  oc: 'https://w3id.org/opencare#',
  dcterms: 'http://purl.org/dc/terms/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

export const GRAPHS = {
  ontology: `${MEMORY_BASE}graph/ontology`,
  user: `${MEMORY_BASE}graph/user`,
  userRemoved: `${MEMORY_BASE}graph/user-removed`,
  source: (sourceKey: string) => `${MEMORY_BASE}graph/source/${sourceKey}`,
  extraction: (chunkKey: string) => `${MEMORY_BASE}graph/extract/${chunkKey}`,
  /** What the automatic (no model) extraction found in one source's messages. */
  auto: (sourceKey: string) => `${MEMORY_BASE}graph/auto/${sourceKey}`,
  /**
   * Automatic triples of one source that a model's extraction superseded: kept as reified
   * records (pcm:SupersededStatement), so that no query sees them as facts, and restored when
   * the model's chunk goes away (docs/extraction.md, "Three origins").
   */
  autoSuperseded: (sourceKey: string) => `${MEMORY_BASE}graph/auto-superseded/${sourceKey}`,
  /** The memory's owner ("you") and the speakers that are the owner (owl:sameAs). */
  owner: `${MEMORY_BASE}graph/owner`,
  /** Topics of one source's sessions found without a model (docs/topics.md). */
  topics: (sourceKey: string) => `${MEMORY_BASE}graph/topics/${sourceKey}`,
  /** A model's topic summary of one window of rounds, or one topic update (docs/topics.md). */
  topicModel: (key: string) => `${MEMORY_BASE}graph/topic-model/${key}`,
  /** Stances over time: validity and succession of the preferences and facts that change. */
  stances: `${MEMORY_BASE}graph/stances`,
};

/** Graphs written without a model: the automatic extraction, its superseded records, topics, stances. */
export function isAutomaticGraph(graph: string): boolean {
  return graph.startsWith(GRAPHS.auto('')) || graph.startsWith(GRAPHS.autoSuperseded('')) || graph.startsWith(GRAPHS.topics('')) || graph === GRAPHS.stances;
}

/** Graphs a model wrote: its extraction chunks and its topic summaries and updates. */
export function isModelGraph(graph: string): boolean {
  return graph.startsWith(GRAPHS.extraction('')) || graph.startsWith(GRAPHS.topicModel(''));
}

/** `?g` is a graph written without a model (a SPARQL condition; superseded records left out). */
export function automaticGraphCondition(g = '?g'): string {
  return `(STRSTARTS(STR(${g}), "${GRAPHS.auto('')}") || STRSTARTS(STR(${g}), "${GRAPHS.topics('')}") || ${g} = <${GRAPHS.stances}>)`;
}

/** `?g` is a graph a model wrote (a SPARQL condition). */
export function modelGraphCondition(g = '?g'): string {
  return `(STRSTARTS(STR(${g}), "${GRAPHS.extraction('')}") || STRSTARTS(STR(${g}), "${GRAPHS.topicModel('')}"))`;
}

/** The one individual that is the memory's owner, whatever the sources call them. */
export const OWNER_IRI = `${MEMORY_BASE}person/owner`;

/** `PREFIX p: <iri>` lines for every known prefix. */
export function sparqlPrefixes(prefixes: Record<string, string> = PREFIXES): string {
  return Object.entries(prefixes)
    .map(([p, iri]) => `PREFIX ${p}: <${iri}>`)
    .join('\n');
}

/** The shortest prefixed name for an IRI, or the IRI in angle brackets. */
export function compactIri(iri: string, prefixes: Record<string, string> = PREFIXES): string {
  let best: [string, string] | null = null;
  for (const [p, ns] of Object.entries(prefixes)) {
    if (iri.startsWith(ns) && (!best || ns.length > best[1].length)) best = [p, ns];
  }
  if (best) {
    const local = iri.slice(best[1].length);
    if (/^[A-Za-z0-9_][A-Za-z0-9_.\-]*$/.test(local) && !local.endsWith('.')) return `${best[0]}:${local}`;
  }
  return `<${iri}>`;
}

/** The last segment of an IRI, for a label when nothing better exists. */
export function localName(iri: string): string {
  const m = /[#/]([^#/]+)$/.exec(iri);
  return m ? decodeURIComponent(m[1]) : iri;
}

/** The readable part of a new entity's IRI: its label, ASCII, lower-case, hyphenated. */
export function entitySlug(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);
  return slug || 'entity';
}
