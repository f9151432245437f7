// Imports parsed sources into the three stores, all-or-nothing per source.
//
// Conversations arrive one at a time from the parser and are written in batches: each batch
// of chat rows in one SQLite transaction (each conversation inside it in a savepoint, so one
// that cannot be written is skipped whole), its search rows added to LanceDB, while the source
// stays 'importing'. Once the file is read, the messages graph is built from the committed
// rows and only then is the source marked 'ready'. Any failure (or Cancel) removes what was
// written; a crash in between leaves an 'importing' source that the engine removes at its next
// start. Readers only ever see 'ready' sources, so no conversation is ever seen half-written.
import { hash } from 'node:crypto';
import { GRAPHS } from '../../../../shared/rdf';
import type { ImportReport, ImportWarning, MessageRow, SkippedConversation, SourceFormat } from '../../../../shared/types';
import { tableColumnsOf, utcIsoOf } from '../../../../shared/dates/wall-clock';
import { processHeap } from '../common/heap';
import { endingProcess, type JobContext } from '../common/jobs';
import type { ChatStore, NewMessagePart } from '../stores/chat/chat-store';
import { SEARCH_WRITE_ROWS, type SearchIndex, type SearchRow } from '../stores/search-index';
import type { GraphStore } from '../stores/graph/graph-store';
import { inTimeOrder, sessionize } from './sessionize';
import type { InputFile } from './read-input';
import { imageDescription, withImageDescription } from '../stores/chat/message-extra';
import { ImportError, type ParsedConversation, type ParsedMessage, type ParsedPart, type ParsedSession, type ParsedSource } from './parsed';

export interface ImportStores {
  chat: ChatStore;
  search: SearchIndex;
  graph: GraphStore;
}

export interface ImportOptions {
  sessionGapMinutes: number;
  /** All-or-nothing per file: one conversation that cannot be read refuses the whole file. */
  strict?: boolean;
}

interface Reported {
  skipped: SkippedConversation[];
  warnings: ImportWarning[];
}

export type SourceOutcome = Reported &
  (
    | { file: string; name: string; status: 'imported'; sourceId: number; messages: number; conversations: number; sessions: number; timings: Record<string, number> }
    | { file: string; name: string; status: 'already imported' | 'no new messages'; sourceId: number | null; messages: 0 }
  );

/** Messages written per SQLite transaction (search rows go to LanceDB SEARCH_WRITE_ROWS at a time). */
const BATCH_MESSAGES = 5_000;

// (the one-shot hash: a Hash object per message cost more than the digest)
const shortHash = (...parts: string[]) => hash('sha256', parts.join('\u0000'), 'hex').slice(0, 16);

/** A message's identity within its conversation: its own id, else what it says, who, when. */
export function messageKey(m: ParsedMessage): string {
  return m.externalId ?? `h:${shortHash(m.time.local, m.speaker, m.text)}`;
}

const describe = (s: { position: number; id?: string; title?: string }) =>
  `conversation ${s.position}${s.title ? ` "${s.title}"` : ''}${s.id ? ` (${s.id})` : ''}`;

