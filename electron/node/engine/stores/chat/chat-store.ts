// The chat table: sources, conversations, sessions and messages in SQLite.
//
// This module owns the SQLite schema of the chat data. Messages carry the chain-of-table
// columns (Day_Name, Week, Date, Time, Month, Year) as indexed columns, and sessions carry
// their memory-wide and per-source positions, so time and session questions are plain
// indexed SQL. SQLite is the source of truth: the search index and the messages graph are
// derived from these rows.
import type Database from 'better-sqlite3';
import type {
  ConversationInfo,
  ImportReport,
  MessageFilter,
  MessagePart,
  MessagePartKind,
  MessageRow,
  Role,
  SessionInfo,
  SourceFormat,
  SourceInfo,
  TimelineColumn,
  TimelineMarks,
  TimelinePlan,
} from '../../../../../shared/types';
import { GRAPHS, MEMORY_BASE } from '../../../../../shared/rdf';
import { migrate, type Migration } from '../migrate';
import { IMAGE_DESCRIPTION, imageDescription } from './message-extra';
import type { TableColumns } from '../../../../../shared/dates/wall-clock';
import { endOfDay } from '../../../../../shared/dates/calendar';
import type { RetrievalDoc } from '../../retrieval/types';
import { allowedSources, chainOnSessions, chainRowsJson, chainSelect, compileChain, sessionIndexColumn, type ChainExtent, type ChainRow } from './plan-sql';
import { countableByDay, DAY_COUNTS_SQL, dayCountsOf, extentByDay, type DayCountRow, type DayCounts } from './day-counts';
import { addToDigest, type SourceDigest } from '../row-digest';
import { crc32 } from 'node:zlib';
import { msToWall, tableColumnsOf, wallToMs } from '../../../../../shared/dates/wall-clock';
import { activityPeriods } from '../../../../../shared/dates/activity';

export type Db = Database.Database;

/** The key the LoCoMo importer kept a photo's caption under before chat schema 6 (the export's own; history, read by migration 6 only). */
const IMAGE_KEY_BEFORE_6 = 'blip_caption';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'chat table',
    sql: `
      CREATE TABLE sources (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        path TEXT,
        format TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        part TEXT NOT NULL DEFAULT '',
        imported_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'importing',
        UNIQUE (content_hash, part)
      );
      CREATE TABLE conversations (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        family TEXT NOT NULL,
        external_id TEXT NOT NULL,
        title TEXT NOT NULL,
        iri_key TEXT NOT NULL,
        UNIQUE (family, external_id)
      );
      CREATE INDEX conversations_source ON conversations(source_id);
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        external_id TEXT,
        iri_key TEXT NOT NULL,
        start_local TEXT NOT NULL,
        end_local TEXT NOT NULL,
        start_utc TEXT NOT NULL,
        message_count INTEGER NOT NULL DEFAULT 0,
        memory_index INTEGER NOT NULL DEFAULT 0,
        source_index INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX sessions_conversation ON sessions(conversation_id, ordinal);
      CREATE INDEX sessions_source ON sessions(source_id, source_index);
      CREATE INDEX sessions_memory_index ON sessions(memory_index);
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        response_index INTEGER NOT NULL,
        turn_index INTEGER NOT NULL,
        speaker TEXT NOT NULL,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        ts_local TEXT NOT NULL,
        tz_offset_min INTEGER,
        ts_utc TEXT NOT NULL,
        day_name TEXT NOT NULL,
        week TEXT NOT NULL,
        date TEXT NOT NULL,
        time TEXT NOT NULL,
        month TEXT NOT NULL,
        year INTEGER NOT NULL,
        external_id TEXT,
        msg_key TEXT NOT NULL,
        iri_key TEXT NOT NULL,
        extra TEXT,
        UNIQUE (conversation_id, msg_key)
      );
      CREATE UNIQUE INDEX messages_response ON messages(conversation_id, response_index);
      CREATE INDEX messages_session ON messages(session_id, turn_index);
      CREATE INDEX messages_source ON messages(source_id);
      CREATE INDEX messages_ts ON messages(ts_local);
      CREATE INDEX messages_date ON messages(date, time);
      CREATE INDEX messages_week ON messages(week);
      CREATE INDEX messages_day ON messages(day_name);
      CREATE INDEX messages_month ON messages(month);
      CREATE INDEX messages_year ON messages(year);
      CREATE INDEX messages_speaker ON messages(speaker);
      CREATE INDEX messages_utc ON messages(ts_utc);
      CREATE INDEX messages_iri ON messages(iri_key);
      -- The chain-of-table view: the columns the table operations name.
      CREATE VIEW chat_table AS
        SELECT m.id AS Message_Id, m.source_id AS Source_Id, m.conversation_id AS Conversation_Id,
               m.response_index AS Response_Index, s.memory_index AS Session_Index,
               s.source_index AS Source_Session_Index, m.speaker AS Speaker, m.role AS Role,
               m.day_name AS Day_Name, m.week AS Week, m.date AS Date, m.time AS Time,
               m.month AS Month, m.year AS Year, m.ts_local AS Timestamp, m.text AS Text
        FROM messages m JOIN sessions s ON s.id = m.session_id;
    `,
  },
  {
    version: 2,
    name: 'message parts, approximate times, import reports',
    sql: `
      -- The export gave no time: ts_local is the file's time; only the order is real.
      ALTER TABLE messages ADD COLUMN time_approx INTEGER NOT NULL DEFAULT 0;
      -- What a message carries besides its words: hidden thinking, tool calls and results,
      -- attachments (name + extracted text, searchable), cited sources ([n] in the text).
      CREATE TABLE message_parts (
        id INTEGER PRIMARY KEY,
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        label TEXT,
        url TEXT,
        text TEXT
      );
      CREATE INDEX message_parts_message ON message_parts(message_id, kind, ordinal);
      -- What an import skipped and decided (JSON ImportReport), kept with the source it made.
      ALTER TABLE sources ADD COLUMN report TEXT;
    `,
  },
  {
    version: 3,
    name: 'message row checksums',
    // CRC-32 of every column a message is written with (messageRowChecksum); NULL for rows
    // written before it. Rows are never updated, so a row that no longer matches was damaged.
    sql: 'ALTER TABLE messages ADD COLUMN crc INTEGER;',
  },
  {
    version: 4,
    name: 'source index with message times',
    // A source's first and last message (sources, stats) from the index instead of every row.
    sql: `
      DROP INDEX messages_source;
      CREATE INDEX messages_source ON messages(source_id, ts_local);
    `,
  },
  {
    version: 5,
    name: 'chain columns with their session and source',
    // A chain's count and sessions (Timeline.run) from the index alone: a year or "every
    // Monday" keeps tens of thousands of rows, and reading each row for its session cost more
    // than the count. Response_Index across conversations and Role had no index of their own.
    sql: `
      DROP INDEX messages_date;
      CREATE INDEX messages_date ON messages(date, time, session_id, source_id);
      DROP INDEX messages_week;
      CREATE INDEX messages_week ON messages(week, session_id, source_id);
      DROP INDEX messages_day;
      CREATE INDEX messages_day ON messages(day_name, session_id, source_id);
      DROP INDEX messages_month;
      CREATE INDEX messages_month ON messages(month, session_id, source_id);
      DROP INDEX messages_year;
      CREATE INDEX messages_year ON messages(year, session_id, source_id);
      CREATE INDEX messages_response_index ON messages(response_index, session_id, source_id);
      CREATE INDEX messages_role ON messages(role, session_id, source_id);
      -- statistics for the new indexes (sampled, as ChatStore.analyze does)
      PRAGMA analysis_limit = 2000;
      ANALYZE messages;
    `,
  },
  {
    version: 6,
    name: 'image description under its neutral key',
    // Imports before this kept LoCoMo's photo caption under the export's own key (named by its
    // importer); the readers know only the neutral one (message-extra.ts).
    sql: '',
    run: (db) => renameExtraKey(db, IMAGE_KEY_BEFORE_6, IMAGE_DESCRIPTION),
  },
];

/**
 * Renames a key of messages' extra in place (same position, so a migrated row reads as a new
 * import writes it) and re-signs each row whose checksum matched; a damaged row stays damaged.
 */
function renameExtraKey(db: Db, from: string, to: string): void {
  const rows = db
    .prepare(`SELECT id, crc, ${CHECKED_COLUMNS.join(', ')} FROM messages WHERE extra LIKE ?`)
    .raw()
    .all(`%${from}%`) as unknown[][];
  const at = CHECKED_COLUMNS.indexOf('extra');
  const update = db.prepare('UPDATE messages SET extra = ?, crc = ? WHERE id = ?');
  for (const r of rows) {
    const values = r.slice(2);
    let extra: unknown;
    try {
      extra = JSON.parse(values[at] as string);
    } catch {
      continue;
    }
    if (!extra || typeof extra !== 'object' || Array.isArray(extra) || !Object.hasOwn(extra, from) || Object.hasOwn(extra, to)) continue;
    const crc = r[1] as number | null;
    const signed = crc !== null && messageRowChecksum(values) === crc;
    values[at] = JSON.stringify(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k === from ? to : k, v])));
    update.run(values[at], signed ? messageRowChecksum(values) : crc, r[0]);
  }
}

/**
 * The timeline's indexes on messages, as the migrations leave them. An import into an empty
 * memory drops them and builds them once its rows are in (a sort per index instead of a B-tree
 * insert per row and index); open builds any that a killed import left missing. The indexes
 * an import itself reads (a conversation's keys and turns, a session's messages) are not here.
 */
export const TIMELINE_INDEXES: Readonly<Record<string, string>> = {
  messages_source: 'messages(source_id, ts_local)',
  messages_ts: 'messages(ts_local)',
  messages_date: 'messages(date, time, session_id, source_id)',
  messages_week: 'messages(week, session_id, source_id)',
  messages_day: 'messages(day_name, session_id, source_id)',
  messages_month: 'messages(month, session_id, source_id)',
  messages_year: 'messages(year, session_id, source_id)',
  messages_speaker: 'messages(speaker)',
  messages_utc: 'messages(ts_utc)',
  messages_iri: 'messages(iri_key)',
  messages_response_index: 'messages(response_index, session_id, source_id)',
  messages_role: 'messages(role, session_id, source_id)',
};

/**
 * How many rows ChatStore.chainRows keeps, over all the chains it keeps (the 13,186 questions of
 * the temporal-memory batch ask 5,137 chains of 237,792 rows in all, over far fewer messages).
 */
const KEPT_CHAIN_ROWS = 300_000;

/** SQLite's WAL auto-checkpoint interval, in pages (its default), and the one while an import writes (64 MB of 4 KB pages). */
const DEFAULT_CHECKPOINT_PAGES = 1000;
const BULK_CHECKPOINT_PAGES = 16_384;

