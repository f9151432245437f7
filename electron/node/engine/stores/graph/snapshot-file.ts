// The graph snapshot file (`<data>/graph/snapshot-<seq>.ntg`): one JSON line indexing the named
// graphs, then their triples as N-Triples. A messages graph that is exactly what the chat table
// gives is not written out but named by its source ("derived"): loading rebuilds it from the rows
// (as the journal's 'source' entries do), which costs what parsing its triples would, keeps the
// file small and never builds a string the size of the whole messages graph.
import fs from 'node:fs';

/** A graph's place in the file: its N-Triples bytes, or the source whose messages graph it is. */
export type SnapshotSection = { graph: string | null; start: number; end: number } | { graph: string; source: number };

export interface SnapshotIndex {
  graphs: SnapshotSection[];
}

const FORMAT = 'engram-graph-snapshot/2';
const FORMATS = new Set(['engram-graph-snapshot/1', FORMAT]);

/** Reads a snapshot: its index and the bytes its N-Triples sections point into. */
export function readSnapshotIndex(file: string): { index: SnapshotIndex; data: Buffer } {
  const bytes = fs.readFileSync(file);
  const headerEnd = bytes.indexOf(0x0a);
  const index = JSON.parse(bytes.subarray(0, headerEnd).toString('utf8')) as SnapshotIndex & { format?: string };
  if (index.format && !FORMATS.has(index.format)) throw new Error(`${file}: unknown snapshot format ${index.format}`);
  return { index, data: bytes.subarray(headerEnd + 1) };
}

/** Writes a snapshot (temp file, fsync, rename). `sections` give each graph's bytes or its source. */
export function writeSnapshot(file: string, sections: ({ graph: string | null; data: Buffer } | { graph: string; source: number })[]): void {
  let offset = 0;
  const graphs: SnapshotSection[] = sections.map((sec) => ('source' in sec ? sec : { graph: sec.graph, start: offset, end: (offset += sec.data.byteLength) }));
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, `${JSON.stringify({ format: FORMAT, graphs })}\n`);
    for (const sec of sections) if ('data' in sec) fs.writeSync(fd, sec.data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}
