// Detects an input's format from its content (never from its file name) and reads it as a
// stream of conversations. Only the start of the file is looked at to decide; the rest is
// read as the import consumes the conversations.
import type { SourceFormat } from '../../../../shared/types';
import { chatbotUiConversation, looksLikeChatbotUi } from './formats/chatbotui';
import { chatGptConversation, deepSeekConversation, looksLikeChatGpt, looksLikeDeepSeek } from './formats/chatgpt';
import { claudeConversation, looksLikeClaude } from './formats/claude';
import { addGeminiHtml, addGeminiJsonRecord, GeminiDays, looksLikeGeminiHtml, looksLikeGeminiRecord } from './formats/gemini';
import { csvRows, genericConversation, looksLikeCsv, looksLikeGenericConversation, looksLikeGenericDocument, looksLikeGenericRow, RowGroups } from './formats/generic';
import { grokConversation, looksLikeGrok } from './formats/grok';
import { libreChatConversation, looksLikeLibreChat } from './formats/librechat';
import { looksLikeLocomo, parseLocomo } from './formats/locomo';
import { looksLikeLongMemEval, parseLongMemEval } from './formats/longmemeval';
import { looksLikeMarkdownTranscript, markdownConversation } from './formats/markdown';
import { looksLikeOpenWebUi, openWebUiConversation } from './formats/openwebui';
import { sillyTavernConversations, looksLikeSillyTavern } from './formats/sillytavern';
import { isObj } from './formats/shape';
import { jsonItems, jsonLines, looksLikeJsonLines, type JsonItem, type ReadPosition } from './json-stream';
import { ConversationError, ImportError, type ConversationOutcome, type ParsedConversation, type ParsedSource } from './parsed';
import { decodeUtf8, type InputFile } from './read-input';

/** Bytes of text looked at to decide the format. */
const HEAD_CHARS = 64 * 1024;

interface ItemFormat {
  format: SourceFormat;
  test: (item: unknown) => boolean;
  convert: (item: unknown, index: number, input: InputFile) => ParsedConversation | null;
  /** Where a skipped item's id and title are (dotted paths). */
  ids: string[];
  titles: string[];
}

// One conversation per item. Most specific first: later shapes would accept some earlier ones.
const ITEM_FORMATS: ItemFormat[] = [
  { format: 'chatgpt', test: looksLikeChatGpt, convert: chatGptConversation, ids: ['conversation_id', 'id'], titles: ['title'] },
  { format: 'deepseek', test: looksLikeDeepSeek, convert: deepSeekConversation, ids: ['id'], titles: ['title'] },
  { format: 'claude', test: looksLikeClaude, convert: claudeConversation, ids: ['uuid'], titles: ['name'] },
  { format: 'openwebui', test: looksLikeOpenWebUi, convert: openWebUiConversation, ids: ['id', 'chat.id'], titles: ['title', 'chat.title'] },
  { format: 'librechat', test: looksLikeLibreChat, convert: libreChatConversation, ids: ['conversationId'], titles: ['title'] },
  { format: 'grok', test: looksLikeGrok, convert: grokConversation, ids: ['conversation.id'], titles: ['conversation.title'] },
  { format: 'chatbot-ui', test: looksLikeChatbotUi, convert: (item, _i, input) => chatbotUiConversation(item, input.modifiedAt), ids: ['id'], titles: ['name'] },
  { format: 'generic-json', test: looksLikeGenericConversation, convert: (item, i, input) => genericConversation(input.name, item, i), ids: ['id'], titles: ['title'] },
];

const FORMAT_NAMES = 'ChatGPT, Claude, DeepSeek, Open WebUI, LibreChat, Grok, Gemini, chatbot-ui, LoCoMo, LongMemEval or {speaker, text, timestamp}';

/** Reads an input into its sources; `onBytes` follows the reading (for progress). */
/** The most text a format read whole may hold (characters). */
const MAX_WHOLE_TEXT = 256 * 2 ** 20;