/** Writes one parsed source; returns its outcome. Cleans up after itself on failure. */
export async function importSource(
  stores: ImportStores,
  input: InputFile,
  parsed: ParsedSource,
  opts: ImportOptions,
  ctx: JobContext,
  onMessages: (n: number) => void,
  /** Each batch of messages once committed (the automatic job's analysis starts on them); `last`: the file is read. */
  onCommitted?: (sourceId: number, rows: readonly SearchRow[], last: boolean) => void,
): Promise<SourceOutcome> {
  const part = parsed.part ?? '';
  const report: Reported = { skipped: [], warnings: [] };
  const existing = stores.chat.findSourceByHash(input.contentHash, part);
  if (existing?.status === 'ready') return { file: input.name, name: parsed.name, status: 'already imported', sourceId: existing.id, messages: 0, ...report };
  if (existing) await removeSource(stores, existing.id); // a crashed earlier attempt

  const timings: Record<string, number> = {};
  const t0 = performance.now();
  const { chat } = stores;
  const key = shortHash(input.contentHash, part).slice(0, 12);
  const sourceId = chat.transaction(() =>
    chat.insertSource({ key, name: parsed.name, path: input.path, format: parsed.format as SourceFormat, contentHash: input.contentHash, part, importedAt: new Date().toISOString() }),
  );
  // Into an empty memory, the timeline's indexes are built once the rows are in.
  const indexesDeferred = chat.dropTimelineIndexesWhenEmpty();
  let messages = 0;
  let readConversations = 0;
  const conversations = new Set<number>();
  const sessions = new Set<number>();
  // The previous batch's search write, in flight (in LanceDB's threads) while the next batch is
  // read and written to SQLite; at most one at a time, and awaited before the source is done.
  let searchWrite: Promise<void> | null = null;
  try {
    let batch: { position: number; conversation: ParsedConversation }[] = [];
    let batchSize = 0;
    let searchRows: SearchRow[] = [];
    let writeMs = 0;
    let searchMs = 0;
    const written = (out: SearchRow[], start: number, last = false) => {
      writeMs += performance.now() - start;
      for (const r of out) {
        conversations.add(r.conversation_id);
        sessions.add(r.session_id);
      }
      messages += out.length;
      searchRows.push(...out);
      onMessages(out.length);
      onCommitted?.(sourceId, out, last);
    };
    const cannotStore = (position: number, conversation: ParsedConversation, e: unknown): SkippedConversation => ({
      position,
      id: conversation.externalId,
      title: conversation.title,
      reason: `it could not be stored (${(e as Error).message})`,
    });
    const flush = async (final: boolean) => {
      if (batch.length) {
        const start = performance.now();
        const out: SearchRow[] = [];
        chat.transaction(() => {
          for (const { position, conversation } of batch) {
            try {
              // A savepoint per conversation: one that cannot be written leaves nothing behind.
              chat.transaction(() => writeWhole(writeConversation(chat, sourceId, conversation, opts, out)));
            } catch (e) {
              if (opts.strict) throw e;
              report.skipped.push(cannotStore(position, conversation, e));
            }
          }
        });
        written(out, start, final);
        batch = [];
        batchSize = 0;
      }
      if (searchRows.length >= SEARCH_WRITE_ROWS || (final && searchRows.length)) {
        await searchWritten();
        const rows = searchRows;
        searchRows = [];
        // a table this creates is indexed by the refresh at the import's end (Engine.runImport)
        searchWrite = stores.search.add(rows, { indexLater: true });
        searchWrite.catch(() => undefined); // seen when awaited
        // the batches before it (parsed conversations, rows, Arrow buffers) are garbage now
        processHeap.reclaim();
      }
      if (final) await searchWritten();
    };
    /** Waits for the search write in flight; `searchMs` is the time the import waited for it. */
    const searchWritten = async () => {
      if (!searchWrite) return;
      const start = performance.now();
      const write = searchWrite;
      searchWrite = null;
      await write;
      searchMs += performance.now() - start;
    };
    for await (const outcome of parsed.conversations) {
      ctx.throwIfCancelled();
      if ('skipped' in outcome) {
        if (opts.strict) throw new ImportError(`${input.name}: ${describe(outcome.skipped)} cannot be read: ${outcome.skipped.reason} (strict import: nothing was imported)`);
        report.skipped.push(outcome.skipped);
        continue;
      }
      const c = outcome.conversation;
      readConversations++;
      for (const message of c.warnings ?? []) report.warnings.push({ position: outcome.position, id: c.externalId, title: c.title, message });
      const size = c.messages?.length ?? c.sessions?.reduce((n, s) => n + s.messages.length, 0) ?? 0;
      if (size > BATCH_MESSAGES) {
        // A conversation larger than a batch: written in steps, a transaction each, the event
        // loop free between them. The source is not 'ready' until the end, so no reader sees it
        // half-written; a step that fails after the first fails the source (removed whole).
        await flush(false);
        const out: SearchRow[] = [];
        const steps = writeConversation(chat, sourceId, c, opts, out);
        for (let first = true; ; first = false) {
          const start = performance.now();
          let done: boolean;
          try {
            done = chat.transaction(() => !!steps.next().done);
          } catch (e) {
            if (first && !opts.strict) {
              report.skipped.push(cannotStore(outcome.position, c, e));
              break;
            }
            throw new ImportError(`${input.name}: ${describe({ position: outcome.position, id: c.externalId, title: c.title })} could not be stored: ${(e as Error).message}`);
          }
          // this step's rows (taken out: only one step's rows are held)
          written(out.splice(0), start);
          // its search rows go to the index as the other conversations' do (a batch at a time)
          if (searchRows.length >= SEARCH_WRITE_ROWS) await flush(false);
          if (done) break;
          await new Promise((r) => setImmediate(r));
          ctx.throwIfCancelled();
        }
        continue;
      }
      batch.push(outcome);
      batchSize += size;
      if (batchSize >= BATCH_MESSAGES) await flush(false);
    }
    await flush(true);
    timings.readAndWriteMs = Math.round(performance.now() - t0 - searchMs);
    timings.sqliteMs = Math.round(writeMs);
    timings.searchMs = Math.round(searchMs);
    if (readConversations === 0 && report.skipped.length) {
      const first = report.skipped[0];
      const more = report.skipped.length > 1 ? ` (and ${report.skipped.length - 1} more conversations that cannot be read)` : '';
      throw new ImportError(`${input.name}: no conversation could be read: ${describe(first)}: ${first.reason}${more}`);
    }
    if (indexesDeferred) chat.buildTimelineIndexes();
    if (messages === 0) {
      chat.discardEmptySource(sourceId);
      return { file: input.name, name: parsed.name, status: 'no new messages', sourceId: null, messages: 0, ...report };
    }
    chat.transaction(() => chat.refreshSessions());
    ctx.throwIfCancelled();
    ctx.progress(messages, messages, `Building the messages graph of ${parsed.name}`);
    const g = performance.now();
    await buildMessagesGraph(stores, sourceId, key, `Import ${parsed.name}`);
    timings.graphMs = Math.round(performance.now() - g);
    ctx.throwIfCancelled();
    chat.markSourceReady(sourceId, report.skipped.length || report.warnings.length ? (report as ImportReport) : null);
    return { file: input.name, name: parsed.name, status: 'imported', sourceId, messages, conversations: conversations.size, sessions: sessions.size, timings, ...report };
  } catch (e) {
    // When the process is ending, deleting what was written (tens of thousands of rows, in one
    // synchronous transaction) would hold it past its deadline: the unfinished source stays
    // marked as importing and the next start removes it, as after a crash.
    // (assigned in flush: the type checker does not follow closures)
    await (searchWrite as Promise<void> | null)?.catch(() => undefined);
    if (!endingProcess(ctx.signal)) {
      await removeSource(stores, sourceId).catch(() => undefined);
      if (indexesDeferred) chat.buildTimelineIndexes();
    }
    throw e;
  }
}

