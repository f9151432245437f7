// Reads JSON and JSON Lines exports as streams of items, so a 1 GB export is never one string.
//
// A JSON export is a list of conversations (ChatGPT, Claude, DeepSeek, Open WebUI…) or an object
// whose first member is that list (Grok's `conversations`): its items are handed over one at a
// time by @streamparser/json and dropped once read. Any other object (a single conversation, a
// LoCoMo log) is small and read whole. Errors say where the file is broken or cut off.
import { JSONParser } from '@streamparser/json';
import { ImportError } from './parsed';

/** One value of the stream: an item of the list (with its 0-based index), or the whole document. */
export interface JsonItem {
  index: number;
  value: unknown;
  /** 'list' (top-level array), the member name holding the list, or 'document' (read whole). */
  container: string;
}

/** Members whose list is streamed when it opens the document. */
const STREAMED_MEMBERS = ['conversations', 'history', 'chats'];

const formatBytes = (n: number) => n.toLocaleString('en-US');

/** Where the text is read (for errors), shared with the caller that counts bytes. */
export interface ReadPosition {
  bytes: number;
  /** What the items of the list are, once the format is known ('conversation', 'record'). */
  noun?: string;
}

/**
 * Streams the items of a JSON document. `head` is the start of the text (already read to
 * detect the format); `rest` the remainder.
 */
export async function* jsonItems(label: string, head: string, rest: AsyncIterable<string>, position: ReadPosition): AsyncIterable<JsonItem> {
  const start = head.trimStart();
  if (start[0] === '[') {
    yield* listItems(label, head, rest, position);
    return;
  }
  let container = 'document';
  let paths = ['$'];
  const first = /^\{\s*"((?:[^"\\]|\\.)*)"\s*:\s*\[/.exec(start);
  if (first && STREAMED_MEMBERS.includes(first[1])) {
    container = first[1];
    paths = [`$.${first[1]}.*`];
  }
  yield* streamedItems(label, container, paths, 0, head, rest, position);
}

/**
 * The items of a JSON document as @streamparser/json hands them over, numbered from `from`:
 * `paths` selects them ('$' the whole document), `container` says what holds them; the first
 * `skip` are placeholders, not handed on.
 */
async function* streamedItems(label: string, container: string, paths: string[], from: number, head: string, rest: AsyncIterable<string>, position: ReadPosition, skip = 0): AsyncIterable<JsonItem> {
  // Strings gathered in a 64 KiB byte buffer and decoded once (the library's option): parsing a
  // 200 MB export took a fifth less time than with its default, a string piece per chunk.
  const parser = new JSONParser({ paths, keepStack: false, stringBufferSize: 64 * 1024 });
  const ready: JsonItem[] = [];
  let count = from;
  let skipped = 0;
  parser.onValue = ({ value }) => {
    if (skipped < skip) skipped++;
    else ready.push({ index: count++, value, container });
  };
  const where = () => (container === 'document' ? '' : ` (inside ${position.noun ?? 'conversation'} ${formatBytes(count + 1)})`);
  const feed = (text: string) => {
    if (parser.isEnded) {
      if (text.trim()) throw afterTheEnd(label, position);
      return;
    }
    try {
      parser.write(text);
    } catch (e) {
      // (the library's positions count characters of the piece it was given, not of the file)
      const why = (e as Error).message.replace(/\s*Either not all.*$/, '').replace(/ at chunk position "\d+" \(absolute position "\d+"\)/, '');
      throw new ImportError(`${label}: not valid JSON near byte ${formatBytes(position.bytes)}${where()}: ${why}`);
    }
  };
  feed(head);
  while (ready.length) yield ready.shift()!;
  for await (const text of rest) {
    feed(text);
    while (ready.length) yield ready.shift()!;
  }
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch {
      throw new ImportError(`${label}: the file is cut off at byte ${formatBytes(position.bytes)}${where()}`);
    }
  }
  while (ready.length) yield ready.shift()!;
}

const afterTheEnd = (label: string, position: ReadPosition) =>
  new ImportError(`${label}: unexpected text after the end of the JSON data, near byte ${formatBytes(position.bytes)}; is it JSON Lines with one record split over lines?`);

/** An item longer than this (characters) is left to the streaming parser, which builds it as it reads. */
const CUT_ITEM_MAX_CHARS = 16 * 2 ** 20;

/**
 * The items of a top-level list (most exports): each item's text is cut out of the stream (its
 * end found by following strings and brackets) and read by JSON.parse, which takes a third of
 * the streaming parser's time on a ChatGPT export and makes far less garbage. An item that does
 * not parse, or that grows past CUT_ITEM_MAX_CHARS, hands the rest of the file, from that item
 * on, to the streaming parser (`streamedItems`), which reads it as before and says what is wrong.
 */
