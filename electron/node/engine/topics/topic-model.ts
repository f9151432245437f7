// Topics with a model (Ollama), the designed flow of topic-based memory:
//   1. a topic summary of each 50 new rounds of a source: the model names the topics of the
//      window (a label and one sentence each, with the messages it comes from), written to
//      GRAPHS.topicModel(<window key>) as pcm:TopicDescription individuals with provenance
//      (prov:wasDerivedFrom the messages, prov:wasAttributedTo the model);
//   2. the topic update: once a topic has five descriptions that no update has merged yet, the
//      model rewrites them (with the topic's current description) into one, which supersedes
//      them (pcm:supersedes, pcm:supersededBy, pcm:validUntil): the history of changes is kept,
//      and the topic's pcm:currentDescription points to the newest description.
// A round is one turn of each speaker: it starts at a session's first message and whenever the
// speaker who opened the session speaks again after another. Only full windows of 50 rounds
// are summarised; the rounds after the last full window wait for more. Windows are recorded in
// the topic store (done / failed), so running again continues where it stopped.
import { createHash } from 'node:crypto';
import { GRAPHS, MEMORY_BASE, PREFIXES, entitySlug } from '../../../../shared/rdf';
import type { ExtractionSettings, JobInfo, MessageRow } from '../../../../shared/types';
import { xsdDateTimeOf } from '../../../../shared/dates/wall-clock';
import type { JobContext, JobRunner } from '../common/jobs';
import { JobCancelled } from '../common/jobs';
import { renderMessages } from '../extraction/chunks';
import { fillPrompt, loadPrompt } from '../extraction/prompt';
import { clientOf } from '../extraction/settings';
import { modelMissingLine, type OllamaClient } from '../llm/ollama';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { iri, stringLiteral, typedLiteral } from '../stores/graph/ntriples';
import type { TopicStore } from '../stores/topic-store';
import { labelKey } from './phrases';
import { topicIri } from './topic-graph';
import { topicDescriptions } from './topic-pages';

const { rdf, rdfs, pcm, skos, schema, prov, dcterms, xsd } = PREFIXES;

export const ROUNDS_PER_SUMMARY = 50;
export const DESCRIPTIONS_PER_UPDATE = 5;
const SUMMARY_PROMPT = { id: 'topic-summary', version: 1 };
const UPDATE_PROMPT = { id: 'topic-update', version: 1 };
const MAX_LABEL_WORDS = 6;
const MAX_DESCRIPTION_WORDS = 60;
const TRIES = 2;

export interface TopicModelDeps {
  chat: ChatStore;
  graph: GraphStore;
  store: TopicStore;
  jobs: JobRunner;
  settings: () => ExtractionSettings;
  ownerName: () => string;
  changed: () => void;
}

/** The rounds of a source's messages, in order (system messages left out). */
export function roundsOf(messages: MessageRow[]): MessageRow[][] {
  const rounds: MessageRow[][] = [];
  let session = -1;
  let opener = '';
  let other = false;
  for (const m of messages) {
    if (m.role === 'system') continue;
    if (m.sessionId !== session) {
      session = m.sessionId;
      opener = m.speaker;
      other = false;
      rounds.push([m]);
      continue;
    }
    if (m.speaker === opener && other) {
      rounds.push([m]);
      other = false;
      continue;
    }
    if (m.speaker !== opener) other = true;
    rounds[rounds.length - 1].push(m);
  }
  return rounds;
}

/** A parsed topic of the model's summary. */
export interface SummaryTopic {
  label: string;
  description: string;
  posts: string[];
}

/** Reads the model's JSON answer; throws a one-line reason when it is not usable. */
export function parseSummary(text: string, ids: Map<string, string>): SummaryTopic[] {
  const json = parseJson(text);
  const list = (json as { topics?: unknown }).topics;
  if (!Array.isArray(list)) throw new Error('the answer has no "topics" list');
  const out: SummaryTopic[] = [];
  for (const t of list.slice(0, 5)) {
    const label = typeof t?.label === 'string' ? t.label.replace(/\s+/g, ' ').trim() : '';
    const description = typeof t?.description === 'string' ? t.description.replace(/\s+/g, ' ').trim() : '';
    if (!label || label.split(' ').length > MAX_LABEL_WORDS || !description || description.split(' ').length > MAX_DESCRIPTION_WORDS) continue;
    const refs: unknown[] = Array.isArray(t.messages) ? t.messages : [];
    const posts = [...new Set(refs.map((r) => ids.get(String(r).replace(/^msg:/, ''))).filter((p): p is string => typeof p === 'string'))];
    out.push({ label, description, posts });
  }
  if (!out.length) throw new Error('the answer names no usable topic (a label of 1–6 words and a one-sentence description)');
  return out;
}

