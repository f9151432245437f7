// Ask's route to topics and stances over time (docs/topics.md): three kinds of question that
// neither message search nor a fact template answers well.
//   - "When did we talk about X?" → the sessions topic X labels, with their dates;
//   - "What did I say about X over time?" / "How did my view of X change?" → the stances on X
//     (oldest first, with validity) and the sessions of topic X;
//   - "Do I still like X?" / "Do I still work at X?" → the current stance on X and what it replaced.
// It answers only when the memory has the topic or a stance on it; otherwise the question goes on
// to the other routes as before. The answer cites the messages behind it, and the query shown is
// one the person can run in the SPARQL tab.
import { GRAPHS, PREFIXES } from '../../../../shared/rdf';
import type { AskAnswer, AskEvidenceMessage, AskSparqlPlan, MessageRow, StanceHistory, StanceInfo } from '../../../../shared/types';
import { formatDate } from '../../../../shared/dates/calendar';
import type { ChatStore } from '../stores/chat/chat-store';
import { labelKey } from '../topics/phrases';
import type { StanceService } from '../topics/stances';
import type { TopicAggregate, TopicService } from '../topics/topic-service';

export type TopicQuestionKind = 'when' | 'over-time' | 'still';

export interface TopicQuestion {
  kind: TopicQuestionKind;
  /** What it is about, as asked ("pottery", "like climbing"). */
  subject: string;
}

// "when did we first / last talk about X" is the occurrence route's (occurrence.ts): one message, not the sessions
const WHEN = /\bwhen (?:did|have) (?:we|i|you) (?:ever )?(?:talk|chat|speak|discuss|talked|chatted|spoke)(?:ed)?(?: about| of)? (.+?)[?.!]*$/i;
const OVER_TIME = [
  /\bwhat (?:did|have) (?:i|we) (?:say|said|told|written|write) about (.+?) over (?:the )?(?:time|years|months)[?.!]*$/i,
  /\bhow (?:did|has|have) (?:my|our) (?:view|views|opinion|opinions|stance|feelings?|take) (?:on|of|about) (.+?) changed?[?.!]*$/i,
  /\bhow (?:did|has) (.+?) changed? over time[?.!]*$/i,
];
const STILL = /\b(?:do|am) i still (.+?)[?.!]*$/i;

/** The kind of topic question, or null for any other question. */
export function readTopicQuestion(question: string): TopicQuestion | null {
  const q = question.trim();
  const when = WHEN.exec(q);
  if (when) return { kind: 'when', subject: trimSubject(when[1]) };
  for (const re of OVER_TIME) {
    const m = re.exec(q);
    if (m) return { kind: 'over-time', subject: trimSubject(m[1]) };
  }
  const still = STILL.exec(q);
  if (still) return { kind: 'still', subject: trimSubject(still[1]) };
  return null;
}

function trimSubject(s: string): string {
  return s.replace(/^(?:the|my|our|a|an)\s+/i, '').replace(/\s+(?:at all|anymore|any more|these days|now)$/i, '').trim();
}

/** Verbs of a "do I still …" question that say which kind of stance is asked about. */
const STANCE_VERBS = /^(?:like|love|enjoy|hate|dislike|prefer|want|go to|go|work (?:at|for|as)|work|live in|live|belong to|play|do|have|own|eat|drink)\s+/i;

export interface TopicalAnswer {
  kind: TopicQuestionKind;
  answer: Omit<AskAnswer, 'citations'> & { citations: string[] };
  evidence: AskEvidenceMessage[];
  sparql: AskSparqlPlan;
  why: string[];
}

export class TopicRoute {
  constructor(
    private readonly topics: TopicService,
    private readonly stances: StanceService,
    private readonly chat: ChatStore,
  ) {}

  /** The answer to a topic question, or null when it is not one or the memory has nothing on it. */
  async answer(question: string, me: { iris: string[]; name: string }, sourceIds?: number[]): Promise<TopicalAnswer | null> {
    const q = readTopicQuestion(question);
    if (!q) return null;
    if (q.kind === 'when') return this.when(q, sourceIds);
    if (q.kind === 'over-time') return this.overTime(q, me, sourceIds);
    return this.still(q, me);
  }

  /** Topics whose label's words are all in the subject ("pottery class" finds "pottery" and "pottery class"). */
  private findTopics(subject: string, sourceIds?: number[]): TopicAggregate[] {
    const want = new Set(labelKey(subject).split(' ').filter(Boolean));
    if (!want.size) return [];
    return this.topics.topics(sourceIds).filter((t) => t.key.split(' ').every((w) => want.has(w)));
  }

