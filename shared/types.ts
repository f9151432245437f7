// Domain types shared by the engine (Node) and the workbench (browser).
// Everything here must stay JSON-serializable: it crosses IPC and HTTP.

export type Role = 'user' | 'assistant' | 'system' | 'other';

export type SourceFormat =
  | 'chatgpt'
  | 'claude'
  | 'locomo'
  | 'temporal-memory'
  | 'longmemeval'
  | 'generic-json'
  | 'generic-jsonl'
  | 'generic-csv'
  | 'deepseek'
  | 'openwebui'
  | 'librechat'
  | 'sillytavern'
  | 'chatbot-ui'
  | 'grok'
  | 'gemini'
  | 'markdown';

/** A conversation an import could not read (the rest of its file was imported). */
export interface SkippedConversation {
  /** 1-based position of the conversation (or record, or line) in the file. */
  position: number;
  id?: string;
  title?: string;
  reason: string;
}

/** Something the import decided for a conversation it did import (e.g. which branch it kept). */
export interface ImportWarning {
  position: number;
  id?: string;
  title?: string;
  message: string;
}

/** What an import skipped and decided, kept with the source it made. */
export interface ImportReport {
  skipped: SkippedConversation[];
  warnings: ImportWarning[];
}

/**
 * Parts of a message that are not its words as the person read them: the assistant's hidden
 * thinking, tool calls and results, attached files (with their extracted text), cited sources.
 */
export type MessagePartKind = 'thinking' | 'tool' | 'attachment' | 'reference';

export interface MessagePart {
  kind: MessagePartKind;
  /** 1-based for references: the [n] the text shows. */
  ordinal: number;
  label: string | null;
  url: string | null;
  text: string | null;
}

/**
 * A wall-clock time as the conversation saw it: 'YYYY-MM-DDTHH:MM:SS'.
 * Time questions ("last Tuesday", "this morning") are answered on wall-clock values,
 * so they are stored as such; `tzOffsetMin` keeps the original UTC offset when known.
 */
export type LocalDateTime = string;

export interface SourceInfo {
  id: number;
  /** Stable key of the source (used in IRIs): survives delete + re-import. */
  key: string;
  name: string;
  path: string | null;
  format: SourceFormat;
  contentHash: string;
  importedAt: string;
  conversations: number;
  sessions: number;
  messages: number;
  firstAt: LocalDateTime | null;
  lastAt: LocalDateTime | null;
  graphIri: string;
  /** Conversations the import skipped and what it decided; null when it had nothing to say. */
  report: ImportReport | null;
}

export interface ConversationInfo {
  id: number;
  sourceId: number;
  externalId: string;
  title: string;
  sessions: number;
  messages: number;
  firstAt: LocalDateTime | null;
  lastAt: LocalDateTime | null;
}

export interface SessionInfo {
  id: number;
  conversationId: number;
  sourceId: number;
  /** 1-based position of the session within its conversation. */
  ordinal: number;
  /** 1-based position of the session in the memory (all sources), by start time. */
  index: number;
  externalId: string | null;
  start: LocalDateTime;
  end: LocalDateTime;
  messageCount: number;
  conversationTitle: string;
  speakers: string[];
}

/**
 * The timeline's view of a span of the memory: its sessions (the first `limit`, in memory order,
 * without speakers) and, when there are more than that, messages per day to draw the span with.
 */
export interface TimelineMarks {
  /** Sessions overlapping the span. */
  total: number;
  truncated: boolean;
  sessions: SessionInfo[];
  /** [YYYY-MM-DD, messages] for every day of the span with messages, when truncated. */
  days: [string, number][];
}

export interface MessageRow {
  id: number;
  sourceId: number;
  conversationId: number;
  sessionId: number;
  /** Session_Index of the chat table: 1-based position of the session in the memory. */
  sessionIndex: number;
  /** Response_Index of the chat table: 0-based position within the conversation. */
  responseIndex: number;
  /** 0-based position within the session. */
  turnIndex: number;
  speaker: string;
  role: Role;
  text: string;
  /** The text was cut to a page's `textChars` (listMessages); the message itself has all of it. */
  textCut?: true;
  timestamp: LocalDateTime;
  tzOffsetMin: number | null;
  /** The export gave no time: `timestamp` is the file's time, and only the order is real. */
  timeApproximate?: boolean;
  dayName: string;
  week: string;
  date: string;
  time: string;
  /** The source's own id: LoCoMo dia_id, ChatGPT node id, response_number… */
  externalId: string | null;
  conversationTitle: string;
  iri: string;
}

