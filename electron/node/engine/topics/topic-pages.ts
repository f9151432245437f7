// What the workbench shows of topics: the timeline's topic lane (the top topics as rows across
// time) and a topic's page (its description and its history, sessions, messages, related
// entities, and the stances on it).
import { PREFIXES } from '../../../../shared/rdf';
import type { TopicDescriptionInfo, TopicDetail, TopicLane } from '../../../../shared/types';
import type { EntityService } from '../entities/entity-service';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { iri } from '../stores/graph/ntriples';
import type { StanceService } from './stances';
import type { TopicService } from './topic-service';

const { rdfs, prov, pcm, schema, dcterms, rdf } = PREFIXES;

export interface TopicPageDeps {
  chat: ChatStore;
  graph: GraphStore;
  topics: TopicService;
  stances: StanceService;
  entities: EntityService;
}

/** Rows of the lane by default. */
export const LANE_TOPICS = 12;

/** The top topics (most often among their sessions' first three labels) and their sessions. */
export function topicLane(topics: TopicService, sourceIds?: number[], limit = LANE_TOPICS): TopicLane {
  return topics.keptPerRevision(`lane ${sourceIds?.join(',') ?? ''}|${limit}`, () => laneOf(topics, sourceIds, limit));
}

function laneOf(topics: TopicService, sourceIds: number[] | undefined, limit: number): TopicLane {
  const top = topics
    .topics(sourceIds)
    .sort((a, b) => b.top3 - a.top3 || b.sessions - a.sessions || b.mentions - a.mentions || a.label.localeCompare(b.label))
    .slice(0, limit);
  const index = new Map(top.map((t, i) => [t.key, i]));
  const cells: TopicLane['cells'] = [];
  for (const r of topics.sessionRows(sourceIds)) {
    const i = index.get(r.key);
    if (i !== undefined) cells.push({ sessionId: r.sessionId, topic: i, rank: r.rank, mentions: r.mentions });
  }
  return { topics: top, cells };
}

/** A topic's page, or null when no session has it. */
export async function topicDetail(deps: TopicPageDeps, topicIri: string): Promise<TopicDetail | null> {
  const topic = deps.topics.topics().find((t) => t.iri === topicIri);
  if (!topic) return null;
  const rows = deps.topics.rowsOf(topic.key);
  const sessions = new Map(deps.chat.listSessions().map((s) => [s.id, s]));
  const messageIds = [...new Set(rows.flatMap((r) => r.messageIds))];
  const messages = deps.chat.getMessages(messageIds).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id);
  const [related, descriptions, stances] = await Promise.all([
    relatedEntities(deps, topicIri, messages.map((m) => m.iri)),
    topicDescriptions(deps.graph, deps.chat, topicIri),
    deps.stances.list({ subject: topic.label }),
  ]);
  return {
    topic,
    description: descriptions.find((d) => d.current) ?? null,
    descriptions,
    sessions: rows
      .map((r) => ({ session: sessions.get(r.sessionId)!, rank: r.rank, mentions: r.mentions }))
      .filter((s) => s.session)
      .sort((a, b) => a.session.start.localeCompare(b.session.start)),
    messages: messages.slice(0, 200),
    related,
    stances,
  };
}

/** Entities derived from the topic's messages (not topics, not the messages' own structure), most shared first. */
async function relatedEntities(deps: TopicPageDeps, topicIri: string, posts: string[]): Promise<TopicDetail['related']> {
  if (!posts.length) return [];
  const res = await deps.graph.request({
    op: 'query',
    sparql: `SELECT ?e (SAMPLE(?l) AS ?label) (COUNT(DISTINCT ?post) AS ?n) (GROUP_CONCAT(DISTINCT STR(?t); separator=" ") AS ?types) WHERE {
      VALUES ?post { ${posts.slice(0, 500).map(iri).join(' ')} }
      GRAPH ?g { ?e <${prov}wasDerivedFrom> ?post }
      FILTER(?e != <${topicIri}>)
      FILTER NOT EXISTS { ?e a <${pcm}Topic> }
      ?e <${rdfs}label> ?l .
      OPTIONAL { ?e a ?t }
    } GROUP BY ?e ORDER BY DESC(?n) LIMIT 30`,
    limit: 30,
  });
  if (res.kind !== 'select') return [];
  return Promise.all(
    res.rows.map(async (r) => ({
      iri: r.e.value,
      label: r.label?.value ?? r.e.value,
      shared: Number(r.n.value),
      category: await deps.entities.categoryOf((r.types?.value ?? '').split(' ').filter(Boolean)),
    })),
  );
}

/** A model's descriptions of a topic, oldest first; the current one marked. */
export async function topicDescriptions(graph: GraphStore, chat: ChatStore, topicIri: string): Promise<TopicDescriptionInfo[]> {
  const res = await graph.request({
    op: 'query',
    sparql: `SELECT ?d ?text ?date ?model ?kind ?current ?old ?post WHERE {
      GRAPH ?g { ?d <${pcm}describesTopic> <${topicIri}> ; <${schema}description> ?text }
      OPTIONAL { ?d <${dcterms}created> ?date }
      OPTIONAL { ?d <${prov}wasAttributedTo>/<${rdfs}label> ?model }
      OPTIONAL { ?d <${rdf}type> ?kind FILTER(?kind = <${pcm}TopicDescription>) }
      OPTIONAL { <${topicIri}> <${pcm}currentDescription> ?current FILTER(?current = ?d) }
      OPTIONAL { ?d <${pcm}supersedes> ?old }
      OPTIONAL { ?d <${prov}wasDerivedFrom> ?post }
    }`,
    limit: 10_000,
  });
  if (res.kind !== 'select') return [];
  const byIri = new Map<string, TopicDescriptionInfo & { posts: Set<string> }>();
  for (const r of res.rows) {
    let d = byIri.get(r.d.value);
    if (!d) {
      d = { iri: r.d.value, text: r.text.value, kind: 'summary', date: r.date?.value.slice(0, 10) ?? null, model: r.model?.value ?? null, current: false, supersedes: [], messageIds: [], posts: new Set() };
      byIri.set(r.d.value, d);
    }
    if (r.current) d.current = true;
    if (r.old && !d.supersedes.includes(r.old.value)) d.supersedes.push(r.old.value);
    if (r.post) d.posts.add(r.post.value);
  }
  const all = [...byIri.values()];
  const ids = new Map(chat.messagesByIri([...new Set(all.flatMap((d) => [...d.posts]))]).map((m) => [m.iri, m.id]));
  return all
    .map(({ posts, ...d }) => ({ ...d, kind: d.supersedes.length ? ('update' as const) : ('summary' as const), messageIds: [...posts].map((p) => ids.get(p)).filter((x): x is number => x !== undefined) }))
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || (a.kind === 'update' ? 1 : 0) - (b.kind === 'update' ? 1 : 0));
}