export async function parseInput(input: InputFile, onBytes: (bytesRead: number) => void = () => undefined): Promise<ParsedSource[]> {
  const position: ReadPosition = { bytes: 0 };
  const texts = decodeUtf8(input.label, input.open(), (n) => {
    position.bytes = n;
    onBytes(n);
  })[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  while (head.length < HEAD_CHARS) {
    const next = await texts.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  const rest: AsyncIterable<string> = { [Symbol.asyncIterator]: () => texts };
  const name = input.name;
  const label = input.label;
  const start = head.trimStart();
  if (!start) throw new ImportError(`${name}: the file holds only whitespace`);
  const source = (format: SourceFormat, conversations: AsyncIterable<ConversationOutcome>): ParsedSource[] => [{ format, name, conversations }];
  // HTML, CSV and Markdown are parsed whole: past a JavaScript string's reach (about 512 M
  // characters) that would fail with no name, so the file is refused by name first.
  const wholeText = async (what: string) => {
    let all = head;
    for await (const t of rest) {
      if (all.length + t.length > MAX_WHOLE_TEXT) throw new ImportError(`${name}: ${what} files are read whole, and this one is over ${MAX_WHOLE_TEXT / 2 ** 20} M characters; split it into smaller files`);
      all += t;
    }
    return all;
  };

  if (start[0] === '{' || start[0] === '[') {
    if (looksLikeJsonLines(head, done)) {
      const lines = jsonLines(label, head, rest)[Symbol.asyncIterator]();
      const first = await lines.next();
      const all: AsyncIterable<{ line: number; value: unknown }> = (async function* () {
        if (!first.done) yield first.value;
        yield* { [Symbol.asyncIterator]: () => lines };
      })();
      if (!first.done && looksLikeSillyTavern(first.value.value)) return source('sillytavern', guarded(sillyTavernConversations(name, all), name));
      return source('generic-jsonl', rowsOf(name, all, (l) => `line ${l.line}`));
    }
    return parseJson(input, head, rest, position, source);
  }
  if (start[0] === '<' && looksLikeGeminiHtml(head)) {
    const days = new GeminiDays();
    const { records } = addGeminiHtml(days, await wholeText('Gemini HTML'));
    if (!records) throw new ImportError(`${name}: no Gemini activity in this My Activity page`);
    return source('gemini', (async function* () { yield* days.conversations(); })());
  }
  if (looksLikeCsv(head)) {
    const all = await wholeText('CSV');
    return source('generic-csv', rowsOf(name, (async function* () { yield* csvRows(name, all).map((value, i) => ({ line: i + 2, value })); })(), (l) => `row ${l.line}`));
  }
  if (looksLikeMarkdownTranscript(head)) {
    const conversation = markdownConversation(name, await wholeText('Markdown'), input.modifiedAt);
    return source('markdown', (async function* () { if (conversation) yield { position: 1, conversation }; })());
  }
  throw new ImportError(`${name}: unknown format: expected a JSON, JSONL, CSV, Markdown or HTML chat export`);
}

async function parseJson(
  input: InputFile,
  head: string,
  rest: AsyncIterable<string>,
  position: ReadPosition,
  source: (format: SourceFormat, c: AsyncIterable<ConversationOutcome>) => ParsedSource[],
): Promise<ParsedSource[]> {
  const name = input.name;
  const items = jsonItems(input.label, head, rest, position)[Symbol.asyncIterator]();
  // The first few items decide: one broken conversation at the start must not hide the format.
  const sample: JsonItem[] = [];
  while (sample.length < 5) {
    const next = await items.next();
    if (next.done) break;
    sample.push(next.value);
  }
  const all: AsyncIterable<JsonItem> = (async function* () {
    yield* sample;
    yield* { [Symbol.asyncIterator]: () => items };
  })();
  const unknown = () => new ImportError(`${name}: unknown format: JSON, but not a ${FORMAT_NAMES} export`);
  if (!sample.length) {
    if (head.trimStart()[0] === '[') throw new ImportError(`${name}: the export holds no conversations (an empty list)`);
    throw unknown();
  }

  if (sample[0].container === 'document') {
    const doc = sample[0].value;
    for (const f of ITEM_FORMATS) if (f.test(doc)) return source(f.format, perItem(all, f, input));
    if (looksLikeLocomo(doc)) return parseLocomo(name, doc);
    if (looksLikeLongMemEval(doc)) return parseLongMemEval(name, doc);
    if (isObj(doc)) {
      // A list inside the document that is not its first member (chatbot-ui's `history`).
      for (const key of ['history', 'conversations', 'chats']) {
        const list = doc[key];
        if (!Array.isArray(list) || !list.length) continue;
        const f = ITEM_FORMATS.find((x) => list.slice(0, 5).some(x.test));
        if (f) return source(f.format, perItem(listItems(list, key), f, input));
      }
      if (looksLikeGenericDocument(doc)) return source('generic-json', rowsOf(name, listItems(doc.messages as unknown[], 'messages', 1), (l) => `messages[${l.line - 1}]`));
    }
    throw unknown();
  }

  const values = sample.map((s) => s.value);
  const f = ITEM_FORMATS.find((x) => values.some(x.test));
  if (f) return source(f.format, perItem(all, f, input));
  if (values.some(looksLikeGeminiRecord)) {
    position.noun = 'record';
    return source('gemini', geminiRecords(all));
  }
  if (values.every((v) => isObj(v) && Array.isArray(v.haystack_sessions))) {
    const list: unknown[] = [];
    for await (const it of all) list.push(it.value);
    if (looksLikeLongMemEval(list)) return parseLongMemEval(name, list);
  }
  if (values.some(looksLikeGenericRow)) {
    position.noun = 'record';
    return source('generic-json', rowsOf(name, toLines(all), (l) => `[${l.line - 1}]`));
  }
  throw unknown();
}

async function* listItems(list: unknown[], container: string, base = 0): AsyncIterable<JsonItem & { line: number }> {
  for (let i = 0; i < list.length; i++) yield { index: i, value: list[i], container, line: i + base };
}

async function* toLines(items: AsyncIterable<JsonItem>): AsyncIterable<{ line: number; value: unknown }> {
  for await (const it of items) yield { line: it.index + 1, value: it.value };
}

/** One conversation per item; an item that cannot be read is skipped and said why. */
async function* perItem(items: AsyncIterable<JsonItem>, f: ItemFormat, input: InputFile): AsyncIterable<ConversationOutcome> {
  for await (const it of items) {
    const position = it.index + 1;
    let conversation: ParsedConversation | null;
    try {
      conversation = f.convert(it.value, it.index, input);
    } catch (e) {
      if (!(e instanceof ConversationError)) throw e;
      const skipped = skippedOf(position, it.value, e.message, f.ids, f.titles);
      yield { position, skipped };
      continue;
    }
    if (conversation) yield { position, conversation };
  }
}

function skippedOf(position: number, item: unknown, reason: string, ids: string[], titles: string[]) {
  const pick = (paths: string[]) => {
    for (const p of paths) {
      const v = p.split('.').reduce<unknown>((x, k) => (isObj(x) ? x[k] : undefined), item);
      if (typeof v === 'string' && v.trim()) return v.trim();
      if (typeof v === 'number') return String(v);
    }
    return undefined;
  };
  return { position, id: pick(ids), title: pick(titles), reason };
}

/** Catches a whole-file format's per-conversation failure as a skipped conversation. */
async function* guarded(outcomes: AsyncIterable<ConversationOutcome>, name: string): AsyncIterable<ConversationOutcome> {
  try {
    yield* outcomes;
  } catch (e) {
    if (!(e instanceof ConversationError)) throw e;
    yield { position: 1, skipped: { position: 1, title: name, reason: e.message } };
  }
}

async function* rowsOf(name: string, rows: AsyncIterable<{ line: number; value: unknown }>, where: (l: { line: number }) => string): AsyncIterable<ConversationOutcome> {
  const groups = new RowGroups(name);
  for await (const row of rows) groups.add(row.value, where(row), row.line);
  yield* groups.outcomes();
}

async function* geminiRecords(items: AsyncIterable<JsonItem>): AsyncIterable<ConversationOutcome> {
  const days = new GeminiDays();
  const unreadable: ConversationOutcome[] = [];
  for await (const it of items) {
    if (!looksLikeGeminiRecord(it.value)) continue; // other products' activity in a merged file
    if (!addGeminiJsonRecord(days, it.value)) {
      const position = it.index + 1;
      unreadable.push({ position, skipped: skippedOf(position, it.value, 'its time cannot be read', [], ['title']) });
    }
  }
  yield* unreadable;
  yield* days.conversations();
}
