// Imports parsed sources into the three stores, all-or-nothing per source.
//
// Order: the chat rows are written in one SQLite transaction with the source marked
// 'importing'; then the messages graph and the search rows are derived from those rows;
// only then is the source marked 'ready'. Any failure (or Cancel) in between removes what
// was written; a crash in between leaves an 'importing' source that the engine removes at
// its next start. Readers only ever see 'ready' sources.
import { createHash } from 'node:crypto';
import { GRAPHS } from '../../../../shared/rdf';
import type { MessageRow, SourceFormat } from '../../../../shared/types';
import { tableColumnsOf, utcIsoOf } from '../../../../shared/dates/wall-clock';
import type { JobContext } from '../common/jobs';
import type { ChatStore } from '../stores/chat/chat-store';
import type { SearchIndex, SearchRow } from '../stores/search-index';
import type { GraphStore } from '../stores/graph/graph-store';
import { inTimeOrder, sessionize } from './sessionize';
import type { InputFile } from './read-input';
import type { ParsedConversation, ParsedMessage, ParsedSession, ParsedSource } from './parsed';

export interface ImportStores {
  chat: ChatStore;
  search: SearchIndex;
  graph: GraphStore;
}

export interface ImportOptions {
  sessionGapMinutes: number;
}

export type SourceOutcome =
  | { file: string; name: string; status: 'imported'; sourceId: number; messages: number; conversations: number; sessions: number; timings: Record<string, number> }
  | { file: string; name: string; status: 'already imported' | 'no new messages'; sourceId: number | null; messages: 0 };

const shortHash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);

export function messageKey(m: ParsedMessage): string {
  return m.externalId ?? `h:${shortHash(m.time.local, m.speaker, m.text)}`;
}

/** Writes one parsed source; returns its outcome. Cleans up after itself on failure. */
export async function importSource(
  stores: ImportStores,
  input: InputFile,
  parsed: ParsedSource,
  opts: ImportOptions,
  ctx: JobContext,
  onMessages: (n: number) => void,
): Promise<SourceOutcome> {
  const part = parsed.part ?? '';
  const existing = stores.chat.findSourceByHash(input.contentHash, part);
  if (existing?.status === 'ready') return { file: input.name, name: parsed.name, status: 'already imported', sourceId: existing.id, messages: 0 };
  if (existing) await removeSource(stores, existing.id); // a crashed earlier attempt

  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = Math.round(now - t);
    t = now;
  };
  const written = stores.chat.transaction(() => writeRows(stores.chat, input, parsed, opts));
  lap('sqliteMs');
  if (!written) return { file: input.name, name: parsed.name, status: 'no new messages', sourceId: null, messages: 0 };
  const { sourceId, key, rows } = written;
  const messages = rows.length;
  try {
    ctx.throwIfCancelled();
    // The graph worker builds the messages graph from the rows just committed while LanceDB
    // indexes them here: the two run on separate threads.
    const timed = <T>(stage: string, p: Promise<T>) => p.then((v) => ((timings[stage] = Math.round(performance.now() - t)), v));
    await Promise.all([
      timed('graphMs', stores.graph.request({ op: 'buildSourceGraph', sourceId, label: `Import ${parsed.name}` })),
      timed('searchMs', stores.search.add(rows)),
    ]);
    t = performance.now();
    ctx.throwIfCancelled();
    stores.chat.markSourceReady(sourceId);
    onMessages(messages);
    const conversations = new Set(rows.map((r) => r.conversation_id)).size;
    const sessions = new Set(rows.map((r) => r.session_id)).size;
    return { file: input.name, name: parsed.name, status: 'imported', sourceId, messages, conversations, sessions, timings };
  } catch (e) {
    await removeSource(stores, sourceId).catch(() => undefined);
    throw e;
  }
}

/** Removes a source from every store (also used for delete and crash recovery). */
export async function removeSource(stores: ImportStores, sourceId: number): Promise<{ removedIds: number[] }> {
  const sourceKeyBefore = stores.chat.sourceKey(sourceId);
  if (!sourceKeyBefore) return { removedIds: [] };
  const { removed, touchedSourceIds } = stores.chat.deleteSource(sourceId);
  await stores.graph.request({ op: 'dropGraphs', graphs: removed.map((r) => GRAPHS.source(r.key)) });
  await stores.search.deleteWhere({ sourceIds: [...removed.map((r) => r.id), ...touchedSourceIds] });
  // Sources that had appended to the deleted conversations lose those messages too.
  for (const id of touchedSourceIds) await rebuildDerived(stores, id);
  return { removedIds: removed.map((r) => r.id) };
}

/** Rebuilds a source's messages graph and search rows from the chat table. */
export async function rebuildDerived(stores: ImportStores, sourceId: number, parts: { graph?: boolean; search?: boolean } = { graph: true, search: true }): Promise<void> {
  const name = stores.chat.sourceName(sourceId);
  if (name === undefined) return;
  if (parts.graph) await stores.graph.request({ op: 'buildSourceGraph', sourceId, label: `Rebuild ${name}` });
  if (parts.search) {
    await stores.search.deleteWhere({ sourceIds: [sourceId] });
    await stores.search.add([...stores.chat.iterateSourceMessages(sourceId)].map(searchRowOf));
  }
}