function parseJson(text: string): unknown {
  const body = text.replace(/<think>[\s\S]*?<\/think>/g, '').replace(/^```(?:json)?|```$/gm, '').trim();
  try {
    return JSON.parse(body);
  } catch (e) {
    throw new Error(`the answer is not JSON (${(e as Error).message})`);
  }
}

const modelAgent = (model: string) => `${MEMORY_BASE}agent/model/${entitySlug(model)}`;
const windowKeyOf = (sourceKey: string, first: number, last: number) => createHash('sha1').update(`${sourceKey}:${first}:${last}`).digest('hex').slice(0, 16);

export class TopicModelService {
  private job: JobInfo | null = null;

  constructor(private readonly deps: TopicModelDeps) {}

  start(opts: { sourceIds?: number[]; model?: string; host?: string }): JobInfo {
    const running = this.job && this.deps.jobs.list().find((j) => j.id === this.job!.id && j.state === 'running');
    if (running) return running;
    this.job = this.deps.jobs.start('topics', 'Topic summaries (model)', 'windows', (ctx) => this.run(ctx, opts));
    return this.job;
  }

  private async run(ctx: JobContext, opts: { sourceIds?: number[]; model?: string; host?: string }): Promise<Record<string, unknown>> {
    const settings = { ...this.deps.settings(), ...(opts.model ? { model: opts.model } : {}), ...(opts.host ? { host: opts.host } : {}) };
    const client = clientOf(settings);
    ctx.progress(0, null, `Checking Ollama at ${client.settings.host}`);
    const check = await client.check({ signal: ctx.signal });
    if (!check.reachable) throw new Error(check.problems[0]);
    if (!check.modelReady) throw new Error(modelMissingLine(settings.model));

    const sources = this.deps.chat.listSources().filter((s) => !opts.sourceIds?.length || opts.sourceIds.includes(s.id));
    const plans = sources.map((s) => ({ source: s, windows: this.plan(s.id, s.key) }));
    const total = plans.reduce((n, p) => n + p.windows.length, 0);
    const stats = { windows: 0, skipped: 0, failed: 0, descriptions: 0, updates: 0, failures: [] as { window: string; error: string }[] };
    let done = 0;
    for (const { source, windows } of plans) {
      const done0 = new Map(this.deps.store.windows(source.id).map((w) => [w.key, w]));
      for (const w of windows) {
        if (ctx.signal.aborted) throw new JobCancelled();
        ctx.progress(done, total, `${done}/${total} windows · ${stats.descriptions} descriptions · ${stats.updates} updates`);
        done++;
        if (done0.get(w.key)?.status === 'done') {
          stats.skipped++;
          continue;
        }
        try {
          const touched = await this.summarise(client, settings.model, source.id, w, ctx.signal);
          stats.windows++;
          stats.descriptions += touched.length;
          for (const t of touched) stats.updates += await this.updateIfDue(client, settings.model, t, ctx.signal);
        } catch (e) {
          if (ctx.signal.aborted) throw new JobCancelled();
          const error = (e as Error).message;
          this.deps.store.saveWindow({ key: w.key, sourceId: source.id, index: w.index, firstMessageId: w.messages[0].id, lastMessageId: w.messages[w.messages.length - 1].id, rounds: ROUNDS_PER_SUMMARY, status: 'failed', model: settings.model, promptVersion: `${SUMMARY_PROMPT.id}.v${SUMMARY_PROMPT.version}`, descriptions: 0, error });
          stats.failed++;
          stats.failures.push({ window: w.key, error });
          // the server gone: stop here; running again continues with this window
          if (/not running|ECONNREFUSED|fetch failed/i.test(error)) throw e;
        }
        this.deps.changed();
      }
    }
    ctx.progress(total, total, `${total} windows · ${stats.descriptions} descriptions · ${stats.updates} updates`);
    return { ...stats, model: settings.model };
  }