/** Removes a source from every store (also used for delete and crash recovery). */
export async function removeSource(stores: ImportStores, sourceId: number): Promise<{ removedIds: number[] }> {
  const sourceKeyBefore = stores.chat.sourceKey(sourceId);
  if (!sourceKeyBefore) return { removedIds: [] };
  const { removed, touchedSourceIds } = stores.chat.deleteSource(sourceId);
  await stores.graph.dropGraphs(removed.map((r) => GRAPHS.source(r.key)));
  await stores.search.deleteWhere({ sourceIds: [...removed.map((r) => r.id), ...touchedSourceIds] });
  // Sources that had appended to the deleted conversations lose those messages too.
  for (const id of touchedSourceIds) await rebuildDerived(stores, id);
  return { removedIds: removed.map((r) => r.id) };
}

/**
 * A source's messages graph, built from its rows: in the graph's worker when the graph is loaded,
 * else journaled for the graph to build when it next loads (a command-line import loads no graph).
 */
function buildMessagesGraph(stores: ImportStores, sourceId: number, key: string, label: string): Promise<void> {
  return stores.graph.buildSourceGraph(sourceId, GRAPHS.source(key), label, () => ({ ...stores.chat.sourceGraphCounts(sourceId), name: stores.chat.sourceName(sourceId) ?? key }));
}

