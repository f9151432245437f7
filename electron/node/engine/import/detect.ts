// Detects an input's format from its content (never from its file name) and parses it.
import type { SourceFormat } from '../../../../shared/types';
import { parseChatGpt, looksLikeChatGpt } from './formats/chatgpt';
import { parseClaude, looksLikeClaude } from './formats/claude';
import { parseLocomo, looksLikeLocomo } from './formats/locomo';
import { parseLongMemEval, looksLikeLongMemEval } from './formats/longmemeval';
import { parseGenericCsv, parseGenericJson, parseGenericJsonl, looksLikeGenericJson, looksLikeCsv } from './formats/generic';
import { ImportError, type ParsedSource } from './parsed';

interface JsonFormat {
  format: SourceFormat | 'locomo-family';
  test: (data: unknown) => boolean;
  parse: (name: string, data: unknown) => ParsedSource[];
}

// Most specific first: the generic shapes would also accept some of the others.
const JSON_FORMATS: JsonFormat[] = [
  { format: 'chatgpt', test: looksLikeChatGpt, parse: parseChatGpt },
  { format: 'claude', test: looksLikeClaude, parse: parseClaude },
  { format: 'locomo-family', test: looksLikeLocomo, parse: parseLocomo },
  { format: 'longmemeval', test: looksLikeLongMemEval, parse: parseLongMemEval },
  { format: 'generic-json', test: looksLikeGenericJson, parse: parseGenericJson },
];

export function parseInputText(name: string, text: string): ParsedSource[] {
  const trimmed = text.trimStart();
  if (!trimmed) throw new ImportError(`${name}: the file holds only whitespace`);
  if (trimmed[0] === '{' || trimmed[0] === '[') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      // One JSON value per line is JSONL; anything else that starts like JSON is broken JSON.
      const jsonl = tryJsonLines(text);
      if (jsonl) return parseGenericJsonl(name, jsonl);
      throw new ImportError(`${name}: not valid JSON (${describeJsonError(text, e as Error)})`);
    }
    for (const f of JSON_FORMATS) if (f.test(data)) return f.parse(name, data);
    throw new ImportError(`${name}: unknown format: JSON, but not a ChatGPT, Claude, LoCoMo, LongMemEval or {speaker, text, timestamp} export`);
  }
  if (looksLikeCsv(text)) return parseGenericCsv(name, text);
  throw new ImportError(`${name}: unknown format: expected a JSON, JSONL or CSV chat export`);
}

function tryJsonLines(text: string): unknown[] | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length < 2) return null;
  const rows: unknown[] = [];
  for (const line of lines) {
    try {
      rows.push(JSON.parse(line));
    } catch {
      return null;
    }
  }
  return rows;
}

/** V8 reports a character position; people need a line and column. */
export function describeJsonError(text: string, e: Error): string {
  const msg = e.message.replace(/^JSON\.parse: /, '');
  const pos = /position (\d+)/.exec(msg);
  if (/Unexpected end of JSON input/i.test(msg) || (pos && Number(pos[1]) >= text.length)) {
    return 'the file ends in the middle of the data; it looks truncated';
  }
  if (!pos) return msg;
  const offset = Number(pos[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${msg.replace(/\s*in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`;
}
