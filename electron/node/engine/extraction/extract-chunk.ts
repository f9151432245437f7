// One chunk, start to finish: build the prompt, ask the model, parse (asking for a fix on a
// syntax error, up to MAX_TRIES answers), validate, and store the chunk's triples together
// with its status in one transaction. A chunk that fails keeps no triples.
import { GRAPHS, MEMORY_BASE, PREFIXES } from '../../../../shared/rdf';
import type { ChunkInfo, MessageRow } from '../../../../shared/types';
import { JobCancelled } from '../common/jobs';
import {
  LlmAbortedError,
  LlmModelMissingError,
  LlmTimeoutError,
  LlmUnavailableError,
  type ChatResult,
  type LlmMessage,
  type OllamaClient,
} from '../llm/ollama';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { speakerIri } from '../stores/graph/messages-graph';
import { ModelGoneError, type AvailabilityGate } from './availability';
import { renderMessages } from './chunks';
import { existingIris, knownEntitiesForChunk, knownEntityLines, entitiesWithWords } from './known-entities';
import type { OntologyIndex } from './ontology';
import { fillPrompt, loadPrompt } from './prompt';
import type { ChunkRecord, ExtractionState } from '../stores/extraction-state';
import type { Owner } from '../owner/owner-service';
import { contentWords } from '../../../../shared/text/stop-words';
import { labelsIn, mentionedMemoryIris, numberLines, parseAnswer, refine, toNTriples, type KnownEntity } from './validate';

export const MAX_TRIES = 3;
export const PROMPT_ID = 'extract-turtle';
export const PROMPT_VERSION = 1;
export const FIX_PROMPT_ID = 'extract-turtle-fix';
/** New individuals are minted here (bound to ent: in the prompt). */
export const ENTITY_NAMESPACE = `${MEMORY_BASE}entity/`;
/** The prompt's msg: prefix: msg:m1 … msg:mN name the chunk's messages, mapped back to post IRIs. */
export const MSG_NAMESPACE = `${MEMORY_BASE}msgref/`;

export interface ChunkRunContext {
  chat: ChatStore;
  graph: GraphStore;
  state: ExtractionState;
  ontology: OntologyIndex;
  client: OllamaClient;
  gate: AvailabilityGate;
  jobId: string;
  signal: AbortSignal;
  /** Called after every model call with its token counts. */
  onCall?: (r: ChatResult) => void;
  /** The memory's owner (the prompt's primary agent when the source maps a speaker to them). */
  owner?: Owner | null;
}

/** A reason to stop the whole job (not just this chunk), with what to do about it. */
export class JobStop extends Error {}

/** Rough token count of a prompt (English text and Turtle: ~3.5 characters per token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 3.5);

export interface ChunkOutcome {
  status: 'done' | 'failed';
  record: ChunkRecord;
}

/** The `@prefix` lines of the prompt (and prepended to the answer before parsing). */
export function prefixLines(): string {
  const all = { ...PREFIXES, msg: MSG_NAMESPACE, ent: ENTITY_NAMESPACE };
  return Object.entries(all)
    .map(([p, iri]) => `@prefix ${p}: <${iri}> .`)
    .join('\n');
}

/**
 * The person whose memory this is, for the prompt: the owner (OWNER_IRI) when the source maps
 * one of its speakers to them; else (the owner is not a speaker) the source's most active person.
 */
export function primarySpeaker(chat: ChatStore, sourceId: number, owner: Owner | null): { name: string; iri: string; speaker: string | null } {
  const mapped = owner?.sources.find((s) => s.sourceId === sourceId);
  if (owner && mapped?.speaker) {
    // The messages show the speaker's name ("User" in a ChatGPT export): the prompt ties it to the owner.
    const name = mapped.speaker === owner.name ? owner.name : `${owner.name} (the speaker ${mapped.speaker})`;
    return { name, iri: owner.iri, speaker: mapped.speaker };
  }
  const top = chat.sourceSpeakers(sourceId).find((s) => s.role !== 'assistant' && s.role !== 'system');
  const name = top?.speaker ?? 'Me';
  return { name, iri: speakerIri(name, top?.role ?? 'user'), speaker: top?.speaker ?? null };
}

function speakersOf(messages: MessageRow[], primary: { name: string; iri: string; speaker: string | null }): KnownEntity[] {
  const out = new Map<string, KnownEntity>();
  out.set(primary.iri, { iri: primary.iri, label: primary.name, types: [`${PREFIXES.foaf}Person`] });
  for (const m of messages) {
    if (primary.speaker !== null && m.speaker === primary.speaker && m.role !== 'assistant') continue; // the owner, listed above
    const iri = speakerIri(m.speaker, m.role);
    if (!out.has(iri)) {
      const types = m.role === 'assistant' ? [`${PREFIXES.prov}SoftwareAgent`, `${PREFIXES.foaf}Agent`] : [`${PREFIXES.foaf}Person`];
      out.set(iri, { iri, label: m.speaker, types });
    }
  }
  return [...out.values()];
}

