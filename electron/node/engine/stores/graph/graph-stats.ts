// The graph's statistics (triples, graphs, nodes, links, the most used types) without scanning
// the messages graphs: their nodes are the chat table's rows (a post per message, a node per
// session, conversation, source and speaker, each with its fixed types), their triples and
// links are counted as they are written (graph-meta.ts), and only the other graphs (extraction,
// the person's own…) are scanned, by the worker, once per change to them. A node both sides
// describe (a speaker the extraction also describes) is counted once.
import { localName, PREFIXES } from '../../../../../shared/rdf';
import type { TypeCount } from '../../../../../shared/types';
import type { MessagesGraphCounts } from '../chat/chat-store';
import type { OtherGraphsStats } from './graph-meta';
import { speakerIri } from './messages-graph';

const { sioc, pcm, prov, foaf } = PREFIXES;

export interface GraphStats {
  triples: number;
  graphs: number;
  nodes: number;
  edges: number;
  topTypes: TypeCount[];
}

/** The types the messages graphs give each kind of node (messages-graph.ts). */
function messageTypes(iri: string, speakers: Map<string, boolean>): string[] {
  const assistant = speakers.get(iri);
  if (assistant !== undefined) return assistant ? [`${prov}SoftwareAgent`, `${foaf}Agent`] : [`${foaf}Person`];
  if (iri.includes('/post/')) return [`${sioc}Post`];
  if (iri.includes('/session/')) return [`${pcm}ChatSession`];
  if (iri.includes('/conversation/')) return [`${sioc}Thread`];
  if (iri.includes('/source/')) return [`${sioc}Container`];
  return [];
}

export function combineGraphStats(input: {
  triples: number;
  graphs: number;
  /** Links in the messages graphs, as written. */
  messagesEdges: number;
  counts: MessagesGraphCounts;
  others: OtherGraphsStats;
  /** rdfs:label of classes (graph-meta.ts). */
  typeLabels: Map<string, string>;
  /** Which of these post, session, conversation or source IRIs the messages graphs hold. */
  presentInMessages: (iris: string[]) => Set<string>;
  topTypes?: number;
}): GraphStats {
  const { counts, others } = input;
  // Speaker IRIs (several names may share one), assistant or not.
  const speakers = new Map<string, boolean>();
  for (const s of counts.speakers) speakers.set(speakerIri(s.speaker, s.role), s.role === 'assistant');
  const people = [...speakers.values()].filter((a) => !a).length;
  const agents = speakers.size - people;
  const types = new Map<string, number>(others.types);
  const add = (t: string, n: number) => n && types.set(t, (types.get(t) ?? 0) + n);
  add(`${sioc}Post`, counts.messages);
  add(`${pcm}ChatSession`, counts.sessions);
  add(`${sioc}Thread`, counts.conversations);
  add(`${sioc}Container`, counts.sources);
  add(`${foaf}Person`, people);
  add(`${prov}SoftwareAgent`, agents);
  add(`${foaf}Agent`, agents);
  // Nodes both sides hold: once, with each type both sides give it once.
  const others_ = others.shared.filter(([iri]) => !speakers.has(iri)).map(([iri]) => iri);
  const present = others_.length ? input.presentInMessages(others_) : new Set<string>();
  let overlap = 0;
  for (const [iri, otherTypes] of others.shared) {
    if (!speakers.has(iri) && !present.has(iri)) continue;
    overlap++;
    for (const t of messageTypes(iri, speakers)) if (otherTypes.includes(t)) add(t, -1);
  }
  const messageNodes = counts.messages + counts.sessions + counts.conversations + counts.sources + speakers.size;
  const labels = input.typeLabels;
  const topTypes = [...types]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, input.topTypes ?? 12)
    .map(([iri, count]) => ({ iri, label: labels.get(iri) ?? localName(iri), count }));
  return {
    triples: input.triples,
    graphs: input.graphs,
    nodes: others.nodes + messageNodes - overlap,
    edges: others.edges + input.messagesEdges,
    topTypes,
  };
}
