// The messages graph of one source: its conversations as sioc:Threads, sessions, every
// message as a sioc:Post and prov:Entity, and the speakers. Derived from the chat table, so
// it can always be rebuilt; IRIs come from content keys, so they are stable across re-imports.
import { MEMORY_BASE, PREFIXES } from '../../../../../shared/rdf';
import type { GraphRow } from '../chat/chat-store';
import { xsdDateTimeOf } from '../../../../../shared/dates/wall-clock';
import { iri, stringLiteral, TripleWriter, xsd } from './ntriples';

const { rdf, rdfs, sioc, prov, dcterms, foaf, pcm } = PREFIXES;
// Terms written for every message, made once.
const A = iri(`${rdf}type`);
const LABEL = iri(`${rdfs}label`);
const T = {
  container: iri(`${sioc}Container`),
  thread: iri(`${sioc}Thread`),
  post: iri(`${sioc}Post`),
  content: iri(`${sioc}content`),
  hasParent: iri(`${sioc}has_parent`),
  hasCreator: iri(`${sioc}has_creator`),
  hasContainer: iri(`${sioc}has_container`),
  replyOf: iri(`${sioc}reply_of`),
  title: iri(`${dcterms}title`),
  isPartOf: iri(`${dcterms}isPartOf`),
  created: iri(`${dcterms}created`),
  identifier: iri(`${dcterms}identifier`),
  chatSession: iri(`${pcm}ChatSession`),
  sessionOrdinal: iri(`${pcm}sessionOrdinal`),
  inSession: iri(`${pcm}inSession`),
  responseIndex: iri(`${pcm}responseIndex`),
  turnIndex: iri(`${pcm}turnIndex`),
  softwareAgent: iri(`${prov}SoftwareAgent`),
  entity: iri(`${prov}Entity`),
  agent: iri(`${foaf}Agent`),
  person: iri(`${foaf}Person`),
  name: iri(`${foaf}name`),
};

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
  w.add(source, A, T.container);
  w.add(source, LABEL, stringLiteral(input.sourceName));

  const seenConversations = new Set<string>();
  const seenSessions = new Set<string>();
  const speakers = new Map<string, string>();
  const seenSpeakers = new Set<string>();
  let previous: { conversation: string; post: string } | null = null;

  for (const m of input.messages) {
    const conv = iri(conversationIri(m.conversationIriKey));
    if (!seenConversations.has(conv)) {
      seenConversations.add(conv);
      w.add(conv, A, T.thread);
      w.add(conv, T.title, stringLiteral(m.conversationTitle));
      w.add(conv, LABEL, stringLiteral(m.conversationTitle));
      w.add(conv, T.hasParent, source);
    }
    const session = iri(sessionIri(m.sessionIriKey));
    if (!seenSessions.has(session)) {
      seenSessions.add(session);
      w.add(session, A, T.chatSession);
      w.add(session, T.isPartOf, conv);
      w.add(session, T.sessionOrdinal, xsd.integer(m.sessionOrdinal));
      w.add(session, T.created, xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
      w.add(session, LABEL, stringLiteral(`${m.conversationTitle} · session ${m.sessionOrdinal}`));
    }
    const speakerKey = `${m.role}\u0000${m.speaker}`;
    let speaker = speakers.get(speakerKey);
    if (!speaker) {
      speaker = iri(speakerIri(m.speaker, m.role));
      speakers.set(speakerKey, speaker);
    }
    if (!seenSpeakers.has(speaker)) {
      seenSpeakers.add(speaker);
      if (m.role === 'assistant') {
        w.add(speaker, A, T.softwareAgent);
        w.add(speaker, A, T.agent);
      } else {
        w.add(speaker, A, T.person);
      }
      w.add(speaker, T.name, stringLiteral(m.speaker));
      w.add(speaker, LABEL, stringLiteral(m.speaker));
    }
    const post = iri(m.iri);
    w.add(post, A, T.post);
    w.add(post, A, T.entity);
    w.add(post, T.content, stringLiteral(m.text));
    w.add(post, T.created, xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
    w.add(post, T.hasCreator, speaker);
    w.add(post, T.hasContainer, conv);
    w.add(post, T.inSession, session);
    w.add(post, T.responseIndex, xsd.integer(m.responseIndex));
    w.add(post, T.turnIndex, xsd.integer(m.turnIndex));
    if (m.externalId) w.add(post, T.identifier, stringLiteral(m.externalId));
    if (previous && previous.conversation === conv) w.add(post, T.replyOf, previous.post);
    previous = { conversation: conv, post };
  }
  return { ntriples: w.toString(), triples: w.size };
}
