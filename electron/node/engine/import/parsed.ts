// What every format parser produces: a format-neutral description of one or more sources,
// before sessions are numbered and anything is written.
import type { Role, SourceFormat } from '../../../../shared/types';
import type { WallClock } from '../../../../shared/dates/wall-clock';

export interface ParsedMessage {
  /** The source's own id (ChatGPT node id, dia_id, uuid…), when it has one. */
  externalId?: string;
  speaker: string;
  role: Role;
  text: string;
  time: WallClock;
  /** Format-specific extras kept with the message (e.g. LoCoMo image caption). */
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
}

export interface ParsedSource {
  format: SourceFormat;
  /** Display name (file name, or file name + instance id). */
  name: string;
  /** Distinguishes the sources of one file that yields several (LongMemEval instances). */
  part?: string;
  conversations: ParsedConversation[];
}

export interface ParseInput {
  /** The file name, for messages. */
  name: string;
  text: string;
}

/** A one-line, person-facing error about an input file. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export function requireField<T>(value: T | undefined | null, file: string, field: string, what = 'is missing'): T {
  if (value === undefined || value === null) throw new ImportError(`${file}: ${field} ${what}`);
  return value;
}
