// Ask: questions in plain language answered from the memory (docs/ask.md).
//
// One turn: the question is made self-contained from the conversation's earlier turns,
// planned by the timeline planner (its time references), classified and routed — time and
// session questions to the timeline, content to message search, entities / events / counts /
// lists / dates / preferences / current values to SPARQL over the graph and to message search
// as well, since the graph may miss what the messages say. The rows and messages are ranked,
// values are computed in code, and the answer (the LLM's, citing the evidence, or offline the
// computed value or the best evidence stated plainly) is kept with its plan, results, evidence,
// warnings and timings. Every turn is stored; its SPARQL can be edited and run again.
import { ApiError } from '../../../../shared/api';
import { GRAPHS } from '../../../../shared/rdf';
import type { AskAnswer, AskComputation, AskEvidenceMessage, AskPlan, AskResults, AskRoute, AskSparqlPlan, AskSparqlResults, AskTurn, MessageRow, TimelinePlan } from '../../../../shared/types';
import type { ExtractionService } from '../extraction/service';
import { clientOf } from '../extraction/settings';
import type { OllamaClient } from '../llm/ollama';
import type { ChatStore } from '../stores/chat/chat-store';
import { sourceIri, speakerIri } from '../stores/graph/messages-graph';
import type { GraphStore } from '../stores/graph/graph-store';
import type { SearchIndex } from '../stores/search-index';
import type { Timeline } from '../timeline/timeline';
import type { DialogueTurn } from '../timeline/rewrite';
import { analyzeQuestion, classificationOf, topicWords, type Analysis } from './analyze';
import { inWords } from './phrasing';
import { answerFromMessages, answerFromTimeline, betweenFromMessages, interpretRows, type Interpretation, type MessageAnswer } from './answer';
import { expectedAnswer, type AnswerKind } from './answer-type';
import { findDates } from './compute';
import { addDays, endOfDay, longDate, spanWords } from '../../../../shared/dates/calendar';
import { xsdDateTimeOf } from '../../../../shared/dates/wall-clock';
import { PREFIXES } from '../../../../shared/rdf';
import { valuesOf } from './sentences';
import { ContentSearch } from './content';
import { rewriteFollowUp, turnEntities } from './followup';
import { graphEvidence, rankRows, runAskQuery, ASK_ROW_CAP } from './graph-route';
import { citationsIn, writeAnswer, writeSparql } from './llm';
import { checkReadOnly, SparqlRefused } from './sparql-safety';
import { titleOf, type AskConversationStore } from '../stores/ask-conversations';
import type { Owner } from '../owner/owner-service';
import { buildTemplate, isFactLabelGraph, TEMPLATES, type TemplateId, type TemplateQuery } from './templates';
import type { TopicRoute } from './topic-route';
import { graphConfidence } from './confidence';
import { asksFirstOrLast, asksHowLongSince, asksHowOftenTalked, asksWhoTalkedMostAbout, whoMostAnswer, countMentions, dayOfDateValue, firstAndLastMention, firstOrLastMention, howLongSince, mentionAnswer, whenMentionedAnswer, mentionCountAnswer, mentionTopic, topicPhrase, type MentionRow } from './occurrence';
import { withImageDescription } from '../stores/chat/message-extra';

/** Who "I" is in a question. */
export interface Me {
  name: string;
  iri: string;
  /** Every IRI that is this person (for VALUES ?me). */
  iris: string[];
  /** Their speaker names in the sources in scope. */
  speakers: string[];
  /** The memory's owner (answers about them are in the second person), or the person "I" was read as. */
  owner: boolean;
  note?: string;
}

export interface AskDeps {
  chat: ChatStore;
  /** Ask conversations and their turns (stores/ask-conversations.ts). */
  conversations: AskConversationStore;
  search: SearchIndex;
  graph: GraphStore;
  timeline: () => Timeline;
  extraction: ExtractionService;
  /** The memory's owner ("you"). */
  owner: () => Owner;
  /** Questions about topics and stances over time ("when did we talk about X", "do I still …"). */
  topicRoute?: TopicRoute;
  /** Each session's topic labels (the topic pass), for "what did we talk about …" answers. */
  sessionTopics?: (sessionIds: number[]) => Map<number, string[]>;
}

export interface AskInput {
  conversationId?: number;
  question: string;
  /** ISO-8601; default: the clock. */
  now?: string;
  sourceIds?: number[];
  /** Use the LLM when Ollama is ready (default true). */
  llm?: boolean;
  /** Dialogue before the question that is not an Ask conversation (the batch interface). */
  context?: DialogueTurn[];
  /** Locale setting of the timeline's dates (numeric dates, holidays). */
  locale?: string;
}

export interface AskOptions {
  /** Messages kept as evidence (the batch interface asks for more). */
  evidence?: number;
  /** Messages the search route retrieves. */
  searchK?: number;
}

type Draft = Omit<AskTurn, 'id' | 'seq' | 'conversationId'>;

interface SparqlOverride {
  query: string;
  generated?: string;
  template?: TemplateId;
  origin: AskSparqlPlan['origin'];
}

/** A timeline plan that replaces the planned one (the person's edit, or the generated one kept). */
interface TimelineOverride {
  plan: TimelinePlan;
  /** Absent: the planner's explanation. */
  explanation?: string[];
  /** Set when the plan is the person's edit: the plan as planned. */
  generated?: TimelinePlan;
}

/** What a re-run keeps or replaces of a turn's plan (a re-run never rewrites the question again). */
interface Rerun {
  sparql?: SparqlOverride;
  timeline?: TimelineOverride;
}

const SEARCH_K = 25;
/** Messages searched for the first or last time something was talked about. */
const MENTION_K = 200;
/** Full-text hits read to count how often something was talked about (beyond it, "at least"). */
const MENTION_COUNT_CAP = 5_000;
const EVIDENCE_MAX = 20;
export const TIMELINE_LIMIT = 200;
const LLM_CHECK_TTL_MS = 30_000;

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

export class AskService {
  readonly store: AskConversationStore;
  readonly content: ContentSearch;
  private llmCheck: { at: number; client: OllamaClient | null } | null = null;

  constructor(private readonly deps: AskDeps) {
    this.store = deps.conversations;
    this.content = new ContentSearch(deps.chat, deps.search, deps.extraction.embeddings);
  }

  // ---- conversations

  /** Asks a question in a conversation (a new one when none is given) and stores the turn. */
  async ask(input: AskInput): Promise<AskTurn> {
    const question = input.question.trim();
    if (!question) throw new ApiError('bad_request', 'ask: the question is empty');
    let conversationId = input.conversationId;
    if (conversationId !== undefined && !this.store.hasConversation(conversationId)) throw new ApiError('not_found', `no Ask conversation ${conversationId}`);
    const earlier = conversationId !== undefined ? this.store.turns(conversationId) : [];
    const draft = await this.answer({ ...input, question }, earlier);
    conversationId ??= this.store.createConversation(titleOf(question), draft.createdAt);
    return this.store.insertTurn({ ...draft, conversationId });
  }

