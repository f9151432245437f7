// The demo memory's knowledge graph, written by hand (resources/demo/demo-graph.ttl).
//
// It names messages by their demo ids (`msg:charity-10k-004`); here those become the posts'
// IRIs in this memory. It is stored as a machine graph, like an extraction's output, so the
// person's edits to it behave exactly as they would on extracted triples.
import fs from 'node:fs';
import { GRAPHS } from '../../../../shared/rdf';
import { resourcePath } from '../paths';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { ox, parseRdf, type Term } from '../stores/graph/rdf-io';
import { shiftLiteral } from './demo-shift';

/** The namespace the demo graph uses for messages. */
export const DEMO_MESSAGE_NS = 'urn:engram-demo:message:';
export const DEMO_GRAPH = GRAPHS.extraction('demo-by-hand');

/**
 * Loads the demo graph for the demo source. `rename` maps IRIs of the file to others: the demo
 * person's speaker IRI to the memory's owner (OWNER_IRI), as an extraction of an owner's
 * messages would write it. `shift` moves its dates as the demo's messages were moved.
 */
export async function loadDemoGraph(chat: ChatStore, graph: GraphStore, sourceId: number, rename: ReadonlyMap<string, string> = new Map(), shift: { days: number; year: number } = { days: 0, year: 0 }): Promise<boolean> {
  const file = resourcePath('demo', 'demo-graph.ttl');
  if (!fs.existsSync(file)) return false;
  const byExternalId = new Map<string, string>();
  for (const m of chat.iterateSourceMessages(sourceId)) if (m.externalId) byExternalId.set(m.externalId, m.iri);
  const toPost = <T extends Term>(t: T): T => {
    if (t.termType === 'NamedNode' && rename.has(t.value)) return ox.namedNode(rename.get(t.value)!) as unknown as T;
    // dates moved as the demo's messages were (import/demo-shift.ts)
    if (t.termType === 'Literal' && shift.days) {
      const value = shiftLiteral(t.value, t.datatype.value, shift.days, shift.year);
      if (value !== t.value) return (t.language ? ox.literal(value, t.language) : ox.literal(value, t.datatype)) as unknown as T;
    }
    if (t.termType !== 'NamedNode' || !t.value.startsWith(DEMO_MESSAGE_NS)) return t;
    const id = t.value.slice(DEMO_MESSAGE_NS.length);
    const iri = byExternalId.get(id);
    if (!iri) throw new Error(`demo-graph.ttl names message '${id}', which the demo memory does not have`);
    return ox.namedNode(iri) as unknown as T;
  };
  let ntriples = '';
  for (const q of parseRdf(fs.readFileSync(file, 'utf8'), 'turtle')) {
    ntriples += `${toPost(q.subject).toString()} ${q.predicate.toString()} ${toPost(q.object).toString()} .\n`;
  }
  await graph.request({ op: 'replaceGraph', graph: DEMO_GRAPH, data: ntriples, format: 'n-triples', asEdit: false, label: 'Demo knowledge graph', respectRemovals: true });
  return true;
}
