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
  | 'generic-csv';

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
  timestamp: LocalDateTime;
  tzOffsetMin: number | null;
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
  /** False while the graph store is still loading its snapshot. */
  graphReady: boolean;
}

export type JobKind = 'import' | 'extract' | 'embed';
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
  kind: 'messages' | 'ontology' | 'extraction' | 'user' | 'other';
  label: string;
}

export type RdfFormat = 'turtle' | 'n-quads' | 'n-triples' | 'trig' | 'json-ld';

export interface EditRecord {
  seq: number;
  at: string;
  label: string;
  undone: boolean;
}