  /** Runs an edited query in place of the turn's generated one; results, evidence and answer follow. */
  async rerunSparql(turnId: number, sparql: string): Promise<AskTurn> {
    const turn = this.store.getTurn(turnId);
    if (!turn) throw new ApiError('not_found', `no Ask turn ${turnId}`);
    const earlier = this.store.turns(turn.conversationId, turn.seq);
    const previous = turn.plan.sparql;
    const generated = previous?.generated ?? previous?.query;
    const unchanged = previous && normalize(sparql) === normalize(previous.origin === 'person' ? (previous.generated ?? '') : previous.query);
    const override: SparqlOverride = unchanged && previous
      ? { query: sparql, origin: previous.origin === 'person' ? (previous.template ? 'template' : 'llm') : previous.origin, template: previous.template as TemplateId | undefined, generated: undefined }
      : { query: sparql, origin: 'person', generated, template: previous?.template as TemplateId | undefined };
    const draft = await this.answer({ question: turn.rewrite, now: turn.now, sourceIds: turn.sourceIds, conversationId: turn.conversationId }, earlier, {}, { sparql: override, timeline: keptTimeline(turn) });
    return this.replaceTurn(turn, draft);
  }

  /**
   * Runs an edited timeline plan in place of the turn's planned one (as rerunSparql does for the
   * query): the timeline route runs the person's plan, and its rows, the evidence and the answer
   * follow. The turn records that the plan was edited and keeps the planned one; running the
   * planned plan again returns the turn to it. A query the person edited is kept.
   */
  async rerunPlan(turnId: number, plan: TimelinePlan): Promise<AskTurn> {
    const turn = this.store.getTurn(turnId);
    if (!turn) throw new ApiError('not_found', `no Ask turn ${turnId}`);
    const previous = turn.plan.timeline;
    if (!previous) throw new ApiError('bad_request', `Ask turn ${turnId} has no timeline plan (its question did not go to the timeline)`);
    const earlier = this.store.turns(turn.conversationId, turn.seq);
    const generated = previous.edited && previous.generated ? previous.generated : previous.plan;
    // back to the planned plan: its explanation is the planner's again
    const timeline: TimelineOverride = samePlan(plan, generated)
      ? { plan: generated, explanation: previous.edited ? undefined : previous.explanation }
      : { plan, generated, explanation: ['edited and run by the person'] };
    const sparql = turn.plan.sparql?.origin === 'person' ? { query: turn.plan.sparql.query, origin: 'person' as const, generated: turn.plan.sparql.generated, template: turn.plan.sparql.template as TemplateId | undefined } : undefined;
    const draft = await this.answer({ question: turn.rewrite, now: turn.now, sourceIds: turn.sourceIds, conversationId: turn.conversationId }, earlier, {}, { sparql, timeline });
    return this.replaceTurn(turn, draft);
  }

  /** A re-run's draft stored in place of the turn (same id, place and question). */
  private replaceTurn(turn: AskTurn, draft: Draft): AskTurn {
    const updated: AskTurn = {
      ...draft,
      id: turn.id,
      seq: turn.seq,
      conversationId: turn.conversationId,
      question: turn.question,
      rewrite: turn.rewrite,
      rewritten: turn.rewritten,
      createdAt: turn.createdAt,
    };
    this.store.updateTurn(updated);
    return updated;
  }

  listConversations() {
    return this.store.listConversations();
  }

  /** A conversation with its turns; evidence messages are refreshed from the chat table (deleted ones drop out). */
  getConversation(id: number) {
    const c = this.store.getConversation(id);
    if (!c) return null;
    const ids = [...new Set(c.turns.flatMap((t) => t.evidence.messages.map((e) => e.message.id)))];
    const fresh = new Map(this.deps.chat.getMessages(ids).map((m) => [m.id, m]));
    for (const t of c.turns) {
      const before = t.evidence.messages.length;
      t.evidence.messages = t.evidence.messages.filter((e) => fresh.has(e.message.id)).map((e) => ({ ...e, message: fresh.get(e.message.id)! }));
      if (t.evidence.messages.length < before) t.warnings = [...t.warnings, `${before - t.evidence.messages.length} evidence message(s) no longer exist (their source was deleted)`];
    }
    return c;
  }

  deleteConversation(id: number): boolean {
    return this.store.deleteConversation(id);
  }

  // ---- the pipeline

