// Generic chat logs: JSON, JSONL or CSV rows of {speaker|role, text|content, timestamp},
// with an optional conversation id (and title).
//
// JSON may be a list of rows, `{ messages: [...] }`, or `{ conversations: [{ id, title,
// messages }] }` (the shape of the bundled demo memory).
import { parse as parseCsv } from 'csv-parse/sync';
import type { Role, SourceFormat } from '../../../../../shared/types';
import { parseDateValue } from '../../../../../shared/dates/parse-date';
import { ImportError, type ParsedConversation, type ParsedMessage, type ParsedSource } from '../parsed';
import { isObj, str, type Obj } from './shape';

const TEXT_FIELDS = ['text', 'content', 'message', 'body'];
const SPEAKER_FIELDS = ['speaker', 'author', 'name', 'sender', 'from'];
const TIME_FIELDS = ['timestamp', 'time', 'date', 'created_at', 'datetime', 'date_time'];
const CONVERSATION_FIELDS = ['conversation_id', 'conversation', 'thread_id', 'thread', 'chat_id'];

const isRow = (o: unknown): o is Obj =>
  isObj(o) && TEXT_FIELDS.some((f) => typeof o[f] === 'string') && (SPEAKER_FIELDS.some((f) => f in o) || 'role' in o);

export function looksLikeGenericJson(data: unknown): boolean {
  if (Array.isArray(data)) return data.length > 0 && data.slice(0, 5).every(isRow);
  if (!isObj(data)) return false;
  if (Array.isArray(data.messages)) return data.messages.length > 0 && data.messages.slice(0, 5).every(isRow);
  return Array.isArray(data.conversations) && data.conversations.length > 0 && data.conversations.every((c) => isObj(c) && Array.isArray(c.messages));
}

export function parseGenericJson(name: string, data: unknown): ParsedSource[] {
  if (isObj(data) && Array.isArray(data.conversations)) {
    const conversations = (data.conversations as Obj[]).map((c, i) => {
      const id = str(c.id) ?? (typeof c.id === 'number' ? String(c.id) : `${i + 1}`);
      const messages = (c.messages as unknown[]).map((row, j) => rowToMessage(row, `${name}: conversations[${i}].messages[${j}]`));
      return { family: familyOf(name), externalId: id, title: str(c.title) ?? `${name} ${id}`, messages };
    });
    return [{ format: 'generic-json', name, conversations: conversations.filter((c) => c.messages.length) }];
  }
  const rows = Array.isArray(data) ? data : ((data as Obj).messages as unknown[]);
  return [fromRows(name, 'generic-json', rows, (j) => `${name}: [${j}]`)];
}

export function parseGenericJsonl(name: string, rows: unknown[]): ParsedSource[] {
  if (!rows.every(isRow)) {
    const bad = rows.findIndex((r) => !isRow(r));
    throw new ImportError(`${name}: line ${bad + 1} is not a message (needs speaker or role, and text or content)`);
  }
  return [fromRows(name, 'generic-jsonl', rows, (j) => `${name}: line ${j + 1}`)];
}

export function looksLikeCsv(text: string): boolean {
  const header = text.split(/\r?\n/, 1)[0].toLowerCase();
  const cells = header.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
  return cells.some((c) => TEXT_FIELDS.includes(c)) && cells.some((c) => SPEAKER_FIELDS.includes(c) || c === 'role');
}

export function parseGenericCsv(name: string, text: string): ParsedSource[] {
  const header = text.split(/\r?\n/, 1)[0];
  const delimiter = [',', ';', '\t'].sort((a, b) => header.split(b).length - header.split(a).length)[0];
  let rows: Obj[];
  try {
    rows = parseCsv(text, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), delimiter, skip_empty_lines: true, bom: true, relax_column_count: false });
  } catch (e) {
    throw new ImportError(`${name}: not valid CSV (${(e as Error).message})`);
  }
  return [fromRows(name, 'generic-csv', rows, (j) => `${name}: row ${j + 2}`)];
}

function fromRows(name: string, format: SourceFormat, rows: unknown[], where: (j: number) => string): ParsedSource {
  const byConversation = new Map<string, { title: string; messages: ParsedMessage[] }>();
  rows.forEach((row, j) => {
    const message = rowToMessage(row, where(j));
    const o = row as Obj;
    const convField = CONVERSATION_FIELDS.find((f) => o[f] !== undefined && o[f] !== '');
    const convId = convField ? String(o[convField]) : name;
    const conv = byConversation.get(convId) ?? { title: str(o.title) ?? (convField ? `${name} ${convId}` : name), messages: [] };
    conv.messages.push(message);
    byConversation.set(convId, conv);
  });
  const conversations: ParsedConversation[] = [...byConversation].map(([id, c]) => ({
    family: familyOf(name),
    externalId: id,
    title: c.title,
    messages: c.messages,
  }));
  return { format, name, conversations };
}

/**
 * Generic logs have no global ids: a conversation is recognised again by its id within a
 * file of the same name, which is what a re-exported log keeps.
 */
function familyOf(name: string): string {
  return `generic:${name}`;
}

function rowToMessage(row: unknown, where: string): ParsedMessage {
  if (!isObj(row)) throw new ImportError(`${where} is not an object`);
  const textField = TEXT_FIELDS.find((f) => typeof row[f] === 'string');
  if (!textField) throw new ImportError(`${where}: text is missing (expected one of ${TEXT_FIELDS.join(', ')})`);
  const roleRaw = str(row.role)?.toLowerCase();
  const speakerField = SPEAKER_FIELDS.find((f) => typeof row[f] === 'string' && (row[f] as string).trim());
  const speaker = speakerField ? (row[speakerField] as string).trim() : roleRaw ? capitalize(roleRaw) : undefined;
  if (!speaker) throw new ImportError(`${where}: speaker is missing (expected speaker or role)`);
  const timeField = TIME_FIELDS.find((f) => row[f] !== undefined && row[f] !== '');
  if (!timeField) throw new ImportError(`${where}: timestamp is missing`);
  const time = parseDateValue(row[timeField]);
  if (!time) throw new ImportError(`${where}.${timeField}: cannot read '${String(row[timeField])}' as a date`);
  const id = row.id ?? row.message_id;
  return {
    externalId: id === undefined || id === '' ? undefined : String(id),
    speaker,
    role: roleOf(roleRaw, speaker),
    text: (row[textField] as string).trim(),
    time,
  };
}

function roleOf(role: string | undefined, speaker: string): Role {
  const r = role ?? speaker.toLowerCase();
  if (r === 'user' || r === 'human' || r === 'me') return 'user';
  if (r === 'assistant' || r === 'ai' || r === 'bot' || r === 'model') return 'assistant';
  if (r === 'system') return 'system';
  return role ? 'other' : 'user';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
