// What every format parser produces: a format-neutral description of one or more sources,
// before sessions are numbered and anything is written.
import type { ImportWarning, MessagePartKind, Role, SkippedConversation, SourceFormat } from '../../../../shared/types';
import type { WallClock } from '../../../../shared/dates/wall-clock';

/** What the person did not read as the message's words but the export keeps with it. */
export interface ParsedPart {
  kind: MessagePartKind;
  /** Attachment file name, tool name, cited title. */
  label?: string;
  /** A cited source's address. */
  url?: string;
  /** Thinking text, tool input/output, an attachment's extracted text, a cited snippet. */
  text?: string;
}

export interface ParsedMessage {
  /** The source's own id (ChatGPT node id, dia_id, uuid…), when it has one. */
  externalId?: string;
  speaker: string;
  role: Role;
  text: string;
  time: WallClock;
  /** True when the export gives no time and `time` stands in for it (the file's time). */
  timeApproximate?: boolean;
  /** Hidden parts, attachments and references, in the order the export gives them. */
  parts?: ParsedPart[];
  /** Format-specific extras kept with the message; the keys the engine reads are message-extra.ts's (e.g. an image description). */
  extra?: Record<string, unknown>;
}

export interface ParsedSession {
  externalId?: string;
  messages: ParsedMessage[];
}

export interface ParsedConversation {
  /** Namespace of the external ids (e.g. 'chatgpt'): a newer export of the same account matches by it. */
  family: string;
  externalId: string;
  title: string;
  /** Sessions given by the source; when absent, `messages` are split at time gaps. */
  sessions?: ParsedSession[];
  messages?: ParsedMessage[];
  /** Things the reader had to decide for this conversation (e.g. which branch). */
  warnings?: string[];
}

/** One conversation read from the stream, or why it could not be. */
export type ConversationOutcome =
  | { position: number; conversation: ParsedConversation }
  | { position: number; skipped: SkippedConversation };

export interface ParsedSource {
  format: SourceFormat;
  /** Display name (file name, or file name + instance id). */
  name: string;
  /** Distinguishes the sources of one file that yields several (LongMemEval instances). */
  part?: string;
  /** Read one at a time: large exports never sit in memory whole. */
  conversations: AsyncIterable<ConversationOutcome>;
}

/** A one-line, person-facing error about an input file. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** One conversation cannot be read; the rest of the export can. */
export class ConversationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversationError';
  }
}

/** Turns a list of already-read conversations into the stream a source carries. */
export async function* outcomesOf(conversations: ParsedConversation[]): AsyncIterable<ConversationOutcome> {
  let position = 0;
  for (const conversation of conversations) yield { position: ++position, conversation };
}

export type { ImportWarning, SkippedConversation };