/** The message columns a row's checksum covers, in order (all but its id and the checksum). */
const CHECKED_COLUMNS = [
  'source_id', 'conversation_id', 'session_id', 'response_index', 'turn_index', 'speaker', 'role', 'text', 'ts_local', 'tz_offset_min', 'ts_utc',
  'day_name', 'week', 'date', 'time', 'month', 'year', 'external_id', 'msg_key', 'iri_key', 'extra', 'time_approx',
] as const;

/** A message row's checksum over CHECKED_COLUMNS' values, in that order. */
export function messageRowChecksum(values: readonly unknown[]): number {
  return crc32(JSON.stringify(values));
}

/** What the search index keeps of a message: enough to put back a damaged row whose checksum then matches again. */
export interface MessageCopy {
  speaker: string;
  role: string;
  text: string;
  tsLocal: string;
}

export interface NewSource {
  key: string;
  name: string;
  path: string | null;
  format: SourceFormat;
  contentHash: string;
  part: string;
  importedAt: string;
}

export interface NewSession {
  sourceId: number;
  conversationId: number;
  ordinal: number;
  externalId: string | null;
  iriKey: string;
  startLocal: string;
  endLocal: string;
  startUtc: string;
  messageCount: number;
}

/** A message row to insert; the chain-of-table columns come from its wall clock. */
export interface NewMessage extends TableColumns {
  sourceId: number;
  conversationId: number;
  sessionId: number;
  responseIndex: number;
  turnIndex: number;
  speaker: string;
  role: Role;
  text: string;
  tsLocal: string;
  tzOffsetMin: number | null;
  tsUtc: string;
  externalId: string | null;
  msgKey: string;
  iriKey: string;
  extra: string | null;
  timeApproximate: boolean;
}

/** A part of a message to insert (see message_parts). */
export interface NewMessagePart {
  kind: MessagePartKind;
  ordinal: number;
  label: string | null;
  url: string | null;
  text: string | null;
}

export interface ConversationTail {
  lastResponseIndex: number;
  lastSessionId: number | null;
  lastSessionOrdinal: number;
  lastSessionTurns: number;
  lastTsUtc: string | null;
}

interface MessageDbRow {
  id: number;
  source_id: number;
  conversation_id: number;
  session_id: number;
  memory_index: number;
  response_index: number;
  turn_index: number;
  speaker: string;
  role: Role;
  text: string;
  ts_local: string;
  tz_offset_min: number | null;
  day_name: string;
  week: string;
  date: string;
  time: string;
  external_id: string | null;
  title: string;
  iri_key: string;
  time_approx: number;
}

const MESSAGE_COLUMNS = `m.id, m.source_id, m.conversation_id, m.session_id, s.memory_index, m.response_index,
  m.turn_index, m.speaker, m.role, m.text, m.ts_local, m.tz_offset_min, m.day_name, m.week, m.date, m.time,
  m.external_id, c.title, m.iri_key, m.time_approx`;
/** A row of MESSAGE_COLUMNS read as an array of cells, in their order. */
function messageDbRowOf(c: unknown[]): MessageDbRow {
  return {
    id: c[0], source_id: c[1], conversation_id: c[2], session_id: c[3], memory_index: c[4], response_index: c[5],
    turn_index: c[6], speaker: c[7], role: c[8], text: c[9], ts_local: c[10], tz_offset_min: c[11], day_name: c[12], week: c[13], date: c[14], time: c[15],
    external_id: c[16], title: c[17], iri_key: c[18], time_approx: c[19],
  } as MessageDbRow;
}
const MESSAGE_FROM = `messages m JOIN sessions s ON s.id = m.session_id JOIN conversations c ON c.id = m.conversation_id`;

/** A message with what a source's derived stores (search rows, automatic graph) need besides its row. */
export type SourceMessage = MessageRow & { extra: string | null; attachments: string | null; tsUtc: string; conversationIriKey: string; sessionIriKey: string; sessionOrdinal: number; conversationExternalId: string };
type SourceMessageDbRow = MessageDbRow & { extra: string | null; ts_utc: string; conv_iri_key: string; conv_external_id: string; session_iri_key: string; session_ordinal: number; attachments: string | null };

const SOURCE_MESSAGES = `SELECT ${MESSAGE_COLUMNS}, m.extra, m.ts_utc, c.iri_key AS conv_iri_key, c.external_id AS conv_external_id,
     s.iri_key AS session_iri_key, s.ordinal AS session_ordinal,
     (SELECT group_concat(COALESCE(p.label, '') || char(10) || COALESCE(p.text, ''), char(10))
        FROM message_parts p WHERE p.message_id = m.id AND p.kind = 'attachment') AS attachments
   FROM ${MESSAGE_FROM} WHERE m.source_id = ?`;

function toSourceMessage(r: SourceMessageDbRow): SourceMessage {
  return {
    ...toMessageRow(r),
    extra: r.extra,
    attachments: r.attachments,
    tsUtc: r.ts_utc,
    conversationIriKey: r.conv_iri_key,
    conversationExternalId: r.conv_external_id,
    sessionIriKey: r.session_iri_key,
    sessionOrdinal: r.session_ordinal,
  };
}
const DOC_COLUMNS = `m.id, m.source_id AS sourceId, m.session_id AS sessionId, m.turn_index AS turnIndex, m.speaker, m.role, m.text,
  m.ts_local AS timestamp, m.extra`;

/** A message as the passes after an import read it (`sourceMessagePages`). */
export interface PassMessage {
  id: number;
  sessionId: number;
  speaker: string;
  role: string;
  text: string;
  /** Wall clock, YYYY-MM-DDTHH:MM:SS. */
  timestamp: string;
  tzOffsetMin: number | null;
  /** The post IRI (the messages graph's sioc:Post). */
  iri: string;
  sessionIriKey: string;
}

/** A message as the messages graph needs it (see stores/graph/messages-graph.ts): no text, which stays here. */
export interface GraphRow {
  iri: string;
  speaker: string;
  role: Role;
  timestamp: string;
  tzOffsetMin: number | null;
  conversationTitle: string;
  conversationIriKey: string;
  sessionIriKey: string;
  sessionOrdinal: number;
}

/** What the messages graphs hold, counted over the ready sources (graph statistics without the graph). */
export interface MessagesGraphCounts {
  messages: number;
  sessions: number;
  conversations: number;
  sources: number;
  speakers: { speaker: string; role: string }[];
}

/** A speaker with one of its roles and how many messages it has with that role. */
export interface SpeakerCount {
  speaker: string;
  role: string;
  messages: number;
}

/** A session with both its numberings and its span (what the timeline plans over). */
export interface SessionSpan {
  id: number;
  sourceId: number;
  /** Session_Index in the whole memory. */
  memoryIndex: number;
  /** Session_Index within its source. */
  sourceIndex: number;
  start: string;
  end: string;
  /** First and last Response_Index of its messages (null without messages). */
  firstResponse: number | null;
  lastResponse: number | null;
}

/** A message as retrieval reads it, its text as written and its extra fields (JSON, e.g. an image caption). */
export type MessageDoc = Omit<RetrievalDoc, 'text'> & { text: string; extra: string | null };

/** What the embedding job embeds of a message, with the columns its vectors are scoped by. */
export interface MessageText {
  id: number;
  sourceId: number;
  sessionId: number;
  conversationId: number;
  speaker: string;
  text: string;
}

export function postIri(iriKey: string): string {
  return `${MEMORY_BASE}post/${iriKey}`;
}

function sessionInfoOf(r: Record<string, unknown>, speakers: string[]): SessionInfo {
  return {
    id: r.id as number,
    conversationId: r.conversation_id as number,
    sourceId: r.source_id as number,
    ordinal: r.ordinal as number,
    index: r.memory_index as number,
    externalId: (r.external_id as string | null) ?? null,
    start: r.start_local as string,
    end: r.end_local as string,
    messageCount: r.message_count as number,
    conversationTitle: r.title as string,
    speakers,
  };
}

function toMessageRow(r: MessageDbRow): MessageRow {
  return {
    id: r.id,
    sourceId: r.source_id,
    conversationId: r.conversation_id,
    sessionId: r.session_id,
    sessionIndex: r.memory_index,
    responseIndex: r.response_index,
    turnIndex: r.turn_index,
    speaker: r.speaker,
    role: r.role,
    text: r.text,
    timestamp: r.ts_local,
    tzOffsetMin: r.tz_offset_min,
    timeApproximate: r.time_approx === 1,
    dayName: r.day_name,
    week: r.week,
    date: r.date,
    time: r.time,
    externalId: r.external_id,
    conversationTitle: r.title,
    iri: postIri(r.iri_key),
  };
}


/** `?` placeholders for an IN list. */
const marks = (values: readonly unknown[]) => values.map(() => '?').join(',');

/** Messages (alias m) of the ready sources, or of these of them; binds `sourceIds`. */
function inReadySources(sourceIds?: readonly number[]): string {
  const ready = `m.source_id IN (SELECT id FROM sources WHERE status = 'ready')`;
  return sourceIds?.length ? `m.source_id IN (${marks(sourceIds)}) AND ${ready}` : ready;
}

/**
 * Chain columns whose index goes on with the session (schema 5: `messages_day (day_name,
 * session_id, source_id)` and the like): rows of one value are read in session order.
 */
const SESSION_ORDERED_COLUMNS: ReadonlySet<TimelineColumn> = new Set(['Day_Name', 'Week', 'Month', 'Year', 'Response_Index', 'Role']);
/** Chain counts on calendar columns within one version of the chat table before DayCounts are built for it. */
const DAY_COUNTS_AFTER_USES = 3;

/** Rows longer IN lists are cut into (SQLite binds at most 32,766 parameters). */
const IN_CHUNK = 900;

function* slices<T>(values: readonly T[], size = IN_CHUNK): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}

interface SessionsWhere {
  clauses: string[];
  params: unknown[];
}

/**
 * Sessions (alias x, their source s) of the ready sources: of some sources, with these ids,
 * overlapping a wall-clock span (a bare date `to` covers its day).
 */
function sessionsWhere(q: { sourceIds?: number[]; ids?: number[]; from?: string; to?: string }): SessionsWhere {
  const clauses = ["s.status = 'ready'"];
  const params: unknown[] = [];
  if (q.sourceIds?.length) {
    clauses.push(`x.source_id IN (${marks(q.sourceIds)})`);
    params.push(...q.sourceIds);
  }
  if (q.ids) {
    clauses.push(q.ids.length ? `x.id IN (${marks(q.ids)})` : '0');
    params.push(...q.ids);
  }
  if (q.from) {
    clauses.push('x.end_local >= ?');
    params.push(q.from);
  }
  if (q.to) {
    clauses.push('x.start_local <= ?');
    params.push(endOfDay(q.to));
  }
  return { clauses, params };
}