/** Rebuilds a source's messages graph and search rows from the chat table. */
export async function rebuildDerived(stores: ImportStores, sourceId: number, parts: { graph?: boolean; search?: boolean } = { graph: true, search: true }): Promise<void> {
  const name = stores.chat.sourceName(sourceId);
  const key = stores.chat.sourceKey(sourceId);
  if (name === undefined || key === undefined) return;
  if (parts.graph) await buildMessagesGraph(stores, sourceId, key, `Rebuild ${name}`);
  if (parts.search) {
    await stores.search.deleteWhere({ sourceIds: [sourceId] });
    await stores.search.add([...stores.chat.iterateSourceMessages(sourceId)].map(searchRowOf));
  }
}

/** What the search index needs of a message. */
export type SearchSource = Pick<MessageRow, 'id' | 'sourceId' | 'conversationId' | 'sessionId' | 'speaker' | 'role' | 'timestamp' | 'text'> & {
  extra: string | null;
  /** Attachments' names and extracted text, one after another. */
  attachments?: string | null;
};

/**
 * What the full-text index sees of a message: who said it, what, any image description, and its
 * attachments' names and extracted text (searchable, though not part of the message's words).
 */
function searchTextOf(speaker: string, text: string, extra: Record<string, unknown> | string | null | undefined, attachments?: string | null): string {
  return `${speaker}: ${withImageDescription(text, imageDescription(extra))}${attachments ? `\n[attachments]\n${attachments}` : ''}`;
}

function attachmentsText(parts: ParsedPart[] | undefined): string | null {
  const list = (parts ?? []).filter((p) => p.kind === 'attachment').map((p) => [p.label, p.text].filter(Boolean).join('\n'));
  return list.length ? list.join('\n') : null;
}

/** Parts as rows: references numbered as the text cites them ([1]…), the others in order per kind. */
function partRows(parts: ParsedPart[]): NewMessagePart[] {
  const counts = new Map<string, number>();
  return parts.map((p) => {
    const n = (counts.get(p.kind) ?? 0) + 1;
    counts.set(p.kind, n);
    return { kind: p.kind, ordinal: n, label: p.label ?? null, url: p.url ?? null, text: p.text ?? null };
  });
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
    search_text: searchTextOf(r.speaker, r.text, r.extra, r.attachments),
  };
}

// ---- rows

/** Writes a conversation's new messages; appends what the derived stores need to `out`. */
/**
 * Writes one conversation, a step at a time: it pauses (yields) after every BATCH_MESSAGES
 * messages, so that a very large conversation can be written in several transactions with the
 * event loop free between them (a signal or a Cancel is then handled within its deadline).
 */
function* writeConversation(chat: ChatStore, sourceId: number, conv: ParsedConversation, opts: ImportOptions, out: SearchRow[]): Generator<void, void, void> {
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
  let sinceStep = 0;
  const writeSession = function* (session: ParsedSession, into: { id: number; turns: number } | null): Generator<void, void, void> {
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
        timeApproximate: m.timeApproximate === true,
      });
      if (m.parts?.length) chat.insertMessageParts(id, partRows(m.parts));
      out.push({
        id,
        source_id: sourceId,
        conversation_id: convId,
        session_id: sessionId,
        speaker: m.speaker,
        role: m.role,
        ts_local: m.time.local,
        text: m.text,
        search_text: searchTextOf(m.speaker, m.text, m.extra, attachmentsText(m.parts)),
      });
      if (++sinceStep >= BATCH_MESSAGES) {
        sinceStep = 0;
        yield;
      }
    }
  };

  if (conv.sessions) {
    for (const s of conv.sessions) {
      const same = s.externalId ? chat.findSession(convId, s.externalId) : undefined;
      yield* writeSession({ externalId: s.externalId, messages: fresh(s.messages) }, same ?? null);
    }
  } else {
    const previousEnd = tail.lastTsUtc ? Date.parse(tail.lastTsUtc) : null;
    const { sessions, continuesPrevious } = sessionize(fresh(inTimeOrder(conv.messages ?? [])), opts.sessionGapMinutes, previousEnd);
    for (const [i, s] of sessions.entries()) {
      yield* writeSession(s, i === 0 && continuesPrevious && tail.lastSessionId ? { id: tail.lastSessionId, turns: tail.lastSessionTurns } : null);
    }
  }
}

/** Runs every step of a conversation's write at once (inside the caller's transaction). */
function writeWhole(steps: Generator<void, void, void>): void {
  for (let r = steps.next(); !r.done; r = steps.next());
}