  /** Full windows of a source: their key, index and messages. */
  plan(sourceId: number, sourceKey: string): { key: string; index: number; messages: MessageRow[] }[] {
    const rounds = roundsOf([...this.deps.chat.iterateSourceMessages(sourceId)]);
    const out: { key: string; index: number; messages: MessageRow[] }[] = [];
    for (let k = 0; (k + 1) * ROUNDS_PER_SUMMARY <= rounds.length; k++) {
      const messages = rounds.slice(k * ROUNDS_PER_SUMMARY, (k + 1) * ROUNDS_PER_SUMMARY).flat();
      out.push({ key: windowKeyOf(sourceKey, messages[0].id, messages[messages.length - 1].id), index: k, messages });
    }
    return out;
  }

  /** One window's summary: its graph written and its record saved. Returns the topics it described. */
  private async summarise(client: OllamaClient, model: string, sourceId: number, w: { key: string; index: number; messages: MessageRow[] }, signal: AbortSignal): Promise<{ iri: string; label: string }[]> {
    const rendered = renderMessages(w.messages, new Set(w.messages.map((m) => m.id)));
    const ids = new Map([...rendered.ids].map(([k, v]) => [k, v]));
    const known = await this.knownLabels();
    const prompt = loadPrompt(SUMMARY_PROMPT.id, SUMMARY_PROMPT.version);
    const content = fillPrompt(prompt, { person_name: this.deps.ownerName(), known_topics: known.length ? known.slice(0, 80).join(', ') : '(none)', messages: rendered.text });
    let topics: SummaryTopic[] | null = null;
    let reason = '';
    for (let i = 0; i < TRIES && !topics; i++) {
      const res = await client.chat([{ role: 'user', content }], { format: 'json', signal });
      try {
        topics = parseSummary(res.text, ids);
      } catch (e) {
        reason = (e as Error).message;
      }
    }
    if (!topics) throw new Error(`${reason} (after ${TRIES} tries)`);
    const last = w.messages[w.messages.length - 1];
    const created = xsdDateTimeOf({ local: last.timestamp, offsetMin: last.tzOffsetMin });
    const agent = modelAgent(model);
    const lines: string[] = [];
    const add = (s: string, p: string, o: string) => lines.push(`${iri(s)} ${iri(p)} ${o} .`);
    add(agent, `${rdf}type`, iri(`${prov}Agent`));
    add(agent, `${rdfs}label`, stringLiteral(model));
    const touched: { iri: string; label: string }[] = [];
    for (const t of topics) {
      const topic = topicIri(labelKey(t.label));
      const d = `${topic}/description/${w.key}`;
      add(topic, `${rdf}type`, iri(`${pcm}Topic`));
      add(topic, `${rdf}type`, iri(`${skos}Concept`));
      add(topic, `${rdfs}label`, stringLiteral(t.label));
      add(d, `${rdf}type`, iri(`${pcm}TopicDescription`));
      add(d, `${rdfs}label`, stringLiteral(`${t.label}: summary of ${last.date}`));
      add(d, `${pcm}describesTopic`, iri(topic));
      add(d, `${schema}description`, stringLiteral(t.description));
      add(d, `${dcterms}created`, typedLiteral(created, `${xsd}dateTime`));
      add(d, `${pcm}validFrom`, typedLiteral(last.date, `${xsd}date`));
      add(d, `${prov}wasAttributedTo`, iri(agent));
      for (const p of t.posts.length ? t.posts : w.messages.map((m) => m.iri)) add(d, `${prov}wasDerivedFrom`, iri(p));
      if (!touched.some((x) => x.iri === topic)) touched.push({ iri: topic, label: t.label });
    }
    await this.deps.graph.request({ op: 'replaceGraph', graph: GRAPHS.topicModel(w.key), data: `${lines.join('\n')}\n`, format: 'n-triples', asEdit: false, label: `Topic summary (${w.key})`, respectRemovals: true });
    this.deps.store.saveWindow({ key: w.key, sourceId, index: w.index, firstMessageId: w.messages[0].id, lastMessageId: last.id, rounds: ROUNDS_PER_SUMMARY, status: 'done', model, promptVersion: prompt.ref, descriptions: topics.length, error: null });
    for (const t of touched) await this.writeCurrent(t.iri);
    return touched;
  }