/** What the chat table holds, in counts (stats). */
export interface ChatOverview {
  sources: number;
  conversations: number;
  sessions: number;
  messages: number;
  speakers: number;
  firstAt: string | null;
  lastAt: string | null;
}

export class ChatStore {
  private readonly statements = new Map<string, Database.Statement>();
  /** Per-memory facts (sources, counts, the primary speaker), by chat-table version: see perVersion. */
  private readonly versioned = new Map<string, unknown>();
  /** Writes through this store that dataVersion does not see (a status, a report, a restored row). */
  private writes = 0;

  private constructor(private readonly db: Db) {}

  /**
   * A prepared statement, prepared once: imports call these per conversation, the timeline and
   * retrieval per question (their IN lists vary in length, so the cache is bounded). Each SQL
   * text is used in one mode only (rows, `pluck` or `raw`), since those modes stick to the statement.
   */
  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * An answer over the whole memory, computed once per version of the chat table: start-up,
   * the automatic graph, topics, stats and Ask each ask these, and each reads every message.
   */
  private perVersion<T>(name: string, compute: () => T, version = this.versionKey()): T {
    const key = `${version}|${name}`;
    if (this.versioned.has(key)) return this.versioned.get(key) as T;
    const value = compute();
    if (this.versioned.size > 200) this.versioned.clear();
    this.versioned.set(key, value);
    return value;
  }

  /** What perVersion keys its answers by: the chat table's data version and this store's own writes. */
  versionKey(): string {
    return `${this.dataVersion()}#${this.writes}`;
  }

  /** Reads over an existing connection (the graph worker's), without touching the schema. */
  static over(db: Db): ChatStore {
    return new ChatStore(db);
  }

  /** The chat tables of a connection (see memory-db.ts), created or migrated to this build's schema. */
  static migrated(db: Db): ChatStore {
    migrate(db, 'chat', MIGRATIONS);
    const store = new ChatStore(db);
    store.buildTimelineIndexes();
    return store;
  }

