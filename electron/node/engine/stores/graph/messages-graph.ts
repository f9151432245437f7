// The messages graph of one source: its conversations as sioc:Threads, sessions, every message
// as a sioc:Post, and the speakers. Derived from the chat table, so it can always be rebuilt;
// IRIs come from content keys, so they are stable across re-imports.
//
// A post is lean: its type, its speaker, its session and its time (4 triples). What a message
// says lives in SQLite (and the search index), which every reader of a message's text uses;
// its conversation, order and reply are reached through its session, so repeating them on
// every post only cost memory (Oxigraph's in-memory store holds ~340 bytes per quad: 11 triples
// with the text came to ~1.5 KB per message and a 7 M-triple N-Triples string for a 1 GB export).
// The graph is written in chunks of a bounded size, loaded one after another.
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
  hasParent: iri(`${sioc}has_parent`),
  hasCreator: iri(`${sioc}has_creator`),
  title: iri(`${dcterms}title`),
  isPartOf: iri(`${dcterms}isPartOf`),
  created: iri(`${dcterms}created`),
  chatSession: iri(`${pcm}ChatSession`),
  sessionOrdinal: iri(`${pcm}sessionOrdinal`),
  inSession: iri(`${pcm}inSession`),
  softwareAgent: iri(`${prov}SoftwareAgent`),
  agent: iri(`${foaf}Agent`),
  person: iri(`${foaf}Person`),
  name: iri(`${foaf}name`),
};

/** The classes and properties every messages graph uses (its vocabulary, without reading it). */
export const MESSAGES_GRAPH_TYPES = [`${sioc}Container`, `${sioc}Thread`, `${sioc}Post`, `${pcm}ChatSession`, `${prov}SoftwareAgent`, `${foaf}Agent`, `${foaf}Person`];
export const MESSAGES_GRAPH_PREDICATES = [
  `${rdf}type`, `${rdfs}label`, `${dcterms}title`, `${sioc}has_parent`, `${dcterms}isPartOf`, `${pcm}sessionOrdinal`,
  `${dcterms}created`, `${foaf}name`, `${sioc}has_creator`, `${pcm}inSession`,
];

/** Triples written per message, per session, per conversation, per source and per speaker (see `sourceGraphChunks`). */
export const TRIPLES_PER = { post: 4, session: 5, conversation: 4, source: 2, person: 3, assistant: 4 } as const;
/** Links between nodes (not rdf:type) per message, session and conversation: what `edges` counts. */
export const EDGES_PER = { post: 2, session: 1, conversation: 1 } as const;

/** A part of a messages graph: its N-Triples, how many triples and how many of them are links. */
export interface GraphChunk {
  ntriples: string;
  triples: number;
  edges: number;
}

/** Messages per chunk of N-Triples: bounds the string built and handed to the store at once. */
export const GRAPH_CHUNK_MESSAGES = 20_000;

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

/** Counts of a source's messages graph, as the chat table gives them (ChatStore.graphShape). */
export interface SourceGraphCounts {
  messages: number;
  sessions: number;
  conversations: number;
  /** Distinct (speaker, role) pairs: several may share one speaker IRI. */
  speakers: { speaker: string; role: string }[];
}

/** The triples and links a source's messages graph holds, computed from its counts without building it. */
export function sourceGraphSize(c: SourceGraphCounts): { triples: number; edges: number } {
  const iris = new Map<string, boolean>();
  for (const s of c.speakers) iris.set(speakerIri(s.speaker, s.role), s.role === 'assistant');
  let speakers = 0;
  for (const assistant of iris.values()) speakers += assistant ? TRIPLES_PER.assistant : TRIPLES_PER.person;
  if (c.messages === 0) return { triples: 0, edges: 0 };
  return {
    triples: TRIPLES_PER.source + c.conversations * TRIPLES_PER.conversation + c.sessions * TRIPLES_PER.session + speakers + c.messages * TRIPLES_PER.post,
    edges: c.messages * EDGES_PER.post + c.sessions * EDGES_PER.session + c.conversations * EDGES_PER.conversation,
  };
}

/**
 * N-Triples of a source's messages graph, in chunks of about `chunkMessages` messages each
 * (the caller loads each into the source's named graph before the next is built).
 */
export function* sourceGraphChunks(input: SourceGraphInput, chunkMessages = GRAPH_CHUNK_MESSAGES): Generator<GraphChunk> {
  let w = new TripleWriter();
  const source = iri(sourceIri(input.sourceKey));
  let wroteSource = false;

  const seenConversations = new Set<string>();
  const seenSessions = new Set<string>();
  const speakers = new Map<string, string>();
  const seenSpeakers = new Set<string>();
  let inChunk = 0;
  let edges = 0;

  for (const m of input.messages) {
    if (!wroteSource) {
      wroteSource = true;
      w.add(source, A, T.container);
      w.add(source, LABEL, stringLiteral(input.sourceName));
    }
    const conv = iri(conversationIri(m.conversationIriKey));
    if (!seenConversations.has(conv)) {
      seenConversations.add(conv);
      w.add(conv, A, T.thread);
      w.add(conv, T.title, stringLiteral(m.conversationTitle));
      w.add(conv, LABEL, stringLiteral(m.conversationTitle));
      w.add(conv, T.hasParent, source);
      edges += EDGES_PER.conversation;
    }
    const session = iri(sessionIri(m.sessionIriKey));
    if (!seenSessions.has(session)) {
      seenSessions.add(session);
      w.add(session, A, T.chatSession);
      w.add(session, T.isPartOf, conv);
      w.add(session, T.sessionOrdinal, xsd.integer(m.sessionOrdinal));
      w.add(session, T.created, xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
      w.add(session, LABEL, stringLiteral(`${m.conversationTitle} · session ${m.sessionOrdinal}`));
      edges += EDGES_PER.session;
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
    w.add(post, T.hasCreator, speaker);
    w.add(post, T.inSession, session);
    w.add(post, T.created, xsd.dateTime(xsdDateTimeOf({ local: m.timestamp, offsetMin: m.tzOffsetMin })));
    edges += EDGES_PER.post;
    if (++inChunk >= chunkMessages) {
      yield { ntriples: w.toString(), triples: w.size, edges };
      w = new TripleWriter();
      inChunk = 0;
      edges = 0;
    }
  }
  if (w.size) yield { ntriples: w.toString(), triples: w.size, edges };
}

/** The whole messages graph of a source as one N-Triples string (small sources, tests). */
export function buildSourceGraph(input: SourceGraphInput): { ntriples: string; triples: number } {
  let ntriples = '';
  let triples = 0;
  for (const chunk of sourceGraphChunks(input, Number.MAX_SAFE_INTEGER)) {
    ntriples += chunk.ntriples;
    triples += chunk.triples;
  }
  return { ntriples, triples };
}
