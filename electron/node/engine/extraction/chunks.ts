// Extraction chunks: runs of consecutive messages of one session.
//
// A chunk holds `size` target messages (the person's messages; the assistant's too when asked)
// and the other messages between them as context lines. Chunks partition a session in order,
// so every message belongs to at most one chunk. A chunk's key is a hash of its target
// messages' IRIs: the same messages always give the same key, and so the same named graph.
import { createHash } from 'node:crypto';
import type { MessageRow, Role } from '../../../../shared/types';

export const DEFAULT_CHUNK_SIZE = 8;
/** Context lines (messages that are not targets) are cut to this many characters. */
const CONTEXT_CHARS = 400;
/** A single target message longer than this is cut (the prompt must fit the context window). */
const TARGET_CHARS = 6000;

export interface ChunkPlan {
  key: string;
  sourceId: number;
  sessionId: number;
  /** Every message of the chunk's span, in order (targets and context). */
  messageIds: number[];
  /** The messages the chunk extracts from. */
  targetIds: number[];
  includeAssistant: boolean;
}

export function isTarget(role: Role, includeAssistant: boolean): boolean {
  return role === 'user' || role === 'other' || (includeAssistant && role === 'assistant');
}

export function chunkKeyOf(targetIris: string[]): string {
  return createHash('sha256').update(targetIris.join('\n')).digest('hex').slice(0, 20);
}

/** Whether a graph key is one of ours (other machine graphs, e.g. the demo's, share the namespace). */
export function isChunkKey(key: string): boolean {
  return /^[0-9a-f]{20}$/.test(key);
}

/**
 * Splits a session's messages (in turn order) into chunks, skipping messages already covered
 * by an existing chunk. System messages are never part of a chunk.
 */
export function planSessionChunks(messages: MessageRow[], size: number, includeAssistant: boolean, covered: ReadonlySet<number> = new Set()): ChunkPlan[] {
  const plans: ChunkPlan[] = [];
  let span: MessageRow[] = [];
  let targets: MessageRow[] = [];
  const close = () => {
    if (targets.length) {
      // Context after the last target is left for the next chunk (or dropped at the end).
      const last = span.indexOf(targets[targets.length - 1]);
      const kept = span.slice(0, last + 1);
      plans.push({
        key: chunkKeyOf(targets.map((m) => m.iri)),
        sourceId: targets[0].sourceId,
        sessionId: targets[0].sessionId,
        messageIds: kept.map((m) => m.id),
        targetIds: targets.map((m) => m.id),
        includeAssistant,
      });
      span = span.slice(last + 1);
    }
    targets = [];
  };
  for (const m of messages) {
    if (covered.has(m.id) || m.role === 'system') continue;
    span.push(m);
    if (isTarget(m.role, includeAssistant)) {
      targets.push(m);
      if (targets.length >= size) close();
    }
  }
  close();
  return plans;
}

/** `HH:MM` of a wall-clock timestamp. */
function hhmm(m: MessageRow): string {
  return m.time.slice(0, 5);
}

function oneLine(text: string, max: number): string {
  const t = text.replace(/\s*\r?\n\s*/g, ' / ').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export interface RenderedMessages {
  text: string;
  /** `msg:mN` local id → the message's post IRI. */
  ids: Map<string, string>;
}

/** The {{messages}} slot: `[msg:mN] YYYY-MM-DD HH:MM Weekday | Speaker: text`, one line per message. */
export function renderMessages(messages: MessageRow[], targetIds: ReadonlySet<number>): RenderedMessages {
  const ids = new Map<string, string>();
  const lines = messages.map((m, i) => {
    const local = `m${i + 1}`;
    ids.set(local, m.iri);
    const text = oneLine(m.text, targetIds.has(m.id) ? TARGET_CHARS : CONTEXT_CHARS);
    return `[msg:${local}] ${m.date} ${hhmm(m)} ${m.dayName} | ${m.speaker}: ${text}`;
  });
  return { text: lines.join('\n'), ids };
}