async function* listItems(label: string, head: string, rest: AsyncIterable<string>, position: ReadPosition): AsyncIterable<JsonItem> {
  const texts = (async function* () {
    yield head;
    yield* rest;
  })()[Symbol.asyncIterator]();
  /** The text from the current item's start (or the list's) to the end of what was read. */
  let buf = '';
  /** Where the scan is in `buf`, and where the current item starts (-1: before the list). */
  let i = 0;
  let itemStart = -1;
  let depth = 0;
  let inString = false;
  let ended = false;
  let count = 0;
  // the parser starts where the scan was: in the list, after a comma when items came before (a
  // placeholder item, not handed on, stands for them)
  const handOver = () => streamedItems(label, 'list', ['$.*'], count, `${count ? '[null,' : '['}${buf.slice(itemStart)}`, { [Symbol.asyncIterator]: () => texts }, position, count ? 1 : 0);
  for (;;) {
    const next = await texts.next();
    if (next.done) break;
    if (ended) {
      if (next.value.trim()) throw afterTheEnd(label, position);
      continue;
    }
    buf += next.value;
    const ready: JsonItem[] = [];
    let broken = false;
    const item = (end: number): boolean => {
      let value: unknown;
      try {
        value = JSON.parse(buf.slice(itemStart, end));
      } catch {
        return false;
      }
      ready.push({ index: count++, value, container: 'list' });
      return true;
    };
    const len = buf.length;
    scan: while (i < len) {
      if (inString) {
        const q = buf.indexOf('"', i);
        if (q < 0) {
          i = len;
          break;
        }
        let slashes = 0;
        while (buf.charCodeAt(q - 1 - slashes) === 92) slashes++;
        i = q + 1;
        if (slashes % 2 === 0) inString = false;
        continue;
      }
      const c = buf.charCodeAt(i++);
      switch (c) {
        case 34: // "
          inString = true;
          break;
        case 123: // {
        case 91: // [
          if (depth++ === 0) itemStart = i;
          break;
        case 125: // }
        case 93: // ]
          if (--depth === 0) {
            // the list's end (a brace there is broken JSON: the parser says so): an empty list, or its last item
            if (c === 125) {
              broken = true;
              break scan;
            }
            if (count > 0 || buf.slice(itemStart, i - 1).trim()) {
              if (!item(i - 1)) {
                broken = true;
                break scan;
              }
            }
            ended = true;
            if (buf.slice(i).trim()) {
              broken = true;
              break scan;
            }
            break scan;
          }
          break;
        case 44: // ,
          if (depth === 1) {
            if (!item(i - 1)) {
              broken = true;
              break scan;
            }
            itemStart = i;
          }
          break;
      }
    }
    if (broken) {
      // the items before the one that failed, then the streaming parser from it on
      for (const r of ready) yield r;
      if (ended) {
        // text after the list's closing bracket, in the same piece: as the streaming parser says it
        yield* streamedItems(label, 'list', ['$.*'], count, `[]${buf.slice(i)}`, { [Symbol.asyncIterator]: () => texts }, position, 0);
        return;
      }
      yield* handOver();
      return;
    }
    for (const r of ready) yield r;
    if (ended) continue;
    // keep only the current item's text
    if (itemStart > 0) {
      buf = buf.slice(itemStart);
      i -= itemStart;
      itemStart = 0;
    }
    if (buf.length > CUT_ITEM_MAX_CHARS && itemStart >= 0) {
      yield* handOver();
      return;
    }
  }
  if (!ended) {
    // cut off: the streaming parser says where (and finds a broken item first, if there is one)
    if (itemStart < 0) itemStart = buf.length;
    yield* handOver();
  }
}

/** One parsed line of a JSON Lines file (1-based line number). */
export interface JsonLine {
  line: number;
  value: unknown;
}

/**
 * Streams the records of a JSON Lines file. A line that does not parse is an error naming it;
 * the last line failing to parse because the file stops inside it is reported as cut off.
 */
export async function* jsonLines(label: string, head: string, rest: AsyncIterable<string>): AsyncIterable<JsonLine> {
  let buffer = head;
  let line = 0;
  let pending: { line: number; text: string } | null = null;
  const parse = (text: string, lineNo: number, last: boolean): JsonLine | null => {
    if (!text.trim()) return null;
    try {
      return { line: lineNo, value: JSON.parse(text) };
    } catch (e) {
      if (last && looksCutOff(text)) throw new ImportError(`${label}: the last line (line ${formatBytes(lineNo)}) is cut off`);
      throw new ImportError(`${label}: line ${formatBytes(lineNo)} is not valid JSON (${(e as Error).message.replace(/^JSON\.parse: /, '')})`);
    }
  };
  const drain = function* (final: boolean): Generator<JsonLine> {
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      line++;
      // A line is parsed once the next one has started: only then is it known not to be the last.
      if (pending) {
        const r = parse(pending.text, pending.line, false);
        if (r) yield r;
      }
      pending = { line, text };
    }
    if (final) {
      if (buffer.trim()) {
        line++;
        if (pending) {
          const r = parse(pending.text, pending.line, false);
          if (r) yield r;
        }
        pending = { line, text: buffer };
        buffer = '';
      }
      if (pending) {
        const r = parse(pending.text, pending.line, true);
        pending = null;
        if (r) yield r;
      }
    }
  };
  yield* drain(false);
  for await (const text of rest) {
    buffer += text;
    yield* drain(false);
  }
  yield* drain(true);
}

/** A line that stops inside a value: an unclosed string, object or array. */
function looksCutOff(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return inString || depth > 0;
}

/** Is the start of a text JSON Lines (a complete value on the first line, and a second line)? */
export function looksLikeJsonLines(head: string, complete: boolean): boolean {
  const lines = head.split(/\r?\n/);
  const firstIndex = lines.findIndex((l) => l.trim());
  if (firstIndex < 0) return false;
  // The first line must end inside what was read, and more must follow.
  const rest = lines.slice(firstIndex + 1);
  if (rest.length === 0 || (!complete && rest.length === 1)) return false;
  if (!rest.some((l) => l.trim())) return false;
  try {
    const v = JSON.parse(lines[firstIndex]);
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}