export interface MessageFilter {
  sourceIds?: number[];
  conversationIds?: number[];
  sessionIds?: number[];
  /** Inclusive range of memory-wide session indices. */
  sessionRange?: [number, number];
  speakers?: string[];
  /** Inclusive wall-clock bounds; a bare date 'YYYY-MM-DD' is allowed. */
  from?: string;
  to?: string;
  /** Full-text query; results keep the filter and are ranked by relevance. */
  text?: string;
  ids?: number[];
}

export interface MessagePage {
  total: number;
  offset: number;
  rows: MessageRow[];
  /** Terms to highlight when the page comes from a text query. */
  highlight: string[];
}

export interface SearchHit {
  message: MessageRow;
  score: number;
}

export interface TypeCount {
  iri: string;
  label: string;
  count: number;
}

export interface Stats {
  sources: number;
  conversations: number;
  sessions: number;
  messages: number;
  speakers: number;
  firstAt: LocalDateTime | null;
  lastAt: LocalDateTime | null;
  triples: number;
  graphs: number;
  nodes: number;
  edges: number;
  topTypes: TypeCount[];
  /** Topics labelling the sessions (the timeline's topic lane has a row for each of the first few). */
  topics: number;
  /** False while the graph store is still loading its snapshot. */
  graphReady: boolean;
}

/** Something a check of the memory's stores found (at start-up, or by `engram doctor`). */
export interface IntegrityProblem {
  /** The store: the chat table (SQLite, the record), the search index, the graph, the vectors. */
  store: 'chat' | 'search' | 'graph' | 'vectors';
  /** The file or entry, relative to the data folder: 'graph/snapshot-120.ntg', 'graph journal entry 131'. */
  where: string;
  /** What is wrong, in a few words. */
  problem: string;
  /** Repaired from the record already (derived data rebuilt, a cache dropped). */
  repaired: boolean;
  /** What was done, or what to do (`engram doctor --repair`). */
  action: string;
}

export interface IntegrityReport {
  checkedAt: string;
  problems: IntegrityProblem[];
  /** Problems that are not repaired yet: `engram doctor --repair` (or Repair in the workbench) deals with them. */
  unrepaired: number;
}

export type JobKind = 'import' | 'extract' | 'embed' | 'auto-graph' | 'topics';
export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobInfo {
  id: string;
  kind: JobKind;
  state: JobState;
  title: string;
  done: number;
  total: number | null;
  unit: string;
  startedAt: string;
  elapsedMs: number;
  message?: string;
  error?: string;
  /** Import: the sources it created; other jobs put their summary here. */
  result?: Record<string, unknown>;
}

export type ChangeTopic = 'sources' | 'messages' | 'graph' | 'settings' | 'jobs';

export type EngineEvent =
  | { type: 'job'; job: JobInfo }
  | { type: 'changed'; topics: ChangeTopic[] };

// ---- RDF / SPARQL ----

export type RdfTerm =
  | { type: 'uri'; value: string }
  | { type: 'bnode'; value: string }
  | { type: 'literal'; value: string; datatype?: string; lang?: string }
  | { type: 'triple'; value: string };

export type SparqlResult =
  | { kind: 'select'; vars: string[]; rows: Record<string, RdfTerm>[]; truncated: boolean; elapsedMs: number }
  | { kind: 'boolean'; value: boolean; elapsedMs: number }
  | { kind: 'graph'; turtle: string; triples: number; truncated: boolean; elapsedMs: number };

