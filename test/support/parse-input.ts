// Reads a file through the importer's detection and parsers, collecting what the stream yields.
import fs from 'node:fs';
import { parseInput } from '../../electron/node/engine/import/detect';
import type { ParsedConversation, ParsedMessage } from '../../electron/node/engine/import/parsed';
import { readInputBytes } from '../../electron/node/engine/import/read-input';
import type { SkippedConversation, SourceFormat } from '../../shared/types';

export interface CollectedSource {
  format: SourceFormat;
  name: string;
  part?: string;
  conversations: ParsedConversation[];
  skipped: SkippedConversation[];
}

/** A file file's content (text or bytes) parsed as the importer does; `modifiedAt` stands for the file's time. */
export async function parseText(name: string, content: string | Uint8Array, modifiedAt = new Date('2025-02-03T04:05:06Z')): Promise<CollectedSource[]> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const input = await readInputBytes(name, bytes, modifiedAt);
  const out: CollectedSource[] = [];
  for (const source of await parseInput(input)) {
    const collected: CollectedSource = { format: source.format, name: source.name, part: source.part, conversations: [], skipped: [] };
    for await (const o of source.conversations) {
      if ('skipped' in o) collected.skipped.push(o.skipped);
      else collected.conversations.push(o.conversation);
    }
    out.push(collected);
  }
  return out;
}

export const parseFixtureFile = (file: string, name = file.split('/').pop()!) => parseText(name, fs.readFileSync(file));

export const messagesOf = (c: ParsedConversation): ParsedMessage[] => c.messages ?? c.sessions!.flatMap((s) => s.messages);

/** The first error a parse throws, as its message ('' when none). */
export async function parseError(name: string, content: string | Uint8Array): Promise<string> {
  try {
    await parseText(name, content);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}