  /** The topic update when five descriptions have piled up since the last one; returns 1 when it ran. */
  private async updateIfDue(client: OllamaClient, model: string, topic: { iri: string; label: string }, signal: AbortSignal): Promise<number> {
    const all = await topicDescriptions(this.deps.graph, this.deps.chat, topic.iri);
    const merged = new Set(all.flatMap((d) => d.supersedes));
    const updates = all.filter((d) => d.kind === 'update');
    const lastUpdate = updates.filter((d) => !merged.has(d.iri)).at(-1) ?? null;
    const pending = all.filter((d) => d.kind === 'summary' && !merged.has(d.iri));
    if (pending.length < DESCRIPTIONS_PER_UPDATE) return 0;
    const prompt = loadPrompt(UPDATE_PROMPT.id, UPDATE_PROMPT.version);
    const content = fillPrompt(prompt, {
      person_name: this.deps.ownerName(),
      label: topic.label,
      current: lastUpdate?.text ?? '(none)',
      descriptions: pending.map((d) => `- ${d.date ?? 'undated'}: ${d.text}`).join('\n'),
    });
    let text = '';
    for (let i = 0; i < TRIES && !text; i++) {
      const res = await client.chat([{ role: 'user', content }], { format: 'json', signal });
      try {
        const j = parseJson(res.text) as { description?: unknown };
        if (typeof j.description === 'string' && j.description.trim() && j.description.split(/\s+/).length <= MAX_DESCRIPTION_WORDS * 2) text = j.description.replace(/\s+/g, ' ').trim();
      } catch {
        text = '';
      }
    }
    if (!text) throw new Error(`topic update of "${topic.label}": no usable description (after ${TRIES} tries)`);
    const n = updates.length + 1;
    const d = `${topic.iri}/update/${n}`;
    const date = pending.map((p) => p.date ?? '').sort().at(-1) || null;
    const agent = modelAgent(model);
    const lines: string[] = [];
    const add = (s: string, p: string, o: string) => lines.push(`${iri(s)} ${iri(p)} ${o} .`);
    add(d, `${rdf}type`, iri(`${pcm}TopicDescription`));
    add(d, `${rdfs}label`, stringLiteral(`${topic.label}: update ${n}`));
    add(d, `${pcm}describesTopic`, iri(topic.iri));
    add(d, `${schema}description`, stringLiteral(text));
    add(d, `${prov}wasAttributedTo`, iri(agent));
    if (date) {
      add(d, `${dcterms}created`, typedLiteral(`${date}T23:59:59`, `${xsd}dateTime`));
      add(d, `${pcm}validFrom`, typedLiteral(date, `${xsd}date`));
    }
    for (const old of [...pending, ...(lastUpdate ? [lastUpdate] : [])]) {
      add(d, `${pcm}supersedes`, iri(old.iri));
      add(old.iri, `${pcm}supersededBy`, iri(d));
      add(d, `${prov}wasDerivedFrom`, iri(old.iri));
      if (date) add(old.iri, `${pcm}validUntil`, typedLiteral(date, `${xsd}date`));
    }
    await this.deps.graph.request({ op: 'replaceGraph', graph: GRAPHS.topicModel(`update-${entitySlug(localOf(topic.iri))}-${n}`), data: `${lines.join('\n')}\n`, format: 'n-triples', asEdit: false, label: `Topic update (${topic.label}, ${n})`, respectRemovals: true });
    await this.writeCurrent(topic.iri);
    return 1;
  }

  /** The topic's pcm:currentDescription: its newest description (an update wins a tie). */
  private async writeCurrent(topic: string): Promise<void> {
    const all = await topicDescriptions(this.deps.graph, this.deps.chat, topic);
    const current = all.at(-1);
    const data = current ? `${iri(topic)} ${iri(`${pcm}currentDescription`)} ${iri(current.iri)} .\n` : '';
    await this.deps.graph.request({ op: 'replaceGraph', graph: GRAPHS.topicModel(`current-${entitySlug(localOf(topic))}`), data, format: 'n-triples', asEdit: false, label: 'Current topic description', respectRemovals: true });
  }

  /** Labels of the topics the memory has (the prompt reuses them). */
  private async knownLabels(): Promise<string[]> {
    const res = await this.deps.graph.request({ op: 'query', sparql: `SELECT ?l (COUNT(?s) AS ?n) WHERE { GRAPH ?g { ?t a <${pcm}Topic> ; <${rdfs}label> ?l } OPTIONAL { ?s <${PREFIXES.sioc}topic> ?t } } GROUP BY ?l ORDER BY DESC(?n) LIMIT 80`, limit: 80 });
    return res.kind === 'select' ? res.rows.map((r) => r.l.value) : [];
  }
}

const localOf = (topic: string) => topic.slice(topic.lastIndexOf('/') + 1);
