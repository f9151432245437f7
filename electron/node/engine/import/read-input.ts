// Reads an input file into text, refusing what cannot be a chat export with one clear line.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ImportError } from './parsed';

export interface InputFile {
  name: string;
  path: string | null;
  /** The text to parse (for an export .zip, its conversations file). */
  text: string;
  /** Hash of the bytes as given, so re-importing the same file is recognised. */
  contentHash: string;
}

/** Files inside an export archive that hold the conversations, in order of preference. */
const ZIP_MEMBERS = [/(^|\/)conversations\.json$/i, /(^|\/)[^/]+\.jsonl?$/i, /(^|\/)[^/]+\.csv$/i];

export async function readInputPath(filePath: string): Promise<InputFile> {
  const name = path.basename(filePath);
  let stat;
  try {
    stat = await fs.stat(filePath);
  } catch {
    throw new ImportError(`${filePath}: no such file`);
  }
  if (stat.isDirectory()) throw new ImportError(`${name}: is a directory, not a file (choose the export file inside it)`);
  const bytes = await fs.readFile(filePath);
  return readInputBytes(name, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), path.resolve(filePath));
}

export function readInputBytes(name: string, bytes: Uint8Array, filePath: string | null = null): InputFile {
  if (bytes.byteLength === 0) throw new ImportError(`${name}: the file is empty (0 bytes)`);
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  if (isZip(bytes)) return { name, path: filePath, text: textFromZip(name, bytes), contentHash };
  return { name, path: filePath, text: decodeUtf8(name, bytes), contentHash };
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

function textFromZip(name: string, bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    // Only the candidate members are inflated: exports also carry images and audio.
    files = unzipSync(bytes, { filter: (f) => ZIP_MEMBERS.some((re) => re.test(f.name)) && !f.name.startsWith('__MACOSX/') });
  } catch (e) {
    throw new ImportError(`${name}: the zip archive is damaged (${(e as Error).message})`);
  }
  for (const re of ZIP_MEMBERS) {
    const member = Object.keys(files)
      .filter((f) => re.test(f))
      .sort((a, b) => a.split('/').length - b.split('/').length)[0];
    if (member) return decodeUtf8(`${name}:${member}`, files[member]);
  }
  throw new ImportError(`${name}: the zip archive holds no conversations file (expected conversations.json)`);
}

function decodeUtf8(name: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new ImportError(`${name}: not UTF-8 text (invalid byte 0x${bytes[at]?.toString(16).padStart(2, '0')} at offset ${at}); save it as UTF-8 and try again`);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Byte offset of the first undecodable sequence (where the lenient decoder put U+FFFD). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  const at = lenient.indexOf('\uFFFD');
  return at < 0 ? 0 : new TextEncoder().encode(lenient.slice(0, at)).byteLength;
}
