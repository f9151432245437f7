// Generic chat logs: JSON, JSONL or CSV rows of {speaker|role, text|content, timestamp},
// with an optional conversation id (and title).
//
// JSON may be a list of rows, `{ messages: [...] }`, or `{ conversations: [{ id, title,
// messages }] }` (the shape of the bundled demo memory).
import type * as CsvParse from 'csv-parse/sync';
import { lazyModule } from '../../common/lazy-module';
import type { Role } from '../../../../../shared/types';
import { parseDateValue } from '../parse-date';
import { ConversationError, ImportError, type ConversationOutcome, type ParsedConversation, type ParsedMessage } from '../parsed';
import { isObj, roleOfName, str, type Obj } from './shape';

const TEXT_FIELDS = ['text', 'content', 'message', 'body'];
const SPEAKER_FIELDS = ['speaker', 'author', 'name', 'sender', 'from'];
const TIME_FIELDS = ['timestamp', 'time', 'date', 'created_at', 'datetime', 'date_time'];
const CONVERSATION_FIELDS = ['conversation_id', 'conversation', 'thread_id', 'thread', 'chat_id'];

const isRow = (o: unknown): o is Obj =>
  isObj(o) && TEXT_FIELDS.some((f) => typeof o[f] === 'string') && (SPEAKER_FIELDS.some((f) => f in o) || 'role' in o);

export function looksLikeGenericRow(o: unknown): boolean {
  return isRow(o);
}

/** `{ id, title, messages: [rows] }`, the shape of the bundled demo memory's conversations. */
export function looksLikeGenericConversation(c: unknown): boolean {
  return isObj(c) && ('id' in c || 'title' in c) && Array.isArray(c.messages) && (c.messages.length === 0 || isRow(c.messages[0]));
}

export function looksLikeGenericDocument(data: unknown): boolean {
  return isObj(data) && Array.isArray(data.messages) && data.messages.length > 0 && data.messages.slice(0, 5).every(isRow);
}

export function genericConversation(name: string, c: unknown, index: number): ParsedConversation | null {
  if (!isObj(c) || !Array.isArray(c.messages)) throw new ConversationError('it has no messages');
  const id = str(c.id) ?? (typeof c.id === 'number' ? String(c.id) : `${index + 1}`);
  const messages = (c.messages as unknown[]).map((row, j) => rowToMessage(row, `messages[${j}]`, ConversationError));
  if (!messages.length) return null;
  return { family: familyOf(name), externalId: id, title: str(c.title) ?? `${name} ${id}`, messages };
}

export function looksLikeCsv(text: string): boolean {
  const header = text.split(/\r?\n/, 1)[0].toLowerCase();
  const cells = header.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
  return cells.some((c) => TEXT_FIELDS.includes(c)) && cells.some((c) => SPEAKER_FIELDS.includes(c) || c === 'role');
}

// loaded by the first CSV read
const csvParse = lazyModule<typeof CsvParse>('csv-parse/sync');

export function csvRows(name: string, text: string): Obj[] {
  const header = text.split(/\r?\n/, 1)[0];
  const delimiter = [',', ';', '\t'].sort((a, b) => header.split(b).length - header.split(a).length)[0];
  try {
    return csvParse().parse(text, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), delimiter, skip_empty_lines: true, bom: true, relax_column_count: false });
  } catch (e) {
    throw new ImportError(`${name}: not valid CSV (${(e as Error).message})`);
  }
}

/**
 * Rows grouped into conversations by their conversation id (the file is one conversation when
 * rows have none). A row that cannot be read makes its conversation skipped, not the file.
 */
export class RowGroups {
  private readonly groups = new Map<string, { title: string; messages: ParsedMessage[]; position: number; broken?: string }>();

  constructor(private readonly name: string) {}

  add(row: unknown, where: string, position: number): void {
    if (!isRow(row)) throw new ImportError(`${this.name}: ${where} is not a message (needs speaker or role, and text or content)`);
    const o = row as Obj;
    const convField = CONVERSATION_FIELDS.find((f) => o[f] !== undefined && o[f] !== '');
    const convId = convField ? String(o[convField]) : this.name;
    let group = this.groups.get(convId);
    if (!group) {
      group = { title: str(o.title) ?? (convField ? `${this.name} ${convId}` : this.name), messages: [], position };
      this.groups.set(convId, group);
    }
    if (group.broken) return;
    try {
      group.messages.push(rowToMessage(row, where, ConversationError));
    } catch (e) {
      if (!(e instanceof ConversationError)) throw e;
      group.broken = e.message;
    }
  }

  *outcomes(): Generator<ConversationOutcome> {
    let position = 0;
    for (const [id, g] of this.groups) {
      position++;
      if (g.broken) yield { position, skipped: { position, id, title: g.title, reason: g.broken } };
      else if (g.messages.length) yield { position, conversation: { family: familyOf(this.name), externalId: id, title: g.title, messages: g.messages } };
    }
  }
}

/**
 * Generic logs have no global ids: a conversation is recognised again by its id within a
 * file of the same name, which is what a re-exported log keeps.
 */
function familyOf(name: string): string {
  return `generic:${name}`;
}

function rowToMessage(row: unknown, where: string, Err: new (m: string) => Error): ParsedMessage {
  if (!isObj(row)) throw new Err(`${where} is not an object`);
  const textField = TEXT_FIELDS.find((f) => typeof row[f] === 'string');
  if (!textField) throw new Err(`${where}: text is missing (expected one of ${TEXT_FIELDS.join(', ')})`);
  const roleRaw = str(row.role)?.toLowerCase();
  const speakerField = SPEAKER_FIELDS.find((f) => typeof row[f] === 'string' && (row[f] as string).trim());
  const speaker = speakerField ? (row[speakerField] as string).trim() : roleRaw ? capitalize(roleRaw) : undefined;
  if (!speaker) throw new Err(`${where}: speaker is missing (expected speaker or role)`);
  const timeField = TIME_FIELDS.find((f) => row[f] !== undefined && row[f] !== '');
  if (!timeField) throw new Err(`${where}: timestamp is missing`);
  const time = parseDateValue(row[timeField]);
  if (!time) throw new Err(`${where}.${timeField}: cannot read '${String(row[timeField])}' as a date`);
  const id = row.id ?? row.message_id;
  return {
    externalId: id === undefined || id === '' ? undefined : String(id),
    speaker,
    role: roleOf(roleRaw, speaker),
    text: (row[textField] as string).trim(),
    time,
  };
}

/** The role field when there is one, else the speaker's name; a named person without either is a user. */
function roleOf(role: string | undefined, speaker: string): Role {
  const r = roleOfName(role ?? speaker);
  return r === 'other' && !role ? 'user' : r;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
