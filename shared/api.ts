// The one door between the workbench and the engine.
//
// Every method is declared once here: its argument schema (zod, checked on the engine side
// of every transport: Electron IPC and the HTTP server) and its result type. The engine
// facade implements `EngramApi`; the preload and the HTTP client expose it to the renderer;
// the CLI calls the facade directly. A method is added here first, then implemented.
import { z } from 'zod';
import type {
  ConversationInfo,
  EditRecord,
  GraphInfo,
  TimelineMarks,
  JobInfo,
  MessagePage,
  MessagePart,
  MessageRow,
  RdfSyntaxError,
  SearchHit,
  SessionInfo,
  SourceInfo,
  SparqlResult,
  Stats,
  EngineEvent,
  IntegrityReport,
} from './types';

import { MAX_QUERY_SECONDS } from './limits';
import { ApiError, type ApiMethodName } from './api-names';

export { MAX_QUERY_SECONDS };

const id = z.number().int().nonnegative();
const ids = z.array(id).max(100_000);
const wallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]');

export const messageFilterSchema = z
  .object({
    sourceIds: ids.optional(),
    conversationIds: ids.optional(),
    sessionIds: ids.optional(),
    sessionRange: z.tuple([z.number().int(), z.number().int()]).optional(),
    speakers: z.array(z.string().max(200)).max(1000).optional(),
    from: wallClock.optional(),
    to: wallClock.optional(),
    text: z.string().max(2000).optional(),
    ids: ids.optional(),
  })
  .strict();

// ---- timeline plans (chain-of-table). Structure here; the engine also checks each value against its column.
const timelineColumn = z.enum(['Response_Index', 'Session_Index', 'Speaker', 'Role', 'Day_Name', 'Week', 'Date', 'Time', 'Month', 'Year']);
const timelineValue = z.union([z.string().max(200), z.number().int()]);
export const timelineOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('f_value'), column: timelineColumn, values: z.array(timelineValue).min(1).max(10_000), why: z.string().max(500).optional() }).strict(),
  z.object({ op: z.literal('f_between'), column: timelineColumn, range: z.tuple([timelineValue, timelineValue]), why: z.string().max(500).optional() }).strict(),
]);
export const timelinePlanSchema = z
  .object({
    version: z.literal(1),
    now: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DDTHH:MM:SS'),
    sourceIds: ids.optional(),
    sessionNumbering: z.enum(['memory', 'source']),
    chain: z.array(timelineOpSchema).max(50),
    rank: z
      .object({ query: z.string().max(2000), speakers: z.array(z.string().max(200)).max(100).optional(), limit: z.number().int().min(1).max(1000) })
      .strict()
      .optional(),
  })
  .strict();
/** A BCP 47 language tag ('en-US', 'en-GB'): how numeric dates are written, whose holidays count. */
const localeTag = z.string().regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/, "expected a language tag such as 'en-US'");
const timelineQuestion = {
  question: z.string().min(1).max(5000),
  /** The turns of the dialogue before the question, oldest first (for follow-ups such as "Can you summarize that?"). */
  context: z.array(z.object({ speaker: z.string().max(200), text: z.string().max(20_000) }).strict()).max(200).optional(),
  /** ISO-8601; with an offset it is converted to this machine's wall clock; default: the clock. */
  now: z.string().max(40).optional(),
  sourceIds: ids.optional(),
  /** Reading of numeric dates (5/11 = May 11 in en-US, 5 November in en-GB) and holidays; default en-US. */
  locale: localeTag.optional(),
};

const none = z.object({}).strict();
const rdfTermSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('uri'), value: z.string().min(1).max(4000) }).strict(),
  z.object({ type: z.literal('literal'), value: z.string().max(1_000_000), datatype: z.string().max(4000).optional(), lang: z.string().max(40).optional() }).strict(),
]);
const sparqlText = z.string().min(1).max(5_000_000);
const iri = z.string().min(1).max(4000);
const tripleInputSchema = z.object({ s: iri, p: iri, o: rdfTermSchema }).strict();
const rdfFormat = z.enum(['turtle', 'n-quads', 'n-triples', 'trig', 'json-ld']);