/** What the search index needs of a message. */
export type SearchSource = Pick<MessageRow, 'id' | 'sourceId' | 'conversationId' | 'sessionId' | 'speaker' | 'role' | 'timestamp' | 'text'> & { extra: string | null };


/** What the full-text index sees of a message: who said it, what, and any image caption. */
function searchTextOf(speaker: string, text: string, extra: Record<string, unknown> | null | undefined): string {
  const caption = typeof extra?.blip_caption === 'string' ? ` [image: ${extra.blip_caption}]` : '';
  return `${speaker}: ${text}${caption}`;
}

export function searchRowOf(r: SearchSource): SearchRow {
  return {
    id: r.id,
    source_id: r.sourceId,
    conversation_id: r.conversationId,
    session_id: r.sessionId,
    speaker: r.speaker,
    role: r.role,
    ts_local: r.timestamp,
    text: r.text,
    search_text: searchTextOf(r.speaker, r.text, r.extra ? (JSON.parse(r.extra) as Record<string, unknown>) : null),
  };
}

// ---- rows

function writeRows(chat: ChatStore, input: InputFile, parsed: ParsedSource, opts: ImportOptions): { sourceId: number; key: string; rows: SearchRow[] } | null {
  const part = parsed.part ?? '';
  const key = shortHash(input.contentHash, part).slice(0, 12);
  const sourceId = chat.insertSource({
    key,
    name: parsed.name,
    path: input.path,
    format: parsed.format as SourceFormat,
    contentHash: input.contentHash,
    part,
    importedAt: new Date().toISOString(),
  });
  const rows: SearchRow[] = [];
  for (const conv of parsed.conversations) writeConversation(chat, sourceId, conv, opts, rows);
  if (rows.length === 0) {
    chat.deleteSourceRow(sourceId);
    return null;
  }
  chat.refreshSessions();
  return { sourceId, key, rows };
}

/** Writes a conversation's new messages; appends what the derived stores need to `out`. */
function writeConversation(chat: ChatStore, sourceId: number, conv: ParsedConversation, opts: ImportOptions, out: SearchRow[]): void {
  const found = chat.findConversation(conv.family, conv.externalId);
  const convKey = found?.iriKey ?? shortHash(conv.family, conv.externalId);
  const convId = found?.id ?? chat.insertConversation(sourceId, conv.family, conv.externalId, conv.title, convKey);
  const tail = chat.conversationTail(convId);
  const seen = found ? chat.messageKeys(convId) : new Set<string>();
  const fresh = (list: ParsedMessage[]) =>
    list.filter((m) => {
      const k = messageKey(m);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });

  let responseIndex = tail.lastResponseIndex + 1;
  let ordinal = tail.lastSessionOrdinal;
  const writeSession = (session: ParsedSession, into: { id: number; turns: number } | null) => {
    if (!session.messages.length) return;
    let sessionId = into?.id;
    let turn = into?.turns ?? 0;
    if (!sessionId) {
      ordinal += 1;
      const first = session.messages[0].time;
      const last = session.messages[session.messages.length - 1].time;
      sessionId = chat.insertSession({
        sourceId,
        conversationId: convId,
        ordinal,
        externalId: session.externalId ?? null,
        iriKey: `${convKey}-${ordinal}`,
        startLocal: first.local,
        endLocal: last.local,
        startUtc: utcIsoOf(first),
        messageCount: session.messages.length,
      });
    }
    for (const m of session.messages) {
      const cols = tableColumnsOf(m.time.local);
      const msgKey = messageKey(m);
      const iriKey = shortHash(conv.family, conv.externalId, msgKey);
      const extra = m.extra ? JSON.stringify(m.extra) : null;
      const id = chat.insertMessage({
        sourceId,
        conversationId: convId,
        sessionId,
        responseIndex: responseIndex++,
        turnIndex: turn++,
        speaker: m.speaker,
        role: m.role,
        text: m.text,
        tsLocal: m.time.local,
        tzOffsetMin: m.time.offsetMin,
        tsUtc: utcIsoOf(m.time),
        ...cols,
        externalId: m.externalId ?? null,
        msgKey,
        iriKey,
        extra,
      });
      out.push({
        id,
        source_id: sourceId,
        conversation_id: convId,
        session_id: sessionId,
        speaker: m.speaker,
        role: m.role,
        ts_local: m.time.local,
        text: m.text,
        search_text: searchTextOf(m.speaker, m.text, m.extra),
      });
    }
  };

  if (conv.sessions) {
    for (const s of conv.sessions) {
      const same = s.externalId ? chat.findSession(convId, s.externalId) : undefined;
      writeSession({ externalId: s.externalId, messages: fresh(s.messages) }, same ?? null);
    }
  } else {
    const previousEnd = tail.lastTsUtc ? Date.parse(tail.lastTsUtc) : null;
    const { sessions, continuesPrevious } = sessionize(fresh(inTimeOrder(conv.messages ?? [])), opts.sessionGapMinutes, previousEnd);
    sessions.forEach((s, i) =>
      writeSession(s, i === 0 && continuesPrevious && tail.lastSessionId ? { id: tail.lastSessionId, turns: tail.lastSessionTurns } : null),
    );
  }
}