  /**
   * Who "I" is in a question: the memory's owner (OwnerService) when a source in scope maps one
   * of its speakers to them, with every IRI that is the owner (`iris`, for VALUES ?me). When the
   * owner is a speaker of none of the sources in scope (a log between two other people), the
   * most active person there, and `note` says so (the turn warns whom "I" was read as).
   */
  me(sourceIds?: number[]): Me {
    const owner = this.deps.owner();
    const scope = sourceIds?.length ? owner.sources.filter((s) => sourceIds.includes(s.sourceId)) : owner.sources;
    if (!scope.length || scope.some((s) => s.speaker)) {
      const speakers = [...new Set(scope.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
      return { name: owner.name, iri: owner.iri, iris: owner.iris, speakers, owner: true };
    }
    const counts = new Map<string, { role: string; n: number }>();
    for (const s of scope) {
      for (const x of this.speakersIn([s.sourceId])) {
        if (x.role === 'assistant' || x.role === 'system') continue;
        const c = counts.get(x.speaker) ?? { role: x.role, n: 0 };
        c.n += x.messages;
        counts.set(x.speaker, c);
      }
    }
    const [name, top] = [...counts].sort((a, b) => b[1].n - a[1].n)[0] ?? ['Me', { role: 'user', n: 0 }];
    const iri = speakerIri(name, top.role);
    const sources = scope.map((s) => s.sourceName).join(', ');
    return { name, iri, iris: [iri], speakers: [name], owner: false, note: `You are not a speaker of ${sources}: "I" and "my" were read as ${name} (set who you are with \`engram owner\` or in Settings)` };
  }

  /**
   * The person a question names when it is not "I": a speaker of the sources in scope named in
   * it ("What did Noor paint?", "Ana's new job"), with every IRI that is them (the owner's
   * IRIs when that speaker is the owner). Null when it names none, or only "me".
   */
  private subjectOf(question: string, me: Me, sourceIds?: number[]): Me | null {
    const people = this.speakersIn(sourceIds).filter((s) => s.role !== 'assistant' && s.role !== 'system');
    const lower = question.toLowerCase();
    const named = people.filter((p) => {
      const first = p.speaker.toLowerCase().split(/\s+/)[0];
      return first.length > 1 && new RegExp(`\\b${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:'s|’s)?\\b`, 'i').test(lower);
    });
    if (named.length !== 1) return null;
    const p = named[0];
    if (me.speakers.includes(p.speaker)) return null;
    const iri = speakerIri(p.speaker, p.role);
    return { name: p.speaker, iri, iris: [iri], speakers: [p.speaker], owner: false };
  }

  /** The speakers of a scope with their message counts (kept per version of the chat table by the store). */
  private speakersIn(sourceIds?: number[]): readonly { speaker: string; role: string; messages: number }[] {
    return this.deps.chat.listSpeakers(sourceIds?.length ? sourceIds : undefined);
  }

  /** The IRIs of the sources in scope (none: the whole memory). */
  private sourceIris(sourceIds?: number[]): string[] | undefined {
    if (!sourceIds?.length) return undefined;
    const keys = this.deps.chat.listSources().filter((s) => sourceIds.includes(s.id)).map((s) => s.key);
    return keys.map(sourceIri);
  }

  /**
   * The who-most template's rows (person, name, messages, last) from the chat table: messages
   * per speaker in the period, without the person and the assistant, as the graph's posts per
   * creator would give them (speakers whose names make one IRI are one person).
   */
  private whoMostRows(a: Analysis, me: { iri: string; iris?: string[] }): Omit<AskSparqlResults, 'ranked'> {
    const t0 = performance.now();
    const mine = new Set([me.iri, ...(me.iris ?? [])]);
    const people = new Map<string, { name: string; messages: number; last: string }>();
    for (const r of this.deps.chat.messagesPerSpeaker(a.period ? { from: a.period.from, to: a.period.to } : undefined)) {
      const iri = speakerIri(r.speaker, r.role);
      if (mine.has(iri)) continue;
      const last = xsdDateTimeOf({ local: r.lastLocal, offsetMin: r.lastOffsetMin });
      const p = people.get(iri);
      if (p) {
        p.messages += r.messages;
        if (last > p.last) p.last = last;
      } else people.set(iri, { name: r.speaker, messages: r.messages, last });
    }
    const rows = [...people]
      .sort((x, y) => y[1].messages - x[1].messages)
      .map(([iri, p]) => ({
        person: { type: 'uri' as const, value: iri },
        name: { type: 'literal' as const, value: p.name },
        messages: { type: 'literal' as const, value: String(p.messages), datatype: `${PREFIXES.xsd}integer` },
        last: { type: 'literal' as const, value: p.last, datatype: `${PREFIXES.xsd}dateTime` },
      }));
    return { kind: 'select', vars: ['person', 'name', 'messages', 'last'], rows, truncated: false, elapsedMs: ms(t0) };
  }

  /** An Ollama client when the model is ready (checked at most every 30 s), else null. */
  private async llm(): Promise<OllamaClient | null> {
    if (this.llmCheck && Date.now() - this.llmCheck.at < LLM_CHECK_TTL_MS) return this.llmCheck.client;
    let client: OllamaClient | null = null;
    try {
      const status = await this.deps.extraction.checkOllama();
      if (status.reachable && status.modelReady) client = clientOf(this.deps.extraction.getSettings());
    } catch {
      client = null;
    }
    this.llmCheck = { at: Date.now(), client };
    return client;
  }

  /** Forget the cached Ollama check (settings changed). */
  resetLlm(): void {
    this.llmCheck = null;
  }

  /**
   * Whether the graph holds facts to match beyond the messages and the ontology.
   */
  private async hasExtractedFacts(): Promise<boolean> {
    return (await this.factGraphs()).length > 0;
  }

  /**
   * The graphs that hold such facts (the automatic graphs, a model's extractions, the person's
   * own facts), from the graph's counts without loading it: the templates read only these.
   */
  private async factGraphs(): Promise<string[]> {
    const graphs = await this.deps.graph.graphs();
    return graphs.filter((g) => (g.kind === 'extraction' || g.kind === 'user' || (g.kind === 'auto' && !g.iri.startsWith(GRAPHS.autoSuperseded('')))) && g.triples > 0).map((g) => g.iri);
  }

  /** Answers a question (not stored): the whole turn but its ids. */
  async answer(input: AskInput, earlier: AskTurn[] = [], opts: AskOptions = {}, rerun?: Rerun): Promise<Draft> {
    const override = rerun?.sparql;
    const tStart = performance.now();
    const timings: Record<string, number> = {};
    const warnings: string[] = [];
    const timeline = this.deps.timeline();
    const sourceIds = input.sourceIds?.length ? input.sourceIds : undefined;

    // 1. a self-contained question, planned against the timeline
    let t0 = performance.now();
    const fu = rerun ? { text: input.question, rewritten: false, ...turnEntitiesOf(earlier), note: undefined } : rewriteFollowUp(input.question, earlier);
    // The timeline planner carries time references from the dialogue: the questions carry the
    // person's references; the answers (full of dates of their own) would mislead it.
    const dialogue: DialogueTurn[] = [...(input.context ?? []), ...earlier.slice(-4).map((t) => ({ speaker: 'user', text: t.rewrite }))];
    let planned = timeline.plan({ question: fu.text, context: dialogue, now: input.now, sourceIds, ...(input.locale ? { locale: input.locale } : {}) });
    // a re-run: the person's plan (or the generated one kept) in place of the planner's; the period follows it
    if (rerun?.timeline) planned = { ...planned, plan: rerun.timeline.plan, explanation: rerun.timeline.explanation ?? planned.explanation };
    const rewrite = planned.rewritten ? planned.rewrite : fu.text;
    const now = planned.plan.now;
    const a = analyzeQuestion(rewrite, planned);
    const expected = expectedAnswer(rewrite);
    if (rerun?.timeline && !a.routes.includes('timeline')) a.routes = [...a.routes, 'timeline'];
    const classification = classificationOf(a, planned);
    if (fu.note) classification.why.unshift(`follow-up: ${fu.note}`);
    if (planned.rewritten) classification.why.unshift(`follow-up (timeline): ${planned.explanation[0] ?? planned.rewrite}`);
    const me = this.me(sourceIds);
    if (me.note && /\b(i|me|my|mine|myself|we|our|us)\b/i.test(rewrite)) warnings.push(me.note);
    // a person the question names ("What did Ana buy?"): the templates ask about them, not about "me"
    const subject = this.subjectOf(rewrite, me, sourceIds);
    if (subject) classification.why.push(`'${subject.name}' → the person the question is about`);
    const dialogueWords = earlier.slice(-2).flatMap((t) => topicWords(t.rewrite));
    timings.plan = ms(t0);
    /** The turn around what the routes found (its timings closed now). */
    const turnOf = (found: Pick<Draft, 'classification' | 'plan' | 'results' | 'answer' | 'evidence'>): Draft => {
      timings.total = ms(tStart);
      const at = new Date().toISOString();
      return { question: input.question, rewrite, rewritten: rewrite !== input.question, now, ...(sourceIds ? { sourceIds } : {}), ...found, warnings, timings, createdAt: at, updatedAt: at };
    };

    // Topic and stance questions answer from the topics and the stances over time when the memory
    // has the topic or a stance on it; otherwise they go on to the routes below.
    const topical = !rerun && this.deps.topicRoute ? await this.deps.topicRoute.answer(rewrite, me, sourceIds) : null;
    if (topical) {
      timings.answer = ms(t0);
      return turnOf({
        classification: { ...classification, routes: ['graph'], why: [...topical.why, ...classification.why] },
        plan: { sparql: topical.sparql },
        results: {},
        answer: topical.answer,
        evidence: { messages: topical.evidence, triples: [] },
      });
    }

    const plan: AskPlan = {};
    const results: AskResults = {};
    const routes = new Set<AskRoute>(a.routes);
    const useLlm = input.llm !== false ? await this.llm() : null;

    // 2. the routes, side by side
    const timelineWork = routes.has('timeline')
      ? (async () => {
          const t = performance.now();
          plan.timeline = { plan: planned.plan, explanation: planned.explanation, ...(rerun?.timeline?.generated ? { edited: true, generated: rerun.timeline.generated } : {}) };
          const run = await timeline.run(planned.plan, { limit: TIMELINE_LIMIT });
          results.timeline = { total: run.total, sessionIds: run.sessionIds, sql: run.sql };
          timings.timeline = ms(t);
          return run;
        })()
      : Promise.resolve(null);
    const searchK = opts.searchK ?? SEARCH_K;
    const searchWork = routes.has('search')
      ? (async () => {
          const t = performance.now();
          const r = await this.content.retrieve(rewrite, { k: searchK, sourceIds, explain: true });
          plan.search = { query: rewrite, k: searchK, ...(sourceIds ? { sourceIds } : {}), hybrid: r.hybrid };
          results.search = { total: r.hits.length };
          timings.search = ms(t);
          return r.hits;
        })()
      : Promise.resolve(null);
    const betweenWork =
      a.intent === 'between' && a.pair
        ? Promise.all(a.pair.map(async (phrase) => ({ phrase, hits: (await this.content.retrieve(phrase, { k: 10, sourceIds })).hits })))
        : Promise.resolve(null);
    // "when did I last talk about X?": every message about it is a candidate, not only the best-ranked
    const firstLast = asksFirstOrLast(rewrite);
    const mentionWork = firstLast ? this.content.retrieve(rewrite, { k: MENTION_K, sourceIds }).then((r) => r.hits) : Promise.resolve(null);
    // "how often did we talk about X?": every message holding its words, from the full-text index (counted in code below)
    const whoMostAbout = !firstLast ? asksWhoTalkedMostAbout(rewrite) : null;
    const howOften = !firstLast && (!!whoMostAbout || asksHowOftenTalked(rewrite));
    // "who talked about X most": X's messages by anyone; else the question's topic, by the person it names
    const counted = whoMostAbout ? { keywords: topicWords(whoMostAbout), concept: null, question: whoMostAbout, period: a.period } : a;
    const countSpeakers = whoMostAbout ? undefined : subject?.speakers;
    const countTopic = howOften ? mentionTopic(counted, countSpeakers) : [];
    const countWork = countTopic.length
      ? this.deps.search.search(topicPhrase(counted, countTopic).join(' '), { ...(sourceIds ? { sourceIds } : {}), ...(countSpeakers ? { speakers: countSpeakers } : {}) }, MENTION_COUNT_CAP)
      : Promise.resolve(null);
    const graphWork = routes.has('graph')
      ? this.graphRoute(a, { me: subject ?? me, subjectNamed: !!subject, sources: this.sourceIris(sourceIds), focus: fu.focus, exclude: fu.exclude, now, earlier, useLlm, warnings, override, dialogueWords })
      : Promise.resolve(null);
    const [run, hits, graphOut, betweenHits, mentionHits, countHits] = await Promise.all([timelineWork, searchWork, graphWork, betweenWork, mentionWork, countWork]);
    if (graphOut) {
      plan.sparql = graphOut.plan;
      results.sparql = graphOut.results;
      timings.sparql = graphOut.ms;
      if (graphOut.llmMs) timings.llmSparql = graphOut.llmMs;
    } else if (routes.has('graph')) {
      routes.delete('graph');
      classification.why.push('no template fits this question: the messages answer it');
    }
    classification.routes = a.routes.filter((r) => routes.has(r));

    // 3. evidence: triples and the messages behind them, timeline rows, search hits
    t0 = performance.now();
    const sparqlRes = results.sparql;
    const triplesOut = sparqlRes && !sparqlRes.error && sparqlRes.rows.length && sparqlRes.kind === 'select'
      ? await graphEvidence(this.deps.graph, this.deps.chat, sparqlRes.rows, sparqlRes.ranked, { skip: me.iris }).catch((e: Error) => {
          warnings.push(`evidence triples could not be read: ${e.message}`);
          return { triples: [], provenance: [] };
        })
      : { triples: [], provenance: [] };
    const template = plan.sparql?.origin === 'template' || (plan.sparql?.origin === 'person' && override?.template && !override.generated) ? plan.sparql?.template ?? null : null;
    let interpretation: Interpretation = sparqlRes ? interpretRows(template as TemplateId | null, a, sparqlRes, triplesOut.triples, now.slice(0, 10), subject ? { you: false, name: subject.name } : { you: me.owner, name: me.name }) : { text: null, refs: [], entities: [] };
    // a graph answer must give a value of the kind asked for, from a row about what the question names
    const confidence = sparqlRes ? graphConfidence(template as TemplateId | null, a, expected, sparqlRes, interpretation, triplesOut.triples) : { ok: true, why: '' };
    if (!confidence.ok) {
      classification.why.push(confidence.why);
      interpretation = { text: null, refs: [], entities: interpretation.entities };
    }

    const candidates: Omit<AskEvidenceMessage, 'ref'>[] = [];
    // the messages the graph's facts come from: first when the graph answers; else a hint among the search hits
    triplesOut.provenance.forEach((p, i) =>
      candidates.push({ message: p.message, route: 'graph', score: interpretation.text ? 3 - i * 0.05 : 0.5 - i * 0.02, why: `source of '${p.label}'` }),
    );
    if (a.intent === 'who-most' && interpretation.text && sparqlRes) {
      const top = sparqlRes.rows[sparqlRes.ranked[0]];
      const name = top?.name?.value;
      if (name) {
        const rows = this.deps.chat.listMessages({ speakers: [name], sourceIds, ...(a.period ? { from: a.period.from, to: a.period.to } : {}) }, 0, 100_000);
        rows.slice(-5).reverse().forEach((m, i) => candidates.push({ message: m, route: 'graph', score: 2.5 - i * 0.05, why: `a message by ${name}${a.period ? ' in the period' : ''}` }));
      }
    }
    if (run) {
      // (one phrase can make several steps: "my first question" is a session, a position and a side)
      const why = [...new Set(planned.plan.chain.map((op) => op.why).filter(Boolean))].join('; ');
      run.rows.slice(0, a.intent === 'time' ? 50 : 10).forEach((m, i) =>
        candidates.push({ message: m, route: 'timeline', score: (run.ranked ? 2 : 1) - i * 0.001, why: run.ranked ? `rank ${i + 1} in the plan's rows${why ? ` (${why})` : ''}` : `kept by the plan${why ? `: ${why}` : ''}` }),
      );
    }
    if (hits?.length) {
      const max = hits[0].score || 1;
      const rows = new Map(this.deps.chat.getMessages(hits.map((h) => h.id)).map((m) => [m.id, m]));
      hits.forEach((h) => {
        const m = rows.get(h.id);
        if (m) candidates.push({ message: m, route: 'search', score: (a.intent === 'content' ? 2 : 1) * (h.score / max), why: h.why ?? 'full-text match' });
      });
      // neighbouring turns that carry the answer: the reply to a question, the message an answer replies to
      for (const h of hits.slice(0, 3)) {
        const m = rows.get(h.id);
        if (!m) continue;
        const session = this.deps.chat.sessionMessages(m.sessionId);
        const i = session.findIndex((x) => x.id === m.id);
        const next = session[i + 1];
        const prev = session[i - 1];
        if (next && /\?\s*$/.test(m.text.trim())) candidates.push({ message: next, route: 'search', score: (h.score / max) * 0.9, why: `the reply to a best match (message ${m.id})` });
        if (prev && m.role === 'assistant' && prev.role !== 'assistant') candidates.push({ message: prev, route: 'search', score: (h.score / max) * 0.85, why: `what a best match (message ${m.id}) answers` });
        // news asked about ("I got promoted!" — "What's the new role?" — "Assistant manager, …"): the
        // speaker's answer to the follow-up question tells the details the news left out
        const after = session[i + 2];
        if (next && after && next.speaker !== m.speaker && after.speaker === m.speaker && /\?/.test(next.text) && !/\?\s*$/.test(m.text.trim())) {
          candidates.push({ message: next, route: 'search', score: (h.score / max) * 0.5, why: `a question about a best match (message ${m.id})` });
          candidates.push({ message: after, route: 'search', score: (h.score / max) * 0.8, why: `the answer to a question about a best match (message ${m.id})` });
        }
        // a best match plans something for a later day ("I booked an orthopedist for Tuesday"): a
        // question about what happened is answered by what the conversation says from that day on
        if (expected.past && a.intent !== 'date') {
          const planned = findDates(m.text, m.timestamp).find((d) => d.precision === 'day' && d.date.slice(0, 10) > m.date && d.date.slice(0, 10) <= now.slice(0, 10));
          if (planned) {
            const day = planned.date.slice(0, 10);
            const after = this.deps.chat.listMessages({ conversationIds: [m.conversationId], from: day, to: endOfDay(addDays(day, 2)) }, 0, 4);
            after.forEach((x, i) => candidates.push({ message: x, route: 'search', score: (h.score / max) * (0.8 - i * 0.05), why: `what happened at what a best match (message ${m.id}) planned for ${day}` }));
          }
        }
      }
    }
    // "between X and Y": each side searched on its own, plus the whole question's hits
    const betweenSides: { phrase: string; messages: MessageRow[] }[] = [];
    if (betweenHits) {
      const questionRows = hits ? this.deps.chat.getMessages(hits.map((h) => h.id)) : [];
      for (const side of betweenHits) {
        const rows = this.deps.chat.getMessages(side.hits.map((h) => h.id));
        const max = side.hits[0]?.score || 1;
        rows.forEach((m, i) => candidates.push({ message: m, route: 'search', score: 1.2 * (side.hits[i].score / max), why: `about '${side.phrase}'` }));
        const seen = new Set(rows.map((m) => m.id));
        betweenSides.push({ phrase: side.phrase, messages: [...rows, ...questionRows.filter((m) => !seen.has(m.id))] });
      }
    }
    const evidenceMessages = assembleEvidence(candidates, dialogueWords, a.intent === 'time' && !run?.ranked, opts.evidence ?? EVIDENCE_MAX);
    /** The ref of a message an answer computed from: its evidence entry, added when it has none. */
    const evidenceRef = (message: MessageRow, why: string): string => {
      let e = evidenceMessages.find((x) => x.message.id === message.id);
      if (!e) {
        e = { ref: `m${evidenceMessages.length + 1}`, message, route: 'search', score: 0, why };
        evidenceMessages.push(e);
      }
      return e.ref;
    };
    timings.evidence = ms(t0);

    // 4. the answer
    t0 = performance.now();
    const computations: AskComputation[] = [];
    let answer: AskAnswer;
    let offline: (MessageAnswer & { route: AskRoute; source: AskAnswer['source'] }) | null = null;
    if (interpretation.text) {
      offline = { text: interpretation.text, computation: interpretation.computation, refs: interpretation.refs, route: 'graph', source: interpretation.computation ? 'computed' : 'graph' };
    } else if (a.intent === 'between' && betweenSides.length === 2) {
      // provisional refs; the messages used are then made sure to be in the evidence
      const sides = betweenSides.map((side) => ({ phrase: side.phrase, evidence: side.messages.map((m) => ({ ref: `id${m.id}`, message: m, route: 'search' as const, score: 0, why: `about '${side.phrase}'` })) }));
      const m = betweenFromMessages(sides);
      if (m) {
        const refOf = (provisional: string) => {
          const id = Number(provisional.slice(2));
          return evidenceRef(betweenSides.flatMap((side) => side.messages).find((x) => x.id === id)!, 'states a date the answer uses');
        };
        const map = new Map(m.refs.map((r) => [r, refOf(r)]));
        const swap = (t: string) => t.replace(/\bid\d+\b/g, (r) => map.get(r) ?? r);
        offline = {
          text: swap(m.text),
          refs: m.refs.map((r) => map.get(r) ?? r),
          computation: m.computation ? { ...m.computation, detail: swap(m.computation.detail), refs: m.computation.refs.map((r) => map.get(r) ?? r) } : undefined,
          route: 'search',
          source: 'computed',
        };
      }
    }
    // a plan that ranks by content but where no row in its period is about it ("the weather in May"
    // when May's messages are about a budget) keeps its rows unranked: they do not answer, the messages may
    const offTopic = !!planned.plan.rank && !!run && run.total > 0 && !run.ranked;
    if (!offline && a.intent === 'time' && run && !offTopic) {
      // where the planner fell back ("no conversation on …: the day before"), the answer says so
      const notes = planned.explanation.flatMap((line) => [...line.matchAll(/\((no conversation[^)]*)\)/gi)].map((m) => m[1]));
      const m = answerFromTimeline(run, evidenceMessages, a, notes, {
        topicsOf: this.deps.sessionTopics,
        ...(a.period && !run.total ? { nearest: timeline.nearestSessions(a.period.from, a.period.to, sourceIds) } : {}),
      });
      offline = { ...m, route: 'timeline', source: m.computation ? 'computed' : 'evidence' };
    }
    // a photo a message shares is part of what it says ("they made this!" + a cup with a dog face on it): read with its text
    const captions = this.deps.chat.imageCaptions(evidenceMessages.map((e) => e.message.id));
    const pool = evidenceMessages
      .filter((e) => e.route !== 'graph' || a.intent !== 'who-most')
      .map((e) => (captions.has(e.message.id) ? { ...e, message: { ...e.message, text: withImageDescription(e.message.text, captions.get(e.message.id), '\n') } } : e));
    // "who else was there?" when the graph names no one else: someone new in the messages, or nobody
    const known = a.excludeKnown && a.intent === 'who-with' && !interpretation.text ? peopleNamedIn(earlier) : [];
    const meSpeakers = (subject ?? me).speakers;
    // "when did I last talk about X?": the latest (or first) message about it, computed from the messages
    if (firstLast && (!offline || offline.route === 'graph')) {
      const all = [...evidenceMessages.map((e) => e.message), ...this.deps.chat.getMessages((mentionHits ?? []).map((h) => h.id))];
      // "when did Ana last mention X?": Ana's messages, not the other side's
      const messages = subject ? all.filter((m) => subject.speakers.includes(m.speaker)) : all;
      if (firstLast === 'when') {
        const both = firstAndLastMention(a, messages, subject?.speakers);
        if (both) {
          const refs = { last: evidenceRef(both.last.message, 'the latest message about it'), first: evidenceRef(both.first.message, 'the first message about it') };
          offline = { ...whenMentionedAnswer(both.first, both.last, refs), route: 'search', source: 'computed' };
        }
      }
      const found = firstLast === 'when' ? null : firstOrLastMention(a, messages, firstLast, subject?.speakers);
      if (found && firstLast !== 'when') {
        offline = { ...mentionAnswer(found, evidenceRef(found.message, `the ${firstLast} message about it`), firstLast), route: 'search', source: 'computed' };
      }
    }
    // a count is more exact than the graph's rows or a period's messages
    if (countHits && (!offline || offline.route === 'graph' || offline.route === 'timeline')) {
      // every hit read for its words, time and speaker only; whole rows for the messages cited
      const found = countMentions(counted, this.deps.chat.mentionRows(countHits.map((h) => h.id)), countSpeakers);
      const cited = new Map<number, MessageRow>();
      if (found?.messages.length) {
        const lastBySpeaker = new Map(found.messages.map((m) => [m.speaker, m.id]));
        for (const m of this.deps.chat.getMessages([found.messages[0].id, found.messages[found.messages.length - 1].id, ...lastBySpeaker.values()])) cited.set(m.id, m);
      }
      const citedRef = (m: MentionRow, why: string) => evidenceRef(cited.get(m.id)!, why);
      if (found && !found.messages.length) {
        const said = found.words.join(' ');
        offline = { text: '', refs: [], route: 'search', source: 'evidence', judged: { answered: false, why: `no message${countSpeakers && subject ? ` by ${subject.name}` : ''}${a.period ? ` in ${a.period.phrase}` : ''} mentions ${said}` } };
      } else if (found) {
        if (whoMostAbout) offline = { ...whoMostAnswer(found, me.speakers, (m) => citedRef(m, `the latest message about it by ${m.speaker}`)), route: 'search', source: 'computed' };
        else {
          const first = citedRef(found.messages[0], 'the first message about it');
          const last = citedRef(found.messages[found.messages.length - 1], 'the last message about it');
          offline = { ...mentionCountAnswer(found, subject?.name ?? null, [first, last], countHits.length >= MENTION_COUNT_CAP), route: 'search', source: 'computed' };
        }
      }
    }
    if (!offline && known.length) {
      const m = answerFromMessages(a, pool, { exclude: known, me: meSpeakers });
      const event = fu.focusLabel ?? (/\bat\s+"?(.+?)"?\?*$/.exec(rewrite)?.[1] ?? null);
      offline = m
        ? { ...m, route: 'search', source: 'evidence' }
        : { text: `No one else is recorded${event ? ` at ${event}` : ''}: the memory names only ${inWords(known)}.`, refs: [], route: sparqlRes ? 'graph' : 'search', source: sparqlRes ? 'graph' : 'evidence' };
    }
    if (!offline && evidenceMessages.length) {
      const m = answerFromMessages(a, pool, { me: meSpeakers });
      if (m) {
        const used = evidenceMessages.find((e) => e.ref === m.refs[0]);
        // the period's messages were about something else: an answer from another time says so
        const day = used?.message.date;
        const elsewhere = offTopic && a.period && day && (day < a.period.from.slice(0, 10) || day > a.period.to.slice(0, 10));
        offline = { ...m, ...(elsewhere ? { text: `Nothing in ${spanWords(a.period!.from, a.period!.to)} is about it; from ${longDate(day)}: ${m.text}` } : {}), route: used?.route ?? 'search', source: m.computation ? 'computed' : 'evidence' };
      }
    }
    // a question in parts ("When did it start leaking, and what did the repair cost?"): the parts the graph's reading does not answer, from the messages
    if (offline && interpretation.text && expected.parts.length > 1) {
      // the graph answers the first part of its kind (an event's date also gives its time and place)
      const kinds = template ? TEMPLATES[template as TemplateId].answers : [];
      const first = expected.parts.find((p) => kinds.includes(p.kind));
      const answered = template === 'event-date' ? kinds : first ? [first.kind] : [];
      const rest = expected.parts.filter((p) => p !== first && !answered.includes(p.kind)).map((p) => p.kind);
      if (answered.length && rest.length) {
        const m = answerFromMessages(a, pool, { kinds: rest, me: meSpeakers });
        if (m) {
          const messagesFirst = expected.parts.findIndex((p) => rest.includes(p.kind)) === 0;
          offline = { ...offline, text: messagesFirst ? `${m.text}; ${offline.text}` : `${offline.text}; ${m.text}`, refs: [...offline.refs, ...m.refs] };
        }
      }
    }
    // "how long ago …?": the date found, counted back from now
    if (offline?.computation?.kind === 'date' && asksHowLongSince(rewrite)) {
      const day = dayOfDateValue(offline.computation.value);
      if (day) offline = { ...offline, ...howLongSince(offline, day, now) };
    }
    if (offline?.computation) computations.push(offline.computation);
    // quotes of the person asking are theirs: "(you, Thu 17 Sep 2026 19:02)"
    if (offline && me.owner && me.speakers.length) {
      const names = me.speakers.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
      offline = { ...offline, text: offline.text.replace(new RegExp(`” \\((?:${names}), `, 'g'), '” (you, ') };
    }
    if (interpretation.text === null && sparqlRes && !sparqlRes.error && routes.has('graph')) {
      if (!(await this.hasExtractedFacts())) warnings.push('The graph has no extracted facts yet (run extraction to use it): answered from the messages.');
      else if (!sparqlRes.rows.length) warnings.push('The graph has no match for this question: answered from the messages.');
    }
    if (sparqlRes?.truncated) warnings.push(`Only the first ${sparqlRes.rows.length} rows were kept (row limit).`);

    if (useLlm && (evidenceMessages.length || triplesOut.triples.length || computations.length)) {
      try {
        const r = await writeAnswer(useLlm, {
          question: rewrite,
          personName: me.name,
          now,
          route: routeLine(classification.routes, plan),
          computations,
          triples: triplesOut.triples,
          messages: evidenceMessages,
          earlier,
        });
        const known = new Set([...evidenceMessages.map((e) => e.ref), ...triplesOut.triples.map((t) => t.ref)]);
        const citations = citationsIn(r.text, known);
        const route: AskRoute = offline?.route ?? classification.routes[0] ?? 'search';
        const status = offlineAnswer(offline, evidenceMessages).status;
        answer = { text: r.text, status, how: `Written by ${r.model} from the evidence.`, route, source: 'llm', citations, model: r.model, ...(offline?.computation ? { computation: offline.computation } : {}) };
        timings.llmAnswer = ms(t0);
      } catch (e) {
        warnings.push(`The model could not write the answer (${(e as Error).message}${(e as { hint?: string }).hint ? ` — ${(e as { hint?: string }).hint}` : ''}): the evidence answers instead.`);
        answer = offlineAnswer(offline, evidenceMessages);
      }
    } else {
      answer = offlineAnswer(offline, evidenceMessages);
    }
    timings.answer = ms(t0);
    return turnOf({ classification, plan, results, answer, evidence: { messages: evidenceMessages, triples: triplesOut.triples } });
  }

  /** The graph route: a query (the person's, the LLM's, or a template's), run under the safety rules. */
  private async graphRoute(
    a: Analysis,
    ctx: {
      me: { name: string; iri: string; iris: string[] };
      subjectNamed: boolean;
      sources?: string[];
      focus: string[];
      exclude: string[];
      now: string;
      earlier: AskTurn[];
      useLlm: OllamaClient | null;
      warnings: string[];
      override?: SparqlOverride;
      dialogueWords: string[];
    },
  ): Promise<{ plan: AskSparqlPlan; results: AskSparqlResults; ms: number; llmMs?: number } | null> {
    const t0 = performance.now();
    const factGraphs = await this.factGraphs();
    const tctx = { me: ctx.me.iri, meAll: ctx.me.iris, meName: ctx.me.name, exclude: ctx.exclude, focus: ctx.focus, subjectNamed: ctx.subjectNamed, sources: ctx.sources, factGraphs: factGraphs.filter(isFactLabelGraph) };
    let template: TemplateQuery | null = null;
    try {
      template = buildTemplate(a, tctx);
    } catch (e) {
      ctx.warnings.push(`A template failed: ${(e as Error).message}`);
    }
    let plan: AskSparqlPlan | null = null;
    let llmMs: number | undefined;
    if (ctx.override) {
      plan = {
        query: ctx.override.query,
        origin: ctx.override.origin,
        ...(ctx.override.template ? { template: ctx.override.template } : {}),
        ...(ctx.override.generated ? { generated: ctx.override.generated } : {}),
        explanation: ctx.override.origin === 'person' ? ['edited and run by the person'] : template && ctx.override.template === template.id ? template.explanation : [],
      };
    } else if (ctx.useLlm) {
      const tl = performance.now();
      try {
        const r = await writeSparql(ctx.useLlm, { question: a.question, personIri: ctx.me.iri, personName: ctx.me.name, now: ctx.now, earlier: ctx.earlier });
        if (!r.sparql) throw new SparqlRefused('the reply held no query', 'syntax');
        checkReadOnly(r.sparql, ASK_ROW_CAP);
        plan = { query: r.sparql, origin: 'llm', explanation: [`written by ${r.model} (prompt ${r.promptRef}, ${a.intent} question)`] };
      } catch (e) {
        const why = e instanceof SparqlRefused ? e.message : `${(e as Error).message}${(e as { hint?: string }).hint ? ` — ${(e as { hint?: string }).hint}` : ''}`;
        ctx.warnings.push(`The model's SPARQL was not used (${why}): ${template ? `template '${template.id}'` : 'no template fits; messages only'}.`);
      }
      llmMs = ms(tl);
    }
    if (!plan && template) plan = { query: template.sparql, origin: 'template', template: template.id, explanation: template.explanation };
    if (!plan) return null;
    if (plan.origin === 'template') {
      // Templates read what extraction wrote; with nothing extracted they have nothing to find,
      // and reading the messages graphs to find it costs seconds at scale. "Who did I talk with
      // most" counts messages: the chat table (their source of truth) gives the query's rows.
      // Entity facts read labels from the extractions' graphs only: with none, nothing to find either.
      const noLabels = template?.id === 'entity-facts' && !tctx.factGraphs.length && !(tctx.focus.length && !a.keywords.length);
      const own = template?.id === 'who-most' ? this.whoMostRows(a, ctx.me) : factGraphs.length && !noLabels ? null : emptyResults();
      if (own) {
        plan.explanation = [
          ...plan.explanation,
          template?.id === 'who-most' ? 'its rows read from the chat table (the messages the posts are made from)' : factGraphs.length ? 'not run: no extraction has labelled entities to match' : 'not run: the graph has no extracted facts to match',
        ];
        return { plan, results: { ...own, ranked: rankRows(own.rows, a.keywords, ctx.dialogueWords) }, ms: ms(t0), llmMs };
      }
    }
    let results = await runAskQuery(this.deps.graph, plan.query);
    if (results.error && plan.origin === 'llm' && template) {
      ctx.warnings.push(`The model's SPARQL failed (${results.error}): template '${template.id}' ran instead.`);
      plan = { query: template.sparql, origin: 'template', template: template.id, explanation: template.explanation };
      results = await runAskQuery(this.deps.graph, plan.query);
    }
    if (results.error && plan.origin !== 'llm') ctx.warnings.push(results.error);
    if (results.notes.length) plan.explanation = [...plan.explanation, ...results.notes.map((n) => `run with: ${n}`)];
    const { notes: _notes, ...rest } = results;
    rest.ranked = rankRows(rest.rows, a.keywords, ctx.dialogueWords);
    return { plan, results: rest, ms: ms(t0), llmMs };
  }
}

/** A query's results with no rows (a template with nothing to match). */
function emptyResults(): Omit<AskSparqlResults, 'ranked'> {
  return { kind: 'select', vars: [], rows: [], truncated: false, elapsedMs: 0 };
}

/**
 * The people the earlier "who … (else)" turns named: their rows' names, else the names in the
 * answer of the first of them (a message quoted).
 */
function peopleNamedIn(earlier: AskTurn[]): string[] {
  const names = new Set<string>();
  let first: AskTurn | undefined;
  for (let i = earlier.length - 1; i >= 0 && earlier[i].classification.intent === 'who-with'; i--) {
    first = earlier[i];
    for (const r of earlier[i].results.sparql?.rows ?? []) if (r.name?.value) names.add(r.name.value);
    if (!/\belse\b/i.test(earlier[i].question)) break;
  }
  if (names.size || !first) return [...names];
  const quoted = /“([^”]*)”/.exec(first.answer.text)?.[1] ?? first.answer.text.replace(/\(.*?\)|\[m\d+\]/g, ' ');
  return [...new Set(valuesOf('person', quoted, first.now).map((v) => v.text.replace(/^(?:my|his|her|their|our)\s+\w+\s+/i, '')))].slice(0, 6);
}

function turnEntitiesOf(earlier: AskTurn[]): { focus: string[]; focusLabel: string | null; exclude: string[] } {
  const prev = earlier[earlier.length - 1];
  if (!prev) return { focus: [], focusLabel: null, exclude: [] };
  const e = turnEntities(prev);
  return { focus: e.focus, focusLabel: e.focusLabel, exclude: [] };
}

/** The turn's timeline plan to keep in a SPARQL re-run: the person's edit, when there is one. */
function keptTimeline(turn: AskTurn): TimelineOverride | undefined {
  const t = turn.plan.timeline;
  return t?.edited && t.generated ? { plan: t.plan, generated: t.generated, explanation: t.explanation } : undefined;
}

/** Two plans select the same rows (the steps' own words aside). */
export function samePlan(a: TimelinePlan, b: TimelinePlan): boolean {
  const norm = (p: TimelinePlan) =>
    JSON.stringify({
      now: p.now,
      sourceIds: p.sourceIds ?? [],
      sessionNumbering: p.sessionNumbering,
      chain: p.chain.map((op) => (op.op === 'f_value' ? { op: op.op, column: op.column, values: op.values.map(String) } : { op: op.op, column: op.column, range: op.range.map(String) })),
      rank: p.rank ? { query: p.rank.query, speakers: p.rank.speakers ?? [], limit: p.rank.limit } : null,
    });
  return norm(a) === norm(b);
}

function normalize(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function routeLine(routes: AskRoute[], plan: AskPlan): string {
  const names = routes.map((r) =>
    r === 'graph' ? `graph (${plan.sparql?.origin === 'template' ? `template ${plan.sparql.template}` : plan.sparql?.origin === 'llm' ? 'SPARQL written by the model' : 'SPARQL edited by the person'})` : r === 'timeline' ? 'timeline plan' : `message search${plan.search?.hybrid ? ' (text and vectors)' : ''}`,
  );
  return names.join(' and ') || 'nothing';
}

/**
 * The answer as the person reads it, with its status: the offline answer when it answers; the
 * related messages named as such (never as the answer) when the best sentence only shares words
 * with the question; "not found" when nothing matched.
 */
export function offlineAnswer(o: (MessageAnswer & { route: AskRoute; source: AskAnswer['source'] }) | null, evidence: AskEvidenceMessage[]): AskAnswer {
  // nothing in the period asked about is a finding, not an answer: said as it is, and where the nearest messages are
  if (o?.emptyPeriod) return { text: o.text, status: 'not_found', how: 'No messages in the period the question names.', route: o.route, source: 'none', citations: [] };
  if (!o || (o.judged && !o.judged.answered)) {
    if (!evidence.length) return { text: 'Nothing in your memory answers this question.', status: 'not_found', how: 'Nothing in the memory matched the question.', route: 'none', source: 'none', citations: [] };
    const why = o?.judged?.why;
    return {
      text: `Your memory does not say this directly. The messages below share words with the question, but none of them answers it${why ? ` (${why})` : ''}.`,
      status: 'related',
      how: 'Related messages, not an answer.',
      route: 'none',
      source: 'none',
      citations: [],
    };
  }
  return { text: o.text, status: 'answered', how: howFound(o, evidence), route: o.route, source: o.source, citations: o.refs, ...(o.computation ? { computation: o.computation } : {}) };
}

/** How an offline answer was found, in plain words. */
function howFound(o: MessageAnswer & { route: AskRoute; source: AskAnswer['source'] }, evidence: AskEvidenceMessage[]): string {
  if (o.route === 'graph') return o.source === 'computed' ? 'Computed from your knowledge graph.' : 'Read from your knowledge graph.';
  if (o.route === 'timeline') return /^No messages\b|\bNo messages in that period\.$/.test(o.text) ? 'The timeline has no messages in that period.' : o.source === 'computed' ? "Counted from the timeline's messages." : "Quoted from the timeline's messages.";
  const cited = evidence.filter((e) => o.refs.includes(e.ref)).map((e) => e.message);
  if (o.how) return o.how;
  if (o.source === 'computed') return cited.length > 1 ? `Computed from ${cited.length} messages.` : cited[0] ? `Computed from ${cited[0].speaker}'s message of ${longDate(cited[0].date)}.` : 'Computed from the messages.';
  if (cited.length === 1) return `Quoted from ${cited[0].speaker}'s message of ${longDate(cited[0].date)}.`;
  return cited.length ? `Quoted from ${cited.length} messages.` : 'Quoted from the messages.';
}

/**
 * The evidence messages, ranked: each message once (its best reason), ordered by score plus a
 * little for words of the dialogue (or in time order for a time question), numbered m1, m2…
 */
export function assembleEvidence(candidates: Omit<AskEvidenceMessage, 'ref'>[], dialogueWords: string[], timeOrder: boolean, max: number): AskEvidenceMessage[] {
  const best = new Map<number, Omit<AskEvidenceMessage, 'ref'>>();
  for (const c of candidates) {
    const prev = best.get(c.message.id);
    if (!prev || c.score > prev.score) best.set(c.message.id, c);
  }
  const dialogue = new Set(dialogueWords);
  const scored = [...best.values()].map((c) => {
    const words = new Set(topicWords(c.message.text));
    let bonus = 0;
    for (const w of dialogue) if (words.has(w)) bonus += 0.1;
    return { ...c, score: Math.round((c.score + Math.min(bonus, 0.3)) * 1000) / 1000 };
  });
  if (timeOrder) scored.sort((x, y) => x.message.sessionIndex - y.message.sessionIndex || x.message.turnIndex - y.message.turnIndex);
  else scored.sort((x, y) => y.score - x.score || x.message.id - y.message.id);
  return scored.slice(0, max).map((c, i) => ({ ...c, ref: `m${i + 1}` }));
}