// ---- extraction (Ollama)
const chunkKey = z.string().regex(/^[0-9a-f]{8,64}$/, 'expected a chunk key');
const modelName = z.string().min(1).max(300);
const ollamaHost = z.string().regex(/^https?:\/\/[^\s]+$/, 'expected http(s)://host[:port]').max(500);
export const extractionScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('source'), sourceIds: ids.min(1) }).strict(),
  z.object({ kind: z.literal('sessions'), sessionIds: ids.min(1) }).strict(),
  z.object({ kind: z.literal('range'), from: wallClock, to: wallClock, sourceIds: ids.optional() }).strict(),
  z.object({ kind: z.literal('messages'), messageIds: ids.min(1) }).strict(),
]);
const chunkSize = z.number().int().min(1).max(200);
const concurrency = z.number().int().min(1).max(16);
export const extractionSettingsPatchSchema = z
  .object({
    host: ollamaHost.optional(),
    model: modelName.optional(),
    embedModel: modelName.optional(),
    temperature: z.number().min(0).max(2).optional(),
    contextLength: z.number().int().min(512).max(1_048_576).optional(),
    timeoutSeconds: z.number().min(0.1).max(86_400).optional(),
    chunkSize: chunkSize.optional(),
    includeAssistant: z.boolean().optional(),
    concurrency: concurrency.optional(),
  })
  .strict();

/** Declares a method: its result type, then its argument schema: `method<Result>()(schema)`. */
function method<O>() {
  return <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
}

