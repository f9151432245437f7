// An order-free digest of a source's messages (ids and texts), computed alike from the chat table
// and from the search index, so `engram doctor` can tell whether the two still hold the same rows.
import { crc32 } from 'node:zlib';

/** One row's part of its source's digest. */
export function rowDigest(id: number, text: string): number {
  return crc32(text, crc32(`${id}\u0000`));
}

/** Adds a row's part to a running digest (a sum modulo 2^32: the order of rows does not matter). */
export function addToDigest(digest: number, id: number, text: string): number {
  return (digest + rowDigest(id, text)) % 0x100000000;
}

export interface SourceDigest {
  rows: number;
  digest: number;
}
