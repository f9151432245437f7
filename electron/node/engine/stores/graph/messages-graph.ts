// The messages graph of one source: its conversations as sioc:Threads, sessions, every
// message as a sioc:Post and prov:Entity, and the speakers. Derived from the chat table, so
// it can always be rebuilt; IRIs come from content keys, so they are stable across re-imports.
import { MEMORY_BASE, PREFIXES } from '../../../../../shared/rdf';
import type { GraphRow } from '../chat-store';
import { xsdDateTimeOf } from '../../common/wall-clock';
import { iri, stringLiteral, TripleWriter, xsd } from './ntriples';

const { rdf, rdfs, sioc, prov, dcterms, foaf, pcm } = PREFIXES;
const A = iri(`${rdf}type`);
const LABEL = iri(`${rdfs}label`);

/** What the messages graph needs of a message (the chat store reads it with sourceGraphRows). */
export type GraphMessage = GraphRow;

export interface SourceGraphInput {
  sourceKey: string;
  sourceName: string;
  messages: Iterable<GraphMessage>;
}

export const sourceIri = (key: string) => `${MEMORY_BASE}source/${key}`;
export const conversationIri = (key: string) => `${MEMORY_BASE}conversation/${key}`;
export const sessionIri = (key: string) => `${MEMORY_BASE}session/${key}`;

/** Speakers become people; assistants become software agents. */
export function speakerIri(speaker: string, role: string): string {
  const slug = speaker
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'unknown';
  return `${MEMORY_BASE}${role === 'assistant' ? 'agent' : 'person'}/${slug}`;
}

/** N-Triples of a source's messages graph (the caller loads it into the source's named graph). */
export function buildSourceGraph(input: SourceGraphInput): { ntriples: string; triples: number } {
  const w = new TripleWriter();
  const source = iri(sourceIri(input.sourceKey));
  w.add(source, A, iri(`${sioc}Container`));
  w.add(source, LABEL, stringLiteral(input.sourceName));

  const seenConversations = new Set<string>();
  const seenSessions = new Set<string>();
  const seenSpeakers = new Set<string>();
  let previous: { conversation: string; post: string } | null = null;

  for (const m of input.messages) {
    const conv = iri(conversationIri(m.conversationIriKey));
    if (!seenConversations.has(conv)) {
      seenConversations.add(conv);
      w.add(conv, A, iri(`${sioc}Thread`));
      w.add(conv, iri(`${dcterms}title`), stringLiteral(m.conversationTitle));
      w.add(conv, LABEL, stringLiteral(m.conversationTitle));
      w.add(conv, iri(`${sioc}has_parent`), source);
    }
    const session = iri(sessionIri(m.sessionIriKey));
    if (!seenSessions.has(session)) {
      seenSessions.add(session);
      w.add(session, A, iri(`${pcm}ChatSession`));
      w.add(session, iri(`${dcterms}isPartOf`), conv);
      w.add(session, iri(`${pcm}sessionOrdinal`), xsd.integer(m.sessionOrdinal));
      w.add(session, iri(`${dcterms}created`), xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
      w.add(session, LABEL, stringLiteral(`${m.conversationTitle} · session ${m.sessionOrdinal}`));
    }
    const speaker = speakerIri(m.speaker, m.role);
    if (!seenSpeakers.has(speaker)) {
      seenSpeakers.add(speaker);
      if (m.role === 'assistant') {
        w.add(iri(speaker), A, iri(`${prov}SoftwareAgent`));
        w.add(iri(speaker), A, iri(`${foaf}Agent`));
      } else {
        w.add(iri(speaker), A, iri(`${foaf}Person`));
      }
      w.add(iri(speaker), iri(`${foaf}name`), stringLiteral(m.speaker));
      w.add(iri(speaker), LABEL, stringLiteral(m.speaker));
    }
    const post = iri(m.iri);
    w.add(post, A, iri(`${sioc}Post`));
    w.add(post, A, iri(`${prov}Entity`));
    w.add(post, iri(`${sioc}content`), stringLiteral(m.text));
    w.add(post, iri(`${dcterms}created`), xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
    w.add(post, iri(`${sioc}has_creator`), iri(speaker));
    w.add(post, iri(`${sioc}has_container`), conv);
    w.add(post, iri(`${pcm}inSession`), session);
    w.add(post, iri(`${pcm}responseIndex`), xsd.integer(m.responseIndex));
    w.add(post, iri(`${pcm}turnIndex`), xsd.integer(m.turnIndex));
    if (m.externalId) w.add(post, iri(`${dcterms}identifier`), stringLiteral(m.externalId));
    if (previous && previous.conversation === conv) w.add(post, iri(`${sioc}reply_of`), previous.post);
    previous = { conversation: conv, post };
  }
  return { ntriples: w.toString(), triples: w.size };
}
