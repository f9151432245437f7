// Opens an input file for reading as a stream of text, refusing what cannot be a chat export
// with one clear line. Nothing here holds a whole file: a 1 GB export is hashed in one pass
// and read in a second one, chunk by chunk (an export .zip is inflated member by member).
import { createHash } from 'node:crypto';
import fs, { promises as fsp } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ImportError } from './parsed';

const CHUNK = 1 << 20;

/**
 * Limits on what an archive member may expand to: an export's conversations file compresses
 * about 5–20 times; a member claiming (or turning out) to expand past these is refused before
 * it is inflated (or as soon as it goes past them), naming the member. Inflation is fed in
 * small slices so that no single step can produce more than a few tens of megabytes.
 */
export const ZIP_LIMITS = {
  /** Expanded size of the member read. */
  maxBytes: 16 * 1024 ** 3,
  /** Expanded size ÷ compressed size. */
  maxRatio: 200,
  /** Small members may compress better than that (a 1 KB member of 300 KB of spaces): this much is always allowed. */
  ratioFreeBytes: 16 * 1024 ** 2,
};
const INFLATE_SLICE = 64 * 1024;

const mb = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${(n / 1024 ** 2).toFixed(1)} MB`);

/** Refuses a member that says (or shows) it expands past ZIP_LIMITS. */
function checkExpansion(archive: string, member: string, expanded: number, compressed: number | null, declared: boolean): void {
  const what = declared ? 'says it expands to' : 'expands to more than';
  if (expanded > ZIP_LIMITS.maxBytes) {
    throw new ImportError(`${archive}: the zip entry '${member}' ${what} ${mb(expanded)}, past the limit of ${mb(ZIP_LIMITS.maxBytes)}; refused`);
  }
  if (compressed !== null && expanded > ZIP_LIMITS.ratioFreeBytes && expanded > ZIP_LIMITS.maxRatio * Math.max(compressed, 1)) {
    throw new ImportError(
      `${archive}: the zip entry '${member}' ${what} ${mb(expanded)} from ${mb(compressed)} (${Math.round(expanded / Math.max(compressed, 1))}× compression, at most ${ZIP_LIMITS.maxRatio}× is read); refused as a likely zip bomb`,
    );
  }
}

export interface InputFile {
  /** The file name, for messages. */
  name: string;
  path: string | null;
  /** Hash of the bytes as given, so re-importing the same file is recognised. */
  contentHash: string;
  /** Size of the file as given. */
  byteLength: number;
  /** When the file was written: the time of exports that carry none. */
  modifiedAt: Date;
  /** The export's bytes (for an .zip, its conversations member), read anew on each call. */
  open(): AsyncIterable<Uint8Array>;
  /** The name messages use for what `open` reads ('export.zip:conversations.json'). */
  label: string;
  /** Bytes of `open`'s stream (for a zip member, its inflated size when the archive says it). */
  readableBytes: number | null;
}

/** Members of an export archive that hold the conversations, in order of preference. */
const ZIP_MEMBERS = [
  /(^|\/)conversations\.json$/i,
  /(^|\/)prod-grok-backend\.json$/i,
  /(^|\/)(gemini apps|gemini|bard)\/my ?activity\.json$/i,
  /(^|\/)(gemini apps|gemini|bard)\/my ?activity\.html?$/i,
  /(^|\/)[^/]+\.jsonl$/i,
  /(^|\/)[^/]+\.json$/i,
  /(^|\/)[^/]+\.csv$/i,
  /(^|\/)[^/]+\.md$/i,
];
/** Account and settings files that exports carry beside the conversations. */
const NOT_CONVERSATIONS = /(^|\/)(users?|projects?|memories|settings|user_settings|message_feedback|model_comparisons|shared_conversations)\.json$/i;

export async function readInputPath(filePath: string): Promise<InputFile> {
  const name = path.basename(filePath);
  let stat;
  try {
    stat = await fsp.stat(filePath);
  } catch {
    throw new ImportError(`${filePath}: no such file`);
  }
  if (stat.isDirectory()) throw new ImportError(`${name}: is a directory, not a file (choose the export file inside it)`);
  const resolved = path.resolve(filePath);
  const chunks = () => fs.createReadStream(resolved, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>;
  return fromChunks(name, resolved, stat.size, stat.mtime, chunks);
}

export async function readInputBytes(name: string, bytes: Uint8Array, modifiedAt = new Date()): Promise<InputFile> {
  return fromChunks(name, null, bytes.byteLength, modifiedAt, async function* () {
    for (let i = 0; i < bytes.byteLength; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
  });
}

async function fromChunks(name: string, filePath: string | null, size: number, modifiedAt: Date, chunks: () => AsyncIterable<Uint8Array>): Promise<InputFile> {
  if (size === 0) throw new ImportError(`${name}: the file is empty (0 bytes)`);
  // One pass: the hash, and (for an archive) the names of its members.
  const hash = createHash('sha256');
  let zip: ZipListing | null = null;
  let first = true;
  for await (const chunk of chunks()) {
    if (first) {
      first = false;
      if (isZip(chunk)) zip = new ZipListing(name);
    }
    hash.update(chunk);
    zip?.push(chunk, false);
  }
  zip?.push(new Uint8Array(0), true);
  const contentHash = hash.digest('hex');
  const base = { name, path: filePath, contentHash, byteLength: size, modifiedAt };
  if (!zip) return { ...base, label: name, readableBytes: size, open: chunks };
  const member = zip.choose();
  if (member.size !== null) checkExpansion(name, member.name, member.size, member.compressed, true);
  return {
    ...base,
    label: `${name}:${member.name}`,
    readableBytes: member.size,
    open: () => inflateMember(name, chunks, member.name, member.compressed),
  };
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/** Lists an archive's members as its bytes stream past, inflating none of them. */
class ZipListing {
  private readonly unzip = new Unzip();
  private readonly members: { name: string; size: number | null; compressed: number | null }[] = [];

  constructor(private readonly name: string) {
    this.unzip.onfile = (f: UnzipFile) => {
      if (!f.name.startsWith('__MACOSX/') && !f.name.endsWith('/')) this.members.push({ name: f.name, size: f.originalSize ?? null, compressed: f.size ?? null });
    };
  }

  push(chunk: Uint8Array, final: boolean): void {
    try {
      this.unzip.push(chunk, final);
    } catch (e) {
      throw new ImportError(`${this.name}: the zip archive is damaged (${(e as Error).message})`);
    }
  }

  choose(): { name: string; size: number | null; compressed: number | null } {
    if (this.members.length === 0) throw new ImportError(`${this.name}: the zip archive is damaged (no readable member)`);
    for (const re of ZIP_MEMBERS) {
      const found = this.members
        .filter((m) => re.test(m.name) && !NOT_CONVERSATIONS.test(m.name))
        .sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
      if (found) return found;
    }
    throw new ImportError(`${this.name}: the zip archive holds no conversations file (expected conversations.json)`);
  }
}

/**
 * The inflated bytes of one archive member, chunk by chunk, refused (naming it) as soon as it
 * expands past ZIP_LIMITS: against its compressed size when the archive gives it, else against
 * the archive bytes read so far (a bound on the member's compressed bytes).
 */
async function* inflateMember(name: string, chunks: () => AsyncIterable<Uint8Array>, member: string, compressed: number | null): AsyncIterable<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let inflated = 0;
  let pushed = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (f) => {
    if (f.name !== member) return;
    f.ondata = (err, data) => {
      if (err) failure = err;
      else if (data.byteLength) {
        inflated += data.byteLength;
        try {
          checkExpansion(name, member, inflated, compressed ?? pushed, false);
        } catch (e) {
          failure = e as Error;
          f.terminate();
          return;
        }
        out.push(data);
      }
    };
    f.start();
  };
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (e) {
      failure ??= e as Error;
    }
    if (failure) throw failure instanceof ImportError ? failure : new ImportError(`${name}: the zip archive is damaged (${(failure as Error).message})`);
  };
  for await (const chunk of chunks()) {
    // Small slices: one step never inflates more than INFLATE_SLICE × the format's largest ratio.
    for (let at = 0; at < chunk.byteLength; at += INFLATE_SLICE) {
      const slice = chunk.subarray(at, at + INFLATE_SLICE);
      pushed += slice.byteLength;
      push(slice, false);
      while (out.length) yield out.shift()!;
    }
  }
  push(new Uint8Array(0), true);
  while (out.length) yield out.shift()!;
}

/**
 * The text of a byte stream, checked as UTF-8 as it goes (a byte-order mark is dropped). The
 * callback learns how many bytes have been read, for progress and for errors that say where.
 */
export async function* decodeUtf8(label: string, chunks: AsyncIterable<Uint8Array>, onBytes: (n: number) => void = () => undefined): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  let first = true;
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      const at = offset + firstInvalidUtf8(chunk);
      throw new ImportError(`${label}: not UTF-8 text (invalid byte 0x${chunk[at - offset]?.toString(16).padStart(2, '0')} at offset ${at}); save it as UTF-8 and try again`);
    }
    offset += chunk.byteLength;
    onBytes(offset);
    if (first && text) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text) yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new ImportError(`${label}: not UTF-8 text (the file ends inside a character); save it as UTF-8 and try again`);
  }
  if (rest) yield rest;
}

/** Byte offset of the first undecodable sequence (where the lenient decoder put U+FFFD). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  const at = lenient.indexOf('\uFFFD');
  return at < 0 ? 0 : new TextEncoder().encode(lenient.slice(0, at)).byteLength;
}