export interface RdfSyntaxError {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface GraphInfo {
  iri: string;
  triples: number;
  kind: 'messages' | 'ontology' | 'extraction' | 'auto' | 'owner' | 'user' | 'other';
  label: string;
}

export type RdfFormat = 'turtle' | 'n-quads' | 'n-triples' | 'trig' | 'json-ld';

export interface EditRecord {
  seq: number;
  at: string;
  label: string;
  undone: boolean;
  /** The SPARQL UPDATE the edit ran, when it was one. */
  sparql?: string;
}

// ---- extraction and embeddings (Ollama)

export interface ExtractionSettings {
  /** Ollama base URL. */
  host: string;
  /** Model that extracts the graph. */
  model: string;
  /** Model that embeds messages and entities. */
  embedModel: string;
  /** Sampling temperature (0: reproducible). */
  temperature: number;
  /** Context window asked for per call (Ollama's num_ctx), tokens. */
  contextLength: number;
  /** Upper bound of one model call, seconds. */
  timeoutSeconds: number;
  /** Target messages per chunk. */
  chunkSize: number;
  /** Extract from the assistant's messages too (they are context lines otherwise). */
  includeAssistant: boolean;
  /** Chunks extracted at the same time. */
  concurrency: number;
}

/** A live check of the Ollama server: version, installed models, what to do about problems. */
export interface OllamaStatus {
  host: string;
  reachable: boolean;
  version?: string;
  models: string[];
  model: string;
  embedModel: string;
  modelReady: boolean;
  embedModelReady: boolean;
  /** One line per problem, each saying what to run (`ollama serve`, `ollama pull MODEL`). */
  problems: string[];
}

/** What to extract: sources, sessions, a time range (the timeline selection) or chosen messages. */
export type ExtractionScope =
  | { kind: 'source'; sourceIds: number[] }
  | { kind: 'sessions'; sessionIds: number[] }
  | { kind: 'range'; from: string; to: string; sourceIds?: number[] }
  | { kind: 'messages'; messageIds: number[] };

export type ChunkStatus = 'pending' | 'running' | 'done' | 'failed';

/** What validation did to a chunk's triples. */
export interface ChunkReport {
  dropped: { triple: string; reason: string }[];
  addedLabels: number;
  addedProvenance: number;
  retypedLiterals: number;
  /** New individuals merged into an entity already known (same label, compatible type). */
  reconciled: { from: string; to: string; label: string }[];
  unknownTerms: string[];
}

export interface ChunkInfo {
  key: string;
  /** The chunk's named graph. */
  graph: string;
  sourceId: number;
  sessionId: number;
  messageIds: number[];
  targetIds: number[];
  includeAssistant: boolean;
  status: ChunkStatus;
  model: string | null;
  promptVersion: string | null;
  tries: number;
  durationMs: number | null;
  triplesKept: number | null;
  triplesDropped: number | null;
  promptTokens: number | null;
  evalTokens: number | null;
  tokensPerSecond: number | null;
  /** Why the chunk failed. */
  error: string | null;
  updatedAt: string;
  report?: ChunkReport;
}

export interface ExtractionCounts {
  chunks: number;
  done: number;
  failed: number;
  pending: number;
  running: number;
  /** Triples kept by the done chunks. */
  triples: number;
}

export interface ExtractionStatus {
  totals: ExtractionCounts;
  sources: (ExtractionCounts & { sourceId: number; messages: number; unchunkedMessages: number })[];
  sessions: (ExtractionCounts & { sessionId: number; sessionIndex: number })[];
  /** Jobs stopped by a crash or shutdown; `resumeExtraction` continues them. */
  interruptedJobs: { id: string; kind: JobKind; title: string; chunks: number; updatedAt: string }[];
  vectors: { messages: number; entities: number; model: string | null };
}

export type CoverageStrategy = 'exact' | 'substring' | 'numeric' | 'words';

export interface CoverageReport {
  questions: number;
  /** Literals searched (extraction and person's graphs, without provenance and structure). */
  literals: number;
  byStrategy: Record<CoverageStrategy, number>;
  covered: number;
  items: { question: string; answer: string; matched: CoverageStrategy[]; literal: string | null }[];
  /** The same measure over each origin's literals alone. */
  byOrigin: Record<CoverageOrigin, { literals: number; covered: number; byStrategy: Record<CoverageStrategy, number> }>;
}

/** Where the literals coverage searches come from: the automatic, model-extracted and person's graphs. */
export type CoverageOrigin = 'auto' | 'extraction' | 'person';

/** One source's owner speaker (the memory's owner, "you", in that source). */
export interface OwnerSource {
  sourceId: number;
  sourceName: string;
  /** The speaker who is the owner; null when the owner is not a speaker (a log between two other people). */
  speaker: string | null;
  /** That speaker's person IRI in the messages graph (owl:sameAs the owner). */
  speakerIri: string | null;
  /** 'guess': Engram chose at import; 'person': set in Settings or with `engram owner`. */
  chosenBy: 'guess' | 'person';
  /** The source's speakers that are people (candidates). */
  speakers: string[];
}

export interface OwnerInfo {
  /** The owner individual (`mem:person/owner`). */
  iri: string;
  name: string;
  /** The owner's IRI and every speaker IRI mapped to it: what "I" / "me" / "my" binds to. */
  iris: string[];
  sources: OwnerSource[];
}

/** The automatic extraction of one source. */
export interface AutoGraphSourceStatus {
  sourceId: number;
  graph: string;
  /** Extractor version that produced the graph; `current` says whether it is this build's. */
  version: number;
  current: boolean;
  state: 'running' | 'done' | 'pending';
  read: number;
  skipped: Record<string, number>;
  triples: number;
  /** Automatic triples hidden because a model's extraction of their messages superseded them. */
  superseded: number;
  durationMs: number;
}

export interface EntityHit {
  iri: string;
  label: string;
  score: number;
}

// ---- Timeline: chain-of-table plans over the chat table (time and session questions) ----

/** Columns the table operations name (the `chat_table` view). */
export type TimelineColumn =
  | 'Response_Index'
  | 'Session_Index'
  | 'Speaker'
  | 'Role'
  | 'Day_Name'
  | 'Week'
  | 'Date'
  | 'Time'
  | 'Month'
  | 'Year';

/**
 * One table operation. `f_value` keeps rows whose column is one of `values`; `f_between`
 * keeps rows whose column lies in the inclusive `range`. `why` quotes the words it came from.
 */
export type TimelineOp =
  | { op: 'f_value'; column: TimelineColumn; values: (string | number)[]; why?: string }
  | { op: 'f_between'; column: TimelineColumn; range: [string | number, string | number]; why?: string };

/** A chain-of-table plan: JSON the person can read, edit and re-run; compiled to parameterized SQL. */
export interface TimelinePlan {
  version: 1;
  /** Wall clock the plan was resolved against ('YYYY-MM-DDTHH:MM:SS'). */
  now: LocalDateTime;
  /** Sources searched; absent = the whole memory. */
  sourceIds?: number[];
  /** Session_Index counts sessions of the memory ('memory') or of the one source in scope ('source'). */
  sessionNumbering: 'memory' | 'source';
  /** Operations applied in order (each keeps a subset of the rows). */
  chain: TimelineOp[];
  /** When present: rank the chain's rows by relevance to `query` and keep the best (at most `limit`). */
  rank?: { query: string; speakers?: string[]; limit: number };
}

export type QuestionKind = 'meta' | 'content' | 'both';

export interface PlannedQuestion {
  question: string;
  /** The self-contained question actually planned (the question itself when no rewrite was needed). */
  rewrite: string;
  rewritten: boolean;
  /** Does the question refer to meta-data (time, session, speaker), to content, or both. */
  classification: QuestionKind;
  plan: TimelinePlan;
  /** One line per step, for people ("I read 'last Friday' as Fri Oct 20, 2023"). */
  explanation: string[];
  /** Words that look like a time but could not be read ("a while ago"): neither a filter nor searched for. */
  /** The conversation the question names by its title ("in the Sourdough chat"), kept by the plan. */
  conversation?: string;
  notUnderstood?: string[];
  planner: 'rules' | 'llm';
}

export interface PlanRun {
  /** Rows the plan selects (after ranking, when it ranks). */
  total: number;
  offset: number;
  /** Rows in rank order when the plan ranks, else in time order. */
  rows: MessageRow[];
  /** Ids of the sessions holding the selected rows (to light up on the timeline). */
  sessionIds: number[];
  /** The compiled SQL (with ? placeholders) and its parameters, for display. */
  sql: string;
  params: (string | number)[];
  ranked: boolean;
  elapsedMs: number;
}

// ---- entities and graph views (Entities and Graph tabs)

/**
 * Where a statement comes from. The three origins of knowledge: 'auto' (the automatic extraction
 * at import, no model), 'extraction' (a model's extraction) and 'person' (the person's edits,
 * which win over both); besides them the messages graphs, the owner graph and the ontology.
 */
export type ValueOrigin = 'person' | 'extraction' | 'auto' | 'owner' | 'messages' | 'ontology' | 'other';

export interface EntityValue {
  term: RdfTerm;
  /** rdfs:label of an IRI value, when it has one. */
  label?: string;
  origins: ValueOrigin[];
}

export interface EntityProperty {
  predicate: string;
  label: string;
  values: EntityValue[];
}

export interface EntityUsage {
  subject: string;
  subjectLabel: string;
  predicate: string;
  predicateLabel: string;
  origins: ValueOrigin[];
}

export interface EntityDetail {
  iri: string;
  label: string;
  comment: string | null;
  category: string;
  types: { iri: string; label: string; origins: ValueOrigin[] }[];
  properties: EntityProperty[];
  usage: EntityUsage[];
  usageTruncated: boolean;
  /** Messages the entity was derived from (prov:wasDerivedFrom), oldest first. */
  provenance: MessageRow[];
  /** Entities merged into this one (pcm:mergedFrom). */
  mergedFrom: string[];
}

export interface ClassNode {
  iri: string;
  label: string;
  comment: string | null;
  parents: string[];
  /** Instances typed with exactly this class. */
  direct: number;
  /** Distinct entities (the person's memory: not messages, sessions or provenance records) of this class or any subclass. */
  total: number;
  /** Distinct conversation-structure and provenance nodes (messages, sessions, records) of this class or any subclass. */
  records: number;
  inOntology: boolean;
  category: string;
}

export interface IndividualRow {
  iri: string;
  label: string;
  types: string[];
  category: string;
  /** The alternative name (skos:altLabel) that matched a search, when the label did not. */
  alias?: string;
}

/** A triple as the editors send it: subject and predicate IRIs, any object term. */
export interface TripleInput {
  s: string;
  p: string;
  o: RdfTerm;
}

export interface GraphViewNode {
  id: string;
  label: string;
  types: string[];
  category: string;
}

export interface GraphViewEdge {
  id: string;
  source: string;
  target: string;
  predicate: string;
}

export interface GraphView {
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  truncated: boolean;
}

/** A group of entities more linked to each other than to the rest (a Louvain community). */
export interface GraphCluster {
  id: string;
  /** Named after its most linked members. */
  label: string;
  /** 'community': found by Louvain; 'loose': entities linked to a hub and little else; 'rest': pairs, loners and what did not fit. */
  kind: 'community' | 'loose' | 'rest';
  size: number;
  /** Every member's IRI (opening the cluster shows them). */
  members: string[];
  /** The most linked members, best first (at most 5). */
  top: { id: string; label: string; category: string }[];
  /** Members per top-level category, most first. */
  categories: { category: string; count: number }[];
  /** Links between members. */
  internalEdges: number;
}

/** An entity linked to a large share of the graph (the owner, typically): drawn once, its links summarised per cluster. */
export interface GraphHub {
  id: string;
  label: string;
  types: string[];
  category: string;
  degree: number;
  isOwner: boolean;
}

/** The Graph tab's overview: clusters, hubs, and the number of links between them. */
export interface GraphOverview {
  clusters: GraphCluster[];
  hubs: GraphHub[];
  /** Between clusters and hubs (ids of either), with the number of entity links they stand for. */
  links: { source: string; target: string; weight: number }[];
  entities: number;
  edges: number;
  /** The entity view it was built from was cut at its edge limit. */
  truncated: boolean;
  timings: { queryMs: number; communitiesMs: number };
}

// ---- Ask: questions in plain language answered from the memory (engine: electron/node/engine/ask/)

/** Where an Ask turn looked: the timeline planner, message search, or SPARQL over the graph. */
export type AskRoute = 'timeline' | 'search' | 'graph';

/** What the question asks for, as the router read it (decides the routes and the computation). */
export type AskIntent =
  | 'time' | 'content' | 'entity' | 'count' | 'list' | 'date' | 'between' | 'duration' | 'amount'
  | 'preference' | 'update' | 'who-most' | 'who-with' | 'recommended' | 'ordinal' | 'before-after';

export interface AskClassification {
  intent: AskIntent;
  /** The timeline planner's reading: meta-data only, content only, or both. */
  timeline: QuestionKind;
  /** Routes tried, in order of trust. */
  routes: AskRoute[];
  /** One line per rule that fired ("'how many' → count over the graph"). */
  why: string[];
}

export interface AskSparqlPlan {
  /** The query that ran (the person's edit after a re-run). */
  query: string;
  /** Who wrote it: a deterministic template, the LLM, or the person. */
  origin: 'template' | 'llm' | 'person';
  /** The template's id when origin is 'template' (see docs/ask.md). */
  template?: string;
  /** The query as first generated, kept when the person edits it. */
  generated?: string;
  explanation: string[];
}

export interface AskPlan {
  /**
   * The timeline plan that ran. `edited`: the person's plan replaced the planned one
   * (rerunAskPlan); `generated` then keeps the plan as planned ("Back to generated").
   */
  timeline?: { plan: TimelinePlan; explanation: string[]; edited?: boolean; generated?: TimelinePlan };
  search?: { query: string; k: number; sourceIds?: number[]; hybrid: boolean };
  sparql?: AskSparqlPlan;
}

export interface AskSparqlResults {
  kind: 'select' | 'boolean' | 'graph';
  vars: string[];
  rows: Record<string, RdfTerm>[];
  /** Row indices, most relevant first (rows stay in the query's own order). */
  ranked: number[];
  truncated: boolean;
  elapsedMs: number;
  /** Set when the query was refused or failed (parse error, not read-only, timeout). */
  error?: string;
}

export interface AskResults {
  sparql?: AskSparqlResults;
  timeline?: { total: number; sessionIds: number[]; sql: string };
  search?: { total: number };
}

/** A value computed in code from rows or messages (never by the LLM). */
export interface AskComputation {
  kind: 'count' | 'sum' | 'days-between' | 'duration' | 'latest' | 'nth' | 'date' | 'ranking' | 'value';
  /** The value, as a person reads it ("18 days", "€480", "Ostkreuz Boulders"). */
  value: string;
  /** How it was computed ("2026-10-11 − 2026-09-23 = 18 days"). */
  detail: string;
  /** Evidence refs it used ("m1", "t2"). */
  refs: string[];
}

/**
 * How sure an answer is: 'answered' — a graph value, a computation, a plan's rows, or a sentence
 * that holds a value of the kind the question asks for, about whom it asks; 'related' — messages
 * share words with the question but none says the answer (shown as related messages, never as
 * the answer); 'not_found' — nothing in the memory matched.
 */
export type AskStatus = 'answered' | 'related' | 'not_found';

export interface AskAnswer {
  text: string;
  status: AskStatus;
  /** How it was found, in plain words ("Read from your knowledge graph.", "Quoted from Lena's message of 3 May 2023."). */
  how: string;
  /** Which route produced it ('none': nothing found). */
  route: AskRoute | 'none';
  /** How: computed in code, the best evidence stated plainly, or written by the LLM from the evidence. */
  source: 'computed' | 'graph' | 'evidence' | 'llm' | 'none';
  computation?: AskComputation;
  /** Evidence refs the answer cites ("m1", "t3"). */
  citations: string[];
  model?: string;
}

export interface AskEvidenceMessage {
  /** "m1", "m2"… (cited in the answer). */
  ref: string;
  message: MessageRow;
  route: AskRoute;
  score: number;
  /** Why it is evidence ("match 1.00, previous 0.40…", "source of 'Spree Charity 10K'"). */
  why: string;
}

export interface AskEvidenceTriple {
  /** "t1", "t2"… */
  ref: string;
  s: { iri: string; label: string };
  p: { iri: string; label: string };
  o: RdfTerm & { label?: string };
  origins: ValueOrigin[];
}

export interface AskTurn {
  id: number;
  conversationId: number;
  /** 1-based position in the conversation. */
  seq: number;
  question: string;
  /** The self-contained question that was answered (the question itself when no rewrite was needed). */
  rewrite: string;
  rewritten: boolean;
  /** Wall clock the question was read against ('YYYY-MM-DDTHH:MM:SS'). */
  now: string;
  sourceIds?: number[];
  classification: AskClassification;
  plan: AskPlan;
  results: AskResults;
  answer: AskAnswer;
  evidence: { messages: AskEvidenceMessage[]; triples: AskEvidenceTriple[] };
  warnings: string[];
  /** Milliseconds per stage (plan, timeline, search, sparql, answer, total). */
  timings: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export interface AskConversationInfo {
  id: number;
  /** The first question, shortened. */
  title: string;
  turnCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AskConversation {
  id: number;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  turns: AskTurn[];
}

// ---- topics and stances over time (engine: electron/node/engine/topics/, docs/topics.md)

/** A topic of the memory: its sessions, mentions and span (labels found without a model). */
export interface TopicSummary {
  iri: string;
  /** The matching key (stems of the label's lemmas). */
  key: string;
  label: string;
  sessions: number;
  mentions: number;
  /** Sessions where it is among the first three labels. */
  top3: number;
  first: LocalDateTime;
  last: LocalDateTime;
}

/** The timeline's topic lane: the top topics and, per session, which of them label it. */
export interface TopicLane {
  topics: TopicSummary[];
  /** `topic` is an index into `topics`; `rank` 1 is the session's first label. */
  cells: { sessionId: number; topic: number; rank: number; mentions: number }[];
}

/** One description of a topic written by a model (a summary of a window, or a topic update). */
export interface TopicDescriptionInfo {
  iri: string;
  text: string;
  /** 'summary': from one window of rounds; 'update': merged from earlier descriptions. */
  kind: 'summary' | 'update';
  /** Date of the last message it covers. */
  date: string | null;
  model: string | null;
  current: boolean;
  /** Descriptions this one replaced (an update's). */
  supersedes: string[];
  messageIds: number[];
}

export interface TopicDetail {
  topic: TopicSummary;
  /** The current description (a model's), when there is one. */
  description: TopicDescriptionInfo | null;
  /** Every description, oldest first (the history of changes). */
  descriptions: TopicDescriptionInfo[];
  sessions: { session: SessionInfo; rank: number; mentions: number }[];
  /** Messages that mention it, oldest first (at most 200). */
  messages: MessageRow[];
  /** Entities derived from the same messages, most shared first. */
  related: { iri: string; label: string; category: string; shared: number }[];
  /** Stances whose subject is this topic. */
  stances: StanceHistory[];
}

export type StanceKind = 'preference' | 'occupation' | 'employer' | 'membership' | 'home' | 'habit';

/** One stance on a subject, with its validity. */
export interface StanceInfo {
  iri: string;
  label: string;
  /** The attitude or value: "loves", "dislikes", the job title, the organization. */
  value: string;
  validFrom: string | null;
  /** The first statement of the stance that followed it (null: it holds). */
  validUntil: string | null;
  /** Dates it was stated on. */
  statedOn: string[];
  origins: ValueOrigin[];
  supersedes: string | null;
  supersededBy: string | null;
  /** The messages (post IRIs) that stated it, oldest first. */
  posts: string[];
}

/** A person's stances on one subject over time; `current` is the one stated last. */
export interface StanceHistory {
  key: string;
  person: { iri: string; label: string };
  kind: StanceKind;
  /** What the stances are about: "hiking", "favourite band", "job title". */
  subject: string;
  current: StanceInfo;
  /** Oldest first, the current one included. */
  history: StanceInfo[];
}