  private async when(q: TopicQuestion, sourceIds?: number[]): Promise<TopicalAnswer | null> {
    const found = this.findTopics(q.subject, sourceIds);
    if (!found.length) return null;
    const labelled = found.flatMap((t) => this.topics.rowsOf(t.key));
    // Only the sessions the topic labels (in scope), not the whole memory's.
    const ids = [...new Set(labelled.map((r) => r.sessionId))];
    const sessions = new Map(this.chat.listSessions(sourceIds, ids.length <= 10_000 ? { ids } : {}).map((s) => [s.id, s]));
    const rows = labelled.filter((r) => sessions.has(r.sessionId));
    const sessionIds = [...new Set(rows.map((r) => r.sessionId))].sort((a, b) => sessions.get(a)!.start.localeCompare(sessions.get(b)!.start));
    if (!sessionIds.length) return null;
    const label = found[0].label;
    // one message a session: the first that mentions it
    const firstIds = sessionIds.map((id) => Math.min(...rows.filter((r) => r.sessionId === id).flatMap((r) => r.messageIds)));
    const messages = this.chat.getMessages(firstIds).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    const evidence = messages.map((m, i) => ev(m, i, `mentions "${label}" (session ${sessions.get(m.sessionId)?.index})`));
    const dates = sessionIds.map((id) => formatDate(sessions.get(id)!.start.slice(0, 10), 'd MMM yyyy'));
    const refs = evidence.map((e) => e.ref);
    const text = sessionIds.length === 1 ? `We talked about ${label} on ${dates[0]} [${refs[0]}].` : `We talked about ${label} in ${sessionIds.length} sessions: ${dates.map((d, i) => `${d} [${refs[i] ?? refs[refs.length - 1]}]`).join(', ')}.`;
    return {
      kind: 'when',
      answer: { text, status: 'answered', how: 'from the topics found in your sessions (the topic graph)', route: 'graph', source: 'graph', citations: refs },
      evidence,
      sparql: topicQuery(found.map((t) => t.iri), 'topic-sessions', [`"${q.subject}" is the topic ${found.map((t) => `"${t.label}"`).join(', ')}: the sessions it labels, by date`]),
      why: [`'when did we talk about …' → the sessions of the topic "${label}"`],
    };
  }

  private async overTime(q: TopicQuestion, me: { iris: string[] }, sourceIds?: number[]): Promise<TopicalAnswer | null> {
    const stances = (await this.stances.list({ subject: q.subject })).filter((h) => isMe(h, me));
    const found = this.findTopics(q.subject, sourceIds);
    if (!stances.length && !found.length) return null;
    const parts: string[] = [];
    const evidence: AskEvidenceMessage[] = [];
    for (const h of stances.slice(0, 3)) {
      const steps = h.history.map((s) => {
        const m = this.firstMessageOf(s, s.validFrom);
        let ref = '';
        if (m) {
          const e = ev(m, evidence.length, `said "${s.label}"`);
          evidence.push(e);
          ref = ` [${e.ref}]`;
        }
        return `${s.validFrom ? formatDate(s.validFrom, 'd MMM yyyy') : 'undated'}: ${s.label}${s.iri === h.current.iri ? ' (current)' : ''}${ref}`;
      });
      parts.push(`${capital(h.subject)} — ${steps.join('; then ')}`);
    }
    if (found.length) {
      const rows = found.flatMap((t) => this.topics.rowsOf(t.key));
      const ids = [...new Set(rows.flatMap((r) => r.messageIds))];
      const messages = this.chat.getMessages(ids).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      const mine = messages.filter((m) => m.role !== 'assistant').slice(0, 6);
      for (const m of mine) evidence.push(ev(m, evidence.length, `mentions "${found[0].label}"`));
      const first = rows.length ? formatDate(found[0].first.slice(0, 10), 'd MMM yyyy') : '';
      const last = rows.length ? formatDate(found[0].last.slice(0, 10), 'd MMM yyyy') : '';
      parts.push(`The topic "${found[0].label}" comes up in ${found[0].sessions} session${found[0].sessions === 1 ? '' : 's'}, from ${first} to ${last}${mine.length ? `; what was said, oldest first: ${mine.map((m, i) => `[${evidence[evidence.length - mine.length + i].ref}]`).join(' ')}` : ''}.`);
    }
    return {
      kind: 'over-time',
      answer: { text: parts.join(' '), status: 'answered', how: 'from the topics found in your sessions and the stances on them', route: 'graph', source: 'graph', citations: evidence.map((e) => e.ref) },
      evidence,
      sparql: stances.length ? stanceQuery(stances[0]) : topicQuery(found.map((t) => t.iri), 'topic-sessions', []),
      why: [`'what did I say about … over time' → ${stances.length ? `${stances.length} stance history(ies)` : 'no stance'}${found.length ? ` and the topic "${found[0].label}"` : ''}`],
    };
  }

