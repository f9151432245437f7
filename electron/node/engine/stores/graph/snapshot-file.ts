// The graph's snapshot file, `snapshot-<seq>.ntg`: every named graph as N-Triples, each section
// with its CRC-32, behind one header line that indexes them.
//
//   <crc of the JSON> {"format":"engram-graph-snapshot/2","seq":…,"quads":…,"graphs":[{graph,start,end,crc}…]}\n
//   <section bytes…>
//
// Offsets are into what follows the header. A damaged section names its graph, so a reader can
// keep every other graph and rebuild that one from the record (see graph-load.ts). Files of
// format 1 (no checksums, header starting with '{') are still read, unchecked.
//
// A messages graph that is exactly what the chat table gives is not written out but named by its
// source ({graph, source} in the index, no bytes): loading rebuilds it from the rows (as the
// journal's 'source' entries do), which costs what parsing its triples would, keeps the file
// small and never builds a string the size of the whole messages graph.
import buffer from 'node:buffer';
import fs from 'node:fs';
import { checksumHex, writeFileDurably } from './checksum';

const FORMAT = 'engram-graph-snapshot/2';

/** A graph's triples: the named graph (null for the default graph) and its N-Triples bytes. */
export interface SnapshotSection {
  graph: string | null;
  data: Uint8Array;
}

/** A messages graph named by the source it is built from (no bytes in the file). */
export interface DerivedSection {
  graph: string;
  source: number;
}

export interface SnapshotRead {
  sections: SnapshotSection[];
  /** Messages graphs to build from the chat table. */
  derived: DerivedSection[];
  /** Sections whose bytes do not match their checksum (or lie past the end of the file). */
  damaged: { graph: string | null; problem: string }[];
  /** Format 1: nothing could be checked. */
  unchecked: boolean;
}

/** The header cannot be read: the file is missing, cut before its index, or its index is damaged. */
export class SnapshotUnreadable extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'SnapshotUnreadable';
  }
}

export const snapshotFileName = (seq: number) => `snapshot-${seq}.ntg`;

/** The sequence number in a snapshot file's name, or null for other files. */
export function snapshotSeqOf(name: string): number | null {
  const m = /^snapshot-(\d+)\.ntg$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Writes the snapshot durably (temp file, fsync, rename, directory fsync). */
export function writeSnapshotFile(file: string, seq: number, quads: number, sections: (SnapshotSection | DerivedSection)[]): void {
  let offset = 0;
  const graphs = sections.map((s) => ('source' in s ? s : { graph: s.graph, start: offset, end: (offset += s.data.byteLength), crc: checksumHex(s.data) }));
  const json = JSON.stringify({ format: FORMAT, seq, quads, graphs });
  writeFileDurably(file, (fd) => {
    fs.writeSync(fd, `${checksumHex(json)} ${json}\n`);
    for (const s of sections) if ('data' in s) fs.writeSync(fd, s.data);
  });
}

/** The file's bytes, read in pieces (readFileSync stops at 2 GiB; a Buffer holds up to its own maximum). */
function readWhole(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > buffer.constants.MAX_LENGTH) throw new Error(`${(size / 2 ** 30).toFixed(1)} GiB is more than this build can read at once (${(buffer.constants.MAX_LENGTH / 2 ** 30).toFixed(0)} GiB)`);
    const bytes = Buffer.allocUnsafe(size);
    for (let at = 0; at < size; ) {
      const n = fs.readSync(fd, bytes, at, Math.min(1 << 30, size - at), at);
      if (n <= 0) return bytes.subarray(0, at);
      at += n;
    }
    return bytes;
  } finally {
    fs.closeSync(fd);
  }
}

interface Header {
  graphs: ({ graph: string | null; start: number; end: number; crc?: string } | DerivedSection)[];
  seq?: number;
  quads?: number;
}

/** Reads and checks a snapshot file; throws SnapshotUnreadable when its index cannot be trusted. */
export function readSnapshotFile(file: string): SnapshotRead & { seq: number | null; quads: number | null } {
  let bytes: Buffer;
  try {
    bytes = readWhole(file);
  } catch (e) {
    throw new SnapshotUnreadable(file, (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error).message);
  }
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd < 0) throw new SnapshotUnreadable(file, 'cut off before the end of its index');
  const line = bytes.subarray(0, headerEnd).toString('utf8');
  let header: Header;
  let unchecked = false;
  if (line.startsWith('{')) {
    unchecked = true;
    try {
      header = JSON.parse(line) as Header;
    } catch {
      throw new SnapshotUnreadable(file, 'its index is damaged');
    }
  } else {
    const space = line.indexOf(' ');
    const json = line.slice(space + 1);
    if (space !== 8 || line.slice(0, 8) !== checksumHex(json)) throw new SnapshotUnreadable(file, 'its index does not match its checksum');
    header = JSON.parse(json) as Header;
  }
  if (!Array.isArray(header.graphs)) throw new SnapshotUnreadable(file, 'its index is damaged');
  const data = bytes.subarray(headerEnd + 1);
  const sections: SnapshotSection[] = [];
  const derived: DerivedSection[] = [];
  const damaged: SnapshotRead['damaged'] = [];
  for (const g of header.graphs) {
    if ('source' in g) {
      derived.push({ graph: g.graph, source: g.source });
      continue;
    }
    if (g.end > data.byteLength) {
      damaged.push({ graph: g.graph, problem: `cut off (the file ends ${g.end - data.byteLength} bytes early)` });
      continue;
    }
    const section = data.subarray(g.start, g.end);
    if (g.crc !== undefined && checksumHex(section) !== g.crc) {
      damaged.push({ graph: g.graph, problem: 'does not match its checksum' });
      continue;
    }
    sections.push({ graph: g.graph, data: section });
  }
  return { sections, derived, damaged, unchecked, seq: header.seq ?? null, quads: header.quads ?? null };
}

/** Whether a snapshot file reads back whole and matches its checksums (compaction checks before trusting it). */
export function verifySnapshotFile(file: string): { ok: true } | { ok: false; problem: string } {
  try {
    const read = readSnapshotFile(file);
    if (read.damaged.length) return { ok: false, problem: `graph ${read.damaged[0].graph ?? '(default)'} ${read.damaged[0].problem}` };
    return { ok: true };
  } catch (e) {
    return { ok: false, problem: (e as Error).message };
  }
}