export const apiSpec = {
  // ---- memory overview
  /** Which memory this is: its data folder and the engine's version. */
  memoryInfo: method<{ dataDir: string; version: string }>()(none),
  stats: method<Stats>()(none),
  /** What the engine found damaged when it opened the memory: repaired from the record, or waiting for repairMemory. */
  integrityReport: method<IntegrityReport>()(none),
  /** Checks every store and rebuilds what is derived from the record (as `engram doctor --repair`). */
  repairMemory: method<IntegrityReport>()(none),
  listSources: method<SourceInfo[]>()(none),
  listConversations: method<ConversationInfo[]>()(
    z.object({ sourceId: id.optional() }).strict(),
  ),
  /** Sessions in memory order: all of them, or those of some sources, overlapping a span, or by id. */
  listSessions: method<SessionInfo[]>()(
    z.object({ sourceIds: ids.optional(), ids: ids.optional(), from: wallClock.optional(), to: wallClock.optional(), limit: z.number().int().min(1).max(1_000_000).optional() }).strict(),
  ),
  /** What the timeline draws for a span: its sessions, or messages per day when they are too many to draw one by one. */
  timelineMarks: method<TimelineMarks>()(
    z.object({ from: wallClock.optional(), to: wallClock.optional(), limit: z.number().int().min(1).max(20_000).optional() }).strict(),
  ),
  /** The memory's periods of activity (sessions merged across pauses of at most `minGapDays`), wall-clock [start, end]. */
  timelinePeriods: method<[string, string][]>()(z.object({ minGapDays: z.number().positive().max(36_500) }).strict()),
  /** The first lines of a session, for the timeline's hover card. */
  sessionPreview: method<MessageRow[]>()(
    z.object({ sessionId: id, lines: z.number().int().min(1).max(50).optional() }).strict(),
  ),
  listSpeakers: method<{ speaker: string; role: string; messages: number }[]>()(none),

  // ---- messages
  listMessages: method<MessagePage>()(
    z
      .object({
        filter: messageFilterSchema,
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
        /** Each row's text cut to this many characters (`textCut` says which were); getMessage reads a whole one. */
        textChars: z.number().int().min(1).max(1_000_000).optional(),
      })
      .strict(),
  ),
  getMessage: method<{ message: MessageRow; parts: MessagePart[]; postTurtle: string; derived: { iri: string; label: string; types: string[] }[] } | null>()(
    z.object({ id }).strict(),
  ),
  searchMessages: method<SearchHit[]>()(
    z
      .object({
        text: z.string().min(1).max(2000),
        filter: messageFilterSchema.optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),

  // ---- import
  /** Import files the engine can read (desktop file picker, CLI). Returns at once; progress comes as job events. */
  /** `strict`: all-or-nothing per file (one conversation that cannot be read refuses the file). */
  importPaths: method<JobInfo>()(
    z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000), strict: z.boolean().optional() }).strict(),
  ),
  /** Import a file's bytes (browser drag-and-drop or picker, where no path exists). */
  importUpload: method<JobInfo>()(
    z.object({ name: z.string().min(1).max(512), bytes: z.instanceof(Uint8Array), strict: z.boolean().optional() }).strict(),
  ),
  /** Import the bundled demo memory. */
  importDemo: method<JobInfo>()(none),
  deleteSource: method<{ deleted: boolean }>()(z.object({ id }).strict()),
  listJobs: method<JobInfo[]>()(none),
  cancelJob: method<{ cancelled: boolean }>()(
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
  ),

  // ---- graph: SPARQL and Turtle
  sparqlQuery: method<SparqlResult>()(
    z
      .object({
        query: sparqlText,
        limit: z.number().int().min(1).max(1_000_000).optional(),
        timeoutMs: z.number().int().min(100).max(MAX_QUERY_SECONDS * 1000).optional(),
      })
      .strict(),
  ),
  /** Runs a SPARQL UPDATE as one journaled, undoable edit. */
  /** A SPARQL UPDATE as one journaled, undoable edit; stopped and rolled back whole past its time limit (default 30 s). */
  sparqlUpdate: method<EditRecord>()(
    z.object({ update: sparqlText, label: z.string().max(200).optional(), timeoutMs: z.number().int().min(100).max(MAX_QUERY_SECONDS * 1000).optional() }).strict(),
  ),
  listGraphs: method<GraphInfo[]>()(none),
  /** Turtle of a named graph, or of one entity's description (all triples with it as subject). */
  getTurtle: method<{ turtle: string; triples: number }>()(
    z.object({ graph: iri.optional(), entity: iri.optional() }).strict(),
  ),
  validateTurtle: method<{ ok: boolean; triples: number; errors: RdfSyntaxError[] }>()(
    z.object({ turtle: z.string().max(50_000_000) }).strict(),
  ),
  /** Replaces exactly that graph (or that entity's description) with the Turtle given; journaled and undoable. */
  applyTurtle: method<EditRecord>()(z.object({ turtle: z.string().max(50_000_000), graph: iri.optional(), entity: iri.optional() }).strict()),
  exportGraph: method<{ data: string; mediaType: string; fileName: string }>()(
    z.object({ graph: iri.optional(), format: rdfFormat }).strict(),
  ),
  /** Prefixes, classes and properties known to the store, for editor completion. */
  vocabulary: method<{ prefixes: Record<string, string>; classes: string[]; properties: string[] }>()(none),
  editHistory: method<EditRecord[]>()(none),
  undo: method<EditRecord | null>()(none),
  redo: method<EditRecord | null>()(none),

  // ---- knowledge-graph extraction with Ollama, embeddings, coverage
  /** Ollama host, models, temperature, context length, chunking and concurrency of extraction. */
  extractionSettings: method<import('./types').ExtractionSettings>()(none),
  setExtractionSettings: method<import('./types').ExtractionSettings>()(extractionSettingsPatchSchema),
  /** Live check: is Ollama running (version), which models are installed, what to run about problems. Arguments try values before saving them. */
  checkOllama: method<import('./types').OllamaStatus>()(
    z.object({ host: ollamaHost.optional(), model: modelName.optional(), embedModel: modelName.optional() }).strict(),
  ),
  /**
   * Extracts a scope (sources, sessions, a time range, chosen messages) as a job of kind 'extract':
   * `done`/`total` count chunks; `message` says chunks done/failed, triples, tokens/s, ETA, or
   * 'Paused: …' while Ollama is away; `result` sums it up. Chunks already done are skipped unless
   * `redo`; `rechunk` forgets the sessions' chunks and chunks them again with the current settings.
   */
  startExtraction: method<JobInfo>()(
    z
      .object({
        scope: extractionScopeSchema,
        redo: z.boolean().optional(),
        rechunk: z.boolean().optional(),
        model: modelName.optional(),
        host: ollamaHost.optional(),
        chunkSize: chunkSize.optional(),
        includeAssistant: z.boolean().optional(),
        concurrency: concurrency.optional(),
      })
      .strict(),
  ),
  /** Continues extraction / embedding jobs that a crash or shutdown interrupted. */
  resumeExtraction: method<JobInfo[]>()(none),
  /** Chunks done / failed / pending / running and triples, per source and per session; interrupted jobs; vectors. */
  extractionStatus: method<import('./types').ExtractionStatus>()(
    z.object({ sourceIds: ids.optional(), sessionIds: ids.optional() }).strict(),
  ),
  /** Chunks with their records (model, prompt version, tries, duration, triples kept/dropped, reason of failure). */
  listChunks: method<{ total: number; chunks: import('./types').ChunkInfo[] }>()(
    z
      .object({
        status: z.enum(['pending', 'running', 'done', 'failed']).optional(),
        sourceIds: ids.optional(),
        sessionIds: ids.optional(),
        limit: z.number().int().min(1).max(5000).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .strict(),
  ),
  /** One chunk with its validation report and messages. */
  getChunk: method<(import('./types').ChunkInfo & { messages: MessageRow[] }) | null>()(z.object({ key: chunkKey }).strict()),
  /** Extracts one chunk again; its named graph is replaced (the person's edits stay). */
  reextractChunk: method<JobInfo>()(z.object({ key: chunkKey }).strict()),
  /** Embeds messages (and entity labels/descriptions) into vectors; turns on hybrid search. A job of kind 'embed'. */
  startEmbedding: method<JobInfo>()(
    z.object({ sourceIds: ids.optional(), entities: z.boolean().optional(), model: modelName.optional(), host: ollamaHost.optional() }).strict(),
  ),
  /** Entities by meaning (vectors) or, without vectors, by label. */
  searchEntities: method<import('./types').EntityHit[]>()(
    z.object({ text: z.string().min(1).max(2000), limit: z.number().int().min(1).max(500).optional() }).strict(),
  ),
  /**
   * Coverage of reference answers by the knowledge graph's literals (exact, substring, numeric,
   * words): the automatic, model-extracted and person's graphs together, and per origin in
   * `byOrigin`; `origins` restricts the literals searched to some of them.
   */
  coverage: method<import('./types').CoverageReport>()(
    z
      .object({
        answers: z.array(z.object({ question: z.string().max(20_000), answer: z.unknown() }).strict()).max(100_000),
        origins: z.array(z.enum(['auto', 'extraction', 'person'])).min(1).max(3).optional(),
      })
      .strict(),
  ),

  // ---- the automatic knowledge graph (no model) and the memory's owner
  /** Per source: the automatic extraction's graph, extractor version, messages read and skipped, triples, superseded triples. */
  autoGraphStatus: method<import('./types').AutoGraphSourceStatus[]>()(none),
  /** Runs the automatic extraction again over sources (all when none given), as a job of kind 'auto-graph'. */
  runAutoGraph: method<JobInfo | null>()(z.object({ sourceIds: ids.optional() }).strict()),
  /** The memory's owner ("you"): one individual, and per source the speaker who is the owner (or none). */
  owner: method<import('./types').OwnerInfo>()(none),
  /** Sets which speaker of a source is the owner (null: the owner is not a speaker of it). */
  setOwner: method<import('./types').OwnerInfo>()(z.object({ sourceId: id, speaker: z.string().min(1).max(200).nullable() }).strict()),
  /** The owner's name as the workbench and answers say it. */
  setOwnerName: method<import('./types').OwnerInfo>()(z.object({ name: z.string().min(1).max(200) }).strict()),

  // ---- topics and stances over time (engine: topics/, docs/topics.md)
  /** The timeline's topic lane: the top topics (of some sources) and the sessions each labels. */
  topicLane: method<import('./types').TopicLane>()(z.object({ sourceIds: ids.optional(), limit: z.number().int().min(1).max(100).optional() }).strict()),
  /** Topics of the memory, most sessions first; `search` filters by label. */
  listTopics: method<import('./types').TopicSummary[]>()(
    z.object({ sourceIds: ids.optional(), search: z.string().max(500).optional(), limit: z.number().int().min(1).max(5000).optional() }).strict(),
  ),
  /** A topic's page: description and its history, sessions, messages, related entities, stances. */
  getTopic: method<import('./types').TopicDetail | null>()(z.object({ iri }).strict()),
  /** Stances over time (current one and history), of a person and/or about a subject; `changedOnly`: only those that changed. */
  stances: method<import('./types').StanceHistory[]>()(
    z.object({ person: iri.optional(), subject: z.string().max(500).optional(), changedOnly: z.boolean().optional() }).strict(),
  ),
  /** Topic summaries with the model (Ollama): every 50 new rounds, and a topic update once a label has 5 descriptions. A job of kind 'topics'. */
  startTopicSummaries: method<JobInfo>()(z.object({ sourceIds: ids.optional(), model: modelName.optional(), host: ollamaHost.optional() }).strict()),

  // ---- timeline: time and session questions (chain-of-table plans over the chat table)
  /** Question (+ the dialogue before it) → rewrite, classification, plan and explanation. Runs nothing. */
  planQuestion: method<import('./types').PlannedQuestion>()(z.object(timelineQuestion).strict()),
  /** Runs a plan, as planned or as edited by the person: a page of rows, their sessions, the SQL. */
  runPlan: method<import('./types').PlanRun>()(
    z.object({ plan: timelinePlanSchema, offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() }).strict(),
  ),
  /** planQuestion + runPlan in one call (the timeline's question box, Ask). */
  askTimeline: method<{ planned: import('./types').PlannedQuestion; run: import('./types').PlanRun }>()(
    z.object({ ...timelineQuestion, limit: z.number().int().min(1).max(5000).optional() }).strict(),
  ),

  // ---- entities and the visual graph (Entities and Graph tabs)
  /** The class hierarchy (ontology + classes in use) with instance counts. */
  classTree: method<import('./types').ClassNode[]>()(none),
  /** Individuals of a class (and its subclasses), or of any class, filtered by label. */
  listIndividuals: method<{ total: number; rows: import('./types').IndividualRow[] }>()(
    z
      .object({
        classIri: iri.optional(),
        search: z.string().max(500).optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
  ),
  /** One individual: its values with their origin, its usage, its provenance messages. */
  getEntity: method<import('./types').EntityDetail | null>()(z.object({ iri }).strict()),
  /** Removes and adds statements as ONE journaled, undoable SPARQL UPDATE. */
  editTriples: method<import('./types').EditRecord>()(
    z.object({ remove: z.array(tripleInputSchema).max(10_000), add: z.array(tripleInputSchema).max(10_000), label: z.string().min(1).max(200) }).strict(),
  ),
  createEntity: method<{ iri: string; edit: import('./types').EditRecord }>()(
    z.object({ label: z.string().min(1).max(500), classIri: iri }).strict(),
  ),
  deleteEntity: method<import('./types').EditRecord>()(z.object({ iri }).strict()),
  /** Rewrites every statement of `merge` onto `keep` and records `keep pcm:mergedFrom merge`. */
  mergeEntities: method<import('./types').EditRecord>()(z.object({ keep: iri, merge: iri }).strict()),
  /** Nodes and edges: the whole graph (filtered) or a neighbourhood grown from a seed. */
  graphView: method<import('./types').GraphView>()(
    z
      .object({
        seed: z
          .discriminatedUnion('kind', [
            z.object({ kind: z.literal('entity'), iri }).strict(),
            z.object({ kind: z.literal('class'), iri }).strict(),
            z.object({ kind: z.literal('search'), text: z.string().min(1).max(500) }).strict(),
            z.object({ kind: z.literal('sessions'), sessionIds: ids }).strict(),
            /** These entities and the links among them (a cluster of the overview), grown by `depth` beyond. */
            z.object({ kind: z.literal('entities'), iris: z.array(iri).min(1).max(5000) }).strict(),
          ])
          .optional(),
        depth: z.number().int().min(0).max(4).optional(),
        classIris: z.array(iri).max(200).optional(),
        predicates: z.array(iri).max(200).optional(),
        sourceIds: ids.optional(),
        from: wallClock.optional(),
        to: wallClock.optional(),
        includeStructure: z.boolean().optional(),
        /** Only links from graphs of these origins (the automatic, a model's, the person's); the owner and messages graphs always count. */
        origins: z.array(z.enum(['auto', 'extraction', 'person'])).min(1).max(3).optional(),
        limit: z.number().int().min(1).max(20_000).optional(),
      })
      .strict(),
  ),

  /** The overview of the whole graph (filtered): communities of entities, hubs, and the links between them. */
  graphOverview: method<import('./types').GraphOverview>()(
    z
      .object({
        sourceIds: ids.optional(),
        from: wallClock.optional(),
        to: wallClock.optional(),
        classIris: z.array(iri).max(200).optional(),
        predicates: z.array(iri).max(200).optional(),
        origins: z.array(z.enum(['auto', 'extraction', 'person'])).min(1).max(3).optional(),
        /** Louvain resolution: above 1, more and smaller clusters. */
        resolution: z.number().min(0.1).max(10).optional(),
      })
      .strict(),
  ),

  // ---- Ask: questions in plain language, answered with their evidence (engine: ask/, docs/ask.md)
  /** Asks a question in an Ask conversation (a new one without conversationId); the turn is stored. */
  ask: method<import('./types').AskTurn>()(
    z
      .object({
        conversationId: id.optional(),
        question: z.string().min(1).max(5000),
        /** ISO-8601; default: the clock. */
        now: z.string().max(40).optional(),
        sourceIds: ids.optional(),
        /** Use the local model when Ollama is ready (default true). */
        llm: z.boolean().optional(),
        /** The locale setting of the timeline's dates (see timelineQuestion). */
        locale: localeTag.optional(),
      })
      .strict(),
  ),
  /** Questions to suggest: made from this memory (its latest conversations, people, favourites, topics) and kept only when Ask answers them. */
  askSuggestions: method<string[]>()(z.object({ sourceIds: ids.optional(), now: z.string().max(40).optional() }).strict()),
  /** Runs an edited SPARQL query in place of a turn's generated one; results, evidence and answer are updated. */
  rerunAskSparql: method<import('./types').AskTurn>()(z.object({ turnId: id, sparql: sparqlText }).strict()),
  /** Runs an edited timeline plan in place of a turn's planned one; results, evidence and answer are updated. */
  rerunAskPlan: method<import('./types').AskTurn>()(z.object({ turnId: id, plan: timelinePlanSchema }).strict()),
  listAskConversations: method<import('./types').AskConversationInfo[]>()(none),
  getAskConversation: method<import('./types').AskConversation | null>()(z.object({ id }).strict()),
  deleteAskConversation: method<{ deleted: boolean }>()(z.object({ id }).strict()),
} as const;

export type ApiSpec = typeof apiSpec;
export type ApiMethod = keyof ApiSpec;
export type ApiArgs<M extends ApiMethod> = z.input<ApiSpec[M]['input']>;
export type ApiResult<M extends ApiMethod> = ApiSpec[M]['output'];

export type EngramApi = { [M in ApiMethod]: (args: ApiArgs<M>) => Promise<ApiResult<M>> };

/** What the renderer holds: the API plus the engine's event stream. */
export interface EngramClient extends EngramApi {
  onEvent(listener: (event: EngineEvent) => void): () => void;
}

export const apiMethodNames = Object.keys(apiSpec) as ApiMethod[];

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(apiSpec, name);
}

/** Validates the arguments of a call arriving over a transport; throws ApiError on bad input. */
export function parseApiArgs<M extends ApiMethod>(method: M, args: unknown): ApiArgs<M> {
  const parsed = apiSpec[method].input.safeParse(args ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'arguments';
    throw new ApiError('bad_request', `${method}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data as ApiArgs<M>;
}

export { ApiError, type ApiErrorCode } from './api-names';

/** The client's list of names (api-names.ts) is exactly the methods: a method missing there or left over fails here. */
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : { missingInApiNames: Exclude<A, B>; notAMethod: Exclude<B, A> };
const namesMatch: Exactly<ApiMethod, ApiMethodName> = true;
void namesMatch;
