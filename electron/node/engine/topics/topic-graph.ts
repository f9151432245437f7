// The topics of one source as N-Triples for GRAPHS.topics(key): each topic (pcm:Topic, a
// skos:Concept) with its label and, for this source, how many sessions it labels, how often it
// is mentioned there and its first and last mention; each labelled session and each message that
// mentions it linked with sioc:topic; the topic derived from those messages (prov:wasDerivedFrom,
// so the Entities tab shows where it was said).
import { MEMORY_BASE, PREFIXES, entitySlug } from '../../../../shared/rdf';
import { xsdDateTimeOf } from '../../../../shared/dates/wall-clock';
import { iri, stringLiteral, typedLiteral, xsd } from '../stores/graph/ntriples';

const { rdf, rdfs, pcm, skos, sioc, prov } = PREFIXES;

/** The one IRI of a topic in the memory, from its key (the same label is the same topic in every source). */
export function topicIri(key: string): string {
  return `${MEMORY_BASE}topic/${entitySlug(key)}`;
}

export interface TopicOccurrences {
  key: string;
  label: string;
  /** Session IRIs it labels. */
  sessions: string[];
  mentions: number;
  /** Posts that mention it, with their wall clock and offset. */
  posts: { iri: string; timestamp: string; offsetMin: number | null }[];
}

export function topicTriples(topics: TopicOccurrences[]): { ntriples: string; triples: number } {
  // Lines are joined a thousand at a time: a large source's topics link every post that
  // mentions them, and an array of all lines beside their joined text would double the peak.
  const chunks: string[] = [];
  let lines: string[] = [];
  let count = 0;
  // terms written once each (a post's and a topic's IRI come back on many lines)
  const add = (s: string, p: string, o: string) => {
    lines.push(`${s} ${p} ${o} .\n`);
    count++;
    if (lines.length === 1000) (chunks.push(lines.join('')), (lines = []));
  };
  const type = iri(`${rdf}type`);
  const label = iri(`${rdfs}label`);
  const sessionCount = iri(`${pcm}sessionCount`);
  const mentionCount = iri(`${pcm}mentionCount`);
  const firstMentioned = iri(`${pcm}firstMentioned`);
  const lastMentioned = iri(`${pcm}lastMentioned`);
  const hasTopic = iri(`${sioc}topic`);
  const derivedFrom = iri(`${prov}wasDerivedFrom`);
  const topicClass = iri(`${pcm}Topic`);
  const concept = iri(`${skos}Concept`);
  for (const t of topics) {
    const topic = iri(topicIri(t.key));
    add(topic, type, topicClass);
    add(topic, type, concept);
    add(topic, label, stringLiteral(t.label));
    add(topic, sessionCount, xsd.integer(t.sessions.length));
    add(topic, mentionCount, xsd.integer(t.mentions));
    // the first and last mention by one scan (a topic of a large source has many posts)
    let first = t.posts[0];
    let last = t.posts[0];
    for (const p of t.posts) {
      if (p.timestamp < first.timestamp) first = p;
      if (p.timestamp >= last.timestamp) last = p;
    }
    if (first) {
      add(topic, firstMentioned, typedLiteral(xsdDateTimeOf({ local: first.timestamp, offsetMin: first.offsetMin }), `${PREFIXES.xsd}dateTime`));
      add(topic, lastMentioned, typedLiteral(xsdDateTimeOf({ local: last.timestamp, offsetMin: last.offsetMin }), `${PREFIXES.xsd}dateTime`));
    }
    for (const s of t.sessions) add(iri(s), hasTopic, topic);
    for (const p of t.posts) {
      const post = iri(p.iri);
      add(post, hasTopic, topic);
      add(topic, derivedFrom, post);
    }
  }
  chunks.push(lines.join(''));
  return { ntriples: chunks.join(''), triples: count };
}