/** Builds the prompt of a chunk; exported for tests and for `engram extract --dry-run`. */
export async function buildChunkPrompt(ctx: Pick<ChunkRunContext, 'chat' | 'graph' | 'state' | 'ontology' | 'owner'>, chunk: ChunkInfo) {
  const messages = ctx.chat.getMessages(chunk.messageIds);
  if (messages.length !== chunk.messageIds.length) throw new Error('some of its messages no longer exist');
  const primary = primarySpeaker(ctx.chat, chunk.sourceId, ctx.owner ?? null);
  const graph = GRAPHS.extraction(chunk.key);
  const sessionGraphs = ctx.state.doneKeysOfSession(chunk.sessionId, chunk.messageIds[0], 3).map((k) => GRAPHS.extraction(k));
  const speakers = speakersOf(messages, primary);
  const known = await knownEntitiesForChunk(ctx.graph, { speakers, sessionGraphs, text: messages.map((m) => m.text).join('\n'), graph });
  const rendered = renderMessages(messages, new Set(chunk.targetIds));
  const template = loadPrompt(PROMPT_ID, PROMPT_VERSION);
  const prompt = fillPrompt(template, {
    prefixes: prefixLines().split('\n').filter((l) => !l.startsWith('@prefix ent:')).join('\n'),
    namespace: ENTITY_NAMESPACE,
    primary_agent_iri: primary.iri,
    primary_agent_name: primary.name,
    ontology_catalog: ctx.ontology.catalog(),
    known_entities: knownEntityLines(known),
    messages: rendered.text,
  });
  return { prompt, promptVersion: template.ref, messages, known, rendered, graph };
}

export async function runChunk(ctx: ChunkRunContext, chunk: ChunkInfo): Promise<ChunkOutcome> {
  const started = performance.now();
  const { prompt, promptVersion, messages, known, rendered, graph } = await buildChunkPrompt(ctx, chunk);
  const numCtx = ctx.client.settings.numCtx;
  if (estimateTokens(prompt) + 1024 > numCtx) {
    // Ollama would cut the prompt silently and the model would answer the wrong question.
    throw new JobStop(
      `the extraction prompt needs about ${estimateTokens(prompt) + 1024} tokens with its answer, but the context length is ${numCtx} — raise it: \`engram settings set contextLength 16384\``,
    );
  }
  const fix = loadPrompt(FIX_PROMPT_ID, 1);
  const conversation: LlmMessage[] = [{ role: 'user', content: prompt }];
  const targets = messages.filter((m) => chunk.targetIds.includes(m.id)).map((m) => ({ iri: m.iri, text: m.text }));
  const record: ChunkRecord = {
    model: ctx.client.settings.model,
    promptVersion,
    tries: 0,
    durationMs: 0,
    triplesKept: 0,
    triplesDropped: 0,
    promptTokens: 0,
    evalTokens: 0,
    tokensPerSecond: 0,
    report: null,
    error: null,
    jobId: ctx.jobId,
  };
  let genSeconds = 0;
  let lastError = '';

  while (record.tries < MAX_TRIES) {
    if (ctx.signal.aborted) throw new JobCancelled();
    let answer: ChatResult;
    try {
      answer = await ctx.client.chat(conversation, { signal: ctx.signal });
    } catch (e) {
      if (e instanceof LlmAbortedError || ctx.signal.aborted) throw new JobCancelled();
      if (e instanceof LlmUnavailableError) {
        await ctx.gate.waitUntilBack();
        continue; // the same try again: the server was away, the model did nothing wrong
      }
      if (e instanceof LlmModelMissingError) throw new ModelGoneError(e.hint ?? e.message);
      if (e instanceof LlmTimeoutError) {
        const check = await ctx.client.check({ signal: ctx.signal }).catch(() => null);
        if (check && !check.reachable) {
          await ctx.gate.waitUntilBack();
          continue;
        }
      }
      record.tries++;
      lastError = (e as Error).message;
      continue;
    }
    record.tries++;
    record.promptTokens += answer.promptTokens;
    record.evalTokens += answer.evalTokens;
    if (answer.tokensPerSecond > 0) genSeconds += answer.evalTokens / answer.tokensPerSecond;
    ctx.onCall?.(answer);

    const parsed = parseAnswer(answer.text, prefixLines());
    if (!parsed.ok) {
      const where = `line ${parsed.error.line}, column ${parsed.error.column}`;
      lastError = `Turtle syntax error at ${where}: ${parsed.error.message.replace(/^Parser error at line \d+ column \d+: /, '')}`;
      conversation.push({ role: 'assistant', content: answer.text });
      conversation.push({ role: 'user', content: fillPrompt(fix, { error: lastError.replace(/^Turtle syntax error at /, ''), previous_output: numberLines(parsed.text) }) });
      continue;
    }

    const mentioned = mentionedMemoryIris(parsed.quads, MSG_NAMESPACE);
    const existing = await existingIris(ctx.graph, mentioned, graph);
    const newLabels = [...labelsIn(parsed.quads)].filter(([iri]) => !existing.has(iri)).flatMap(([, ls]) => ls);
    const lookup = await entitiesWithWords(ctx.graph, newLabels.flatMap((l) => contentWords(l)), graph);
    const { quads, report } = refine({
      quads: parsed.quads,
      chunkKey: chunk.key,
      ontology: ctx.ontology,
      msgNamespace: MSG_NAMESPACE,
      msgIds: rendered.ids,
      targets,
      candidates: [...known, ...lookup],
      existing,
    });
    record.durationMs = performance.now() - started;
    record.triplesKept = quads.length;
    record.triplesDropped = report.dropped.length;
    record.tokensPerSecond = genSeconds > 0 ? record.evalTokens / genSeconds : 0;
    record.report = report;
    await ctx.graph.request({ op: 'finishChunk', key: chunk.key, outcome: 'done', ntriples: toNTriples(quads), record });
    return { status: 'done', record };
  }

  record.durationMs = performance.now() - started;
  record.tokensPerSecond = genSeconds > 0 ? record.evalTokens / genSeconds : 0;
  record.error = `${lastError || 'no usable answer'} (after ${record.tries} tries)`;
  await ctx.graph.request({ op: 'finishChunk', key: chunk.key, outcome: 'failed', record });
  return { status: 'failed', record };
}