  /**
   * Drops the timeline's indexes when the memory holds no message (an import into an empty
   * memory builds them after its rows: buildTimelineIndexes). True when dropped.
   */
  dropTimelineIndexesWhenEmpty(): boolean {
    return this.transaction(() => {
      if (this.db.prepare('SELECT 1 FROM messages LIMIT 1').get()) return false;
      for (const name of Object.keys(TIMELINE_INDEXES)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      return true;
    });
  }

  /** Builds the timeline's indexes that are missing (none, unless an import dropped them). */
  buildTimelineIndexes(): void {
    const present = new Set(this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'").pluck().all() as string[]);
    const missing = Object.entries(TIMELINE_INDEXES).filter(([name]) => !present.has(name));
    if (!missing.length) return;
    this.transaction(() => {
      for (const [name, on] of missing) this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${on}`);
    });
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Fewer WAL checkpoints while an import and the job after it write (BULK_CHECKPOINT_PAGES
   * instead of SQLite's 1,000 pages): each checkpoint copies the pages the last commit changed
   * into the file and fsyncs both, and an import's batches change the same index pages again
   * and again (the 50k-message import and its job: 8 fsyncs instead of 30).
   * Commits, and what a killed process keeps, are as before. Returns the release; the usual
   * interval is back once every holder has released.
   */
  holdCheckpoints(): () => void {
    if (this.checkpointHolds++ === 0) this.db.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.checkpointHolds === 0 && this.db.open) this.db.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
    };
  }

  private checkpointHolds = 0;

  /**
   * Gathers the statistics SQLite's planner chooses indexes by (after an import changed the
   * tables' sizes): without them a date or session range reads every message through the wrong
   * index. Sampled (analysis_limit), so it costs milliseconds even at a million messages.
   */
  analyze(): void {
    this.db.pragma('analysis_limit = 2000');
    this.db.exec('ANALYZE');
  }

  // ---- sources

  findSourceByHash(contentHash: string, part: string): { id: number; status: string } | undefined {
    return this
      .stmt('SELECT id, status FROM sources WHERE content_hash = ? AND part = ?')
      .get(contentHash, part) as { id: number; status: string } | undefined;
  }

  insertSource(s: NewSource): number {
    const r = this
      .stmt(
        `INSERT INTO sources (key, name, path, format, content_hash, part, imported_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'importing')`,
      )
      .run(s.key, s.name, s.path, s.format, s.contentHash, s.part, s.importedAt);
    this.writes++;
    return Number(r.lastInsertRowid);
  }

  /** Deletes a source row (its rows go with it, ON DELETE CASCADE) without renumbering sessions. */
  deleteSourceRow(id: number): void {
    this.stmt('DELETE FROM sources WHERE id = ?').run(id);
    this.writes++;
  }

  /** Makes a source visible, with what its import skipped and decided (null: nothing to say). */
  markSourceReady(id: number, report: ImportReport | null = null): void {
    this.stmt(`UPDATE sources SET status = 'ready', report = ? WHERE id = ?`).run(report ? JSON.stringify(report) : null, id);
    this.writes++;
  }

  /** Drops a source row an import wrote nothing under (every message was already there). */
  discardEmptySource(id: number): void {
    this.stmt(`DELETE FROM sources WHERE id = ? AND NOT EXISTS (SELECT 1 FROM messages WHERE source_id = ?)`).run(id, id);
    this.writes++;
  }

  /** Sources a crash left half-imported; the engine removes them at startup. */
  unfinishedSources(): { id: number; key: string }[] {
    return this.db.prepare(`SELECT id, key FROM sources WHERE status != 'ready'`).all() as { id: number; key: string }[];
  }

  sourceName(id: number): string | undefined {
    return this.stmt('SELECT name FROM sources WHERE id = ?').pluck().get(id) as string | undefined;
  }

  /** Keys of every source row, ready or not. */
  allSourceKeys(): string[] {
    return this.db.prepare('SELECT key FROM sources').pluck().all() as string[];
  }

  sourceIdByKey(key: string): number | undefined {
    return this.stmt('SELECT id FROM sources WHERE key = ?').pluck().get(key) as number | undefined;
  }

  sourceKey(id: number): string | undefined {
    return (this.stmt('SELECT key FROM sources WHERE id = ?').get(id) as { key: string } | undefined)?.key;
  }

  sourceIdsByName(nameOrKey: string): number[] {
    return (
      this.db
        .prepare(`SELECT id FROM sources WHERE status = 'ready' AND (key = @v OR name = @v OR part = @v OR path = @v OR CAST(id AS TEXT) = @v)`)
        .all({ v: nameOrKey }) as { id: number }[]
    ).map((r) => r.id);
  }

  /** Ready sources with their counts and span (per version of the chat table: a copy each call). */
  listSources(): SourceInfo[] {
    return this.perVersion('listSources', () => this.readSources()).map((s) => ({ ...s }));
  }

  private readSources(): SourceInfo[] {
    const rows = this.db
      .prepare(
        `SELECT s.id, s.key, s.name, s.path, s.format, s.content_hash, s.imported_at, s.report,
           (SELECT COUNT(*) FROM conversations c WHERE c.source_id = s.id) AS conversations,
           (SELECT COUNT(*) FROM sessions x WHERE x.source_id = s.id) AS sessions,
           (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id) AS messages,
           (SELECT MIN(ts_local) FROM messages m WHERE m.source_id = s.id) AS first_at,
           (SELECT MAX(ts_local) FROM messages m WHERE m.source_id = s.id) AS last_at
         FROM sources s WHERE s.status = 'ready' ORDER BY s.id`,
      )
      .all() as Record<string, unknown>[];
    return rows.map((r) => ({
      id: r.id as number,
      key: r.key as string,
      name: r.name as string,
      path: (r.path as string | null) ?? null,
      format: r.format as SourceFormat,
      contentHash: r.content_hash as string,
      importedAt: r.imported_at as string,
      conversations: r.conversations as number,
      sessions: r.sessions as number,
      messages: r.messages as number,
      firstAt: (r.first_at as string | null) ?? null,
      lastAt: (r.last_at as string | null) ?? null,
      graphIri: GRAPHS.source(r.key as string),
      report: r.report ? (JSON.parse(r.report as string) as ImportReport) : null,
    }));
  }

  /**
   * Deletes a source with its conversations, sessions and messages. Messages a later
   * source appended to this source's conversations go with them; sources left empty are
   * removed too. Returns every source removed and the sources whose messages changed.
   */
  deleteSource(id: number): { removed: { id: number; key: string }[]; touchedSourceIds: number[] } {
    this.writes++;
    return this.transaction(() => {
      const key = this.sourceKey(id);
      if (!key) return { removed: [], touchedSourceIds: [] };
      const touched = (
        this.db
          .prepare(
            `SELECT DISTINCT m.source_id AS id FROM messages m JOIN conversations c ON c.id = m.conversation_id
             WHERE c.source_id = ? AND m.source_id != ?`,
          )
          .all(id, id) as { id: number }[]
      ).map((r) => r.id);
      this.deleteSourceRow(id);
      const removed = [{ id, key }];
      for (const t of touched) {
        const left = this.db.prepare('SELECT COUNT(*) FROM messages WHERE source_id = ?').pluck().get(t) as number;
        if (left === 0) {
          removed.push({ id: t, key: this.sourceKey(t)! });
          this.deleteSourceRow(t);
        }
      }
      this.refreshSessions();
      return { removed, touchedSourceIds: touched.filter((t) => !removed.some((r) => r.id === t)) };
    });
  }

  // ---- writes used by the import job (inside one transaction)

  findConversation(family: string, externalId: string): { id: number; sourceId: number; iriKey: string } | undefined {
    return this
      .stmt('SELECT id, source_id AS sourceId, iri_key AS iriKey FROM conversations WHERE family = ? AND external_id = ?')
      .get(family, externalId) as { id: number; sourceId: number; iriKey: string } | undefined;
  }

  insertConversation(sourceId: number, family: string, externalId: string, title: string, iriKey: string): number {
    const r = this
      .stmt('INSERT INTO conversations (source_id, family, external_id, title, iri_key) VALUES (?, ?, ?, ?, ?)')
      .run(sourceId, family, externalId, title, iriKey);
    return Number(r.lastInsertRowid);
  }

  conversationTail(conversationId: number): ConversationTail {
    const last = this
      .stmt(
        `SELECT m.response_index, m.session_id, m.ts_utc, s.ordinal,
           (SELECT COUNT(*) FROM messages x WHERE x.session_id = m.session_id) AS turns
         FROM messages m JOIN sessions s ON s.id = m.session_id
         WHERE m.conversation_id = ? ORDER BY m.response_index DESC LIMIT 1`,
      )
      .get(conversationId) as
      | { response_index: number; session_id: number; ts_utc: string; ordinal: number; turns: number }
      | undefined;
    if (!last) return { lastResponseIndex: -1, lastSessionId: null, lastSessionOrdinal: 0, lastSessionTurns: 0, lastTsUtc: null };
    return {
      lastResponseIndex: last.response_index,
      lastSessionId: last.session_id,
      lastSessionOrdinal: last.ordinal,
      lastSessionTurns: last.turns,
      lastTsUtc: last.ts_utc,
    };
  }

  messageKeys(conversationId: number): Set<string> {
    const rows = this.stmt('SELECT msg_key FROM messages WHERE conversation_id = ?').pluck().all(conversationId) as string[];
    return new Set(rows);
  }

  findSession(conversationId: number, externalId: string): { id: number; turns: number } | undefined {
    return this
      .stmt(
        `SELECT id, (SELECT COUNT(*) FROM messages m WHERE m.session_id = sessions.id) AS turns
         FROM sessions WHERE conversation_id = ? AND external_id = ?`,
      )
      .get(conversationId, externalId) as { id: number; turns: number } | undefined;
  }

  insertSession(s: NewSession): number {
    const r = this
      .stmt(
        `INSERT INTO sessions (source_id, conversation_id, ordinal, external_id, iri_key, start_local, end_local, start_utc, message_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(s.sourceId, s.conversationId, s.ordinal, s.externalId, s.iriKey, s.startLocal, s.endLocal, s.startUtc, s.messageCount);
    return Number(r.lastInsertRowid);
  }

  private insertMessageStmt?: Database.Statement;

  insertMessage(m: NewMessage): number {
    this.insertMessageStmt ??= this.stmt(
      `INSERT INTO messages (${CHECKED_COLUMNS.join(', ')}, crc) VALUES (${CHECKED_COLUMNS.map(() => '?').join(', ')}, ?)`,
    );
    // Positional binding: imports insert tens of thousands of rows, named lookups cost a third.
    const values = [
      m.sourceId, m.conversationId, m.sessionId, m.responseIndex, m.turnIndex, m.speaker, m.role, m.text,
      m.tsLocal, m.tzOffsetMin, m.tsUtc, m.dayName, m.week, m.date, m.time, m.month, m.year, m.externalId, m.msgKey, m.iriKey, m.extra,
      m.timeApproximate ? 1 : 0,
    ];
    const r = this.insertMessageStmt.run(...values, messageRowChecksum(values));
    return Number(r.lastInsertRowid);
  }

  /** The highest message id (0 when there are none). */
  lastMessageId(): number {
    return this.stmt('SELECT COALESCE(MAX(id), 0) FROM messages').pluck().get() as number;
  }

  /** Messages whose row no longer matches its checksum (`engram doctor`): id and source. Reads every row. */
  damagedMessageRows(): { id: number; sourceId: number }[] {
    const out: { id: number; sourceId: number }[] = [];
    for (let after = 0; ; ) {
      const page = this.damagedMessageRowsAfter(after, 20_000);
      out.push(...page.damaged);
      if (page.last === null) return out;
      after = page.last;
    }
  }

  /** One page of that check: rows with ids after `after` (and not past `upTo`); `last` is the page's last id (null at the end). */
  damagedMessageRowsAfter(after: number, limit: number, upTo = Number.MAX_SAFE_INTEGER): { damaged: { id: number; sourceId: number }[]; last: number | null } {
    const rows = this.stmt(`SELECT id, crc, ${CHECKED_COLUMNS.join(', ')} FROM messages WHERE id > ? AND id <= ? ORDER BY id LIMIT ?`).raw().all(after, upTo, limit) as unknown[][];
    const damaged = rows.filter((r) => r[1] !== null && messageRowChecksum(r.slice(2)) !== r[1]).map((r) => ({ id: r[0] as number, sourceId: r[2] as number }));
    return { damaged, last: rows.length ? (rows[rows.length - 1][0] as number) : null };
  }

  /**
   * Puts back a damaged message row's words, speaker, role and time from a copy (the search
   * index's), only if the row then matches its checksum again, which proves the copy right.
   */
  restoreMessageFromCopy(id: number, copy: MessageCopy): boolean {
    const row = this.stmt(`SELECT crc, ${CHECKED_COLUMNS.join(', ')} FROM messages WHERE id = ?`).raw().get(id) as unknown[] | undefined;
    if (!row) return false;
    const values = row.slice(1);
    const at = (c: (typeof CHECKED_COLUMNS)[number]) => CHECKED_COLUMNS.indexOf(c);
    const cols = tableColumnsOf(copy.tsLocal);
    values[at('speaker')] = copy.speaker;
    values[at('role')] = copy.role;
    values[at('text')] = copy.text;
    values[at('ts_local')] = copy.tsLocal;
    values[at('day_name')] = cols.dayName;
    values[at('week')] = cols.week;
    values[at('date')] = cols.date;
    values[at('time')] = cols.time;
    values[at('month')] = cols.month;
    values[at('year')] = cols.year;
    if (messageRowChecksum(values) !== row[0]) return false;
    this.stmt(`UPDATE messages SET ${CHECKED_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...values, id);
    this.writes++;
    return true;
  }

  insertMessageParts(messageId: number, parts: NewMessagePart[]): void {
    const stmt = this.stmt('INSERT INTO message_parts (message_id, kind, ordinal, label, url, text) VALUES (?, ?, ?, ?, ?, ?)');
    for (const p of parts) stmt.run(messageId, p.kind, p.ordinal, p.label, p.url, p.text);
  }

  /** A message's parts: thinking, tools, attachments, references, each in its order. */
  messageParts(messageId: number): MessagePart[] {
    return this.stmt(
      `SELECT kind, ordinal, label, url, text FROM message_parts WHERE message_id = ?
       ORDER BY CASE kind WHEN 'attachment' THEN 0 WHEN 'reference' THEN 1 WHEN 'thinking' THEN 2 ELSE 3 END, ordinal`,
    ).all(messageId) as MessagePart[];
  }

  /** Recomputes session extents and counts, drops empty sessions/conversations, renumbers. */
  refreshSessions(): void {
    this.writes++;
    this.db.exec(`
      UPDATE sessions SET
        message_count = (SELECT COUNT(*) FROM messages m WHERE m.session_id = sessions.id),
        start_local = COALESCE((SELECT MIN(ts_local) FROM messages m WHERE m.session_id = sessions.id), start_local),
        end_local = COALESCE((SELECT MAX(ts_local) FROM messages m WHERE m.session_id = sessions.id), end_local),
        start_utc = COALESCE((SELECT MIN(ts_utc) FROM messages m WHERE m.session_id = sessions.id), start_utc);
      DELETE FROM sessions WHERE message_count = 0;
      DELETE FROM conversations WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id);
      UPDATE sessions SET memory_index = r.rn
        FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY start_utc, id) AS rn FROM sessions) AS r
        WHERE sessions.id = r.id;
      UPDATE sessions SET source_index = r.rn
        FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY source_id ORDER BY start_utc, id) AS rn FROM sessions) AS r
        WHERE sessions.id = r.id;
    `);
  }

  // ---- reads

  listConversations(sourceId?: number): ConversationInfo[] {
    const rows = this.db
      .prepare(
        `SELECT c.id, c.source_id, c.external_id, c.title,
           COUNT(DISTINCT m.session_id) AS sessions, COUNT(m.id) AS messages,
           MIN(m.ts_local) AS first_at, MAX(m.ts_local) AS last_at
         FROM conversations c JOIN sources s ON s.id = c.source_id AND s.status = 'ready'
         LEFT JOIN messages m ON m.conversation_id = c.id
         ${sourceId === undefined ? '' : 'WHERE c.source_id = ?'}
         GROUP BY c.id ORDER BY first_at, c.id`,
      )
      .all(...(sourceId === undefined ? [] : [sourceId])) as Record<string, unknown>[];
    return rows.map((r) => ({
      id: r.id as number,
      sourceId: r.source_id as number,
      externalId: r.external_id as string,
      title: r.title as string,
      sessions: r.sessions as number,
      messages: r.messages as number,
      firstAt: (r.first_at as string | null) ?? null,
      lastAt: (r.last_at as string | null) ?? null,
    }));
  }

  /**
   * Sessions of the ready sources in memory order: all, or of some sources, overlapping a
   * wall-clock span (a bare date `to` covers its day), with these ids, at most `limit`.
   */
  listSessions(sourceIds?: number[], opts: { ids?: number[]; from?: string; to?: string; limit?: number } = {}): SessionInfo[] {
    const where = sessionsWhere({ sourceIds, ...opts });
    const rows = this.sessionRows(where, opts.limit);
    // Speakers of the sessions listed: all at once for the whole memory, else by session id.
    const speakers = new Map<number, string[]>();
    const addSpeakers = (list: { session_id: number; speaker: string }[]) => {
      for (const r of list) {
        const l = speakers.get(r.session_id) ?? [];
        l.push(r.speaker);
        speakers.set(r.session_id, l);
      }
    };
    const bySpeaker = 'GROUP BY session_id, speaker ORDER BY session_id, MIN(id)';
    if (where.clauses.length === 1 && !opts.limit) {
      addSpeakers(this.stmt(`SELECT session_id, speaker FROM messages ${bySpeaker}`).all() as { session_id: number; speaker: string }[]);
    } else {
      for (const chunk of slices(rows.map((r) => r.id as number))) {
        addSpeakers(this.stmt(`SELECT session_id, speaker FROM messages WHERE session_id IN (${marks(chunk)}) ${bySpeaker}`).all(...chunk) as { session_id: number; speaker: string }[]);
      }
    }
    return rows.map((r) => sessionInfoOf(r, speakers.get(r.id as number) ?? []));
  }

  /**
   * What the timeline draws for a wall-clock span: the sessions overlapping it in memory order
   * (without speakers), at most `limit`; when there are more, the span's messages per day.
   */
  timelineMarks(span: { from?: string; to?: string }, limit: number): TimelineMarks {
    const where = sessionsWhere(span);
    const rows = this.sessionRows(where, limit + 1);
    const truncated = rows.length > limit;
    const total = truncated
      ? (this.stmt(`SELECT COUNT(*) FROM sessions x JOIN sources s ON s.id = x.source_id WHERE ${where.clauses.join(' AND ')}`).pluck().get(...where.params) as number)
      : rows.length;
    const days = truncated
      ? (this.stmt(`SELECT m.date, COUNT(*) FROM messages m WHERE m.date BETWEEN ? AND ? AND ${inReadySources()} GROUP BY m.date ORDER BY m.date`)
          .raw()
          .all((span.from ?? '0000-01-01').slice(0, 10), (span.to ?? '9999-12-31').slice(0, 10)) as [string, number][])
      : [];
    return { total, truncated, sessions: rows.slice(0, limit).map((r) => sessionInfoOf(r, [])), days };
  }

  /**
   * The periods of activity of the whole memory (ready sources): its sessions merged across
   * pauses of at most `minGapMs`, as wall-clock [start, end]. One pass over the sessions' bounds,
   * so the timeline can compress the long pauses without loading every session.
   */
  activityPeriods(minGapMs: number): [string, string][] {
    const rows = this.stmt(
      `SELECT x.start_local, x.end_local FROM sessions x JOIN sources s ON s.id = x.source_id WHERE s.status = 'ready' ORDER BY x.start_local`,
    )
      .raw()
      .iterate() as IterableIterator<[string, string]>;
    function* spans(): Generator<[number, number]> {
      for (const [start, end] of rows) yield [wallToMs(start), wallToMs(end)];
    }
    return activityPeriods(spans(), minGapMs).map(([a, b]) => [msToWall(a), msToWall(b)]);
  }

  /** Session rows (with their conversation's title) matching `where`, in memory order. */
  private sessionRows(where: SessionsWhere, limit?: number): Record<string, unknown>[] {
    return this.stmt(
      `SELECT x.id, x.conversation_id, x.source_id, x.ordinal, x.memory_index, x.external_id, x.start_local, x.end_local, x.message_count, c.title
       FROM sessions x JOIN conversations c ON c.id = x.conversation_id JOIN sources s ON s.id = x.source_id
       WHERE ${where.clauses.join(' AND ')} ORDER BY x.memory_index ${limit ? 'LIMIT ?' : ''}`,
    ).all(...where.params, ...(limit ? [limit] : [])) as Record<string, unknown>[];
  }

  /**
   * Speakers with their role and message count, most messages first (a name may come with two
   * roles), in the ready sources or in these of them.
   */
  listSpeakers(sourceIds?: number[]): readonly SpeakerCount[] {
    // Per version: every page load of the workbench asks, and each reads every message (30–55 ms at 50k).
    return this.perVersion(`listSpeakers ${sourceIds?.join(',') ?? ''}`, () =>
      this.stmt(
        `SELECT m.speaker, m.role, COUNT(*) AS messages FROM messages m WHERE ${inReadySources(sourceIds)}
         GROUP BY m.speaker, m.role ORDER BY messages DESC, m.speaker`,
      ).all(...(sourceIds ?? [])) as SpeakerCount[],
    );
  }

  /** Speakers of one source with their role and message count, most active first. */
  sourceSpeakers(sourceId: number): { speaker: string; role: string; messages: number }[] {
    // Per version: after an import the owner, the automatic graph and topics (for every source) each ask, and each reads the whole source.
    const rows = this.perVersion(`sourceSpeakers ${sourceId}`, () =>
      this.stmt(`SELECT speaker, role, COUNT(*) AS messages FROM messages WHERE source_id = ? GROUP BY speaker, role ORDER BY messages DESC, MIN(id)`).all(sourceId) as { speaker: string; role: string; messages: number }[],
    );
    return rows.map((r) => ({ ...r }));
  }

  /** SQL WHERE clause and parameters for a message filter (text is handled by the search index). */
  filterSql(filter: MessageFilter): { where: string; params: unknown[] } {
    const clauses: string[] = [`m.source_id IN (SELECT id FROM sources WHERE status = 'ready')`];
    const params: unknown[] = [];
    const inList = (column: string, values: readonly unknown[]) => {
      clauses.push(values.length ? `${column} IN (${values.map(() => '?').join(',')})` : '0');
      params.push(...values);
    };
    if (filter.sourceIds) inList('m.source_id', filter.sourceIds);
    if (filter.conversationIds) inList('m.conversation_id', filter.conversationIds);
    if (filter.sessionIds) inList('m.session_id', filter.sessionIds);
    if (filter.speakers) inList('m.speaker', filter.speakers);
    if (filter.ids) inList('m.id', filter.ids);
    if (filter.sessionRange) {
      clauses.push('s.memory_index BETWEEN ? AND ?');
      params.push(Math.min(...filter.sessionRange), Math.max(...filter.sessionRange));
    }
    if (filter.from) {
      clauses.push('m.ts_local >= ?');
      params.push(filter.from);
    }
    if (filter.to) {
      clauses.push('m.ts_local <= ?');
      params.push(endOfDay(filter.to));
    }
    return { where: clauses.join(' AND '), params };
  }

  countMessages(filter: MessageFilter): number {
    const { where, params } = this.filterSql(filter);
    // Every message has its session and conversation (NOT NULL foreign keys, enforced): the joins
    // change no count, so they are made only when the filter reads a session column. Without
    // them a count of a large memory reads one index instead of three tables.
    const from = filter.sessionRange ? MESSAGE_FROM : 'messages m';
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`).get(...params) as { n: number }).n;
  }

  /** A page of messages in time order (memory session order, then position). */
  listMessages(filter: MessageFilter, offset: number, limit: number): MessageRow[] {
    const { where, params } = this.filterSql(filter);
    const rows = this.db
      .prepare(
        `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE ${where}
         ORDER BY s.memory_index, m.turn_index LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset) as MessageDbRow[];
    return rows.map(toMessageRow);
  }

  /** Messages by id, in the order of `ids`, restricted by an optional filter. */
  getMessages(ids: number[], filter: MessageFilter = {}): MessageRow[] {
    if (!ids.length) return [];
    const byId = new Map<number, MessageRow>();
    if (Object.values(filter).every((v) => v === undefined)) {
      // The common call (a page of a plan, Ask's evidence): one statement for any number of ids,
      // the ready sources bound as their list, and the rows read as one JSON array (SQLite's
      // cells handed to JavaScript one row object at a time cost twice the query).
      const cells = JSON.parse(
        this.stmt(
          `SELECT json_group_array(json_array(${MESSAGE_COLUMNS})) FROM ${MESSAGE_FROM}
           WHERE m.id IN (SELECT value FROM json_each(?)) AND m.source_id IN (SELECT value FROM json_each(?))`,
        ).pluck().get(JSON.stringify(ids), JSON.stringify(this.readySourceIds())) as string,
      ) as unknown[][];
      for (const row of cells) byId.set(row[0] as number, toMessageRow(messageDbRowOf(row)));
      return ids.map((id) => byId.get(id)).filter((r): r is MessageRow => r !== undefined);
    }
    const CHUNK = 900;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const { where, params } = this.filterSql({ ...filter, ids: ids.slice(i, i + CHUNK) });
      for (const r of this.db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE ${where}`).all(...params) as MessageDbRow[]) {
        byId.set(r.id, toMessageRow(r));
      }
    }
    return ids.map((id) => byId.get(id)).filter((r): r is MessageRow => r !== undefined);
  }

  /** What counting mentions reads of many messages (not their whole rows): id, session, speaker, words, day and time; in no set order. */
  mentionRows(ids: number[]): { id: number; sessionId: number; speaker: string; text: string; date: string; timestamp: string }[] {
    if (!ids.length) return [];
    const raw = this.stmt('SELECT id, session_id, speaker, text, date, ts_local FROM messages WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(ids)) as [number, number, string, string, string, string][];
    return raw.map(([id, sessionId, speaker, text, date, timestamp]) => ({ id, sessionId, speaker, text, date, timestamp }));
  }

  /** Messages by their post IRIs (the graph's sioc:Post nodes). */
  messagesByIri(iris: string[]): MessageRow[] {
    const prefix = postIri('');
    const keys = iris.filter((i) => i.startsWith(prefix)).map((i) => i.slice(prefix.length));
    const out: MessageRow[] = [];
    for (let i = 0; i < keys.length; i += 900) {
      const chunk = keys.slice(i, i + 900);
      const rows = this.db
        .prepare(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.iri_key IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as MessageDbRow[];
      out.push(...rows.map(toMessageRow));
    }
    return out;
  }

  postIrisOfSessions(sessionIds: number[]): string[] {
    if (!sessionIds.length) return [];
    const keys = this.db
      .prepare(`SELECT iri_key FROM messages WHERE session_id IN (${sessionIds.map(() => '?').join(',')})`)
      .pluck()
      .all(...sessionIds) as string[];
    return keys.map(postIri);
  }

  /** The graph containers (sioc:Container) of sources. */
  sourceContainers(sourceIds: number[]): string[] {
    return sourceIds.map((id) => this.sourceKey(id)).filter((k): k is string => !!k).map((k) => `${MEMORY_BASE}source/${k}`);
  }

  /** The description of the image each of these messages carries (message-extra.ts), by message id; messages without one are left out. */
  imageCaptions(ids: readonly number[]): Map<number, string> {
    const out = new Map<number, string>();
    if (!ids.length) return out;
    const rows = this.db.prepare(`SELECT id, extra FROM messages WHERE id IN (${marks(ids)}) AND extra LIKE '%${IMAGE_DESCRIPTION}%'`).all(...ids) as { id: number; extra: string }[];
    for (const r of rows) {
      const description = imageDescription(r.extra)?.trim();
      if (description) out.set(r.id, description);
    }
    return out;
  }

  sessionMessages(sessionId: number, limit = 1_000_000): MessageRow[] {
    return (
      this.db
        .prepare(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.session_id = ? ORDER BY m.turn_index LIMIT ?`)
        .all(sessionId, limit) as MessageDbRow[]
    ).map(toMessageRow);
  }

  /** Rows of one source for building its derived stores, in conversation order. */
  *iterateSourceMessages(sourceId: number): IterableIterator<SourceMessage> {
    for (const r of this.db.prepare(`${SOURCE_MESSAGES} ORDER BY m.conversation_id, m.response_index`).iterate(sourceId) as Iterable<SourceMessageDbRow>) yield toSourceMessage(r);
  }

  /**
   * A source's messages in conversation order, one page at a time (what the passes after an
   * import read: the automatic graph, topics). Each page is read whole, so no SQLite iterator
   * stays open while the caller yields to the event loop, and only one page is held: memory
   * stays bounded however large the source.
   */
  *sourceMessagePages(sourceId: number, pageSize = 2_000): IterableIterator<PassMessage[]> {
    // The (conversation, response) index gives the order and the keyset; forced, because with
    // fresh statistics the planner may prefer the source index and sort every page.
    const page = this.stmt(
      `SELECT m.id, m.conversation_id, m.response_index, m.session_id, m.speaker, m.role, m.text, m.ts_local, m.tz_offset_min, m.iri_key, s.iri_key
       FROM messages m INDEXED BY messages_response JOIN sessions s ON s.id = m.session_id
       WHERE (m.conversation_id, m.response_index) > (?, ?) AND m.source_id = ?
       ORDER BY m.conversation_id, m.response_index LIMIT ?`,
    ).raw(true);
    let after: [number, number] = [-1, -1];
    for (;;) {
      const rows = page.all(after[0], after[1], sourceId, pageSize) as [number, number, number, number, string, string, string, string, number | null, string, string][];
      if (!rows.length) return;
      const last = rows[rows.length - 1];
      after = [last[1], last[2]];
      yield rows.map((r) => ({ id: r[0], sessionId: r[3], speaker: r[4], role: r[5], text: r[6], timestamp: r[7], tzOffsetMin: r[8], iri: postIri(r[9]), sessionIriKey: r[10] }));
      if (rows.length < pageSize) return;
    }
  }

  /**
   * A source's messages session by session (sessions in id order, each in turn order), a few
   * sessions a page: like `sourceMessagePages`, but a session never spans two pages, so a pass
   * can finish each session as its page ends. A page holds `sessionsPerPage` whole sessions.
   */
  *sourceSessionPages(sourceId: number, sessionsPerPage = 200): IterableIterator<PassMessage[]> {
    // Forced below: the planner may prefer the source index, which reads the whole source per page.
    const sessions = this.stmt('SELECT DISTINCT session_id FROM messages WHERE source_id = ? ORDER BY session_id').pluck().all(sourceId) as number[];
    const page = this.stmt(
      `SELECT m.id, m.session_id, m.speaker, m.role, m.text, m.ts_local, m.tz_offset_min, m.iri_key, s.iri_key
       FROM messages m INDEXED BY messages_session JOIN sessions s ON s.id = m.session_id
       WHERE m.session_id IN (SELECT value FROM json_each(?)) AND m.source_id = ?
       ORDER BY m.session_id, m.turn_index, m.id`,
    ).raw(true);
    for (let i = 0; i < sessions.length; i += sessionsPerPage) {
      const rows = page.all(JSON.stringify(sessions.slice(i, i + sessionsPerPage)), sourceId) as [number, number, string, string, string, string, number | null, string, string][];
      yield rows.map((r) => ({ id: r[0], sessionId: r[1], speaker: r[2], role: r[3], text: r[4], timestamp: r[5], tzOffsetMin: r[6], iri: postIri(r[7]), sessionIriKey: r[8] }));
    }
  }

  /**
   * What the messages graph needs of each message of a source, in conversation order. Raw rows
   * and one small object each: the graph worker reads whole sources with it.
   */
  *sourceGraphRows(sourceId: number): IterableIterator<GraphRow> {
    const stmt = this.stmt(
      `SELECT m.iri_key, m.speaker, m.role, m.ts_local, m.tz_offset_min, c.title, c.iri_key, s.iri_key, s.ordinal
       FROM messages m JOIN sessions s ON s.id = m.session_id JOIN conversations c ON c.id = m.conversation_id
       WHERE m.source_id = ? ORDER BY m.conversation_id, m.response_index`,
    ).raw(true);
    for (const r of stmt.iterate(sourceId) as Iterable<unknown[]>) {
      yield {
        iri: postIri(r[0] as string),
        speaker: r[1] as string,
        role: r[2] as Role,
        timestamp: r[3] as string,
        tzOffsetMin: r[4] as number | null,
        conversationTitle: r[5] as string,
        conversationIriKey: r[6] as string,
        sessionIriKey: r[7] as string,
        sessionOrdinal: r[8] as number,
      };
    }
  }

  /** The counts a source's messages graph is made of (its size without building it). */
  sourceGraphCounts(sourceId: number): Omit<MessagesGraphCounts, 'sources'> {
    const row = this.stmt(
      `SELECT COUNT(*) AS messages, COUNT(DISTINCT session_id) AS sessions, COUNT(DISTINCT conversation_id) AS conversations FROM messages WHERE source_id = ?`,
    ).get(sourceId) as { messages: number; sessions: number; conversations: number };
    const speakers = this.stmt('SELECT DISTINCT speaker, role FROM messages WHERE source_id = ?').all(sourceId) as { speaker: string; role: string }[];
    return { ...row, speakers };
  }

  /** The same counts over every ready source, each node once (a conversation or session continued by a later source is one node). */
  messagesGraphCounts(): MessagesGraphCounts {
    const counts = this.perVersion('messagesGraphCounts', () => this.readMessagesGraphCounts());
    return { ...counts, speakers: counts.speakers.map((s) => ({ ...s })) };
  }

  private readMessagesGraphCounts(): MessagesGraphCounts {
    const ready = `source_id IN (SELECT id FROM sources WHERE status = 'ready')`;
    const row = this.stmt(
      `SELECT COUNT(*) AS messages, COUNT(DISTINCT session_id) AS sessions, COUNT(DISTINCT conversation_id) AS conversations,
         COUNT(DISTINCT source_id) AS sources FROM messages WHERE ${ready}`,
    ).get() as Omit<MessagesGraphCounts, 'speakers'>;
    const speakers = this.stmt(`SELECT DISTINCT speaker, role FROM messages WHERE ${ready}`).all() as { speaker: string; role: string }[];
    return { ...row, speakers };
  }

  /** Which of these structure IRIs (posts, sessions, conversations, sources) a ready source's messages graph holds. */
  structureIrisPresent(iris: string[]): Set<string> {
    const out = new Set<string>();
    // One query per kind over all its keys (json_each): the other graphs can name every post.
    const tables: [string, string][] = [
      [`${MEMORY_BASE}post/`, `SELECT m.iri_key FROM messages m WHERE m.iri_key IN (SELECT value FROM json_each(?)) AND ${inReadySources()}`],
      [`${MEMORY_BASE}session/`, `SELECT x.iri_key FROM sessions x JOIN sources s ON s.id = x.source_id AND s.status = 'ready' WHERE x.iri_key IN (SELECT value FROM json_each(?))`],
      [`${MEMORY_BASE}conversation/`, `SELECT c.iri_key FROM conversations c JOIN sources s ON s.id = c.source_id AND s.status = 'ready' WHERE c.iri_key IN (SELECT value FROM json_each(?))`],
      [`${MEMORY_BASE}source/`, `SELECT key FROM sources WHERE key IN (SELECT value FROM json_each(?)) AND status = 'ready'`],
    ];
    for (const [prefix, sql] of tables) {
      const keys = iris.filter((i) => i.startsWith(prefix)).map((i) => i.slice(prefix.length));
      if (!keys.length) continue;
      for (const key of this.stmt(sql).pluck().all(JSON.stringify(keys)) as string[]) out.add(`${prefix}${key}`);
    }
    return out;
  }

  /** Messages per ready source (of these roles when given): reconciling the search index, extraction status. */
  messageCountsBySource(roles?: Role[]): Map<number, number> {
    return new Map(this.perVersion(`messageCountsBySource ${roles?.join(',') ?? ''}`, () => this.readMessageCountsBySource(roles)));
  }

  private readMessageCountsBySource(roles?: Role[]): Map<number, number> {
    const ofRoles = roles ? `AND m.role IN (${marks(roles)})` : '';
    const rows = this.stmt(
      `SELECT m.source_id AS id, COUNT(*) AS n FROM messages m JOIN sources s ON s.id = m.source_id AND s.status = 'ready'
       WHERE 1 = 1 ${ofRoles} GROUP BY m.source_id`,
    ).all(...(roles ?? [])) as { id: number; n: number }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** Per ready source: messages and the digest of their ids and texts (row-digest.ts), to compare with the search index's. */
  messageDigestsBySource(): Map<number, SourceDigest> {
    const out = new Map<number, SourceDigest>();
    const rows = this.stmt(`SELECT m.source_id, m.id, m.text FROM messages m JOIN sources s ON s.id = m.source_id AND s.status = 'ready'`)
      .raw()
      .iterate() as IterableIterator<[number, number, string]>;
    for (const [source, id, text] of rows) {
      const entry = out.get(source) ?? { rows: 0, digest: 0 };
      entry.rows++;
      entry.digest = addToDigest(entry.digest, id, text);
      out.set(source, entry);
    }
    return out;
  }

  // ---- questions the timeline, retrieval, Ask and extraction ask of the chat table

  /**
   * A value that changes whenever sources, sessions or messages do (imports, deletions):
   * readers that cache answers per scope (timeline, retrieval) drop them when it moves.
   */
  dataVersion(): string {
    // Read again only after a write on this connection or a commit by another one (a question
    // asks it several times; the counts below read the tables). Not kept inside a transaction:
    // a rollback takes its writes back without a change to either number.
    if (this.db.inTransaction) return this.readDataVersion();
    // (two statements: total_changes() does not touch the file; the pragma_data_version table
    // function cost as much again as PRAGMA data_version, and a question asks this several times)
    const changes = this.stmt('SELECT total_changes()').pluck().get() as number;
    const dataVersion = this.stmt('PRAGMA data_version').pluck().get() as number;
    const stamp = `${changes}:${dataVersion}`;
    if (this.version?.stamp === stamp) return this.version.value;
    const value = this.readDataVersion();
    this.version = { stamp, value };
    return value;
  }

  private version: { stamp: string; value: string } | null = null;

  private readDataVersion(): string {
    return this.stmt(
      `SELECT (SELECT COUNT(*) FROM sessions) || ':' || (SELECT COALESCE(MAX(id), 0) FROM messages) || ':' ||
              (SELECT COUNT(*) FROM sources WHERE status = 'ready') || ':' || (SELECT COALESCE(SUM(id), 0) FROM sources WHERE status = 'ready') AS v`,
    ).pluck().get() as string;
  }

  /**
   * The person whose memory it is: the user-role speaker with the most messages (in these
   * sources), if any. A GROUP BY over every message, so kept per version of the chat table
   * (Ask asks it for every question).
   */
  primarySpeaker(sourceIds?: number[]): string | undefined {
    return this.perVersion(`primarySpeaker ${sourceIds?.join(',') ?? ''}`, () => {
      const inSources = sourceIds?.length ? `AND source_id IN (${marks(sourceIds)})` : '';
      return this.stmt(
        `SELECT speaker FROM messages WHERE role = 'user' ${inSources} GROUP BY speaker ORDER BY COUNT(*) DESC, MIN(id) LIMIT 1`,
      ).pluck().get(...(sourceIds ?? [])) as string | undefined;
    });
  }

  /**
   * Messages per speaker and role (the assistant's left out) with the latest of them, in a
   * wall-clock date range when given, most first: what the messages graph's posts per creator
   * give, read from the rows (Ask's "who did I talk with most").
   */
  messagesPerSpeaker(range?: { from: string; to: string }): { speaker: string; role: string; messages: number; lastLocal: string; lastOffsetMin: number | null }[] {
    const inRange = range ? 'AND m.date BETWEEN ? AND ?' : '';
    return this.stmt(
      // (with one MAX, SQLite takes the bare column from the row that has it: the latest message's offset)
      `SELECT m.speaker, m.role, COUNT(*) AS messages, MAX(m.ts_local) AS lastLocal, m.tz_offset_min AS lastOffsetMin
       FROM messages m WHERE m.role != 'assistant' AND ${inReadySources()} ${inRange}
       GROUP BY m.speaker, m.role ORDER BY messages DESC, m.speaker`,
    ).all(...(range ? [range.from, range.to] : [])) as { speaker: string; role: string; messages: number; lastLocal: string; lastOffsetMin: number | null }[];
  }

  /** Sessions of the ready sources (or of these), in memory order, with both numberings and their first and last response. */
  sessionSpans(sourceIds?: number[]): SessionSpan[] {
    const inSources = sourceIds?.length ? `AND x.source_id IN (${marks(sourceIds)})` : '';
    return this.stmt(
      `SELECT x.id, x.source_id AS sourceId, x.memory_index AS memoryIndex, x.source_index AS sourceIndex,
         x.start_local AS start, x.end_local AS end,
         (SELECT MIN(m.response_index) FROM messages m WHERE m.session_id = x.id) AS firstResponse,
         (SELECT MAX(m.response_index) FROM messages m WHERE m.session_id = x.id) AS lastResponse
       FROM sessions x JOIN sources s ON s.id = x.source_id AND s.status = 'ready'
       WHERE 1 = 1 ${inSources} ORDER BY x.memory_index`,
    ).all(...(sourceIds ?? [])) as SessionSpan[];
  }

  /** Each session's conversation title, in the ready sources or these of them ("in the Sourdough chat"). */
  sessionTitles(sourceIds?: number[]): { id: number; title: string }[] {
    const inSources = sourceIds?.length ? `AND x.source_id IN (${marks(sourceIds)})` : '';
    return this.stmt(
      `SELECT x.id, c.title FROM sessions x
       JOIN conversations c ON c.id = x.conversation_id
       JOIN sources s ON s.id = x.source_id AND s.status = 'ready'
       WHERE 1 = 1 ${inSources} ORDER BY x.memory_index`,
    ).all(...(sourceIds ?? [])) as { id: number; title: string }[];
  }

  /** Dates (YYYY-MM-DD) that have messages, ascending, in the ready sources or these of them. */
  messageDates(sourceIds?: number[]): string[] {
    return this.stmt(`SELECT DISTINCT m.date FROM messages m WHERE ${inReadySources(sourceIds)} ORDER BY m.date`)
      .pluck()
      .all(...(sourceIds ?? [])) as string[];
  }

  /** Ids of the sessions these messages are in. */
  sessionIdsOfMessages(ids: number[]): number[] {
    if (!ids.length) return [];
    return this.stmt(`SELECT DISTINCT session_id FROM messages WHERE id IN (SELECT value FROM json_each(?))`).pluck().all(JSON.stringify(ids)) as number[];
  }

  /** Ids of the sessions in which a speaker has messages (ready sources, or these of them). */
  /** The first and last Response_Index of one role's messages in a session ("the last thing I asked"), null when it has none. */
  responseRangeOfRole(sessionId: number, role: Role): [number, number] | null {
    const [first, last] = this.stmt('SELECT MIN(response_index), MAX(response_index) FROM messages WHERE session_id = ? AND role = ?').raw().get(sessionId, role) as [number | null, number | null];
    return first === null || last === null ? null : [first, last];
  }

  sessionIdsOfSpeaker(speaker: string, sourceIds?: number[]): number[] {
    return this.stmt(`SELECT DISTINCT m.session_id FROM messages m WHERE m.speaker = ? AND ${inReadySources(sourceIds)}`)
      .pluck()
      .all(speaker, ...(sourceIds ?? [])) as number[];
  }

  /**
   * Ids of the ready sources, ascending: every chain query reads only them. Kept per version of
   * the chat table (a source made ready, removed or added moves it), so a query binds the list
   * instead of re-reading `sources` for every row or query.
   */
  readySourceIds(version = this.versionKey()): number[] {
    return this.perVersion('readySourceIds', () => this.stmt(`SELECT id FROM sources WHERE status = 'ready' ORDER BY id`).pluck().all() as number[], version);
  }

  /**
   * Every session's place in memory order (memory_index, then id) and its source, per version of
   * the chat table: a chain's sessions are put in time order and tested for their source here,
   * not by joining and sorting in SQL for every question.
   */
  private sessionOrder(): { of: Map<number, { rank: number; sourceId: number }>; ids: number[] } {
    return this.perVersion('sessionOrder', () => {
      const rows = this.stmt('SELECT id, source_id FROM sessions ORDER BY memory_index, id').raw().all() as [number, number][];
      const of = new Map<number, { rank: number; sourceId: number }>();
      rows.forEach(([id, sourceId], rank) => of.set(id, { rank, sourceId }));
      return { of, ids: rows.map((r) => r[0]) };
    });
  }

  /** Sessions of the ready sources among `sourceIds` (every ready source when absent). */
  sessionCount(sourceIds?: readonly number[]): number {
    const perSource = this.perVersion('sessionsPerSource', () => {
      const counts = new Map<number, number>();
      for (const { sourceId } of this.sessionOrder().of.values()) counts.set(sourceId, (counts.get(sourceId) ?? 0) + 1);
      return counts;
    });
    let n = 0;
    for (const id of this.readySourceIds()) if (!sourceIds || sourceIds.includes(id)) n += perSource.get(id) ?? 0;
    return n;
  }

  /**
   * The sessions of the ready sources among `sourceIds` (every ready source when absent) that are
   * not among `sessionIds`, when they are fewer than those (else null: naming the sessions is the
   * shorter list); `sources`: those ready sources; `wholeMemory`: they are every source of the
   * memory (none being imported or left out), so rows of other sources cannot be met.
   */
  sessionsLeftOut(sessionIds: readonly number[], sourceIds?: readonly number[]): { leftOut: number[]; sources: number[]; wholeMemory: boolean } | null {
    const ready = this.readySourceIds();
    const sources = sourceIds ? ready.filter((id) => sourceIds.includes(id)) : ready;
    const universe = this.sessionCount(sources);
    if (universe - sessionIds.length >= sessionIds.length) return null;
    const named = new Set(sessionIds);
    const allowed = new Set(sources);
    const leftOut: number[] = [];
    for (const [id, s] of this.sessionOrder().of) if (allowed.has(s.sourceId) && !named.has(id)) leftOut.push(id);
    if (leftOut.length >= sessionIds.length) return null;
    const wholeMemory = sources.length === ready.length && this.stmt(`SELECT COUNT(*) FROM sources WHERE status != 'ready'`).pluck().get() === 0;
    return { leftOut, sources, wholeMemory };
  }

  /**
   * The rows a checked plan's chain keeps, in time order, with the SQL that selected them.
   * `version`: the versionKey the caller has just read (a batch question reads it once).
   */
  chainRows(plan: TimelinePlan, version = this.versionKey()): { rows: ChainRow[]; sql: string; params: (string | number)[] } {
    if (this.keptChains.version !== version) this.keptChains = { version, chains: new Map(), held: 0, rowsById: new Map() };
    const kept = this.keptChains;
    // what the SQL is made of (plan-sql reads these only), the ready sources being the version's
    const key = JSON.stringify([plan.sourceIds ?? null, plan.sessionNumbering, plan.chain]);
    let chain = kept.chains.get(key);
    if (chain) {
      // most recently used last
      kept.chains.delete(key);
      kept.chains.set(key, chain);
    } else {
      const { sql, params, where } = chainSelect(plan, this.readySourceIds(version));
      // a message's row is one object in every chain kept that holds it (the chains overlap)
      const rows = this.chainRowsOfJson(chainRowsJson(plan, where), params);
      if (kept.rowsById.size > KEPT_CHAIN_ROWS) kept.rowsById.clear();
      for (let i = 0; i < rows.length; i++) {
        const one = kept.rowsById.get(rows[i].id);
        if (one && one.session === rows[i].session) rows[i] = one;
        else kept.rowsById.set(rows[i].id, rows[i]);
      }
      chain = { rows, sql, params };
      if (chain.rows.length <= KEPT_CHAIN_ROWS / 4) {
        for (const [k, c] of kept.chains) {
          if (kept.held + chain.rows.length <= KEPT_CHAIN_ROWS) break;
          kept.chains.delete(k);
          kept.held -= c.rows.length;
        }
        kept.chains.set(key, chain);
        kept.held += chain.rows.length;
      }
    }
    // (new arrays of the same row objects: callers make their own rows to add scores)
    return { rows: chain.rows.slice(), sql: chain.sql, params: chain.params.slice() };
  }

  /**
   * The rows of the chains read lately, per version of the chat table: a batch of questions or
   * a workbench asks the same chain again (the same dates, session, speaker) under other wordings.
   */
  private keptChains: {
    version: string;
    chains: Map<string, { rows: readonly ChainRow[]; sql: string; params: readonly (string | number)[] }>;
    held: number;
    rowsById: Map<number, ChainRow>;
  } = { version: '', chains: new Map(), held: 0, rowsById: new Map() };

  /** The rows a chain keeps in these sessions only (what ranking reads when only they can score), and the chain's own SQL. */
  chainRowsInSessions(plan: TimelinePlan, sessionIds: number[]): { rows: ChainRow[]; sql: string; params: (string | number)[] } {
    const ready = this.readySourceIds();
    const whole = chainSelect(plan, ready);
    const { where, params } = compileChain(plan, { ready });
    const sql = chainRowsJson(plan, `${where}\n  AND m.session_id IN (SELECT value FROM json_each(?))`);
    return { rows: this.chainRowsOfJson(sql, [...params, JSON.stringify(sessionIds)]), sql: whole.sql, params: whole.params };
  }

  /**
   * One page of the rows a chain keeps, in its order, as full rows, and the chain's SQL: the
   * page's rows are found and read in one statement, not found as chain rows and read again by id.
   */
  chainPageMessages(plan: TimelinePlan, offset: number, limit: number, extent: ChainExtent): { rows: MessageRow[]; sql: string; params: (string | number)[] } {
    // Only the sessions that hold the page are read (their rows through the session index), not
    // every row of the chain sorted to find the page.
    const ready = this.readySourceIds();
    const whole = chainSelect(plan, ready);
    let before = 0;
    let first = 0;
    while (first < extent.sessionIds.length && before + extent.counts[first] <= offset) before += extent.counts[first++];
    let last = first;
    for (let held = before; last < extent.sessionIds.length && held < offset + limit; last++) held += extent.counts[last];
    if (first >= last) return { rows: [], ...whole };
    const { where, params } = compileChain(plan, { ready });
    // (the aggregate keeps the page's order: SQLite's ORDER BY inside json_group_array)
    const sql = `SELECT json_group_array(json_array(${MESSAGE_COLUMNS}) ORDER BY s.memory_index, m.session_id, m.turn_index)
FROM ${MESSAGE_FROM}
WHERE m.id IN (
  SELECT m.id FROM messages m JOIN sessions s ON s.id = m.session_id
  WHERE m.session_id IN (SELECT value FROM json_each(?))
    AND ${where}
  ORDER BY s.memory_index, m.session_id, m.turn_index
  LIMIT ? OFFSET ?)`;
    const cells = JSON.parse(this.stmt(sql).pluck().get(JSON.stringify(extent.sessionIds.slice(first, last)), ...params, limit, offset - before) as string) as unknown[][];
    return { rows: cells.map((row) => toMessageRow(messageDbRowOf(row))), ...whole };
  }

  /**
   * How many rows a chain keeps, and in which sessions in time order with how many in each
   * (without reading the rows: a chain on message columns is counted per session from their
   * indexes, which hold each row's session; the sessions found are ordered and tested for
   * their source from `sessionOrder`, not joined and sorted in SQL).
   */
  chainExtent(plan: TimelinePlan): ChainExtent {
    const ready = this.readySourceIds();
    if (!chainOnSessions(plan)) {
      const counted = this.chainCountsBySession(plan, ready);
      if (counted) return counted;
    }
    const { where, params } = compileChain(plan, { ready, on: 's' });
    const counts = this.stmt(`SELECT m.session_id, COUNT(*) FROM messages m JOIN sessions s ON s.id = m.session_id WHERE ${where} GROUP BY m.session_id ORDER BY s.memory_index, m.session_id`)
      .raw()
      .all(...params) as [number, number][];
    return { rows: counts.reduce((n, c) => n + c[1], 0), sessionIds: counts.map((c) => c[0]), counts: counts.map((c) => c[1]) };
  }

  /**
   * A chain on message columns counted per session. A list of values on a column whose index
   * goes on with the session (Day_Name, Week, Month, Year, Response_Index, Role: "weekends",
   * "Mondays and Thursdays") is counted one value at a time, so each is read in the index's
   * session order (one IN over several index ranges made SQLite sort every row in a temporary
   * B-tree). A chain on calendar columns only is counted from DayCounts once they are built.
   * Null when a session found is not in `sessionOrder` (then SQL orders them).
   */
  private chainCountsBySession(plan: TimelinePlan, ready: readonly number[]): ChainExtent | null {
    const allowed = new Set(allowedSources(plan, ready));
    const days = countableByDay(plan) ? this.dayCounts() : null;
    // (the entries are in memory order: their sessions come out in order, nothing to sort)
    if (days) return extentByDay(days, plan, (sourceId) => allowed.has(sourceId));
    const perSession = this.chainCountsInSql(plan, ready);
    const order = this.sessionOrder();
    const ranks: number[] = [];
    for (const id of perSession.keys()) {
      const s = order.of.get(id);
      if (!s) return null;
      if (allowed.has(s.sourceId)) ranks.push(s.rank);
    }
    const sessionIds = Array.from(Int32Array.from(ranks).sort(), (rank) => order.ids[rank]);
    const counts = sessionIds.map((id) => perSession.get(id)!);
    return { rows: counts.reduce((n, c) => n + c, 0), sessionIds, counts };
  }

  /** A chain's rows per session counted in SQL (see chainCountsBySession). */
  private chainCountsInSql(plan: TimelinePlan, ready: readonly number[]): Map<number, number> {
    const at = plan.chain.findIndex((op) => op.op === 'f_value' && SESSION_ORDERED_COLUMNS.has(op.column) && op.values.length > 1);
    const parts: TimelinePlan[] = [];
    if (at < 0) parts.push(plan);
    else {
      const op = plan.chain[at] as Extract<TimelinePlan['chain'][number], { op: 'f_value' }>;
      for (const value of new Set(op.values)) parts.push({ ...plan, chain: plan.chain.map((o, i) => (i === at ? { ...op, values: [value] } : o)) });
    }
    const perSession = new Map<number, number>();
    for (const part of parts) {
      const { chainWhere, chainParams } = compileChain(part, { ready });
      // The rows' sessions as one JSON array (SQLite's cells handed over one by one cost several
      // times the query), counted in runs: a value on a column whose index goes on with the
      // session comes in session order, a range (dates, times) in time order, where a session's
      // rows are mostly adjacent (grouping in SQL would sort every row).
      const ids = JSON.parse(this.stmt(`SELECT json_group_array(m.session_id) FROM messages m WHERE ${chainWhere}`).pluck().get(...chainParams) as string) as number[];
      for (let i = 0; i < ids.length; ) {
        let j = i + 1;
        while (j < ids.length && ids[j] === ids[i]) j++;
        perSession.set(ids[i], (perSession.get(ids[i]) ?? 0) + (j - i));
        i = j;
      }
    }
    return perSession;
  }

  /**
   * Messages per session, local date and hour (DayCounts), for counting chains on the calendar
   * columns. Built once a version of the chat table has been counted by such chains a few
   * times (a 40 ms read at 100,000 messages): a one-off command keeps SQL's count, a workbench
   * or a batch asking many questions reads a fraction of the rows.
   */
  private dayCounts(): DayCounts | null {
    const version = `${this.dataVersion()}#${this.writes}`;
    if (this.dayCountUses.version !== version) this.dayCountUses = { version, uses: 0 };
    if (++this.dayCountUses.uses < DAY_COUNTS_AFTER_USES) return null;
    return this.perVersion('dayCounts', () => {
      const order = this.sessionOrder().of;
      return dayCountsOf(this.stmt(DAY_COUNTS_SQL).raw().all() as DayCountRow[], (id) => order.get(id));
    });
  }

  private dayCountUses = { version: '', uses: 0 };

  /**
   * Rows a chain keeps, read as one JSON array: a batch question keeps tens of rows, and
   * handing SQLite's cells to JavaScript one by one cost more than the query (JSON.parse builds
   * them at once).
   */
  private chainRowsOfJson(sql: string, params: unknown[]): ChainRow[] {
    const raw = JSON.parse(this.stmt(sql).pluck().get(...params) as string) as [number, number, number, number, number, string | null, string][];
    return raw.map(([id, sourceId, sessionId, session, responseIndex, externalId, speaker]) => ({ id, sourceId, sessionId, session, responseIndex, externalId, speaker }));
  }

  /** Rows by id as a chain would give them, Session_Index under the numbering given (ranked hits outside a chain). */
  chainRowsByIds(ids: number[], numbering: TimelinePlan['sessionNumbering']): Map<number, ChainRow> {
    const col = sessionIndexColumn(numbering);
    const out = new Map<number, ChainRow>();
    for (const chunk of slices(ids, 500)) {
      const raw = this.stmt(
        `SELECT m.id, m.source_id, m.session_id, ${col}, m.response_index, m.external_id, m.speaker FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id IN (${marks(chunk)})`,
      ).raw().all(...chunk) as [number, number, number, number, number, string | null, string][];
      for (const [id, sourceId, sessionId, session, responseIndex, externalId, speaker] of raw) out.set(id, { id, sourceId, sessionId, session, responseIndex, externalId, speaker });
    }
    return out;
  }

  /** Wall-clock timestamps of messages, by id. */
  localTimes(ids: number[]): Map<number, string> {
    const out = new Map<number, string>();
    for (const chunk of slices(ids)) {
      const rows = this.stmt(`SELECT id, ts_local FROM messages WHERE id IN (${marks(chunk)})`).raw().all(...chunk) as [number, string][];
      for (const [id, t] of rows) out.set(id, t);
    }
    return out;
  }

  /** Messages of ready sources by id, as retrieval reads them (in no particular order). */
  messageDocs(ids: number[]): MessageDoc[] {
    const out: MessageDoc[] = [];
    for (const chunk of slices(ids)) {
      out.push(...(this.stmt(`SELECT ${DOC_COLUMNS} FROM messages m WHERE m.id IN (${marks(chunk)}) AND ${inReadySources()}`).all(...chunk) as MessageDoc[]));
    }
    return out;
  }

  /** Whole sessions of ready sources as retrieval reads them, in session then turn order. */
  sessionMessageDocs(sessionIds: number[]): MessageDoc[] {
    const out: MessageDoc[] = [];
    for (const chunk of slices([...new Set(sessionIds)])) {
      out.push(
        ...(this.stmt(
          `SELECT ${DOC_COLUMNS} FROM messages m WHERE m.session_id IN (${marks(chunk)}) AND ${inReadySources()} ORDER BY m.session_id, m.turn_index`,
        ).all(...chunk) as MessageDoc[]),
      );
    }
    return out;
  }

  /** Sessions with a message between two wall-clock bounds (a bare date `to` covers its day), by id. */
  sessionIdsBetween(from: string, to: string, sourceIds?: number[]): number[] {
    return this.stmt(
      `SELECT DISTINCT m.session_id FROM messages m WHERE m.ts_local >= ? AND m.ts_local <= ? AND ${inReadySources(sourceIds)} ORDER BY m.session_id`,
    )
      .pluck()
      .all(from, endOfDay(to), ...(sourceIds ?? [])) as number[];
  }

  /** Each session's position within its source (Source_Session_Index), by session id. */
  sourceSessionIndexes(sessionIds: number[]): Map<number, number> {
    const out = new Map<number, number>();
    for (const chunk of slices(sessionIds)) {
      for (const [id, index] of this.stmt(`SELECT id, source_index FROM sessions WHERE id IN (${marks(chunk)})`).raw().all(...chunk) as [number, number][]) out.set(id, index);
    }
    return out;
  }

  /** The ids of every message (vectors of other ids belong to deleted messages). */
  messageIds(): Set<number> {
    return new Set(this.stmt('SELECT id FROM messages').pluck().all() as number[]);
  }

  /** Messages of the ready sources (or of these) with their text, by id: what the embedding job embeds. */
  messageTexts(sourceIds?: number[]): MessageText[] {
    return this.stmt(
      `SELECT m.id, m.source_id AS sourceId, m.session_id AS sessionId, m.conversation_id AS conversationId, m.speaker, m.text
       FROM messages m WHERE ${inReadySources(sourceIds)} ORDER BY m.id`,
    ).all(...(sourceIds ?? [])) as MessageText[];
  }

  overview(): ChatOverview {
    return { ...this.perVersion('overview', () => this.readOverview()) };
  }

  private readOverview(): ChatOverview {
    // The ready sources' counts and spans (each read from an index), added up.
    const sources = this.perVersion('listSources', () => this.readSources());
    const sum = (pick: (s: SourceInfo) => number) => sources.reduce((n, s) => n + pick(s), 0);
    const times = (pick: (s: SourceInfo) => string | null) => sources.map(pick).filter((t): t is string => t !== null).sort();
    const firsts = times((s) => s.firstAt);
    const lasts = times((s) => s.lastAt);
    return {
      sources: sources.length,
      conversations: sum((s) => s.conversations),
      sessions: sum((s) => s.sessions),
      messages: sum((s) => s.messages),
      speakers: this.stmt(`SELECT COUNT(DISTINCT speaker) FROM messages WHERE source_id IN (SELECT id FROM sources WHERE status = 'ready')`).pluck().get() as number,
      firstAt: firsts[0] ?? null,
      lastAt: lasts[lasts.length - 1] ?? null,
    };
  }
}