  private async still(q: TopicQuestion, me: { iris: string[] }): Promise<TopicalAnswer | null> {
    const object = q.subject.replace(STANCE_VERBS, '');
    const stances = (await this.stances.list({ subject: object })).filter((h) => isMe(h, me));
    const h = stances.sort((a, b) => b.history.length - a.history.length)[0];
    if (!h) return null;
    const cur = h.current;
    const positive = (v: string) => /^(loves|likes|prefers|enjoys)$/.test(v);
    const askedPositive = !/^(hate|dislike)/i.test(q.subject);
    const evidence: AskEvidenceMessage[] = [];
    const m = this.firstMessageOf(cur, cur.statedOn.at(-1) ?? cur.validFrom);
    if (m) evidence.push(ev(m, 0, `the latest statement: "${cur.label}"`));
    const prev = h.history.filter((s) => s.iri !== cur.iri).at(-1);
    const since = cur.statedOn.at(-1) ?? cur.validFrom;
    const when = since ? ` (${formatDate(since, 'd MMM yyyy')})` : '';
    const cite = evidence[0] ? ` [${evidence[0].ref}]` : '';
    let text: string;
    if (h.kind === 'preference') {
      const holds = positive(cur.value) === askedPositive;
      text = `${holds ? 'Yes' : 'No'} — the latest you said is "${cur.label}"${when}${cite}.`;
    } else {
      const same = labelKey(object).split(' ').every((w) => labelKey(`${cur.label} ${cur.value}`).split(' ').includes(w));
      text = `${same ? 'Yes' : 'No'} — the current ${h.subject} is "${cur.label}"${when}${cite}.`;
    }
    if (prev) text += ` Before: "${prev.label}"${prev.validFrom ? ` from ${formatDate(prev.validFrom, 'd MMM yyyy')}` : ''}${prev.validUntil ? ` until ${formatDate(prev.validUntil, 'd MMM yyyy')}` : ''}.`;
    return {
      kind: 'still',
      answer: { text, status: 'answered', how: 'from your stances over time (the one said last is current)', route: 'graph', source: 'graph', citations: evidence.map((e) => e.ref) },
      evidence,
      sparql: stanceQuery(h),
      why: [`'do I still …' → the current stance on "${h.subject}" (the one stated last)`],
    };
  }

  /** The message that stated a stance on a date (else its first message). */
  private firstMessageOf(stance: StanceInfo, date: string | null): MessageRow | null {
    const messages = this.chat.messagesByIri(stance.posts).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    return messages.find((m) => date && m.date === date) ?? messages[0] ?? null;
  }
}

function isMe(h: StanceHistory, me: { iris: string[] }): boolean {
  return me.iris.includes(h.person.iri);
}

const capital = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function ev(m: MessageRow, i: number, why: string): AskEvidenceMessage {
  return { ref: `m${i + 1}`, message: m, route: 'graph', score: 3 - i * 0.01, why };
}

function topicQuery(topics: string[], template: string, explanation: string[]): AskSparqlPlan {
  const { pcm, sioc, rdfs, dcterms } = PREFIXES;
  return {
    origin: 'template',
    template,
    explanation,
    query: `SELECT ?topic ?label ?session ?start WHERE {
  VALUES ?topic { ${topics.map((t) => `<${t}>`).join(' ')} }
  ?topic a <${pcm}Topic> ; <${rdfs}label> ?label .
  ?session <${sioc}topic> ?topic ; a <${pcm}ChatSession> ; <${dcterms}created> ?start .
} ORDER BY ?start`,
  };
}

function stanceQuery(h: StanceHistory): AskSparqlPlan {
  const { pcm, rdfs } = PREFIXES;
  return {
    origin: 'template',
    template: 'stance-history',
    explanation: [`the stances on "${h.subject}", their validity and what superseded what (graph ${GRAPHS.stances})`],
    query: `SELECT ?stance ?label ?from ?until ?supersededBy WHERE {
  VALUES ?stance { ${h.history.map((s) => `<${s.iri}>`).join(' ')} }
  ?stance <${rdfs}label> ?label .
  OPTIONAL { ?stance <${pcm}validFrom> ?from }
  OPTIONAL { ?stance <${pcm}validUntil> ?until }
  OPTIONAL { ?stance <${pcm}supersededBy> ?supersededBy }
} ORDER BY ?from`,
  };
}
